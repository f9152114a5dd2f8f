//! Every one of the 67 productions of RFC 1738 section 5, with at least three
//! strings it accepts and three near misses it rejects (one character off
//! where that makes sense). The verdicts are read from the BNF and asserted;
//! the trees and errors are snapshotted, one file per production, in
//! `snapshots/productions/`.

use crate::common;

use std::collections::BTreeSet;

use rfc1738::{check, check_with, Expected, Options, Rule};

/// A production, strings that match it whole, strings that do not.
struct Cases {
    rule: Rule,
    accept: &'static [&'static str],
    reject: &'static [&'static str],
}

const fn cases(
    rule: Rule,
    accept: &'static [&'static str],
    reject: &'static [&'static str],
) -> Cases {
    Cases {
        rule,
        accept,
        reject,
    }
}

/// In the order of the BNF.
const CASES: &[Cases] = &[
    cases(
        Rule::Genericurl,
        &["x-foo:bar", "http://host/", "mailto:"],
        &["x-foo;bar", "x_foo:bar", "x-foo:b r", ":bar"],
    ),
    cases(
        Rule::Url,
        // `url` includes `otherurl`, which takes any scheme: an http URL
        // with a user name is a `url`, though not an `httpurl`.
        &[
            "http://example.com/",
            "news:comp.infosystems.www.misc",
            "x-foo:bar",
            "http://user@host/",
        ],
        &["http://example.com/#top", "http//example.com/", "x-foo:b r"],
    ),
    cases(
        Rule::Otherurl,
        &["x-foo:bar", "z39.50s://host", "urn:isbn:0451450523"],
        &["x-foo bar", "x-foo:bar#frag", "x=foo:bar"],
    ),
    cases(
        Rule::Scheme,
        &["http", "x-foo", "z39.50"],
        &["", "http:", "x_foo", "x foo"],
    ),
    cases(
        Rule::Schemepart,
        &["", "//host:80/path", "bar;baz?q=1"],
        &[" ", "a#b", "%zz", "//host:80/pa th"],
    ),
    cases(
        Rule::IpSchemepart,
        &["//host", "//user:pw@host:21/path", "//1.2.3.4/"],
        &["/host", "//host/a b", "//-host"],
    ),
    cases(
        Rule::Login,
        &["host", "user@host", "user:pass@host:21"],
        &["user@", "user@@host", "us/er@host"],
    ),
    cases(
        Rule::Hostport,
        &["host", "host:80", "1.2.3.4:8080"],
        &["host:", "host:8o", ":80"],
    ),
    cases(
        Rule::Host,
        &["example.com", "10.0.0.1", "a"],
        &["example.com.", "10.0.0", "-a"],
    ),
    cases(
        Rule::Hostname,
        &["com", "www.example.com", "a-b.c0"],
        &["www..com", "example-.com", "example.c-", "1.2.3.4"],
    ),
    cases(
        Rule::Domainlabel,
        &["a", "9", "a-b-c"],
        &["-a", "a-", "a.b", ""],
    ),
    cases(Rule::Toplabel, &["a", "com", "a-1"], &["1a", "com-", "c_m"]),
    cases(Rule::Alphadigit, &["a", "Z", "7"], &["-", "ab", "_"]),
    cases(
        Rule::Hostnumber,
        &["1.2.3.4", "128.9.160.20", "0.0.0.0"],
        &["1.2.3", "1.2.3.4.", "1.2.3.a", "1..3.4"],
    ),
    // The BNF puts no bound on a port number.
    cases(Rule::Port, &["0", "80", "65536"], &["", "8o", "-1"]),
    cases(
        Rule::User,
        &["", "myname", "a;b?c&d=e%20"],
        &["my name", "a@b", "a:b", "a/b"],
    ),
    cases(
        Rule::Password,
        &["", "secret", "p%40ss"],
        &["p@ss", "p:ss", "p ss"],
    ),
    cases(
        Rule::Urlpath,
        &["", "a/b;c?d=e", "%2F"],
        &["a b", "a#b", "%2G"],
    ),
    cases(
        Rule::Ftpurl,
        &[
            "ftp://host",
            "ftp://ftp.isi.edu/in-notes/rfc1738.txt;type=a",
            "ftp://u:p@host:21/a/b/",
        ],
        &[
            "ftp://host/a;type=x",
            "ftp://host/a b",
            "ftp:/host",
            "ftp://host/a;b",
        ],
    ),
    cases(
        Rule::Fpath,
        &["a", "a/b/c.txt", "", "/etc"],
        &["a;b", "a b", "a#b"],
    ),
    cases(
        Rule::Fsegment,
        &["", "motd", "%2Fetc:x@y&z=1?"],
        &["a/b", "a;b", "a b"],
    ),
    cases(Rule::Ftptype, &["a", "I", "d"], &["x", "ai", ""]),
    cases(
        Rule::Fileurl,
        &[
            "file:///etc/motd",
            "file://localhost/etc/motd",
            "file://vms.host.edu/disk$user/note.txt",
        ],
        &["file://host", "file:/etc/motd", "file://host/a;b"],
    ),
    cases(
        Rule::Httpurl,
        &[
            "http://example.com",
            "http://example.com:8080/a/b?q=1",
            "http://1.2.3.4/",
        ],
        &[
            "http://user@example.com/",
            "http://example.com/a b",
            "http://example.com/#x",
            "http://example.com:/",
        ],
    ),
    cases(
        Rule::Hpath,
        &["a", "a/b;c:d@e&f=g", ""],
        &["a?b", "a b", "a#b"],
    ),
    cases(
        Rule::Hsegment,
        &["", "index.html", "a;b:c@d&e=f"],
        &["a/b", "a?b", "a b"],
    ),
    cases(
        Rule::Search,
        &["", "q=1&r=2", "a;b:c@d"],
        &["a/b", "a?b", "a b"],
    ),
    cases(
        Rule::Gopherurl,
        &[
            "gopher://host",
            "gopher://host:70/",
            "gopher://host/0a_gopher_selector%09%09!",
        ],
        &["gopher://host/0a b", "gopher:/host", "gopher://host/0%0g"],
    ),
    cases(Rule::Gtype, &["0", "+", "%3F"], &["", "00", " "]),
    cases(
        Rule::Selector,
        &["", "a_gopher_selector", "0/Information%20About"],
        &["a b", "a#b", "%0"],
    ),
    cases(
        Rule::GopherPlusString,
        &["", "!+ABSTRACT%20+SMELL", "+application/postscript%20Es_ES"],
        &["!+ABSTRACT +SMELL", "!<name>", "%2"],
    ),
    cases(
        Rule::Mailtourl,
        &["mailto:timbl@info.cern.ch", "mailto:a", "mailto:x%25y@host"],
        &["mailto:", "mailto:a b@c", "mailto;a@b"],
    ),
    cases(
        Rule::Encoded822addr,
        &["a", "timbl@info.cern.ch", "%25"],
        &["", "a b", "a<b"],
    ),
    cases(
        Rule::Newsurl,
        &[
            "news:*",
            "news:comp.infosystems.www.misc",
            "news:123@host.com",
        ],
        &["news:", "news:**", "news:1comp"],
    ),
    cases(
        Rule::Grouppart,
        &["*", "comp.lang.c++", "a1b2@host.com"],
        &["*.*", "", "comp lang", "x@"],
    ),
    cases(
        Rule::Group,
        &["a", "comp.infosystems.www.misc", "alt.fan_club-1+"],
        &["1comp", "comp lang", "comp/lang"],
    ),
    cases(
        Rule::Article,
        &["a@host", "123.456@host.com", "x;y/z?:&=@10.0.0.1"],
        &["@host", "a@", "a b@host"],
    ),
    cases(
        Rule::Nntpurl,
        &[
            "nntp://news.host/comp.lang.c",
            "nntp://news.host:119/comp.lang.c/1234",
            "nntp://1.2.3.4/a",
        ],
        &[
            "nntp://news.host",
            "nntp://news.host/comp.lang.c/",
            "nntp://news.host/comp.lang.c/12a",
        ],
    ),
    cases(
        Rule::Telneturl,
        &[
            "telnet://host",
            "telnet://user:pw@host:23/",
            "telnet://10.0.0.1",
        ],
        &["telnet://host/x", "telnet://host//", "telnet:/host"],
    ),
    cases(
        Rule::Waisurl,
        &[
            "wais://host/db",
            "wais://host/db?query",
            "wais://host:210/db/TEXT/doc1",
        ],
        &["wais://host", "wais://host/db/TEXT", "wais://host/db#x"],
    ),
    cases(
        Rule::Waisdatabase,
        &["wais://host/db", "wais://host/", "wais://host:210/my%20db"],
        &["wais://host/db?q", "wais://host", "wais://host/d b"],
    ),
    cases(
        Rule::Waisindex,
        &[
            "wais://host/db?q",
            "wais://host/?",
            "wais://host/db?a;b:c@d&e=f",
        ],
        &["wais://host/db", "wais://host/db?a/b", "wais://host/db??"],
    ),
    cases(
        Rule::Waisdoc,
        &[
            "wais://host/db/TEXT/doc",
            "wais://host///",
            "wais://host:210/db/t/%2F",
        ],
        &[
            "wais://host/db/TEXT",
            "wais://host/db/TEXT/a/b",
            "wais://host/db/TEXT/a b",
        ],
    ),
    cases(
        Rule::Database,
        &["", "db", "my%20db"],
        &["d/b", "d?b", "d b"],
    ),
    cases(
        Rule::Wtype,
        &["", "TEXT", "text-plain"],
        &["TE/XT", "TE XT", "TE;XT"],
    ),
    cases(Rule::Wpath, &["", "doc1", "a%2Fb"], &["a/b", "a;b", "a b"]),
    cases(
        Rule::Prosperourl,
        &[
            "prospero://host.dom//pros/name",
            "prospero://host:1525/a;OBJECT-VERSION=1",
            "prospero://host/",
        ],
        &[
            "prospero://host",
            "prospero://host/a;b",
            "prospero://host/a b",
        ],
    ),
    cases(
        Rule::Ppath,
        &["", "/pros/name", "a:b@c?d&e=f"],
        &["a;b", "a b", "a#b"],
    ),
    cases(
        Rule::Psegment,
        &["", "name", "a?b:c@d&e=f"],
        &["a/b", "a;b", "a b"],
    ),
    cases(
        Rule::Fieldspec,
        &[";a=b", ";=", ";OBJECT-VERSION=1%20"],
        &["a=b", ";ab", ";a=b=c"],
    ),
    cases(
        Rule::Fieldname,
        &["", "OBJECT-VERSION", "a?b:c@d&e"],
        &["a=b", "a;b", "a/b"],
    ),
    cases(
        Rule::Fieldvalue,
        &["", "1", "a?b:c@d&e"],
        &["a=b", "a;b", "a b"],
    ),
    cases(Rule::Lowalpha, &["a", "m", "z"], &["A", "0", "ab"]),
    cases(Rule::Hialpha, &["A", "M", "Z"], &["a", "0", "AB"]),
    cases(Rule::Alpha, &["a", "Z", "q"], &["0", "-", "ab"]),
    cases(Rule::Digit, &["0", "5", "9"], &["a", "10", ""]),
    cases(Rule::Safe, &["$", "-", "_", ".", "+"], &["!", "a", "$$"]),
    cases(
        Rule::Extra,
        &["!", "*", "'", "(", ")", ","],
        &["$", "?", "!!"],
    ),
    cases(
        Rule::National,
        &["{", "}", "|", "\\", "^", "~", "[", "]", "`"],
        &["a", "#", "{}"],
    ),
    cases(
        Rule::Punctuation,
        &["<", ">", "#", "%", "\""],
        &["!", "{", "<<"],
    ),
    cases(
        Rule::Reserved,
        &[";", "/", "?", ":", "@", "&", "="],
        &["$", "#", ";;"],
    ),
    cases(Rule::Hex, &["0", "a", "F"], &["g", "G", "0a"]),
    cases(Rule::Escape, &["%20", "%2f", "%FF"], &["%2g", "%2", "20"]),
    cases(Rule::Unreserved, &["a", "9", "!", "$"], &[";", "%", "ab"]),
    cases(Rule::Uchar, &["a", "%20", "$"], &[";", "%2", "a%"]),
    cases(Rule::Xchar, &["a", ";", "%20"], &["#", " ", "%"]),
    cases(Rule::Digits, &["0", "123", "007"], &["", "12a", "-1"]),
];

#[test]
fn every_production_has_three_accepted_and_three_rejected_strings() {
    let mut seen = BTreeSet::new();
    for case in CASES {
        assert!(seen.insert(case.rule), "{} twice", case.rule.name());
        assert!(case.accept.len() >= 3, "{}: accepts", case.rule.name());
        assert!(case.reject.len() >= 3, "{}: rejects", case.rule.name());
    }
    let missing: Vec<&str> = Rule::ALL
        .iter()
        .filter(|rule| !seen.contains(rule))
        .map(|rule| rule.name())
        .collect();
    assert!(missing.is_empty(), "no cases for {missing:?}");
    assert_eq!(Rule::ALL.len(), 67);
}

#[test]
fn every_production_accepts_and_rejects_what_the_bnf_says() {
    let mut wrong = Vec::new();
    for case in CASES {
        let expectations = case
            .accept
            .iter()
            .map(|text| (text, "valid"))
            .chain(case.reject.iter().map(|text| (text, "invalid")));
        for (text, expected) in expectations {
            let got = common::verdict(&check_with(case.rule, text, Options::default()));
            if got != expected {
                wrong.push(format!(
                    "{} {text:?}: check says {got}, the BNF {expected}",
                    case.rule.name()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_production_has_a_snapshot() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots/productions");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for case in CASES {
            let mut body = format!("{}\n", case.rule.definition());
            for (verdict, texts) in [("accepts", case.accept), ("rejects", case.reject)] {
                for text in texts {
                    body.push_str(&format!("\n{verdict} {text:?}\n"));
                    body.push_str(&common::render(case.rule, text));
                }
            }
            insta::assert_snapshot!(common::slug(case.rule), body);
        }
    });
}

/// Regression: the error for an `article` with nothing before its `@` said
/// it expected `"@"` where it found `"@"`; the BNF wants at least one
/// character there (`1*[ uchar | ... ]`) and no `@`.
#[test]
fn an_article_with_nothing_before_its_at_does_not_expect_the_at() {
    let error = check(Rule::Article, "@host").unwrap_err();
    assert_eq!(error.offset(), 0);
    assert!(
        !error.expected().contains(&Expected::Literal("@")),
        "{error}"
    );
    // Where the part before the `@` is there, the `@` is what is missing.
    let error = check(Rule::Article, "abc#host").unwrap_err();
    assert_eq!(error.offset(), 3);
    assert!(
        error.expected().contains(&Expected::Literal("@")),
        "{error}"
    );
}
