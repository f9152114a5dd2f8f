//! The drafts' grammars (`grammar/draft-*.bnf`), read mechanically by
//! `tests/support/draft_oracle.rs`, held to the seeds they were copied from
//! and to `grammar/DRAFTS.md` (the project's reading of the drafts; its
//! decisions are cited as D1-D44, its sections as "section N").
//!
//! - The grammar files: their productions, counts, corrections, supplied
//!   definitions and seed positions (checked against `tests/fixtures/seeds/`).
//! - Every decision that states a verdict on a concrete string, as an
//!   assertion citing its number.
//! - Generated strings and near misses of every production of every dialect.
//! - `tests/fixtures/draft_examples.tsv`: the verdicts of the drafts' own
//!   examples under the four revisions.
//! - The table of what changed between revisions in `grammar/DRAFTS.md`.

use crate::draft_oracle;

use std::collections::BTreeSet;

use crate::draft_oracle::{near_miss, parse_draft_bnf, Dialect, Oracles, Rng};

const JUL: Dialect = Dialect::Jul93;
const OCT: Dialect = Dialect::Oct93;
const D03: Dialect = Dialect::Draft03;
const RFC: Dialect = Dialect::Rfc1738;

fn oracles() -> &'static Oracles {
    static ORACLES: std::sync::OnceLock<Oracles> = std::sync::OnceLock::new();
    ORACLES.get_or_init(Oracles::load)
}

fn seed(number: &str) -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/seeds");
    let entry = std::fs::read_dir(dir)
        .expect("tests/fixtures/seeds")
        .map(|e| e.expect("an entry").path())
        .find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!("{number}_")))
        })
        .unwrap_or_else(|| panic!("no seed {number}"));
    std::fs::read_to_string(entry).expect("a seed")
}

// ---------------------------------------------------------------------------
// The grammar files

/// DRAFTS.md section 5: the names of each draft, in the order of the text.
const NAMES_JUL93: &str = "fragmentaddress url generic scheme httpaddress fileaddress afsaddress \
    newsaddress waisaddress waisindex waisdoc groupart group article database wtype \
    prosperoaddress prosperolink hsoname version attributes attribute telnetaddress \
    gopheraddress hostport host cellname hostname hostnumber port selector path search user \
    fragmentid gtype xalpha xalphas xpalpha xpalphas ialpha alpha digit safe extra escape hex \
    variant punctuation digits alphanum alphanums void";
const NAMES_OCT93: &str = "fragmentaddress uri url generic scheme httpaddress ftpaddress \
    afsaddress newsaddress nntpaddress mailtoaddress waisaddress waisindex waisdoc groupart \
    group article database wtype prosperoaddress prosperolink hsoname version attributes \
    attribute telnetaddress gopheraddress login hostport host cellname hostname hostnumber \
    port selector path search user password fragmentid gtype xalpha xalphas xpalpha xpalphas \
    ialpha alpha digit safe extra escape hex national punctuation digits alphanum alphanums \
    void";
const NAMES_03: &str = "prefixedurl url scheme httpaddress ftpaddress afsaddress newsaddress \
    nntpaddress midaddress cidaddress mailtoaddress waisaddress waisindex waisdoc wpath \
    groupart group article database wtype prosperoaddress prosperolink hsoname version \
    attributes attribute telnetaddress gopheraddress login hostport host ftptype formcode \
    cellname hostname hostnumber port gcommand path segment search user password fragmentid \
    gtype alphanum2 xalpha xalphas xpalpha xpalphas ialpha alpha digit safe extra reserved \
    escape hex national punctuation digits alphanum alphanums void addr-spec \
    content-identifier";

#[test]
fn production_counts_are_those_of_decisions_section_1() {
    let o = oracles();
    assert_eq!(o.names(JUL).len(), 53, "D1, section 1: July 1993");
    assert_eq!(o.names(OCT).len(), 58, "D1, section 1: October 1993");
    assert_eq!(o.names(D03).len(), 64 + 2, "D1, D33, section 1: draft 03");
    assert_eq!(o.names(RFC).len(), 67, "section 1: grammar/rfc1738.bnf");
    let supplied: Vec<&str> = o
        .draft(D03)
        .unwrap()
        .productions
        .iter()
        .filter(|p| p.supplied.is_some())
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(supplied, ["addr-spec", "content-identifier"], "D33");
    for dialect in [JUL, OCT] {
        let grammar = o.draft(dialect).unwrap();
        assert!(grammar.productions.iter().all(|p| p.supplied.is_none()));
    }
}

#[test]
fn production_names_are_those_of_decisions_section_5_in_order() {
    let o = oracles();
    for (dialect, names) in [(JUL, NAMES_JUL93), (OCT, NAMES_OCT93), (D03, NAMES_03)] {
        let expected: Vec<&str> = names.split_whitespace().collect();
        assert_eq!(o.names(dialect), expected, "{dialect}");
    }
}

#[test]
fn every_production_of_every_dialect_compiles_in_both_modes() {
    let o = oracles();
    for dialect in Dialect::ALL {
        for name in o.names(dialect) {
            for strict in [true, false] {
                // Asking is enough to fail on a production without a regex.
                let _ = o.matches(dialect, name, "", strict);
            }
        }
    }
    // `void` is the empty string, and nothing else (D3, section 1).
    for dialect in Dialect::DRAFTS {
        assert!(o.matches(dialect, "void", "", true), "{dialect}");
        assert!(!o.matches(dialect, "void", " ", true), "{dialect}");
        assert!(!o.matches(dialect, "void", "void", true), "{dialect}");
    }
}

#[test]
fn top_level_and_unreachable_productions_are_those_of_section_1() {
    let o = oracles();
    let expected: [(Dialect, &str); 3] = [
        (JUL, "variant punctuation"),
        (OCT, "afsaddress cellname national punctuation"),
        (
            D03,
            "scheme afsaddress cellname fragmentid reserved national punctuation",
        ),
    ];
    for (dialect, unreachable) in expected {
        let grammar = o.draft(dialect).unwrap();
        let reachable = grammar.reachable(dialect.top_level());
        let missing: BTreeSet<&str> = grammar
            .names()
            .into_iter()
            .filter(|n| !reachable.contains(*n))
            .collect();
        let expected: BTreeSet<&str> = unreachable.split_whitespace().collect();
        assert_eq!(missing, expected, "{dialect}");
        // The top level is what no other production uses, apart from
        // `url` (and October's `uri`), which the outer ones wrap.
        let used: BTreeSet<String> = grammar
            .productions
            .iter()
            .flat_map(|p| draft_oracle::DraftGrammar::refs(&p.expr))
            .collect();
        let roots: BTreeSet<&str> = grammar
            .names()
            .into_iter()
            .filter(|n| !used.contains(*n) && !expected.contains(n))
            .collect();
        let outermost: BTreeSet<&str> = [dialect.top_level()[0]].into_iter().collect();
        assert_eq!(roots, outermost, "{dialect}");
    }
}

#[test]
fn scheme_keywords_are_those_of_d4() {
    let o = oracles();
    let expected = [
        (JUL, "http ftp afs news wais wais prospero telnet gopher"),
        (
            OCT,
            "http ftp afs news nntp mailto wais wais prospero telnet gopher",
        ),
        (
            D03,
            "url http ftp afs news nntp mid cid mailto wais wais prospero telnet gopher",
        ),
    ];
    for (dialect, keywords) in expected {
        let mut found = o.draft(dialect).unwrap().keywords();
        let mut expected: Vec<String> = keywords.split_whitespace().map(String::from).collect();
        found.sort();
        expected.sort();
        assert_eq!(found, expected, "D4, {dialect}");
    }
}

#[test]
fn corrections_and_supplied_definitions_are_those_of_section_4() {
    let o = oracles();
    let mut found = Vec::new();
    for dialect in Dialect::DRAFTS {
        for p in &o.draft(dialect).unwrap().productions {
            for c in &p.corrections {
                found.push(format!("{dialect} {} {} {}", p.name, c.decision, c.kind));
                assert_ne!(
                    c.printed,
                    format!("{} {}", p.name, p.rhs).trim_end(),
                    "{dialect} {}: a correction changes the text",
                    p.name
                );
            }
            if let Some(d) = &p.supplied {
                found.push(format!("{dialect} {} {d} supplied", p.name));
                assert!(p.at.is_none() && p.corrections.is_empty(), "{}", p.name);
            } else {
                assert!(p.at.is_some(), "{dialect} {}: where is it printed?", p.name);
            }
        }
    }
    let expected = [
        "draft-jul93 xpalphas D10 typo",
        "draft-oct93 url D20 notation",
        "draft-oct93 mailtoaddress D22 typo",
        "draft-oct93 xpalphas D10 typo",
        "draft-oct93 digit D21 notation",
        "draft-03 url D20 notation",
        "draft-03 mailtoaddress D22 typo",
        "draft-03 addr-spec D33 supplied",
        "draft-03 content-identifier D33 supplied",
    ];
    assert_eq!(found, expected);
    // Section 4's "read as" column.
    let rhs = |d: Dialect, n: &str| o.draft(d).unwrap().get(n).unwrap().rhs.clone();
    assert_eq!(rhs(JUL, "xpalphas"), "xpalpha [ xpalphas ]", "D10");
    assert_eq!(rhs(OCT, "xpalphas"), "xpalpha [ xpalphas ]", "D10");
    assert_eq!(
        rhs(D03, "xpalphas"),
        "xpalpha [ xpalphas ]",
        "D10: 003 line 415"
    );
    assert_eq!(
        rhs(OCT, "mailtoaddress"),
        "m a i l t o : xalphas @ hostname"
    );
    assert_eq!(
        rhs(D03, "mailtoaddress"),
        "m a i l t o : xalphas @ hostname"
    );
    assert_eq!(rhs(OCT, "digit"), "0 |1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9");
    assert_eq!(rhs(D03, "addr-spec"), "xalphas @ hostname", "D33");
    assert_eq!(rhs(D03, "content-identifier"), "addr-spec", "D33");
}

/// The lines `a..=b` of a seed, page furniture and blank lines dropped,
/// as white-space separated words.
fn seed_words(lines: &[&str], range: &str, furniture: &dyn Fn(&str) -> bool) -> Vec<String> {
    let (a, b) = range.split_once('-').unwrap_or((range, range));
    let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
    lines[a - 1..b]
        .iter()
        .filter(|l| !furniture(l.trim()))
        .flat_map(|l| l.split_whitespace())
        .map(String::from)
        .collect()
}

/// The production as printed: its correction's `printed` line, or the text.
fn printed(p: &draft_oracle::Production) -> String {
    match p.corrections.first() {
        Some(c) => c.printed.clone(),
        None => format!("{} {}", p.name, p.rhs).trim_end().to_string(),
    }
}

#[test]
fn the_grammar_files_are_the_seeds_text_word_for_word() {
    let o = oracles();
    let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();

    // July 1993 (D1): the words of 000 at the cited characters; 001's lines
    // are the same draft once 001's rendering is undone (no `|`, `\$`, white
    // space inside `/ /`, `( | )`, `[ | ]`).
    let s000 = seed("000");
    let s001 = seed("001");
    let l001: Vec<&str> = s001.lines().collect();
    let strip = |s: &str| -> String {
        s.replace("\\$", "$")
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '|')
            .collect()
    };
    let mut end_of_last = None;
    for p in &o.draft(JUL).unwrap().productions {
        let at = p.at.as_deref().unwrap();
        let (chars, lines) = at.split_once(", ").unwrap();
        let (a, b) = chars.strip_prefix("000:").unwrap().split_once('-').unwrap();
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
        assert_eq!(words(&s000[a..b]), words(&printed(p)), "D1: 000 at {a}");
        // Consecutive, except for the page footer between ialpha and alpha.
        if let Some(end) = end_of_last {
            let gap = s000[end..a].trim();
            let footer = "Internet Draft 15 March 1993 Uniform Resource Locators Berners-Lee";
            assert!(
                gap.is_empty() || gap == footer,
                "D1: {gap:?} before {}",
                p.name
            );
        }
        end_of_last = Some(b);
        let lines = lines.strip_prefix("001:").unwrap();
        let in_001 = seed_words(&l001, lines, &|l| l == "```").join(" ");
        assert_eq!(strip(&in_001), strip(&printed(p)), "D1: 001 line {lines}");
    }
    let grammar_start = s000.find("fragmentaddress url [").unwrap();
    assert_eq!(grammar_start, 30860);
    assert_eq!(s000[30446..].split_once(" This").unwrap().0, "BNF syntax");

    // October 1993: the cited lines of 002, page footers and headers dropped.
    let s002 = seed("002");
    let l002: Vec<&str> = s002.lines().collect();
    let furniture = |l: &str| {
        l.starts_with("Berners-Lee ") || (l.starts_with("RFC XXXX") && l.ends_with("October 1993"))
    };
    let mut lines_used = 0;
    for p in &o.draft(OCT).unwrap().productions {
        let range = p.at.as_deref().unwrap().strip_prefix("002:").unwrap();
        assert_eq!(
            seed_words(&l002, range, &furniture),
            words(&printed(p)),
            "002:{range}"
        );
        lines_used += seed_words(&l002, range, &furniture).len();
    }
    // Nothing of lines 934-1072 is left out.
    assert_eq!(seed_words(&l002, "934-1072", &furniture).len(), lines_used);

    // Draft 03: the name line and the right-hand side line of 003.
    let s003 = seed("003");
    let l003: Vec<&str> = s003.lines().collect();
    let mut lines_used = 0;
    for p in o.draft(D03).unwrap().productions.iter() {
        let Some(at) = p.at.as_deref() else { continue };
        let range = at.strip_prefix("003:").unwrap();
        assert_eq!(
            seed_words(&l003, range, &|_| false),
            words(&printed(p)),
            "003:{range}"
        );
        lines_used += seed_words(&l003, range, &|_| false).len();
    }
    assert_eq!(seed_words(&l003, "316-442", &|_| false).len(), lines_used);
    assert_eq!(l003[442], "(end of URL BNF)", "D1: line 443 is not grammar");
}

#[test]
fn a_grammar_file_that_breaks_the_notation_is_refused() {
    // D2: a multi-character token that is not a name (001's `//`).
    let refused = std::panic::catch_unwind(|| parse_draft_bnf("a  h t t p : // b\nb  x\n"));
    assert!(refused.is_err());
    // An undefined name.
    assert!(std::panic::catch_unwind(|| parse_draft_bnf("ab  cd\n")).is_err());
    // Recursion that is not right recursion (D3).
    let left = parse_draft_bnf("ab  [ ab ] x\n");
    assert!(std::panic::catch_unwind(move || draft_oracle::DraftOracle::new(left, true)).is_err());
    // Right recursion, and the comments that belong to a production.
    let grammar = parse_draft_bnf(
        "; header\n\n; at 999:1\n; D10 (typo): x\n; printed: ab x [ x ]\nab  x [ ab ]\n",
    );
    let p = grammar.get("ab").unwrap();
    assert_eq!(p.at.as_deref(), Some("999:1"));
    assert_eq!(p.corrections[0].printed, "ab x [ x ]");
    let oracle = draft_oracle::DraftOracle::new(grammar, true);
    assert!(oracle.matches("ab", "xxxx"));
    assert!(!oracle.matches("ab", ""));
}

// ---------------------------------------------------------------------------
// Decisions with a verdict on a concrete string

/// Which modes a case holds in.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Both,
    Strict,
    Default,
}

/// (decision, dialects, production, string, verdict, mode). Dialects are
/// `j` (July 1993), `o` (October 1993), `3` (draft 03), `r` (RFC 1738).
type Case = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    bool,
    Mode,
);

use Mode::{Both, Default, Strict};

const CASES: &[Case] = &[
    // Section 1: productions no other uses still answer by name.
    ("section 1", "j", "variant", "{", true, Both),
    ("section 1", "o3", "national", "~", true, Both),
    ("section 1", "jo3", "punctuation", "<", true, Both),
    ("section 1", "jo3", "punctuation", "<>", false, Both),
    ("section 1", "3", "reserved", "#", true, Both),
    // D2: `h t t p : / /` is the text `http://`; `[/` is `[` `/`; `|1` is `|` `1`;
    // `(` `)` are characters; `addr-spec` is one name.
    ("D2", "jo3", "httpaddress", "http://h", true, Both),
    ("D2", "jo3", "httpaddress", "h t t p : / / h", false, Both),
    ("D2", "jo3", "gopheraddress", "gopher://h/0", true, Both),
    ("D2", "jo3", "digit", "1", true, Both),
    ("D2", "jo3", "digit", "|1", false, Both),
    ("D2", "jo3", "extra", "(", true, Both),
    ("D2", "jo3", "extra", ")", true, Both),
    ("D2", "jo3", "extra", "()", false, Both),
    ("D2", "3", "midaddress", "mid:a@b", true, Both),
    // D3: `*` and `+` are characters; repetition is one or more.
    ("D3", "jo3", "groupart", "*", true, Both),
    ("D3", "jo3", "groupart", "**", false, Both),
    ("D3", "jo3", "newsaddress", "news:*", true, Both),
    ("D3", "jo3", "xpalpha", "+", true, Both),
    ("D3", "jo3", "xalphas", "", false, Both),
    ("D3", "jo3", "digits", "0123456789", true, Both),
    ("D3", "jo3", "path", "", true, Both),
    // D4 and section 3: case.
    ("D4", "jo3", "httpaddress", "HTTP://h/", false, Strict),
    ("D4", "jo3", "httpaddress", "HTTP://h/", true, Default),
    ("D4", "jo3", "gopheraddress", "Gopher://h/1", true, Default),
    ("D4", "jo3", "gopheraddress", "Gopher://h/1", false, Strict),
    ("D4", "o3", "mailtoaddress", "MAILTO:a@b.c", true, Default),
    ("D4", "o3", "mailtoaddress", "MAILTO:a@b.c", false, Strict),
    ("D4", "jo3", "httpaddress", "http://H/P", true, Both),
    ("section 3", "jo3", "alpha", "\u{212A}", false, Both),
    (
        "section 3",
        "jo3",
        "newsaddress",
        "new\u{17F}:*",
        false,
        Both,
    ),
    ("section 3", "jo", "url", "MAILTO:joe@cern.ch", true, Strict),
    ("section 3", "jo", "url", "HTTP://h/", false, Strict),
    ("section 3", "jo", "url", "HTTP://h/", true, Default),
    ("section 3", "3", "ftptype", "AN", true, Both),
    ("section 3", "3", "ftptype", "an", false, Both),
    ("section 3", "3", "formcode", "n", false, Both),
    ("section 3", "r", "httpurl", "HTTP://h/", false, Strict),
    ("section 3", "r", "httpurl", "HTTP://h/", true, Default),
    // D31 (section 3): the prefix is a keyword of its own.
    ("D31", "3", "prefixedurl", "url:http://h/", true, Both),
    ("D31", "3", "prefixedurl", "URL:http://h/", false, Strict),
    ("D31", "3", "prefixedurl", "URL:http://h/", true, Default),
    ("D31", "3", "prefixedurl", "Url:http://h/", true, Default),
    ("D31", "3", "prefixedurl", "URL:HTTP://h/", true, Default),
    ("D31", "3", "prefixedurl", "url:HTTP://h/", true, Default),
    ("D31", "3", "prefixedurl", "URL:HTTP://h/", false, Strict),
    ("D31", "3", "prefixedurl", "url:HTTP://h/", false, Strict),
    ("D31", "3", "url", "url:http://h/", false, Both),
    ("D31", "3", "prefixedurl", "url:url:http://h/", false, Both),
    ("D31", "3", "prefixedurl", "<URL:http://h/>", false, Both),
    ("D31", "3", "prefixedurl", "url:ftp://@h/", false, Both),
    // D5: brackets and bars that are characters.
    ("D5", "j", "variant", "|", true, Both),
    ("D5", "j", "variant", "[", true, Both),
    ("D5", "j", "variant", "]", true, Both),
    ("D5", "j", "variant", "\\", true, Both),
    ("D5", "j", "variant", "||", false, Both),
    ("D5", "j", "variant", "", false, Both),
    ("D5", "o3", "national", "|", true, Both),
    ("D5", "o3", "national", "[", true, Both),
    ("D5", "o3", "national", "]", true, Both),
    ("D5", "o3", "national", "^", true, Both),
    ("D5", "o3", "national", "[]", false, Both),
    // D6: only the listed ASCII characters; `%` only in an escape.
    ("D6", "jo3", "xalpha", "\t", false, Both),
    ("D6", "jo3", "xalpha", "\r", false, Both),
    ("D6", "jo3", "xalpha", "\n", false, Both),
    ("D6", "jo3", "xalpha", "\u{7f}", false, Both),
    ("D6", "jo3", "xalpha", "\u{e9}", false, Both),
    ("D6", "jo3", "xalpha", "%", false, Both),
    ("D6", "jo3", "xalpha", "%4", false, Both),
    ("D6", "jo3", "xalpha", "%4a", true, Both),
    ("D6", "jo3", "xalpha", "%4A", true, Both),
    ("D6", "jo3", "xalpha", "%zz", false, Both),
    ("D6", "jo3", "xalphas", "a%2Fb", true, Both),
    ("D6", "jo3", "segment xpalphas", "a%2Fb", true, Both),
    ("D6", "jo3", "hostname", "a%2Fb", true, Both),
    // D8: space is a URL character until draft 03.
    ("D8", "jo", "httpaddress", "http://h/x y", true, Both),
    ("D8", "jo", "httpaddress", "http://h/a b", true, Both),
    ("D8", "jo", "url", "http://h/a b", true, Both),
    ("D8", "3", "httpaddress", "http://h/a b", false, Both),
    ("D8", "jo", "extra", " ", true, Both),
    ("D8", "3", "extra", " ", false, Both),
    // D9: July's FTP production.
    ("D9", "j", "fileaddress", "ftp://joe@h.dom/x", true, Both),
    ("D9", "j", "fileaddress", "ftp://h.dom:21/x", true, Both),
    ("D9", "j", "fileaddress", "ftp://10.1.2.3:21/x", false, Both),
    ("D9", "j", "fileaddress", "ftp://10.1.2.3/x", true, Both),
    ("D9", "j", "url", "file://h/x", false, Both),
    // D10: path segments of any length.
    ("D10", "jo3", "httpaddress", "http://h/ab", true, Both),
    ("D10", "jo3", "httpaddress", "http://h/abc", true, Both),
    ("D10", "jo3", "xpalphas", "abcdef", true, Both),
    // D11: host names.
    ("D11", "jo", "hostname", "x:y@z.w", true, Both),
    ("D11", "jo", "hostname", "h:80", true, Both),
    ("D11", "jo3", "hostname", "2x.com", false, Both),
    ("D11", "jo3", "host", "2x.com", false, Both),
    ("D11", "jo3", "hostnumber", "300.300.300.300", true, Both),
    ("D11", "jo3", "hostnumber", "10.0.0", false, Both),
    ("D11", "jo3", "host", "10.0.0", false, Both),
    ("D11", "jo3", "hostname", "a..b", true, Both),
    ("D11", "jo3", "group", "a..b", true, Both),
    ("D11", "jo3", "hostname", "a.", true, Both),
    // D12: paths and searches.
    ("D12", "jo3", "httpaddress", "http://h//p", false, Both),
    ("D12", "jo3", "httpaddress", "http://h/p/", true, Both),
    ("D12", "jo3", "httpaddress", "http://h/p?a+b", true, Both),
    ("D12", "jo", "httpaddress", "http://h/p?a++b", false, Both),
    ("D12", "jo3", "httpaddress", "http://h/p?", false, Both),
    ("D12", "jo3", "httpaddress", "http://h/p?a/b", false, Both),
    ("D12", "jo3", "httpaddress", "http://h/p?a=b", false, Both),
    ("D12", "jo3", "httpaddress", "http://host?q", true, Both),
    ("D12", "jo3", "path", "/p", false, Both),
    ("D12", "r", "httpurl", "http://host?q", false, Both),
    // D13, D38: Prospero's `%00`.
    (
        "D13",
        "jo3",
        "prosperolink",
        "prospero://h/a%00%00b",
        true,
        Both,
    ),
    (
        "D13",
        "jo3",
        "prosperolink",
        "prospero://h/a%00",
        true,
        Both,
    ),
    (
        "D13",
        "jo3",
        "prosperolink",
        "prospero://h/a%001abc",
        true,
        Both,
    ),
    ("D13", "jo3", "prosperolink", "prospero://h//a", false, Both),
    ("D13", "jo3", "prosperolink", "prospero://h", false, Both),
    ("D13", "jo3", "version", "", false, Both),
    ("D13", "jo3", "attributes", "abc1", true, Both),
    // D14: Gopher in 1993.
    ("D14", "jo", "gopheraddress", "gopher://h/", false, Both),
    ("D14", "jo", "gopheraddress", "gopher://h/0", true, Both),
    ("D14", "jo", "gopheraddress", "gopher://h/%41x", true, Both),
    ("D14", "jo3", "gtype", "%41", true, Both),
    ("D14", "jo3", "gtype", "ab", false, Both),
    ("D14", "jo", "gopheraddress", "gopher://h?x+y", true, Both),
    ("D14", "jo", "gopheraddress", "gopher://h/1?x", true, Both),
    (
        "D14",
        "jo",
        "gopheraddress",
        "gopher://h/1sel%09x",
        true,
        Both,
    ),
    // D15: WAIS in July.
    ("D15", "j", "waisdoc", "wais://h/db/WSRC/99/x", true, Both),
    ("D15", "j", "waisdoc", "wais://h/db/WSRC/x", false, Both),
    ("D15", "j", "waisdoc", "wais://h/db/WSRC/99/", true, Both),
    ("D15", "jo3", "waisindex", "wais://h/db?x", true, Both),
    ("D15", "jo3", "waisindex", "wais://h/d/b", false, Both),
    ("D15", "jo3", "waisindex", "wais://h/", false, Both),
    // D16: Telnet never ends in `/`.
    (
        "D16",
        "jo3",
        "telnetaddress",
        "telnet://joe@h.dom/",
        false,
        Both,
    ),
    (
        "D16",
        "jo3",
        "telnetaddress",
        "telnet://joe@h.dom",
        true,
        Both,
    ),
    (
        "D16",
        "jo3",
        "telnetaddress",
        "telnet://h.dom:23",
        true,
        Both,
    ),
    // D17: July and October's `generic`.
    ("D17", "jo", "url", "news:x/y", true, Both),
    ("D17", "jo", "newsaddress", "news:x/y", false, Both),
    ("D17", "jo", "url", "mailto:joe@cern.ch", true, Both),
    ("D17", "jo", "url", "mailto:joe@10.0.0.1", true, Both),
    ("D17", "jo", "url", "x-y:p?q+r", true, Both),
    ("D17", "jo", "generic", "x-y:p?q+r", true, Both),
    (
        "D17",
        "jo",
        "url",
        "PR:aftp/xx.yy.edu/pub/doc/README",
        true,
        Both,
    ),
    ("D17", "jo", "generic", "http://h/", false, Both),
    ("D17", "jo", "url", "http://h//p", false, Both),
    ("D17", "jo", "url", "ftp://h.dom", false, Both),
    ("D17", "jo", "url", "1x:y", false, Both),
    // D18: fragments.
    (
        "D18",
        "jo",
        "fragmentaddress",
        "http://h/x#frag",
        true,
        Both,
    ),
    ("D18", "jo", "fragmentaddress", "http://h/x", true, Both),
    ("D18", "jo", "fragmentaddress", "http://h/x#", false, Both),
    (
        "D18",
        "jo",
        "fragmentaddress",
        "http://h/x#a#b",
        false,
        Both,
    ),
    ("D18", "jo", "url", "http://h/x#a", false, Both),
    ("D18", "jo3", "fragmentid", "", false, Both),
    // D20, D24: October's `url` (and its `uri`); `afsaddress` is no `url`.
    ("D20", "o", "uri", "http://h/", true, Both),
    ("D24", "o3", "afsaddress", "afs://cell.dom/u/x", true, Both),
    ("D24", "o3", "url", "afs://cell.dom/u/x", false, Both),
    ("D24", "j", "url", "afs://cell.dom/u/x", true, Both),
    // D21: the nameless line is `digit`.
    ("D21", "o", "digit", "7", true, Both),
    ("D21", "o", "digit", "a", false, Both),
    // D22: one colon after `mailto`; October still takes `mailto::`.
    (
        "D22",
        "o3",
        "mailtoaddress",
        "mailto:joe@cern.ch",
        true,
        Both,
    ),
    (
        "D22",
        "o",
        "mailtoaddress",
        "mailto::joe@cern.ch",
        true,
        Both,
    ),
    (
        "D22",
        "3",
        "mailtoaddress",
        "mailto::joe@cern.ch",
        false,
        Both,
    ),
    // D23: `nntp:` has no server and needs the article number.
    ("D23", "o3", "nntpaddress", "nntp:alt.x/7", true, Both),
    ("D23", "o3", "nntpaddress", "nntp://h/alt.x/7", false, Both),
    ("D23", "o3", "nntpaddress", "nntp:alt.x", false, Both),
    ("D23", "o3", "url", "nntp://h/alt.x/7", false, Both),
    // D25: `login`.
    ("D25", "o", "ftpaddress", "ftp://@h.dom/x", false, Both),
    ("D25", "o", "ftpaddress", "ftp://bar:@h.dom/", true, Both),
    ("D25", "o", "login", "bar:@h.dom", true, Both),
    ("D25", "o", "login", "u:p@h.dom:21", true, Both),
    ("D25", "o", "hostname", "bar:@h.dom", true, Both),
    // D26: October's ftp, wais and mailto.
    ("D26", "o3", "ftpaddress", "ftp://h.dom/", true, Both),
    ("D26", "o3", "ftpaddress", "ftp://h.dom", false, Both),
    ("D26", "o", "waisdoc", "wais://h/db/WSRC/x", true, Both),
    (
        "D26",
        "o",
        "mailtoaddress",
        "mailto:joe@10.0.0.1",
        false,
        Both,
    ),
    ("D26", "o", "url", "mailto:joe@10.0.0.1", true, Both),
    // D30: draft 03 has no `generic`.
    ("D30", "3", "url", "file://h/x", false, Both),
    ("D30", "3", "url", "x-y:p", false, Both),
    ("D30", "3", "url", "rlogin://h", false, Both),
    ("D30", "3", "url", "news:x/y", false, Both),
    ("D30", "3", "scheme", "x-y", true, Both),
    ("D30", "3", "fragmentid", "abc", true, Both),
    ("D30", "3", "cellname", "cell.dom", true, Both),
    // D32: no `;type=`; `ftptype` adds nothing to `ftpaddress`.
    ("D32", "3", "ftpaddress", "ftp://h/x;type=i", false, Both),
    ("D32", "3", "ftpaddress", "ftp://h/xI", true, Both),
    ("D32", "3", "ftpaddress", "ftp://h/I", true, Both),
    ("D32", "3", "ftptype", "EC", true, Both),
    ("D32", "3", "ftptype", "I", true, Both),
    ("D32", "3", "ftptype", "L16", true, Both),
    ("D32", "3", "ftptype", "E", false, Both),
    ("D32", "3", "ftptype", "L", false, Both),
    ("D32", "3", "ftptype", "i", false, Both),
    // D33: the supplied definitions.
    ("D33", "3", "midaddress", "mid:a.b@c.d", true, Both),
    ("D33", "3", "cidaddress", "cid:p1@c.d", true, Both),
    ("D33", "3", "midaddress", "mid:<a.b@c.d>", false, Both),
    ("D33", "3", "url", "mid:a.b@c.d", true, Both),
    ("D33", "3", "midaddress", "mid:a.b@1.2.3.4", false, Both),
    // D34: characters moved in draft 03.
    ("D34", "3", "httpaddress", "http://h/a:b", false, Both),
    ("D34", "3", "newsaddress", "news:a:b", false, Both),
    ("D34", "3", "hostname", "a+b", true, Both),
    ("D34", "3", "newsaddress", "news:c.l.c++", true, Both),
    ("D34", "3", "search", "a++b", true, Both),
    ("D34", "3", "xalpha", ";", false, Both),
    ("D34", "3", "xalpha", "+", true, Both),
    ("D34", "jo", "xalpha", "+", false, Both),
    ("D34", "jo", "httpaddress", "http://h/a:b", true, Both),
    // D35: draft 03's user and password.
    ("D35", "3", "user", "j.doe+x", true, Both),
    ("D35", "3", "user", "a%41", false, Both),
    ("D35", "3", "user", "j@x", false, Both),
    ("D35", "3", "telnetaddress", "telnet://u@v@h", true, Both),
    ("D35", "3", "telnetaddress", "telnet://u:p:q@h", false, Both),
    ("D35", "3", "ftpaddress", "ftp://bar:@h.dom/", false, Both),
    ("D35", "3", "ftpaddress", "ftp://bar:pw@h.dom/", true, Both),
    // D36: draft 03's Gopher.
    ("D36", "3", "gopheraddress", "gopher://h/1x?y", false, Both),
    ("D36", "3", "gopheraddress", "gopher://h/1x%09y", true, Both),
    ("D36", "3", "gopheraddress", "gopher://h", true, Both),
    ("D36", "3", "gopheraddress", "gopher://h/", false, Both),
    // D37: `wpath`.
    (
        "D37",
        "3",
        "waisdoc",
        "wais://h/db/WSRC/3=x/y;4=z;",
        true,
        Both,
    ),
    ("D37", "3", "waisdoc", "wais://h/db/WSRC/x=y;", false, Both),
    ("D37", "3", "waisdoc", "wais://h/db/WSRC/1=a", false, Both),
    ("D37", "3", "wpath", "1=;", true, Both),
    // D42: the injected domain, joined.
    (
        "D42",
        "jo",
        "fragmentaddress",
        "http://ds.internic..hcv8jop2ns0r.cnnet/instructions/overview.html#WARNING",
        true,
        Both,
    ),
    // D43: address forms that are not URLs.
    (
        "D43",
        "jo",
        "url",
        "PR:aftp/xx.yy.edu/pub/doc/README",
        true,
        Both,
    ),
    (
        "D43",
        "3",
        "url",
        "PR:aftp/xx.yy.edu/pub/doc/README",
        false,
        Both,
    ),
    (
        "D43",
        "r",
        "url",
        "PR:aftp/xx.yy.edu/pub/doc/README",
        false,
        Strict,
    ),
    (
        "D43",
        "r",
        "url",
        "PR:aftp/xx.yy.edu/pub/doc/README",
        true,
        Default,
    ),
    (
        "D43",
        "jo3",
        "url",
        "xxx.yyy.zz.edu:/pub.aa.bb.cc",
        false,
        Both,
    ),
    (
        "D43",
        "r",
        "genericurl",
        "xxx.yyy.zz.edu:/pub.aa.bb.cc",
        true,
        Both,
    ),
    // D44: RFC 1738's `url` includes `otherurl`.
    ("D44", "r", "url", "http://host?q", true, Both),
    ("D44", "r", "otherurl", "http://host?q", true, Both),
    // Section 3: RFC 1738's default mode folds scheme names only.
    (
        "section 3",
        "r",
        "ftpurl",
        "FTP://h/x;type=a",
        true,
        Default,
    ),
    ("section 3", "r", "ftpurl", "ftp://h/x;TYPE=a", false, Both),
    // Section 5: the same text is not the same language.
    ("section 5", "jo", "xalphas", "a b", true, Both),
    ("section 5", "3", "xalphas", "a b", false, Both),
    ("section 5", "jo", "hostname", "a+b", false, Both),
    ("section 5", "3", "hostname", "a+b", true, Both),
    ("section 5", "jo", "search", "a;b", true, Both),
    ("section 5", "3", "search", "a;b", false, Both),
    ("section 5", "jo", "article", ";@h", true, Both),
    ("section 5", "3", "article", ";@h", false, Both),
    ("section 5", "jo", "group", "c.l.c++", false, Both),
    ("section 5", "3", "group", "c.l.c++", true, Both),
    // Section 7: schemes named but not defined.
    ("section 7", "jo", "url", "rlogin:joe@h", true, Both),
    ("section 7", "jo", "url", "tn3270:h", true, Both),
    ("section 7", "jo", "url", "x500:c,gb", true, Both),
    // ... but not whois++ (`+` is no `xalpha` before draft 03), and no `//`
    // form (D17): see the notes in grammar/DRAFTS.md.
    ("section 7", "jo", "url", "whois++:h", false, Both),
    ("section 7", "jo", "generic", "whois++:h", false, Both),
    ("section 7", "jo", "url", "rlogin://joe@h", false, Both),
    ("section 7", "jo", "url", "tn3270://h", false, Both),
    ("section 7", "3", "url", "rlogin:joe@h", false, Both),
    // Section 9, draft 03 to RFC 1738.
    ("section 9", "r", "hostname", "3com.com", true, Both),
    ("section 9", "r", "hostname", "a.1b", false, Both),
    ("section 9", "jo3", "hostname", "a.1b", true, Both),
    ("section 9", "r", "ftpurl", "ftp://:@h/", true, Both),
    ("section 9", "r", "ftpurl", "ftp://h//x", true, Both),
    ("section 9", "o3", "ftpaddress", "ftp://h//x", false, Both),
    ("section 9", "r", "ftpurl", "ftp://h/x;type=i", true, Both),
    ("section 9", "r", "httpurl", "http://h/a?b=c", true, Both),
    ("section 9", "r", "nntpurl", "nntp://host/group", true, Both),
    (
        "section 9",
        "r",
        "nntpurl",
        "nntp://host/group/12",
        true,
        Both,
    ),
    ("section 9", "r", "mailtourl", "mailto:x", true, Both),
    ("section 9", "o3", "mailtoaddress", "mailto:x", false, Both),
    ("section 9", "r", "xchar", "\"", false, Both),
    ("section 9", "jo3", "xalpha", "\"", true, Both),
    ("section 9", "r", "url", "http://h/#a", false, Both),
    ("section 9", "r", "url", "afs://cell/x", true, Both),
    ("section 9", "r", "url", "mid:a@b", true, Both),
    ("section 9", "r", "httpurl", "url:http://h/", false, Both),
    // Section 8: where a parser that commits goes wrong.
    ("section 8", "jo", "article", "a@1@b", true, Both),
    ("section 8", "jo", "article", "a@b@1x", true, Both),
    ("section 8", "jo3", "article", "a@1", false, Both),
    ("section 8", "jo3", "article", "a@b", true, Both),
    (
        "section 8",
        "o",
        "mailtoaddress",
        "mailto:a@b@1x",
        true,
        Both,
    ),
    ("section 8", "jo", "generic", "a:b:c", true, Both),
    ("section 8", "jo3", "waisaddress", "wais://h/db", true, Both),
    (
        "section 8",
        "j",
        "waisaddress",
        "wais://h/db/t/9/x",
        true,
        Both,
    ),
    (
        "section 8",
        "o",
        "waisaddress",
        "wais://h/db/t/x",
        true,
        Both,
    ),
    (
        "section 8",
        "3",
        "waisaddress",
        "wais://h/db/t/1=x;",
        true,
        Both,
    ),
    ("section 8", "jo3", "hostport", "10.1.2.3:80", true, Both),
    ("section 8", "jo", "hostname", "10.1.2.3:80", false, Both),
];

fn dialects_of(letters: &str) -> Vec<Dialect> {
    letters
        .chars()
        .map(|c| match c {
            'j' => JUL,
            'o' => OCT,
            '3' => D03,
            'r' => RFC,
            other => panic!("no dialect {other:?}"),
        })
        .collect()
}

#[test]
fn every_decision_with_a_concrete_string_holds() {
    let o = oracles();
    let mut failures = Vec::new();
    for &(decision, dialects, productions, text, expected, mode) in CASES {
        let modes: &[bool] = match mode {
            Both => &[true, false],
            Strict => &[true],
            Default => &[false],
        };
        for dialect in dialects_of(dialects) {
            // `segment xpalphas`: the first name the dialect has.
            let production = productions
                .split_whitespace()
                .find(|p| o.has(dialect, p))
                .unwrap_or_else(|| panic!("{decision}: {dialect} has no {productions}"));
            for &strict in modes {
                let found = o.matches(dialect, production, text, strict);
                if found != expected {
                    failures.push(format!(
                        "{decision}: {dialect} {production} {text:?} (strict: {strict}): expected {expected}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(CASES.len() > 200);
}

#[test]
fn the_issue_s_examples_hold() {
    let o = oracles();
    for strict in [true, false] {
        // "in July 1993 a space is a URL character and `http://h/a b` is a URL"
        assert!(o.matches(JUL, "url", "http://h/a b", strict), "D8");
        assert!(!o.matches(RFC, "url", "http://h/a b", strict), "D8");
        // "before RFC 1738 `http://host?query` needs no `/`"
        for d in Dialect::DRAFTS {
            assert!(
                o.matches(d, "httpaddress", "http://host?query", strict),
                "D12 {d}"
            );
            assert!(o.matches(d, "url", "http://host?query", strict), "D12 {d}");
        }
        assert!(
            !o.matches(RFC, "httpurl", "http://host?query", strict),
            "D44"
        );
        // "a draft hostname never starts with a digit"
        for d in Dialect::DRAFTS {
            for host in ["2x.com", "3com.com", "1a", "0", "9-x.y"] {
                assert!(!o.matches(d, "hostname", host, strict), "D11 {d} {host}");
            }
        }
        assert!(o.matches(RFC, "hostname", "3com.com", strict), "section 9");
        // "`nntp:group/123` has no host"
        for d in [OCT, D03] {
            assert!(o.matches(d, "nntpaddress", "nntp:group/123", strict), "D23");
            assert!(
                !o.matches(d, "nntpaddress", "nntp://host/group/123", strict),
                "D23"
            );
        }
        assert!(
            !o.matches(RFC, "nntpurl", "nntp:group/123", strict),
            "D23, section 9"
        );
        assert!(o.matches(RFC, "nntpurl", "nntp://host/group/123", strict));
        // "`ftp://h//etc/motd` is no URL in any draft"
        for d in Dialect::DRAFTS {
            for top in d.top_level() {
                for text in ["ftp://h//etc/motd", "ftp://myname@host.dom//etc/motd"] {
                    assert!(!o.matches(d, top, text, strict), "D12 {d} {top} {text}");
                }
            }
        }
        assert!(
            o.matches(RFC, "ftpurl", "ftp://h//etc/motd", strict),
            "section 9"
        );
        // "the October draft has `mailto::`"
        assert!(
            o.matches(OCT, "mailtoaddress", "mailto::joe@cern.ch", strict),
            "D22"
        );
        // "draft 03 has `URL:` prefixes, `mid:` and `cid:`"
        assert!(
            o.matches(D03, "prefixedurl", "url:http://h/", strict),
            "D31"
        );
        assert_eq!(
            o.matches(D03, "prefixedurl", "URL:http://h/", strict),
            !strict,
            "D31"
        );
        assert!(o.matches(D03, "url", "mid:a.b@c.d", strict), "D33");
        assert!(o.matches(D03, "url", "cid:p1@c.d", strict), "D33");
        for d in [JUL, OCT, RFC] {
            assert!(!o.has(d, "prefixedurl") && !o.has(d, "midaddress"), "{d}");
        }
    }
}

/// Section 9's table: the scheme's own production in strict mode (`url`
/// where the revision has none).
#[test]
fn section_9_what_changed_between_revisions() {
    let o = oracles();
    let rows: &[(&str, [(&str, bool); 4])] = &[
        (
            "http://host?q",
            [
                ("httpaddress", true),
                ("httpaddress", true),
                ("httpaddress", true),
                ("httpurl", false),
            ],
        ),
        (
            "http://h/x y",
            [
                ("httpaddress", true),
                ("httpaddress", true),
                ("httpaddress", false),
                ("httpurl", false),
            ],
        ),
        (
            "http://h/a?b=c",
            [
                ("httpaddress", false),
                ("httpaddress", false),
                ("httpaddress", false),
                ("httpurl", true),
            ],
        ),
        (
            "http://4u.example/",
            [
                ("httpaddress", false),
                ("httpaddress", false),
                ("httpaddress", false),
                ("httpurl", true),
            ],
        ),
        (
            "ftp://h.dom",
            [
                ("fileaddress", false),
                ("ftpaddress", false),
                ("ftpaddress", false),
                ("ftpurl", true),
            ],
        ),
        (
            "nntp:alt.x/7",
            [
                ("url", true),
                ("nntpaddress", true),
                ("nntpaddress", true),
                ("nntpurl", false),
            ],
        ),
        (
            "mailto::joe@cern.ch",
            [
                ("url", true),
                ("mailtoaddress", true),
                ("mailtoaddress", false),
                ("mailtourl", true),
            ],
        ),
        (
            "gopher://h/1x?y",
            [
                ("gopheraddress", true),
                ("gopheraddress", true),
                ("gopheraddress", false),
                ("gopherurl", true),
            ],
        ),
    ];
    for (text, verdicts) in rows {
        for (dialect, (production, expected)) in Dialect::ALL.into_iter().zip(verdicts) {
            assert_eq!(
                o.matches(dialect, production, text, true),
                *expected,
                "section 9: {dialect} {production} {text}"
            );
        }
    }
    assert!(o.matches(RFC, "url", "http://host?q", true), "D44");
    assert!(!o.has(JUL, "nntpaddress") && !o.has(JUL, "mailtoaddress"));
    assert!(o.matches(D03, "prefixedurl", "url:http://h/", true));
    // The character classes of July and October are the same text (section
    // 5), those of draft 03 are not (D34).
    for class in [
        "alpha", "digit", "safe", "extra", "escape", "hex", "xalpha", "xpalpha",
    ] {
        let rhs = |d: Dialect| o.draft(d).unwrap().get(class).unwrap().rhs.clone();
        assert_eq!(rhs(JUL), rhs(OCT), "{class}");
    }
    let rhs = |d: Dialect, n: &str| o.draft(d).unwrap().get(n).unwrap().rhs.clone();
    assert_ne!(rhs(OCT, "safe"), rhs(D03, "safe"), "D34");
    assert_ne!(rhs(OCT, "extra"), rhs(D03, "extra"), "D34");
}

/// Section 10: the documents' example URLs, strict mode. A cell is the
/// verdict of `url`, of the scheme's own production (`-`: none) and, for a
/// URL with `#`, of `fragmentaddress`.
#[test]
fn section_10_the_documents_example_urls() {
    let o = oracles();
    // (text, own production per revision, cells per revision)
    type Row = (&'static str, [&'static str; 4], [&'static str; 4]);
    const FTP: [&str; 4] = ["fileaddress", "ftpaddress", "ftpaddress", "ftpurl"];
    const HTTP: [&str; 4] = ["httpaddress", "httpaddress", "httpaddress", "httpurl"];
    const GOPHER: [&str; 4] = [
        "gopheraddress",
        "gopheraddress",
        "gopheraddress",
        "gopherurl",
    ];
    const PROSPERO: [&str; 4] = [
        "prosperolink",
        "prosperolink",
        "prosperolink",
        "prosperourl",
    ];
    const NONE: [&str; 4] = ["-", "-", "-", "-"];
    const FILE: [&str; 4] = ["-", "-", "-", "fileurl"];
    let rows: &[Row] = &[
        (
            "PR:aftp/xx.yy.edu/pub/doc/README",
            NONE,
            ["y -", "y -", "n -", "n -"],
        ),
        (
            "xxx.yyy.zz.edu:/pub.aa.bb.cc",
            NONE,
            ["n -", "n -", "n -", "y -"],
        ),
        (
            "gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher",
            GOPHER,
            ["y y", "y y", "n n", "n n"],
        ),
        ("ftp://@host.com/", FTP, ["n n", "n n", "n n", "y y"]),
        ("ftp://foo:@host.com/", FTP, ["y y", "y y", "n n", "y y"]),
        (
            "ftp://myname@host.dom//etc/motd",
            FTP,
            ["n n", "n n", "n n", "y y"],
        ),
        (
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
            FILE,
            ["n -", "n -", "n -", "y y"],
        ),
        (
            "prospero://host.dom//pros/name",
            PROSPERO,
            ["n n", "n n", "n n", "y y"],
        ),
        (
            "ftp://info.cern.ch/pub/www/doc;type=d",
            FTP,
            ["n n", "n n", "n n", "y y"],
        ),
        (
            "http://ds.internic.net/instructions/overview.html#WARNING",
            HTTP,
            ["n n #y", "n n #y", "n n", "n n"],
        ),
        (
            "http://ds.internic..hcv8jop2ns0r.cnnet/instructions/overview.html#WARNING",
            HTTP,
            ["n n #y", "n n #y", "n n", "n n"],
        ),
        (
            "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
            FTP,
            ["n n", "n n", "n n", "y y"],
        ),
    ];
    let cell = |dialect: Dialect, own: &str, text: &str, strict: bool| -> String {
        let yes = |b: bool| if b { "y" } else { "n" };
        let mut cell = yes(o.matches(dialect, "url", text, strict)).to_string();
        cell.push(' ');
        cell.push_str(if own == "-" {
            "-"
        } else {
            yes(o.matches(dialect, own, text, strict))
        });
        if text.contains('#') && o.has(dialect, "fragmentaddress") {
            cell.push_str(" #");
            cell.push_str(yes(o.matches(dialect, "fragmentaddress", text, strict)));
        }
        cell
    };
    for (text, own, cells) in rows {
        for (i, dialect) in Dialect::ALL.into_iter().enumerate() {
            assert_eq!(
                cell(dialect, own[i], text, true),
                cells[i],
                "section 10: {dialect} {text}"
            );
            // "The default mode gives the same verdicts, except that RFC
            // 1738's url accepts PR:aftp/... there."
            let default = cell(dialect, own[i], text, false);
            if dialect == RFC && text.starts_with("PR:") {
                assert_eq!(default, "y -", "section 10, D43");
            } else {
                assert_eq!(default, cells[i], "section 10 (default): {dialect} {text}");
            }
        }
    }

    // Accepted by `url` and by the scheme's production in all four revisions.
    let everywhere = [
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
        "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
        "ftp://info.cern.ch/pub/www/doc/http-spec.txt",
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        "ftp://nnsf.net/rfc/rfc977.txt",
        "wais://quake.think.com/wais-discussion-archives?lynch",
        "ftp://nnsf.net/rfc/rfc1034.txt",
        "ftp://prospero.isi.edu/pub/prospero/oir.ps",
        "ftp://nnsf.net/rfc/rfc959.txt",
        "ftp://uu.psi.com/wp/nir.txt",
        "wais://nnsf.net/internet-drafts?yeong",
        "ftp://info.cern.ch/pub",
        "ftp://ds.internic.net/rfc",
        "ftp://ds.internic.net/rfc/rfc977.txt",
        "ftp://ds.internic.net/rfc/rfc1034.txt",
        "ftp://ds.internic.net/rfc/rfc959.txt",
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
        "http://www.w3.org/hypertext/WWW/Addressing/URL/Overview.html",
        "ftp://ftp.w3.org/pub/www/doc",
        "ftp://ftp.w3.org/pub/www/doc/http-spec.txt",
        "http://www.acl.lanl.gov.hcv8jop2ns0r.cn/URI/archive/uri-archive.index.html",
        "ftp://host.com/",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://myname@host.dom/etc/motd",
        "news:*",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
        "ftp://ds.internic.net/rfc/rfc1630.txt",
        "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
        "ftp://ds.internic.net/rfc/rfc1123.txt",
        "ftp://ds.internic.net/rfc/rfc822.txt",
        "ftp://ds.internic.net/rfc/rfc1036.txt",
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
        "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
        "ftp://ds.internic.net/rfc/rfc1737.txt",
        "ftp://ds.internic.net/rfc/rfc1625.txt",
    ];
    for text in everywhere {
        for dialect in Dialect::ALL {
            for strict in [true, false] {
                assert!(
                    o.matches(dialect, "url", text, strict),
                    "section 10: {dialect} {text}"
                );
                let own = o
                    .scheme_production(dialect, text, strict)
                    .unwrap_or_else(|| panic!("{dialect} has a production for {text}"));
                assert!(
                    o.matches(dialect, &own, text, strict),
                    "section 10: {dialect} {own} {text}"
                );
            }
        }
    }

    // D41: draft 03's gopher examples, as printed and without ` [port]`.
    let d41 = [
        "gopher://host [port]/0a_gopher_selector",
        "gopher://host [port]/7a_gopher_selector%09foobar",
        "gopher://host [port]/0a_gopher_selector%09%09some_gplus_stuff",
        "gopher://host [port]/0a_gopher_selector%09%09!",
        "gopher://host [port]/0a_gopher_selector%09%09+application/postscript%20Es_ES",
    ];
    for printed in d41 {
        let stripped = printed.replace(" [port]", "");
        for dialect in Dialect::ALL {
            for strict in [true, false] {
                for top in dialect.top_level() {
                    assert!(
                        !o.matches(dialect, top, printed, strict),
                        "D41 {dialect} {printed}"
                    );
                }
                assert!(
                    o.matches(dialect, "url", &stripped, strict),
                    "D41 {dialect} {stripped}"
                );
                let own = o.scheme_production(dialect, &stripped, strict).unwrap();
                assert!(own.starts_with("gopher"), "{own}");
                assert!(
                    o.matches(dialect, &own, &stripped, strict),
                    "D41 {dialect} {stripped}"
                );
            }
        }
    }

    // D31: RFC 1738's examples with `URL:` kept, as draft 03 prefixed URLs.
    let prefixed = [
        ("URL:ftp://@host.com/", false, false),
        ("URL:ftp://myname@host.dom/%2Fetc/motd", false, true),
        ("URL:news:*", false, true),
        ("URL:ftp://ds.internic.net/rfc", false, true),
        ("URL:ftp://uu.psi.com/wp/nir.txt", false, true),
    ];
    for (text, strict, default) in prefixed {
        assert_eq!(
            o.matches(D03, "prefixedurl", text, true),
            strict,
            "D31 strict {text}"
        );
        assert_eq!(
            o.matches(D03, "prefixedurl", text, false),
            default,
            "D31 default {text}"
        );
    }
}

// ---------------------------------------------------------------------------
// Generated strings

const SEED: u64 = 0x1993_0714_0003;
/// Valid strings and near misses per production and mode.
const SAMPLES: usize = 300;

/// Every production of every dialect generates strings it accepts, in both
/// modes (keywords in random case for the default mode); near misses get a
/// verdict; the default mode accepts everything strict mode does.
#[test]
fn generated_strings_and_near_misses_of_every_production() {
    let o = oracles();
    let mut rng = Rng::new(SEED);
    let mut report = String::new();
    for dialect in Dialect::ALL {
        let (mut valid, mut misses, mut rejected) = (0, 0, 0);
        for name in o.names(dialect) {
            for mixed_case in [false, true] {
                for _ in 0..SAMPLES {
                    let text = o.generate(dialect, name, &mut rng, mixed_case);
                    assert!(
                        o.matches(dialect, name, &text, false),
                        "{dialect} {name}: generated {text:?} rejected (default mode)"
                    );
                    if !mixed_case {
                        assert!(
                            o.matches(dialect, name, &text, true),
                            "{dialect} {name}: generated {text:?} rejected (strict)"
                        );
                    }
                    valid += 1;
                    let miss = near_miss(&text, &mut rng);
                    let strict = o.matches(dialect, name, &miss, true);
                    let default = o.matches(dialect, name, &miss, false);
                    assert!(!strict || default, "{dialect} {name} {miss:?}: section 3");
                    misses += 1;
                    rejected += usize::from(!default);
                }
            }
        }
        assert!(valid >= 2 * SAMPLES * 53, "{dialect}");
        // Near misses are mostly misses, not all of them (a `.` for an
        // `a` in a host name is still a host name).
        assert!(
            rejected * 10 > misses && rejected < misses,
            "{dialect}: {rejected}/{misses}"
        );
        report.push_str(&format!(
            "{dialect}: {valid} generated strings accepted, {rejected} of {misses} near misses rejected\n"
        ));
    }
    eprint!("{report}");
}

/// A draft hostname never starts with a digit (D11), whatever follows.
#[test]
fn a_draft_hostname_never_starts_with_a_digit() {
    let o = oracles();
    let mut rng = Rng::new(SEED ^ 11);
    for dialect in Dialect::DRAFTS {
        for _ in 0..2000 {
            let host = o.generate(dialect, "host", &mut rng, false);
            let text = near_miss(&host, &mut rng);
            if text.starts_with(|c: char| c.is_ascii_digit()) {
                assert!(
                    !o.matches(dialect, "hostname", &text, true),
                    "{dialect} {text:?}"
                );
                let is_number = o.matches(dialect, "hostnumber", &text, true);
                assert_eq!(
                    o.matches(dialect, "host", &text, true),
                    is_number,
                    "{text:?}"
                );
            }
            if o.matches(dialect, "hostname", &text, true) {
                assert!(
                    text.starts_with(|c: char| c.is_ascii_alphabetic()),
                    "{text:?}"
                );
            }
        }
    }
}

/// Section 8's identities, on generated strings and near misses of each side.
#[test]
fn section_8_identities() {
    let o = oracles();
    let mut rng = Rng::new(SEED ^ 8);
    let pool = |rng: &mut Rng, dialect: Dialect, names: &[&str]| -> Vec<String> {
        let mut pool = Vec::new();
        for name in names {
            for _ in 0..400 {
                let text = o.generate(dialect, name, rng, false);
                pool.push(near_miss(&text, rng));
                pool.push(text);
            }
        }
        pool
    };
    // `hostname`, `group` and `ialpha` are one language (D11).
    for dialect in Dialect::DRAFTS {
        let names = ["hostname", "group", "ialpha"];
        for text in pool(&mut rng, dialect, &names) {
            let verdicts: Vec<bool> = names
                .iter()
                .map(|n| o.matches(dialect, n, &text, true))
                .collect();
            assert!(
                verdicts.iter().all(|v| *v == verdicts[0]),
                "D11 {dialect} {text:?}"
            );
        }
    }
    // Draft 03: `xpalpha` is `xalpha`, `search` is `xalphas` (D34).
    for (a, b) in [
        ("xpalpha", "xalpha"),
        ("search", "xalphas"),
        ("xpalphas", "xalphas"),
    ] {
        for text in pool(&mut rng, D03, &[a, b]) {
            assert_eq!(
                o.matches(D03, a, &text, true),
                o.matches(D03, b, &text, true),
                "D34 {a} {b} {text:?}"
            );
        }
    }
    // A string split at some `/` into a `login` (or `hostport`) and a `path`.
    let split = |dialect: Dialect, head: &str, rest: &str| -> bool {
        rest.match_indices('/').any(|(i, _)| {
            o.matches(dialect, head, &rest[..i], true)
                && o.matches(dialect, "path", &rest[i + 1..], true)
        })
    };
    // `prosperolink` is `p r o s p e r o : / / hostport / path` (D13, D38).
    for dialect in Dialect::DRAFTS {
        for text in pool(&mut rng, dialect, &["prosperolink"]) {
            let plain = text
                .strip_prefix("prospero://")
                .is_some_and(|rest| split(dialect, "hostport", rest));
            assert_eq!(
                o.matches(dialect, "prosperolink", &text, true),
                plain,
                "D13 {text:?}"
            );
        }
    }
    // Draft 03: `ftpaddress` is `f t p : / / login / path` (D32).
    for text in pool(&mut rng, D03, &["ftpaddress"]) {
        let plain = text
            .strip_prefix("ftp://")
            .is_some_and(|rest| split(D03, "login", rest));
        assert_eq!(
            o.matches(D03, "ftpaddress", &text, true),
            plain,
            "D32 {text:?}"
        );
    }
    // 1993 `generic`: splitting at the first `:` is always right (section 8).
    for dialect in [JUL, OCT] {
        for text in pool(&mut rng, dialect, &["generic"]) {
            let first = text.split_once(':').is_some_and(|(scheme, rest)| {
                let tail = |path: &str, search: Option<&str>| {
                    o.matches(dialect, "path", path, true)
                        && search.map_or(true, |s| o.matches(dialect, "search", s, true))
                };
                o.matches(dialect, "scheme", scheme, true)
                    && (tail(rest, None)
                        || rest
                            .match_indices('?')
                            .any(|(i, _)| tail(&rest[..i], Some(&rest[i + 1..]))))
            });
            assert_eq!(
                o.matches(dialect, "generic", &text, true),
                first,
                "section 8 {text:?}"
            );
        }
    }
    // October: `login` is `[ xalphas @ ] hostport` (D25).
    for text in pool(&mut rng, OCT, &["login"]) {
        let plain = o.matches(OCT, "hostport", &text, true)
            || text.match_indices('@').any(|(i, _)| {
                o.matches(OCT, "xalphas", &text[..i], true)
                    && o.matches(OCT, "hostport", &text[i + 1..], true)
            });
        assert_eq!(o.matches(OCT, "login", &text, true), plain, "D25 {text:?}");
    }
}

// ---------------------------------------------------------------------------
// The drafts' examples

const EXAMPLES: &str = "tests/fixtures/draft_examples.tsv";
const VERDICT_COLUMNS: usize = 8;

/// One row of `draft_examples.tsv` (its header says what the columns are).
#[derive(Debug)]
struct DraftExample {
    seed: String,
    line: usize,
    column: usize,
    kind: String,
    url: String,
    verdicts: Vec<String>,
    note: String,
}

fn draft_examples() -> (Vec<String>, Vec<DraftExample>) {
    let path = format!("{}/{EXAMPLES}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect(EXAMPLES);
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<String> = lines
        .next()
        .expect("a header")
        .split('\t')
        .map(String::from)
        .collect();
    let rows = lines
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 6 + VERDICT_COLUMNS, "{line:?}");
            DraftExample {
                seed: f[0].to_string(),
                line: f[1].parse().expect("a line"),
                column: f[2].parse().expect("a column"),
                kind: f[3].to_string(),
                url: f[4].to_string(),
                verdicts: f[5..5 + VERDICT_COLUMNS]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
                note: f[5 + VERDICT_COLUMNS].to_string(),
            }
        })
        .collect();
    (header, rows)
}

/// The verdict columns of a URL: the four revisions strict, then default.
fn verdicts(o: &Oracles, url: &str) -> Vec<String> {
    [true, false]
        .into_iter()
        .flat_map(|strict| Dialect::ALL.map(|d| o.verdict(d, url, strict)))
        .collect()
}

#[test]
fn the_drafts_examples_have_the_verdicts_of_the_fixture() {
    let o = oracles();
    let (header, rows) = draft_examples();
    let mut expected_header = vec!["seed", "line", "column", "kind", "url"]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    for suffix in ["", " default"] {
        expected_header.extend(Dialect::ALL.map(|d| format!("{d}{suffix}")));
    }
    expected_header.push("note".into());
    assert_eq!(header, expected_header);

    let mut mismatches = Vec::new();
    for row in &rows {
        let computed = verdicts(o, &row.url);
        if computed != row.verdicts {
            mismatches.push(format!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}",
                row.seed,
                row.line,
                row.column,
                row.kind,
                row.url,
                computed.join("\t"),
                row.note
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} rows of {EXAMPLES} have other verdicts now; review, then replace them with:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert_eq!(rows.len(), 57);
}

#[test]
fn the_drafts_examples_are_where_the_fixture_says() {
    let (_, rows) = draft_examples();
    let kinds = [
        "reference",
        "wrapped",
        "broken",
        "address",
        "template",
        "filled",
    ];
    for row in &rows {
        assert!(kinds.contains(&row.kind.as_str()), "{row:?}");
        let text = seed(&row.seed);
        let line = text.lines().nth(row.line - 1).expect("a line");
        let at: String = line.chars().skip(row.column - 1).collect();
        let at = at.trim_end();
        // A filled template is printed with its placeholder (D41).
        let printed = if row.kind == "filled" {
            row.url.replacen("gopher://host", "gopher://host [port]", 1)
        } else {
            row.url.clone()
        };
        if row.kind == "broken" {
            // The first part of a URL broken across lines (D40).
            assert!(printed.starts_with(at) && at.len() >= 4, "{row:?}: {at:?}");
        } else {
            assert!(at.starts_with(&printed), "{row:?}: {at:?}");
        }
        assert!(["000", "001", "002", "003"].contains(&row.seed.as_str()));
    }
}

/// Every whole-URL example of the drafts in the crate's own fixture
/// (`tests/fixtures/examples.tsv`) is a row here, with the same URL, except
/// where D40 reads 002's broken gopher reference with a space.
#[test]
fn the_drafts_examples_include_those_of_examples_tsv() {
    let (_, rows) = draft_examples();
    let fixture = include_str!("../fixtures/examples.tsv");
    let mut lines = fixture.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (document, line, url, production) =
        (col("document"), col("line"), col("url"), col("production"));
    let mut count = 0;
    for l in lines {
        let f: Vec<&str> = l.split('\t').collect();
        if f[document] > "003" || f[production] != "url" {
            continue;
        }
        count += 1;
        let n: usize = f[line].parse().unwrap();
        let mut theirs = f[url].to_string();
        if f[document] == "002" && n == 1164 {
            // D40: "InformationAbout" there, "Information About" here.
            theirs = theirs.replace("InformationAbout", "Information About");
        }
        assert!(
            rows.iter()
                .any(|r| r.seed == f[document] && r.line == n && r.url == theirs),
            "{} line {n}: {theirs}",
            f[document]
        );
    }
    assert_eq!(count, 46);
}

// ---------------------------------------------------------------------------
// What changed between revisions (grammar/DRAFTS.md)

const DRAFTS_MD: &str = "grammar/DRAFTS.md";
const BEGIN: &str = "<!-- BEGIN revisions: generated by tests/library/drafts_oracle.rs -->";
const END: &str = "<!-- END revisions -->";

/// A string one production accepts and the other does not, among generated
/// strings and near misses of both (strict mode): the shortest, then the
/// first in byte order. `None` when the samples find no difference.
fn witness(o: &Oracles, a: Dialect, b: Dialect, name: &str) -> Option<(String, Dialect)> {
    let mut rng = Rng::new(SEED ^ 0xd1ff);
    let mut found: Option<(String, Dialect)> = None;
    for side in [a, b] {
        for _ in 0..200 {
            let valid = o.generate(side, name, &mut rng, false);
            let miss = near_miss(&valid, &mut rng);
            for text in [valid, miss] {
                let (in_a, in_b) = (
                    o.matches(a, name, &text, true),
                    o.matches(b, name, &text, true),
                );
                if in_a == in_b {
                    continue;
                }
                let better = found.as_ref().map_or(true, |(w, _)| {
                    (text.len(), text.as_str()) < (w.len(), w.as_str())
                });
                if better {
                    found = Some((text, if in_a { a } else { b }));
                }
            }
        }
    }
    found
}

fn code(name: &str) -> String {
    format!("`{name}`")
}

/// A witness as a table cell: Rust string syntax in a code span (a double
/// one around a backtick), `|` escaped.
fn shown(witness: &Option<(String, Dialect)>) -> String {
    match witness {
        Some((text, only)) if text.contains('`') => {
            format!("`` {text:?} ``: {only} only").replace('|', "\\|")
        }
        Some((text, only)) => format!("`{text:?}`: {only} only").replace('|', "\\|"),
        None => "no difference found on the samples".to_string(),
    }
}

/// The section of `grammar/DRAFTS.md` between `BEGIN` and `END`.
fn revisions_markdown(o: &Oracles) -> String {
    let mut out = String::new();
    let pairs = [(JUL, OCT), (OCT, D03), (D03, RFC)];
    let mut summary = vec![
        "| | draft-jul93 → draft-oct93 | draft-oct93 → draft-03 | draft-03 → rfc1738 |".to_string(),
        "|---|---|---|---|".to_string(),
    ];
    let mut counts: Vec<[usize; 6]> = Vec::new();
    let mut sections = String::new();
    for (a, b) in pairs {
        let (names_a, names_b) = (o.names(a), o.names(b));
        let added: Vec<&str> = names_b
            .iter()
            .copied()
            .filter(|n| !names_a.contains(n))
            .collect();
        let removed: Vec<&str> = names_a
            .iter()
            .copied()
            .filter(|n| !names_b.contains(n))
            .collect();
        let shared: Vec<&str> = names_a
            .iter()
            .copied()
            .filter(|n| names_b.contains(n))
            .collect();
        let (mut rewritten, mut same_text, mut unchanged) = (Vec::new(), Vec::new(), Vec::new());
        for name in shared {
            let text = |d: Dialect| o.draft(d).map(|g| g.get(name).unwrap().rhs.clone());
            let (ta, tb) = (text(a), text(b));
            if ta.is_some() && ta == tb {
                if o.regex_pattern(a, name) == o.regex_pattern(b, name) {
                    unchanged.push(code(name));
                } else {
                    same_text.push(format!(
                        "{} ({})",
                        code(name),
                        shown(&witness(o, a, b, name))
                    ));
                }
            } else {
                rewritten.push(format!(
                    "{} ({})",
                    code(name),
                    shown(&witness(o, a, b, name))
                ));
            }
        }
        counts.push([
            added.len(),
            removed.len(),
            rewritten.len(),
            same_text.len(),
            unchanged.len(),
            names_b.len(),
        ]);
        let list = |items: Vec<String>| {
            if items.is_empty() {
                "—".to_string()
            } else {
                items.join(", ")
            }
        };
        sections.push_str(&format!(
            "\n### {a} → {b}\n\n| | productions |\n|---|---|\n"
        ));
        sections.push_str(&format!(
            "| added ({}) | {} |\n",
            added.len(),
            list(added.iter().map(|n| code(n)).collect())
        ));
        sections.push_str(&format!(
            "| removed ({}) | {} |\n",
            removed.len(),
            list(removed.iter().map(|n| code(n)).collect())
        ));
        sections.push_str(&format!(
            "| rewritten ({}) | {} |\n",
            rewritten.len(),
            list(rewritten)
        ));
        sections.push_str(&format!(
            "| same text, other definition ({}) | {} |\n",
            same_text.len(),
            list(same_text)
        ));
        sections.push_str(&format!(
            "| unchanged, down to the characters ({}) | {} |\n",
            unchanged.len(),
            list(unchanged)
        ));
    }
    let rows = [
        "added",
        "removed",
        "rewritten",
        "same text, other definition",
        "unchanged, down to the characters",
        "productions after",
    ];
    for (i, row) in rows.iter().enumerate() {
        summary.push(format!(
            "| {row} | {} | {} | {} |",
            counts[0][i], counts[1][i], counts[2][i]
        ));
    }
    out.push_str(&summary.join("\n"));
    out.push('\n');
    out.push_str(&sections);

    // What the combinators may share: the productions whose whole
    // definition is the same in several drafts.
    out.push_str(
        "\n### The same definition, down to the characters, in several drafts\n\n\
         | production | drafts |\n|---|---|\n",
    );
    let mut seen = BTreeSet::new();
    for a in Dialect::DRAFTS {
        for name in o.names(a) {
            if !seen.insert(name) {
                continue;
            }
            let mut groups: Vec<Vec<Dialect>> = Vec::new();
            for d in Dialect::DRAFTS {
                if !o.has(d, name) {
                    continue;
                }
                let p = o.regex_pattern(d, name);
                match groups.iter_mut().find(|g| o.regex_pattern(g[0], name) == p) {
                    Some(group) => group.push(d),
                    None => groups.push(vec![d]),
                }
            }
            let shared: Vec<String> = groups
                .iter()
                .filter(|g| g.len() > 1)
                .map(|g| g.iter().map(|d| d.name()).collect::<Vec<_>>().join(" = "))
                .collect();
            if !shared.is_empty() {
                out.push_str(&format!("| {} | {} |\n", code(name), shared.join("; ")));
            }
        }
    }
    out
}

#[test]
fn drafts_md_has_the_table_of_what_changed_between_revisions() {
    let o = oracles();
    let path = format!("{}/{DRAFTS_MD}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect(DRAFTS_MD);
    let begin = text.find(BEGIN).expect("the BEGIN marker") + BEGIN.len();
    let end = text.find(END).expect("the END marker");
    let expected = revisions_markdown(o);
    assert!(
        text[begin..end].trim() == expected.trim(),
        "{DRAFTS_MD} is out of date; between the markers it should read:\n{expected}"
    );
}

/// DRAFTS.md section 5: "New or changed" since the revision before
/// (every other production reads exactly as there).
#[test]
fn section_5_new_or_changed_productions() {
    let o = oracles();
    let cases = [
        (
            JUL,
            OCT,
            "fileaddress variant",
            "fragmentaddress uri url ftpaddress nntpaddress mailtoaddress waisdoc \
             telnetaddress login password national",
        ),
        (
            OCT,
            D03,
            "fragmentaddress uri generic selector",
            "prefixedurl url ftpaddress midaddress cidaddress waisdoc wpath gopheraddress \
             ftptype formcode gcommand path segment user password alphanum2 safe extra \
             reserved addr-spec content-identifier",
        ),
    ];
    for (a, b, gone, new_or_changed) in cases {
        let (ga, gb) = (o.draft(a).unwrap(), o.draft(b).unwrap());
        let removed: BTreeSet<&str> = ga
            .names()
            .into_iter()
            .filter(|n| gb.get(n).is_none())
            .collect();
        let changed: BTreeSet<&str> = gb
            .names()
            .into_iter()
            .filter(|n| ga.get(n).map_or(true, |p| p.rhs != gb.get(n).unwrap().rhs))
            .collect();
        assert_eq!(
            removed,
            gone.split_whitespace().collect(),
            "section 5: gone in {b}"
        );
        assert_eq!(
            changed,
            new_or_changed.split_whitespace().collect(),
            "section 5: new or changed in {b}"
        );
    }
}

const EXAMPLES_BEGIN: &str = "<!-- BEGIN examples: generated by tests/library/drafts_oracle.rs -->";
const EXAMPLES_END: &str = "<!-- END examples -->";

/// The verdicts of `draft_examples.tsv`, counted per revision and mode.
fn examples_summary(rows: &[DraftExample]) -> String {
    let mut out = String::from(
        "| revision | mode | `url`, by a scheme's production | `url`, by `generic` or `otherurl` only \
         | `fragmentaddress` only | rejected |\n|---|---|---|---|---|---|\n",
    );
    for (m, mode) in ["strict", "default"].into_iter().enumerate() {
        for (d, dialect) in Dialect::ALL.into_iter().enumerate() {
            let mut counts = [0usize; 4];
            for row in rows {
                let verdict = &row.verdicts[m * 4 + d];
                let top = verdict.split(' ').next().unwrap();
                let index = match top.split_once(':') {
                    Some(("url", alternatives)) => {
                        let generic = alternatives
                            .split(',')
                            .all(|a| a == "generic" || a == "otherurl");
                        if generic {
                            1
                        } else {
                            0
                        }
                    }
                    Some(("fragmentaddress", _)) => 2,
                    None if top == "-" => 3,
                    _ => panic!("a verdict the summary does not count: {verdict}"),
                };
                counts[index] += 1;
            }
            out.push_str(&format!(
                "| `{dialect}` | {mode} | {} | {} | {} | {} |\n",
                counts[0], counts[1], counts[2], counts[3]
            ));
        }
    }
    out
}

#[test]
fn drafts_md_summarizes_the_examples_verdicts() {
    let (_, rows) = draft_examples();
    let path = format!("{}/{DRAFTS_MD}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect(DRAFTS_MD);
    let begin = text.find(EXAMPLES_BEGIN).expect("the BEGIN marker") + EXAMPLES_BEGIN.len();
    let end = text.find(EXAMPLES_END).expect("the END marker");
    let expected = examples_summary(&rows);
    assert!(
        text[begin..end].trim() == expected.trim(),
        "{DRAFTS_MD} is out of date; between the example markers it should read:\n{expected}"
    );
}

/// D9: July 1993 has no `file:` scheme, no `ftpaddress` and no login.
#[test]
fn d9_july_has_no_ftpaddress_no_login_and_no_file_scheme() {
    let o = oracles();
    for name in [
        "ftpaddress",
        "login",
        "password",
        "fileurl",
        "mailtoaddress",
        "nntpaddress",
    ] {
        assert!(!o.has(JUL, name), "D9: {name}");
    }
    assert!(
        o.has(JUL, "fileaddress") && !o.has(OCT, "fileaddress"),
        "D9"
    );
    let keywords = o.draft(JUL).unwrap().keywords();
    assert!(!keywords.iter().any(|k| k == "file"), "D9");
    assert!(o
        .draft(JUL)
        .unwrap()
        .leading_keywords("fileaddress")
        .contains("ftp"));
}

/// D10: read as printed, `xpalphas  xpalpha [ xpalpha ]` would make a path
/// segment one or two characters long; D20: read as printed, `ur l` would
/// leave `url` undefined.
#[test]
fn the_corrections_matter() {
    let dir = draft_oracle::grammar_dir();
    let jul = draft_oracle::grammar_text(&dir, JUL);
    let printed = jul.replace(
        "\nxpalphas         xpalpha [ xpalphas ]\n",
        "\nxpalphas         xpalpha [ xpalpha ]\n",
    );
    assert_ne!(printed, jul);
    let oracle = draft_oracle::DraftOracle::new(parse_draft_bnf(&printed), true);
    assert!(oracle.matches("httpaddress", "http://h/ab"), "D10");
    assert!(!oracle.matches("httpaddress", "http://h/abc"), "D10");
    let corrected = draft_oracle::DraftOracle::new(parse_draft_bnf(&jul), true);
    assert!(corrected.matches("httpaddress", "http://h/abc"), "D10");

    let oct = draft_oracle::grammar_text(&dir, OCT);
    let printed = oct.replacen(
        "\nurl              generic",
        "\nur l             generic",
        1,
    );
    assert_ne!(printed, oct);
    // `ur` becomes a production starting with the character `l`, and `uri`
    // uses a `url` that nothing defines.
    assert!(
        std::panic::catch_unwind(|| parse_draft_bnf(&printed)).is_err(),
        "D20"
    );
}

/// The notation of the fixture's verdicts, on strings that are not in it.
#[test]
fn the_verdict_notation() {
    let o = oracles();
    let cases = [
        (RFC, "http://host?q", true, "url:otherurl !httpurl"),
        (RFC, "http://h/", true, "url:httpurl,otherurl"),
        (
            JUL,
            "http://h/x#a",
            true,
            "fragmentaddress:httpaddress !httpaddress",
        ),
        (JUL, "news:comp.x", true, "url:generic,newsaddress"),
        (JUL, "news:x/y", true, "url:generic !newsaddress"),
        (JUL, "HTTP://h/", true, "-"),
        (JUL, "HTTP://h/", false, "url:httpaddress"),
        (OCT, "afs://cell.dom/u/x", true, "- +afsaddress"),
        (D03, "URL:http://h/", false, "prefixedurl:httpaddress"),
        (D03, "URL:http://h/", true, "-"),
        (D03, "url:http://h/", true, "prefixedurl:httpaddress"),
        (D03, "ftp://h.dom", true, "- !ftpaddress"),
    ];
    for (dialect, text, strict, expected) in cases {
        assert_eq!(
            o.verdict(dialect, text, strict),
            expected,
            "{dialect} {text} {strict}"
        );
    }
}
