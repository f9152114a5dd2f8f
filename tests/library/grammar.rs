//! The grammar of RFC 1738 section 5, production by production: the
//! decisions of `grammar/README.md`, the places where a combinator must
//! find the derivation a greedy reading would miss, the examples of
//! sections 3.1 to 3.11, and the errors.

use rfc1738::tree::{Grouppart, Host, WaisUrl};
use rfc1738::{check, check_with, parse, parse_with, Expected, Options, Rule, Unexpected, Url};

fn accepts(rule: Rule, text: &str) {
    if let Err(error) = check(rule, text) {
        panic!("{rule} should match {text:?}: {error}");
    }
}

fn rejects(rule: Rule, text: &str) {
    assert!(
        check(rule, text).is_err(),
        "{rule} should not match {text:?}"
    );
}

mod productions {
    use super::*;

    /// Every name defined in the grammar file has a `Rule`, and every `Rule`
    /// is defined there: none can be forgotten.
    #[test]
    fn every_production_of_the_grammar_file_has_a_rule() {
        let grammar =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/rfc1738.bnf"))
                .unwrap();
        let defined: Vec<&str> = grammar
            .lines()
            .filter(|line| !line.starts_with([' ', ';']))
            .filter_map(|line| line.split_once('='))
            .map(|(name, _)| name.trim())
            .filter(|name| !name.is_empty() && !name.contains(' '))
            .collect();
        assert_eq!(defined.len(), 67, "{defined:?}");
        for name in &defined {
            assert!(Rule::from_name(name).is_some(), "no Rule for {name}");
        }
        for rule in Rule::ALL {
            assert!(
                defined.contains(&rule.name()),
                "{rule} is not in the grammar"
            );
        }
    }

    #[test]
    fn the_names_of_the_issue_map_to_their_rules() {
        assert_eq!(Rule::from_name("ip-schemepart"), Some(Rule::IpSchemepart));
        assert_eq!(
            Rule::from_name("gopher+_string"),
            Some(Rule::GopherPlusString)
        );
        assert_eq!(Rule::GopherPlusString.name(), "gopher+_string");
        assert_eq!(Rule::IpSchemepart.module(), "ip");
        assert_eq!(Rule::Hex.module(), "misc");
    }
}

mod generic {
    use super::*;

    #[test]
    fn url_includes_otherurl() {
        // The issue's own example: a user name is no part of an httpurl.
        accepts(Rule::Url, "http://user@host/");
        rejects(Rule::Httpurl, "http://user@host/");
        let error = parse("http://user@host/").unwrap_err();
        assert_eq!(error.stack()[..2], [Rule::Url, Rule::Httpurl]);
        assert_eq!(error.matches_genericurl(), Some(true));
        assert_eq!(error.offset(), 11);
    }

    #[test]
    fn the_url_combinator_takes_the_longest_alternative() {
        use rfc1738::grammar;
        let (rest, url) = grammar::url::<_, ()>("http://user@host/").unwrap();
        assert!(rest.is_empty());
        assert!(matches!(url, Url::Other(_)));
        let (_, url) = grammar::url::<_, ()>("http://host/").unwrap();
        assert!(matches!(url, Url::Http(_)));
    }

    #[test]
    fn unknown_schemes_are_otherurls() {
        for text in [
            "https://example.com/",
            "x-foo:bar",
            "afs://cern.ch/u/x",
            "z39.50s://host/",
            "urn:isbn:0451450523",
            "a:",
        ] {
            let url = parse(text).unwrap();
            assert_eq!(url.rule(), Rule::Otherurl, "{text}");
        }
        rejects(Rule::Url, ":nothing");
        rejects(Rule::Url, "no colon");
        rejects(Rule::Url, "sp ace:x");
    }

    #[test]
    fn scheme_may_start_with_a_digit_as_the_bnf_says() {
        accepts(Rule::Scheme, "3com");
        accepts(Rule::Scheme, "a+b-c.d");
        rejects(Rule::Scheme, "");
        rejects(Rule::Scheme, "a_b");
        // An error names what the options accept.
        let lenient = check(Rule::Scheme, "a_b").unwrap_err();
        assert_eq!(lenient.expected()[0], Expected::Rule(Rule::Alpha));
        let strict = check_with(Rule::Scheme, "a_b", Options::strict()).unwrap_err();
        assert_eq!(strict.expected()[0], Expected::Rule(Rule::Lowalpha));
    }

    /// Decision: section 2.1 asks interpreters to ignore case in scheme
    /// names; the default does, strict follows the letter of the BNF.
    #[test]
    fn scheme_names_ignore_case_unless_strict() {
        let url = parse("HTTP://Example.COM/").unwrap();
        assert_eq!(url.rule(), Rule::Httpurl);
        assert_eq!(url.scheme().as_str(), "HTTP");
        assert!(!url.scheme().is_lowercase());
        assert_eq!(parse("Ftp://h/").unwrap().rule(), Rule::Ftpurl);
        assert_eq!(parse("MailTo:a@b").unwrap().rule(), Rule::Mailtourl);

        let strict = Options::strict();
        assert!(parse_with("HTTP://Example.COM/", strict).is_err());
        assert!(check_with(Rule::Scheme, "HTTP", strict).is_err());
        assert!(check_with(Rule::Httpurl, "HTTP://h/", strict).is_err());
        assert!(check_with(Rule::Httpurl, "http://h/", strict).is_ok());
        // Only scheme names: a letter class stays what it is.
        assert!(check(Rule::Lowalpha, "A").is_err());
        // Host names are case-insensitive by the BNF itself (alpha).
        assert!(check_with(Rule::Httpurl, "http://EXAMPLE.com/", strict).is_ok());
    }

    /// Decision: the `URL:` prefix and the `<...>` wrapper of the appendix
    /// are not part of a URL.
    #[test]
    fn the_appendix_wrapper_is_not_part_of_a_url() {
        rejects(Rule::Url, "<URL:http://www.w3.org/>");
        rejects(Rule::Url, "<http://www.w3.org/>");
        // `URL` is an upper-case scheme name: by the default reading the
        // whole string is a genericurl with scheme "URL"; by the letter of
        // the BNF it is nothing.
        assert_eq!(
            parse("URL:http://www.w3.org/").unwrap().rule(),
            Rule::Otherurl
        );
        assert!(parse_with("URL:http://www.w3.org/", Options::strict()).is_err());
    }

    #[test]
    fn schemepart_prefers_the_ip_derivation_when_it_covers_everything() {
        let Url::Other(url) = parse("x-proto://user:pw@h.example:99/a/b").unwrap() else {
            panic!()
        };
        let ip = url.schemepart.ip_schemepart.expect("ip-schemepart");
        assert_eq!(ip.login.user.unwrap().as_str(), "user");
        assert_eq!(ip.urlpath.unwrap().as_str(), "a/b");
        let Url::Other(url) = parse("x-proto://h:port/").unwrap() else {
            panic!()
        };
        assert!(url.schemepart.ip_schemepart.is_none());
        assert_eq!(url.schemepart.as_str(), "//h:port/");
    }

    #[test]
    fn genericurl_needs_xchars_and_whole_escapes() {
        accepts(Rule::Genericurl, "x:a%20b;c/d?e:f@g&h=i");
        rejects(Rule::Genericurl, "x:a b");
        rejects(Rule::Genericurl, "x:a#frag");
        rejects(Rule::Genericurl, "x:100%");
        rejects(Rule::Genericurl, "x:%zz");
        rejects(Rule::Genericurl, "x:é");
    }
}

mod ip {
    use super::*;

    #[test]
    fn hostname_leaves_the_toplabel_to_the_last_label() {
        for good in [
            "a", "a.b", "a.b.c", "1a.com", "a-b.c-d", "a--b.com", "3com.com", "x.y1",
        ] {
            accepts(Rule::Hostname, good);
        }
        for bad in [
            "", "-a.com", "a-.com", "a..b", "a.b.", ".a", "a.1", "a.b-", "a_b.com",
        ] {
            rejects(Rule::Hostname, bad);
        }
        let Url::Http(url) = parse("http://www.ics.uci.edu/").unwrap() else {
            panic!()
        };
        let Host::Hostname(name) = url.hostport.host else {
            panic!()
        };
        let labels: Vec<&str> = name.domainlabels().map(|label| label.as_str()).collect();
        assert_eq!(labels, ["www", "ics", "uci"]);
        assert_eq!(name.toplabel().as_str(), "edu");
        assert_eq!(name.toplabel().span().range(), 19..22);
    }

    #[test]
    fn domainlabel_and_toplabel_have_no_outer_hyphens() {
        accepts(Rule::Domainlabel, "1");
        accepts(Rule::Domainlabel, "a-1");
        rejects(Rule::Domainlabel, "-a");
        rejects(Rule::Domainlabel, "a-");
        accepts(Rule::Toplabel, "a");
        accepts(Rule::Toplabel, "a-1");
        rejects(Rule::Toplabel, "1a");
        rejects(Rule::Toplabel, "a-");
    }

    #[test]
    fn host_is_a_hostname_or_a_hostnumber_never_both() {
        let host = |text: &'static str| {
            let Url::Http(url) = parse(text).unwrap() else {
                panic!()
            };
            url.hostport.host
        };
        assert!(matches!(host("http://1.2.3.4/"), Host::Hostnumber(_)));
        assert!(matches!(host("http://1.2.3.4.com/"), Host::Hostname(_)));
        rejects(Rule::Host, "1.2.3");
        rejects(Rule::Host, "1.2.3.4.5");
        accepts(Rule::Hostnumber, "999.999.999.999");
        accepts(Rule::Host, "1.2.3.4a5.com");
        rejects(Rule::Hostnumber, "1.2.3.");
        let Host::Hostnumber(number) = host("http://128.9.160.20:8080/") else {
            panic!()
        };
        let parts: Vec<u64> = number.parts().iter().filter_map(|p| p.value()).collect();
        assert_eq!(parts, [128, 9, 160, 20]);
    }

    #[test]
    fn login_user_and_password_are_optional_and_empty_is_not_absent() {
        let login = |text: &'static str| {
            let Url::Ftp(url) = parse(text).unwrap() else {
                panic!()
            };
            url.login
        };
        // Section 3.1's own examples.
        let empty_user = login("ftp://@host.com/");
        assert_eq!(empty_user.user.map(|u| u.as_str()), Some(""));
        assert!(empty_user.password.is_none());
        let no_user = login("ftp://host.com/");
        assert!(no_user.user.is_none());
        let empty_password = login("ftp://foo:@host.com/");
        assert_eq!(empty_password.user.map(|u| u.as_str()), Some("foo"));
        assert_eq!(empty_password.password.map(|p| p.as_str()), Some(""));
        // host:port is not user:password without an "@".
        let port = login("ftp://host.com:21/");
        assert!(port.user.is_none());
        assert_eq!(port.hostport.port.unwrap().value(), Some(21));
        // The BNF allows a password after an empty user (section 3.1's
        // prose does not; that is a lint).
        accepts(Rule::Login, ":secret@host");
        accepts(Rule::Login, "a%40b;c?d&e=f:p%3Aw@host:1");
        rejects(Rule::Login, "a@b@host");
        rejects(Rule::Login, "a:b:c@host");
    }

    #[test]
    fn port_is_digits_without_a_bound() {
        accepts(Rule::Port, "0");
        accepts(Rule::Port, "99999");
        rejects(Rule::Port, "");
        rejects(Rule::Port, "8o");
        let Url::Http(url) = parse("http://h:99999/").unwrap() else {
            panic!()
        };
        assert_eq!(url.hostport.port.unwrap().value(), None);
        rejects(Rule::Hostport, "host:");
    }

    #[test]
    fn ip_schemepart_and_urlpath() {
        accepts(Rule::IpSchemepart, "//host");
        accepts(Rule::IpSchemepart, "//u:p@host:1/");
        accepts(Rule::IpSchemepart, "//host/any;thing?at:all");
        rejects(Rule::IpSchemepart, "/host");
        rejects(Rule::IpSchemepart, "//");
        accepts(Rule::Urlpath, "");
        accepts(Rule::Urlpath, "a/b;c?d");
        rejects(Rule::Urlpath, "a b");
    }
}

mod schemes {
    use super::*;

    /// Section 3.2.2's examples, and a typecode.
    #[test]
    fn ftp() {
        for text in [
            "ftp://myname@host.dom/%2Fetc/motd",
            "ftp://myname@host.dom/etc/motd",
            "ftp://myname@host.dom//etc/motd",
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
            "ftp://h",
            "ftp://h/",
            "ftp://h/;type=I",
        ] {
            accepts(Rule::Ftpurl, text);
        }
        let Url::Ftp(url) = parse("ftp://myname@host.dom//etc/motd").unwrap() else {
            panic!()
        };
        let segments: Vec<&str> = url.fpath.unwrap().segments().map(|s| s.as_str()).collect();
        assert_eq!(segments, ["", "etc", "motd"]);
        for text in [
            "ftp://h/a;type=x",
            "ftp://h/a;type=",
            "ftp://h/a;typo=a",
            "ftp://h/a;type=aa",
            "ftp:/h/",
        ] {
            rejects(Rule::Ftpurl, text);
        }
        accepts(Rule::Fpath, "a/b/c");
        accepts(Rule::Fsegment, "a?b:c@d&e=f");
        rejects(Rule::Fsegment, "a/b");
        accepts(Rule::Ftptype, "D");
        rejects(Rule::Ftptype, "x");
    }

    #[test]
    fn file() {
        accepts(
            Rule::Fileurl,
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        );
        accepts(Rule::Fileurl, "file:///etc/motd");
        accepts(Rule::Fileurl, "file://localhost/etc/motd");
        rejects(Rule::Fileurl, "file://host");
        rejects(Rule::Fileurl, "file:/etc/motd");
        let Url::File(url) = parse("file:///etc/motd").unwrap() else {
            panic!()
        };
        assert!(url.host.is_none());
        assert_eq!(url.fpath.as_str(), "etc/motd");
    }

    #[test]
    fn http() {
        for text in [
            "http://www.w3.org",
            "http://www.w3.org/",
            "http://www.w3.org/a/b;c:d@e&f=g?h;i:j@k&l=m",
            "http://h:80/?",
            "http://h/%7Euser/",
        ] {
            accepts(Rule::Httpurl, text);
        }
        for text in [
            "http://h/a?b?c",
            "http://h/a?b/c",
            "http://h?x",
            "http://h/~user/",
            "http://h/#frag",
        ] {
            rejects(Rule::Httpurl, text);
        }
    }

    /// Decision: the tree ends the selector at the first `%09` when what
    /// follows is a search; otherwise the whole rest is the selector. The
    /// BNF accepts both.
    #[test]
    fn gopher_separators() {
        let gopher = |text: &'static str| {
            let Url::Gopher(url) = parse(text).unwrap() else {
                panic!()
            };
            (
                url.gtype.map(|t| t.as_str()),
                url.selector.map(|s| s.as_str()),
                url.search.map(|s| s.as_str()),
                url.gopher_plus_string.map(|s| s.as_str()),
            )
        };
        assert_eq!(gopher("gopher://h"), (None, None, None, None));
        assert_eq!(gopher("gopher://h/"), (None, None, None, None));
        assert_eq!(gopher("gopher://h/1"), (Some("1"), Some(""), None, None));
        assert_eq!(
            gopher("gopher://h/7sel%09find%20me"),
            (Some("7"), Some("sel"), Some("find%20me"), None)
        );
        assert_eq!(
            gopher("gopher://h/1sel%09%09!+ABSTRACT%20+SMELL"),
            (
                Some("1"),
                Some("sel"),
                Some(""),
                Some("!+ABSTRACT%20+SMELL")
            )
        );
        // `a/b` is no search: the BNF still accepts it, inside the selector.
        assert_eq!(
            gopher("gopher://h/1sel%09a/b"),
            (Some("1"), Some("sel%09a/b"), None, None)
        );
        // `%2509` is an escaped "%" and "09", not a separator.
        assert_eq!(
            gopher("gopher://h/1a%2509b"),
            (Some("1"), Some("a%2509b"), None, None)
        );
        // gtype is one xchar, which may be an escape.
        assert_eq!(
            gopher("gopher://h/%09x"),
            (Some("%09"), Some("x"), None, None)
        );
        // Erratum EID 5118: the "/" is a literal.
        rejects(Rule::Gopherurl, "gopher://h?1");
        rejects(Rule::Gopherurl, "gopher://h/1 x");
        accepts(Rule::Gtype, "%41");
        rejects(Rule::Gtype, "ab");
        accepts(Rule::Selector, "");
        accepts(Rule::GopherPlusString, "+");
    }

    #[test]
    fn mailto() {
        accepts(Rule::Mailtourl, "mailto:mduerst@ifi.unizh.ch");
        accepts(Rule::Mailtourl, "mailto:a%20b@c");
        rejects(Rule::Mailtourl, "mailto:");
        rejects(Rule::Mailtourl, "mailto:<a@b>");
        rejects(Rule::Encoded822addr, "");
    }

    /// Decision: an "@" decides between a group and an article.
    #[test]
    fn news() {
        let grouppart = |text: &'static str| {
            let Url::News(url) = parse(text).unwrap() else {
                panic!()
            };
            url.grouppart
        };
        assert!(matches!(grouppart("news:*"), Grouppart::All(_)));
        assert!(matches!(
            grouppart("news:comp.infosystems.www"),
            Grouppart::Group(_)
        ));
        let Grouppart::Article(article) = grouppart("news:1234@news.example.com") else {
            panic!()
        };
        assert_eq!(article.unique(), "1234");
        assert_eq!(article.host.as_str(), "news.example.com");
        accepts(Rule::Newsurl, "news:*@host");
        rejects(Rule::Newsurl, "news:");
        rejects(Rule::Newsurl, "news:**");
        rejects(Rule::Newsurl, "news:1group");
        rejects(Rule::Newsurl, "news:a@b@c");
        rejects(Rule::Newsurl, "news:@host");
        accepts(Rule::Group, "alt.a-b_c+d.e1");
        rejects(Rule::Group, "a b");
        accepts(Rule::Article, "a/b?c:d&e=f;g@1.2.3.4");
    }

    #[test]
    fn nntp() {
        accepts(Rule::Nntpurl, "nntp://news.example.com/comp.lang.rust");
        accepts(
            Rule::Nntpurl,
            "nntp://news.example.com:119/comp.lang.rust/12",
        );
        rejects(Rule::Nntpurl, "nntp://news.example.com/");
        rejects(Rule::Nntpurl, "nntp://news.example.com/g/");
        rejects(Rule::Nntpurl, "nntp://news.example.com/g/x");
    }

    #[test]
    fn telnet() {
        accepts(Rule::Telneturl, "telnet://melvyl.ucop.edu");
        accepts(Rule::Telneturl, "telnet://guest:pw@melvyl.ucop.edu:23/");
        rejects(Rule::Telneturl, "telnet://melvyl.ucop.edu/x");
        rejects(Rule::Telneturl, "telnet://melvyl.ucop.edu//");
    }

    /// What follows the database decides the wais form.
    #[test]
    fn wais() {
        let wais = |text: &'static str| {
            let Url::Wais(url) = parse(text).unwrap() else {
                panic!()
            };
            url
        };
        assert!(matches!(wais("wais://h/db"), WaisUrl::Database(_)));
        assert!(matches!(wais("wais://h/db?q"), WaisUrl::Index(_)));
        let WaisUrl::Doc(doc) = wais("wais://h:210/db/TEXT/id%2F1") else {
            panic!()
        };
        assert_eq!(doc.wtype.as_str(), "TEXT");
        assert_eq!(doc.wpath.as_str(), "id%2F1");
        accepts(Rule::Waisdatabase, "wais://h/");
        accepts(Rule::Waisindex, "wais://h/db?");
        rejects(Rule::Waisindex, "wais://h/db");
        rejects(Rule::Waisdoc, "wais://h/db/t");
        rejects(Rule::Waisurl, "wais://h/db/t/p/q");
        rejects(Rule::Waisurl, "wais://h/db?q/r");
        rejects(Rule::Waisurl, "wais://h");
        accepts(Rule::Database, "");
        rejects(Rule::Wpath, "a/b");
    }

    /// `waisurl` reads the head the three forms share once, then their
    /// tails in order: as a prefix, each form stops where its own reading
    /// stops, with the spans of a form read from the start.
    #[test]
    fn wais_forms_as_prefixes() {
        let prefix = |text: &'static str| rfc1738::grammar::waisurl::<&str, ()>(text).unwrap();
        let (rest, url) = prefix("wais://h/db/t");
        assert_eq!(rest, "/t");
        let WaisUrl::Database(database) = url else {
            panic!("{url:?}")
        };
        assert_eq!(database.span(), rfc1738::Span::new(0, 11));
        assert_eq!(database.database.as_str(), "db");
        let (rest, url) = prefix("wais://h/db?q/r");
        assert_eq!(rest, "/r");
        let WaisUrl::Index(index) = url else {
            panic!("{url:?}")
        };
        assert_eq!(index.span(), rfc1738::Span::new(0, 13));
        assert_eq!(index.search.as_str(), "q");
        let (rest, url) = prefix("wais://h/db/t/p/q");
        assert_eq!(rest, "/q");
        let WaisUrl::Doc(doc) = url else {
            panic!("{url:?}")
        };
        assert_eq!(doc.span(), rfc1738::Span::new(0, 15));
        assert_eq!((doc.wtype.as_str(), doc.wpath.as_str()), ("t", "p"));
        // A head that does not match is no form's.
        assert!(rfc1738::grammar::waisurl::<&str, ()>("wais://-h/db").is_err());
    }

    #[test]
    fn prospero() {
        let Url::Prospero(url) = parse("prospero://host.dom//pros/name").unwrap() else {
            panic!()
        };
        assert_eq!(url.ppath.as_str(), "/pros/name");
        let Url::Prospero(url) = parse("prospero://h:1525/a/b;x=1;y=;=z").unwrap() else {
            panic!()
        };
        let fields: Vec<(&str, &str, std::ops::Range<usize>)> = url
            .fieldspecs()
            .map(|f| {
                (
                    f.fieldname.as_str(),
                    f.fieldvalue.as_str(),
                    f.span().range(),
                )
            })
            .collect();
        assert_eq!(
            fields,
            [("x", "1", 21..25), ("y", "", 25..28), ("", "z", 28..31)]
        );
        rejects(Rule::Prosperourl, "prospero://h/a;x");
        rejects(Rule::Prosperourl, "prospero://h/a;x=1=2");
        rejects(Rule::Prosperourl, "prospero://h");
        accepts(Rule::Fieldspec, ";a?b:c@d&e=f?g");
        rejects(Rule::Fieldname, "a=b");
    }
}

mod misc {
    use super::*;

    #[test]
    fn character_classes() {
        accepts(Rule::Safe, "$");
        rejects(Rule::Safe, "!");
        accepts(Rule::Extra, ",");
        accepts(Rule::National, "~");
        accepts(Rule::Punctuation, "\"");
        accepts(Rule::Reserved, "@");
        accepts(Rule::Hex, "f");
        rejects(Rule::Hex, "g");
        accepts(Rule::Escape, "%7e");
        rejects(Rule::Escape, "%7");
        accepts(Rule::Uchar, "%00");
        rejects(Rule::Uchar, "/");
        accepts(Rule::Xchar, "/");
        rejects(Rule::Xchar, "~");
        rejects(Rule::Unreserved, "%41");
        accepts(Rule::Digits, "007");
        rejects(Rule::Digits, "");
        accepts(Rule::Alphadigit, "Z");
        rejects(Rule::Alpha, "ab");
    }
}

mod errors {
    use super::*;

    /// The issue's example: the error is at the `x`, the furthest point.
    #[test]
    fn errors_point_at_the_furthest_position() {
        let error = parse("http://host:80x/").unwrap_err();
        assert_eq!(error.offset(), 14);
        assert_eq!((error.line(), error.column()), (1, 15));
        assert_eq!(error.found(), Unexpected::Char('x'));
        assert_eq!(
            error.expected(),
            [
                Expected::Rule(Rule::Digit),
                Expected::Literal("/"),
                Expected::EndOfInput
            ]
        );
        assert_eq!(error.stack(), [Rule::Url, Rule::Httpurl]);
    }

    /// Where a scheme's own production fails as far as `otherurl` does,
    /// `check(url)` gives the scheme's error, as `parse` does: the stack
    /// and what that production expected, not what both expected in their
    /// common `url`.
    #[test]
    fn url_names_the_schemes_production_where_both_fail_alike() {
        let error = check(Rule::Url, "ftp://user:pa ss@host/").unwrap_err();
        assert_eq!(error.offset(), 13);
        assert_eq!(
            error.stack(),
            [Rule::Url, Rule::Ftpurl, Rule::Login, Rule::Password]
        );
        assert!(error.expected().contains(&Expected::Literal("@")));
        assert!(!error.expected().contains(&Expected::Rule(Rule::Xchar)));
        // A failure of the scheme's production before `otherurl`'s is not
        // the error: `otherurl` went further.
        let error = check(Rule::Url, "http://user@host/ x").unwrap_err();
        assert_eq!(error.offset(), 17);
        assert_eq!(
            error.stack(),
            [
                Rule::Url,
                Rule::Otherurl,
                Rule::Genericurl,
                Rule::Schemepart
            ]
        );
        // No scheme of the ten: `otherurl` alone.
        let error = check(Rule::Url, "x-ftp://a b").unwrap_err();
        assert_eq!(error.stack()[1], Rule::Otherurl);
    }

    /// With an `@` ahead of the path, a character no user or password may
    /// hold is reported where it stands, in the login; with none, the host
    /// is what the text has, and its error stands.
    #[test]
    fn a_login_with_an_at_sign_ahead_is_reported_in_its_bracket() {
        let error = check(Rule::Ftpurl, "ftp://user:pa ss@host/").unwrap_err();
        assert_eq!(error.offset(), 13);
        assert_eq!(error.stack(), [Rule::Ftpurl, Rule::Login, Rule::Password]);
        // The user's run and the host's end at the same space: what both
        // expected, in what they share.
        let error = check(Rule::Ftpurl, "ftp://us er@host/").unwrap_err();
        assert_eq!(error.offset(), 8);
        assert!(error.expected().contains(&Expected::Literal("@")));
        assert!(error.expected().contains(&Expected::Literal("/")));
        // No `@` before the path: the bracket is not tried.
        let error = check(Rule::Ftpurl, "ftp://ho st/a@b").unwrap_err();
        assert_eq!(error.offset(), 8);
        assert!(!error.expected().contains(&Expected::Literal("@")));
        assert!(error.expected().contains(&Expected::Literal(".")));
    }

    #[test]
    fn errors_name_the_production_stack() {
        let error = check(Rule::Ftpurl, "ftp://host.-com/").unwrap_err();
        assert_eq!(error.offset(), 11);
        assert_eq!(
            error.stack(),
            [
                Rule::Ftpurl,
                Rule::Login,
                Rule::Hostport,
                Rule::Host,
                Rule::Hostname,
            ]
        );
        assert_eq!(error.rule(), Rule::Hostname);
        assert_eq!(
            error.expected(),
            [
                Expected::Rule(Rule::Domainlabel),
                Expected::Rule(Rule::Toplabel)
            ]
        );
        assert_eq!(error.found(), Unexpected::Char('-'));

        let error = check(Rule::Ftpurl, "ftp://a.1x/").unwrap_err();
        assert_eq!(error.offset(), 8);
        assert_eq!(error.rule(), Rule::Toplabel);
        assert_eq!(error.expected(), [Expected::Rule(Rule::Alpha)]);

        let error = check(Rule::Hex, "g").unwrap_err();
        assert_eq!(error.stack(), [Rule::Hex]);
    }

    #[test]
    fn errors_say_what_was_found() {
        let error = check(Rule::Httpurl, "http://h/a b").unwrap_err();
        assert_eq!(error.found(), Unexpected::Char(' '));
        assert!(error.to_string().contains("found \" \""), "{error}");
        let error = check(Rule::Httpurl, "http://h/é").unwrap_err();
        assert_eq!(error.found(), Unexpected::Char('é'));
        assert!(error.to_string().contains("found U+00E9"), "{error}");
        let error = check(Rule::Httpurl, "http://").unwrap_err();
        assert_eq!(error.found(), Unexpected::EndOfInput);
        let error = check(Rule::Escape, "%4").unwrap_err();
        assert_eq!(error.offset(), 2);
        assert_eq!(error.expected(), [Expected::Rule(Rule::Hex)]);
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let error = check(Rule::Genericurl, "x:a\nbé c").unwrap_err();
        assert_eq!((error.line(), error.column(), error.offset()), (1, 4, 3));
        // The column counts characters, the offset bytes.
        let error = check(Rule::Genericurl, "x:éa b").unwrap_err();
        assert_eq!(error.offset(), 2);
        assert_eq!(error.column(), 3);
    }

    #[test]
    fn a_known_scheme_that_fails_says_whether_it_is_still_generic() {
        let error = parse("ftp://h/a b").unwrap_err();
        assert_eq!(error.matches_genericurl(), Some(false));
        let error = parse("news:a@b@c").unwrap_err();
        assert_eq!(error.matches_genericurl(), Some(true));
        assert!(error
            .to_string()
            .ends_with("the string is a valid genericurl, but not a valid newsurl"));
        let error = parse("x y:z").unwrap_err();
        assert_eq!(error.matches_genericurl(), None);
    }
}

mod hostile_input {
    use super::*;

    /// Megabytes parse without stack overflow; the grammar has no recursion
    /// and every repetition is a loop. (Speed is measured by the benches.)
    #[test]
    fn megabyte_inputs_parse_and_fail_cleanly() {
        let long_path = format!("http://h/{}", "a/".repeat(500_000));
        assert!(parse(&long_path).is_ok());
        let many_labels = format!("http://{}com/", "a.".repeat(100_000));
        assert!(parse(&many_labels).is_ok());
        let escapes = format!("ftp://h/{}", "%41".repeat(300_000));
        assert!(parse(&escapes).is_ok());
        let almost = format!("http://h/{} ", "a".repeat(1_000_000));
        let error = parse(&almost).unwrap_err();
        assert_eq!(error.offset(), almost.len() - 1);
        let broken = format!("http://{}-/", "a".repeat(1_000_000));
        assert!(parse(&broken).is_err());
    }
}
