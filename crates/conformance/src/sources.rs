//! The cases that do not come from the shape of the BNF: the example URLs
//! of the seed documents (the repository's fixtures, which list every one)
//! and the decisions of `grammar/README.md` and `grammar/DRAFTS.md`, each
//! with a string it is about. Only the strings are written here: every
//! verdict comes from the library.

use rfc1738::dialect::Dialect;

/// A string the suite holds for a production, and why.
pub(crate) struct Extra {
    pub(crate) rule: String,
    pub(crate) input: String,
    pub(crate) source: String,
}

// The two lists are the library's test fixtures (tests/fixtures/), read
// here through symbolic links inside this package, so that a packaged
// CLI carries them (cargo packages a link as the file it points to).

/// Every URL example of the five seed documents, RFC 1738 reading each as
/// the production it is an example of.
const EXAMPLES: &str = include_str!("examples.tsv");
/// The example URLs printed in the three drafts, which each draft reads as
/// a whole URL.
const DRAFT_EXAMPLES: &str = include_str!("draft_examples.tsv");

/// The seed documents by their numbers, as `tests/fixtures/seeds/` has them.
fn seed_name(number: &str) -> &'static str {
    match number {
        "000" => "000 (draft of July 1993)",
        "001" => "001 (draft of July 1993, HTML)",
        "002" => "002 (draft of October 1993)",
        "003" => "003 (draft 03, 1994)",
        "004" => "004 (RFC 1738)",
        _ => "an unknown document",
    }
}

/// The rows of a fixture: tab-separated, `#` comments, a header line.
fn rows(text: &str) -> impl Iterator<Item = Vec<String>> + '_ {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .skip(1)
        .map(|line| line.split('\t').map(unescape).collect())
}

/// `\n`, `\t` and `\\` as `examples.tsv` writes them.
fn unescape(field: &str) -> String {
    let mut out = String::new();
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(next @ ('n' | 't' | '\\'))) => {
                chars.next();
                out.push(match next {
                    'n' => '\n',
                    't' => '\t',
                    _ => '\\',
                });
            }
            _ => out.push(c),
        }
    }
    out
}

/// The examples a revision's file holds: for RFC 1738 every example of the
/// five documents as the production it exemplifies; for a draft every URL
/// printed in the drafts, as each of the draft's top-level productions.
pub(crate) fn examples(dialect: Dialect) -> Vec<Extra> {
    let mut out = Vec::new();
    if dialect == Dialect::Rfc1738 {
        // document, line, column, section, kind, text, url, production, ...
        for row in rows(EXAMPLES) {
            out.push(Extra {
                rule: row[7].clone(),
                input: row[6].clone(),
                source: format!(
                    "example: {}, section \"{}\", line {} ({})",
                    seed_name(&row[0]),
                    row[3],
                    row[1],
                    row[4]
                ),
            });
        }
        return out;
    }
    // seed, line, column, kind, url, eight verdicts, note
    for row in rows(DRAFT_EXAMPLES) {
        let note = match row.get(13).map(String::as_str) {
            Some(note) if !note.is_empty() => format!("; {note}"),
            _ => String::new(),
        };
        for rule in dialect.top_level() {
            out.push(Extra {
                rule: (*rule).to_string(),
                input: row[4].clone(),
                source: format!(
                    "example: {}, line {} ({}){note}",
                    seed_name(&row[0]),
                    row[1],
                    row[3]
                ),
            });
        }
    }
    out
}

// The decisions of `grammar/README.md` with long names.
const PROSE: &str = "Where the BNF and the prose disagree";
const WRAPPER: &str = "The appendix wrapper is not part of a URL";
const LONGEST: &str = "url: the longest alternative";
const SCHEMEPART: &str = "schemepart = *xchar | ip-schemepart";
const HOSTNAME: &str = "hostname = *[ domainlabel \".\" ] toplabel";
const HOST: &str = "host = hostname | hostnumber";
const LOGIN: &str = "login = [ user [ \":\" password ] \"@\" ] hostport";
const FILEURL: &str = "fileurl = \"file://\" [ host | \"localhost\" ] \"/\" fpath";
const GROUPPART: &str = "grouppart = \"*\" | group | article: an @ decides";
const WAISURL: &str = "waisurl: what follows the database decides";
const GOPHER: &str = "Gopher %09 separators";

/// RFC 1738's decisions, by the headings and items of `grammar/README.md`.
const RFC1738_DECISIONS: &[(&str, &str, &str)] = &[
    ("Notation: *[ x ] is a repetition", "scheme", "a+-.b"),
    ("Notation: *[ x ] is a repetition", "user", "a;b?c&d=e"),
    ("Notation: <\"> is the double quote", "punctuation", "\""),
    ("Errata: EID 5118", "gopherurl", "gopher://host/1sel"),
    ("Errata: EID 5118", "gopherurl", "gopher://h?1"),
    ("Errata: EID 5118", "url", "gopher://h?1"),
    ("Case (section 2.1)", "httpurl", "HTTP://Example.COM/"),
    ("Case (section 2.1)", "url", "HTTP://h/"),
    ("Case (section 2.1)", "ftpurl", "Ftp://h/"),
    ("Case (section 2.1)", "scheme", "HTTP"),
    ("Case (section 2.1)", "lowalpha", "A"),
    ("Case (section 2.1)", "hostname", "Example.COM"),
    (PROSE, "ftpurl", "ftp://:pw@host/"),
    (PROSE, "ftpurl", "ftp://h/f;type=D"),
    (PROSE, "hostnumber", "300.300.300.300"),
    (PROSE, "port", "99999"),
    (WRAPPER, "url", "<URL:http://a/>"),
    (WRAPPER, "url", "<http://a/>"),
    (WRAPPER, "url", "URL:http://a/"),
    (LONGEST, "url", "http://user@host/"),
    (LONGEST, "httpurl", "http://user@host/"),
    (LONGEST, "otherurl", "http://user@host/"),
    (SCHEMEPART, "schemepart", "//host/path"),
    (SCHEMEPART, "schemepart", "//host/pa th"),
    (HOSTNAME, "hostname", "a.b.c"),
    (HOSTNAME, "hostname", "1.2.3"),
    (HOSTNAME, "hostname", "3com.com"),
    (HOSTNAME, "hostname", "a-b.c-d"),
    (HOSTNAME, "domainlabel", "-a"),
    (HOSTNAME, "toplabel", "a-"),
    (HOST, "host", "1.2.3.4"),
    (HOST, "host", "1.2.3.4.com"),
    (HOST, "host", "1.2.3"),
    (LOGIN, "login", "host:21"),
    (LOGIN, "login", "@host"),
    (LOGIN, "login", "foo:@host"),
    (LOGIN, "login", "a:b:c@host"),
    (LOGIN, "ftpurl", "ftp://@host/"),
    (FILEURL, "fileurl", "file://localhost/etc/motd"),
    (FILEURL, "fileurl", "file:///etc/motd"),
    (GROUPPART, "grouppart", "*"),
    (GROUPPART, "newsurl", "news:*@host"),
    (GROUPPART, "grouppart", "comp.lang@host"),
    (GROUPPART, "grouppart", "comp@lang"),
    (WAISURL, "waisurl", "wais://h/db"),
    (WAISURL, "waisurl", "wais://h/db?x"),
    (WAISURL, "waisurl", "wais://h/db/t/p"),
    (WAISURL, "waisurl", "wais://h/d/b"),
    (GOPHER, "gopherurl", "gopher://h/1sel%09a/b"),
    (GOPHER, "gopherurl", "gopher://h/1sel%09search%09+plus"),
    (GOPHER, "gopherurl", "gopher://h/1%2509"),
    (GOPHER, "gtype", "%41"),
    ("Paths", "fpath", "a//b"),
    ("Paths", "hpath", "a/b/"),
    ("Paths", "ftpurl", "ftp://h//etc/motd"),
    ("national and punctuation", "url", "http://h/~user"),
    ("national and punctuation", "national", "~"),
    ("Errors", "url", "http://host:80x/"),
    ("Errors", "hostname", "1.2.3"),
];

/// The drafts' decisions (grammar/DRAFTS.md, a heading each) and the drafts
/// they apply to (`j` July 1993, `o` October 1993, `3` draft 03).
const DRAFT_DECISIONS: &[(&str, &str, &str, &str)] = &[
    ("D2", "jo3", "httpaddress", "h t t p : / / h"),
    ("D2", "jo3", "digit", "|1"),
    ("D2", "jo3", "extra", "()"),
    ("D2", "3", "midaddress", "mid:a@b"),
    ("D3", "jo3", "groupart", "*"),
    ("D3", "jo3", "groupart", "**"),
    ("D3", "jo3", "xpalpha", "+"),
    ("D3", "jo3", "xalphas", ""),
    ("D3", "jo3", "path", ""),
    ("D4", "jo3", "httpaddress", "HTTP://h/"),
    ("D4", "jo3", "gopheraddress", "Gopher://h/1"),
    ("D4", "o3", "mailtoaddress", "MAILTO:a@b.c"),
    ("D4", "jo3", "httpaddress", "http://H/P"),
    ("section 3", "jo", "url", "MAILTO:joe@cern.ch"),
    ("section 3", "jo3", "alpha", "\u{212A}"),
    ("section 3", "3", "ftptype", "AN"),
    ("section 3", "3", "ftptype", "an"),
    ("D5", "j", "variant", "|"),
    ("D5", "j", "variant", "||"),
    ("D5", "o3", "national", "["),
    ("D5", "o3", "national", "[]"),
    ("D6", "jo3", "xalpha", "%"),
    ("D6", "jo3", "xalpha", "%4a"),
    ("D6", "jo3", "xalpha", "%zz"),
    ("D6", "jo3", "hostname", "a%2Fb"),
    ("D8", "jo3", "httpaddress", "http://h/a b"),
    ("D8", "jo3", "extra", " "),
    ("D9", "j", "fileaddress", "ftp://joe@h.dom/x"),
    ("D9", "j", "fileaddress", "ftp://10.1.2.3:21/x"),
    ("D11", "jo3", "hostname", "2x.com"),
    ("D11", "jo3", "hostnumber", "300.300.300.300"),
    ("D11", "jo3", "host", "10.0.0"),
    ("D11", "jo3", "hostname", "a..b"),
    ("D12", "jo3", "httpaddress", "http://h//p"),
    ("D12", "jo3", "httpaddress", "http://h/p?a+b"),
    ("D12", "jo3", "httpaddress", "http://h/p?a++b"),
    ("D12", "jo3", "httpaddress", "http://host?q"),
    ("D13", "jo3", "prosperolink", "prospero://h/a%00%00b"),
    ("D13", "jo3", "prosperolink", "prospero://h/a%001abc"),
    ("D13", "jo3", "version", ""),
    ("D14", "jo", "gopheraddress", "gopher://h/"),
    ("D14", "jo", "gopheraddress", "gopher://h?x+y"),
    ("D14", "jo3", "gopheraddress", "gopher://h/1sel%09x"),
    ("D15", "j", "waisdoc", "wais://h/db/WSRC/99/x"),
    ("D15", "jo3", "waisindex", "wais://h/d/b"),
    ("D16", "jo3", "telnetaddress", "telnet://joe@h.dom/"),
    ("D17", "jo", "url", "news:x/y"),
    ("D17", "jo", "generic", "http://h/"),
    ("D17", "jo", "url", "PR:aftp/xx.yy.edu/pub/doc/README"),
    ("D17", "jo", "url", "1x:y"),
    ("D18", "jo", "fragmentaddress", "http://h/x#frag"),
    ("D18", "jo", "fragmentaddress", "http://h/x#a#b"),
    ("D20", "o", "uri", "http://h/"),
    ("D22", "o3", "mailtoaddress", "mailto::a@b"),
    ("D23", "o3", "nntpaddress", "nntp:comp.lang/12"),
    ("D24", "jo3", "url", "afs://cell.dom/u/x"),
    ("D30", "3", "url", "x-y:p"),
    ("D31", "3", "prefixedurl", "URL:http://h/"),
    ("D31", "3", "prefixedurl", "url:url:http://h/"),
    ("D31", "3", "prefixedurl", "<URL:http://h/>"),
    ("D33", "3", "cidaddress", "cid:a@b.c"),
    ("D34", "3", "safe", "+"),
    ("D34", "3", "extra", ";"),
    ("D35", "3", "login", "a.b:c-d@h"),
    ("D35", "3", "login", "a%20b@h"),
    ("D36", "3", "gopheraddress", "gopher://h/1?x"),
    ("D37", "3", "waisdoc", "wais://h/db/t/1=p;"),
    ("D32", "3", "ftpaddress", "ftp://h/f;type=a"),
    ("D32", "3", "ftpaddress", "ftp://h/fAN"),
    ("D43", "jo3", "url", "xxx.yyy.zz.edu:/pub.aa.bb.cc"),
];

/// The decisions that apply to a revision, each with its string.
pub(crate) fn decisions(dialect: Dialect) -> Vec<Extra> {
    if dialect == Dialect::Rfc1738 {
        return RFC1738_DECISIONS
            .iter()
            .map(|(decision, rule, input)| Extra {
                rule: (*rule).to_string(),
                input: (*input).to_string(),
                source: format!("decision: grammar/README.md, \"{decision}\""),
            })
            .collect();
    }
    let letter = match dialect {
        Dialect::DraftJul93 => 'j',
        Dialect::DraftOct93 => 'o',
        _ => '3',
    };
    DRAFT_DECISIONS
        .iter()
        .filter(|(_, drafts, rule, _)| drafts.contains(letter) && dialect.has(rule))
        .map(|(decision, _, rule, input)| Extra {
            rule: (*rule).to_string(),
            input: (*input).to_string(),
            source: format!("decision: {decision} (grammar/DRAFTS.md)"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_and_decision_names_a_production_of_its_revision() {
        for dialect in Dialect::ALL {
            let extras: Vec<Extra> = examples(dialect)
                .into_iter()
                .chain(decisions(dialect))
                .collect();
            assert!(extras.len() > 50, "{dialect}: {}", extras.len());
            for extra in extras {
                assert!(dialect.has(&extra.rule), "{dialect}: {}", extra.rule);
            }
        }
        assert_eq!(examples(Dialect::Rfc1738).len(), 145);
    }

    #[test]
    fn fixture_escapes_are_undone() {
        assert_eq!(unescape(r"a\nb\tc\\d\x"), "a\nb\tc\\d\\x");
    }
}
