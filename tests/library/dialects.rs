//! The drafts' combinators (`rfc1738::dialect`) against the mechanical
//! reader of the grammar files (`tests/support/draft_oracle.rs`), which
//! shares no code with them: for every production of every draft, in both
//! modes, generated strings, near misses of them and strings of the other
//! productions must get the same verdict. Then the issue's examples with
//! their decisions, the agreement of each combinator (through nom's
//! `all_consuming`) with `dialect::check`, and hostile inputs.

use crate::draft_oracle;

use std::io::Write;

use crate::draft_oracle::{near_miss, Oracles, Rng};
use nom::combinator::all_consuming;
use nom::Parser;
use nom_language::error::VerboseError;
use rfc1738::dialect::{self, draft_03, draft_jul93, draft_oct93, Dialect, DialectError, Match};
use rfc1738::Options;

const SEED: u64 = 0x1993_0714_0003;
/// Valid strings, near misses and strings of other productions, per
/// production and mode.
const VALID: usize = 120;
const NEAR_MISSES: usize = 120;
const CROSS: usize = 60;

fn oracles() -> &'static Oracles {
    static ORACLES: std::sync::OnceLock<Oracles> = std::sync::OnceLock::new();
    ORACLES.get_or_init(Oracles::load)
}

fn theirs(dialect: Dialect) -> draft_oracle::Dialect {
    match dialect {
        Dialect::DraftJul93 => draft_oracle::Dialect::Jul93,
        Dialect::DraftOct93 => draft_oracle::Dialect::Oct93,
        Dialect::Draft03 => draft_oracle::Dialect::Draft03,
        Dialect::Rfc1738 => draft_oracle::Dialect::Rfc1738,
    }
}

fn options(strict: bool) -> Options {
    if strict {
        Options::strict()
    } else {
        Options::default()
    }
}

const DRAFTS: [Dialect; 3] = [Dialect::DraftJul93, Dialect::DraftOct93, Dialect::Draft03];

#[test]
fn every_production_of_the_grammar_files_has_a_combinator() {
    let o = oracles();
    for dialect in Dialect::ALL {
        assert_eq!(
            dialect.productions(),
            o.names(theirs(dialect)).as_slice(),
            "{dialect}"
        );
    }
    let counts: Vec<usize> = Dialect::ALL.iter().map(|d| d.productions().len()).collect();
    assert_eq!(counts, [53, 58, 66, 67]);
    for dialect in DRAFTS {
        for production in dialect.productions() {
            let definition = dialect.definition(production).unwrap();
            assert!(definition.starts_with(production), "{dialect} {definition}");
            // Every production answers: nothing is unknown.
            let answer = dialect::check(dialect, production, "x", Options::default());
            assert!(!matches!(
                answer,
                Err(DialectError::UnknownProduction { .. })
            ));
        }
    }
}

#[test]
fn generated_strings_and_near_misses_agree_with_the_reader() {
    let o = oracles();
    let mut rng = Rng::new(SEED);
    let mut compared = 0usize;
    let mut disagreements = Vec::new();
    let mut report = String::new();
    for dialect in DRAFTS {
        let d = theirs(dialect);
        for strict in [true, false] {
            let mixed_case = !strict;
            let names = dialect.productions();
            let pools: Vec<Vec<String>> = names
                .iter()
                .map(|name| {
                    (0..VALID)
                        .map(|_| o.generate(d, name, &mut rng, mixed_case))
                        .collect()
                })
                .collect();
            for (index, name) in names.iter().enumerate() {
                let pool = &pools[index];
                let mut strings: Vec<String> = pool.clone();
                strings.extend(
                    (0..NEAR_MISSES).map(|_| near_miss(&pool[rng.below(pool.len())], &mut rng)),
                );
                for _ in 0..CROSS {
                    let other = &pools[rng.below(pools.len())];
                    strings.push(other[rng.below(other.len())].clone());
                }
                let mut accepted = 0;
                for text in &strings {
                    let expected = o.matches(d, name, text, strict);
                    let found = dialect::check(dialect, name, text, options(strict));
                    // `matches` decides as `check` does, without the error.
                    assert_eq!(
                        dialect::matches(dialect, name, text, options(strict)),
                        Ok(found.is_ok()),
                        "{dialect} {name} {text:?}"
                    );
                    if found.is_ok() {
                        // `check` recognizes the hot productions on their
                        // characters; the tree reads through every
                        // production and must match too (it panics if not).
                        // Where `check` rejects, its explanation re-reads
                        // the same way (a debug assertion).
                        let tree = dialect::tree(dialect, name, text, options(strict));
                        assert!(tree.is_ok(), "{dialect} {name} {text:?}");
                    }
                    compared += 1;
                    accepted += usize::from(expected);
                    if found.is_ok() != expected {
                        disagreements.push(format!(
                            "{dialect} {name} {text:?} (strict: {strict}): the reader says {expected}, check says {found:?}"
                        ));
                    }
                }
                report.push_str(&format!(
                    "{dialect} {} {name}: {} strings, {accepted} in the language\n",
                    if strict { "strict" } else { "default" },
                    strings.len()
                ));
            }
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "{report}dialects: {compared} strings compared, {} disagreements",
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// (decision, dialects, production, string, verdict); `j`, `o`, `3`, `r`.
const ISSUE: &[(&str, &str, &str, &str, bool)] = &[
    ("D8", "jo", "url", "http://h/a b", true),
    ("D8", "jo", "httpaddress", "http://h/a b", true),
    ("D34", "3", "url", "http://h/a b", false),
    ("D8", "r", "url", "http://h/a b", false),
    ("D12", "jo3", "httpaddress", "http://host?query", true),
    ("D12", "jo3", "url", "http://host?query", true),
    ("D44", "r", "httpurl", "http://host?query", false),
    ("D44", "r", "url", "http://host?query", true),
    ("D11", "jo3", "hostname", "2x.com", false),
    ("D11", "jo3", "hostname", "3com.com", false),
    ("D11", "jo3", "hostname", "9-x.y", false),
    ("D11", "jo", "hostname", "x:y@z.w", true),
    ("D11", "jo", "hostname", "h:80", true),
    ("D11", "jo3", "hostname", "a..b", true),
    ("D11", "jo3", "hostnumber", "300.300.300.300", true),
    ("D11", "jo3", "hostnumber", "10.0.0", false),
    ("section 9", "r", "hostname", "3com.com", true),
    ("D23", "o3", "nntpaddress", "nntp:group/123", true),
    ("D23", "o3", "nntpaddress", "nntp://host/group/123", false),
    ("D23", "o3", "nntpaddress", "nntp:alt.x", false),
    ("D23", "r", "nntpurl", "nntp:group/123", false),
    ("D12", "jo3", "url", "ftp://h//etc/motd", false),
    ("D12", "jo", "fragmentaddress", "ftp://h//etc/motd", false),
    ("D12", "3", "prefixedurl", "url:ftp://h//etc/motd", false),
    ("section 9", "r", "ftpurl", "ftp://h//etc/motd", true),
    ("D22", "o", "mailtoaddress", "mailto::joe@cern.ch", true),
    ("D22", "3", "mailtoaddress", "mailto::joe@cern.ch", false),
    ("D31", "3", "prefixedurl", "url:http://h/", true),
    ("D31", "3", "url", "url:http://h/", false),
    ("D31", "3", "prefixedurl", "url:ftp://@h/", false),
    ("D33", "3", "url", "mid:a.b@c.d", true),
    ("D33", "3", "url", "cid:p1@c.d", true),
    ("D33", "3", "midaddress", "mid:<a.b@c.d>", false),
    ("D9", "j", "fileaddress", "ftp://joe@h.dom/x", true),
    ("D9", "j", "fileaddress", "ftp://h.dom:21/x", true),
    ("D9", "j", "fileaddress", "ftp://10.1.2.3:21/x", false),
    ("D12", "jo3", "httpaddress", "http://h//p", false),
    ("D12", "jo3", "httpaddress", "http://h/p/", true),
    ("D12", "jo", "httpaddress", "http://h/p?a+b", true),
    ("D12", "jo", "httpaddress", "http://h/p?a++b", false),
    ("D12", "jo3", "httpaddress", "http://h/p?", false),
    ("D13", "jo3", "prosperolink", "prospero://h/a%00%00b", true),
    ("D13", "jo3", "prosperolink", "prospero://h//a", false),
    ("D14", "jo3", "gopheraddress", "gopher://h/", false),
    ("D14", "jo3", "gopheraddress", "gopher://h/0", true),
    ("D14", "jo3", "gopheraddress", "gopher://h/%41x", true),
    ("D14", "jo", "gopheraddress", "gopher://h?x+y", true),
    ("D36", "3", "gopheraddress", "gopher://h/1x?y", false),
    ("D36", "3", "gopheraddress", "gopher://h/1x%09y", true),
    ("D15", "j", "waisdoc", "wais://h/db/WSRC/99/x", true),
    ("D16", "jo3", "telnetaddress", "telnet://joe@h.dom/", false),
    ("D17", "jo", "url", "news:x/y", true),
    ("D17", "jo", "newsaddress", "news:x/y", false),
    ("D17", "jo", "url", "PR:aftp/xx.yy.edu/pub/doc/README", true),
    ("D17", "jo", "url", "x-y:p?q+r", true),
    ("D18", "jo", "fragmentaddress", "http://h/x#", false),
    ("D18", "jo", "fragmentaddress", "http://h/x#y", true),
    ("D24", "o3", "afsaddress", "afs://cell.dom/u/x", true),
    ("D24", "o", "url", "afs://cell.dom/u/x", false),
    ("D25", "o", "ftpaddress", "ftp://@h.dom/x", false),
    ("D25", "o", "ftpaddress", "ftp://bar:@h.dom/", true),
    ("D26", "o", "ftpaddress", "ftp://h.dom", false),
    ("D26", "o", "mailtoaddress", "mailto:joe@10.0.0.1", false),
    ("D26", "o", "url", "mailto:joe@10.0.0.1", true),
    ("D32", "3", "ftpaddress", "ftp://h/x;type=i", false),
    ("D32", "3", "ftpaddress", "ftp://h/xI", true),
    ("D32", "3", "ftptype", "EC", true),
    ("D32", "3", "ftptype", "L16", true),
    ("D32", "3", "ftptype", "i", false),
    ("D34", "3", "newsaddress", "news:c.l.c++", true),
    ("D34", "3", "hostname", "a+b", true),
    ("D34", "3", "newsaddress", "news:a:b", false),
    ("D35", "3", "user", "j.doe+x", true),
    ("D35", "3", "user", "a%41", false),
    ("D35", "3", "telnetaddress", "telnet://u@v@h", true),
    ("D35", "3", "telnetaddress", "telnet://u:p:q@h", false),
    ("D35", "3", "ftpaddress", "ftp://bar:@h.dom/", false),
    ("D37", "3", "waisdoc", "wais://h/db/WSRC/3=x/y;4=z;", true),
    ("D37", "3", "waisdoc", "wais://h/db/WSRC/x=y;", false),
    ("D37", "3", "wpath", "1=a", false),
    ("section 8", "jo3", "article", "a@1@b", true),
    ("section 8", "jo3", "article", "a@b@1x", true),
    ("section 8", "jo3", "waisaddress", "wais://h/db", true),
    ("section 8", "jo3", "hostport", "10.1.2.3:80", true),
    ("section 8", "jo", "hostname", "10.1.2.3:80", false),
];

fn dialects_of(letters: &str) -> Vec<Dialect> {
    letters
        .chars()
        .map(|c| match c {
            'j' => Dialect::DraftJul93,
            'o' => Dialect::DraftOct93,
            '3' => Dialect::Draft03,
            'r' => Dialect::Rfc1738,
            other => panic!("no dialect {other:?}"),
        })
        .collect()
}

#[test]
fn the_issue_s_examples_hold_with_their_decisions() {
    let o = oracles();
    let mut failures = Vec::new();
    for &(decision, letters, production, text, expected) in ISSUE {
        for dialect in dialects_of(letters) {
            for strict in [true, false] {
                let found = dialect::check(dialect, production, text, options(strict)).is_ok();
                let reader = o.matches(theirs(dialect), production, text, strict);
                if found != expected || reader != expected {
                    failures.push(format!(
                        "{decision}: {dialect} {production} {text:?} (strict {strict}): expected {expected}, check {found}, reader {reader}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // D4, section 3: case in the scheme keywords only.
    for dialect in DRAFTS {
        assert!(dialect::check(dialect, "httpaddress", "HTTP://h/", Options::default()).is_ok());
        assert!(dialect::check(dialect, "httpaddress", "HTTP://h/", Options::strict()).is_err());
    }
    assert!(dialect::check(
        Dialect::Draft03,
        "prefixedurl",
        "URL:HTTP://h/",
        Options::default()
    )
    .is_ok());
    assert!(dialect::check(
        Dialect::Draft03,
        "prefixedurl",
        "URL:http://h/",
        Options::strict()
    )
    .is_err());
    assert!(dialect::check(Dialect::Draft03, "ftptype", "a", Options::default()).is_err());
    // D17 and section 3: generic takes any case even in strict mode.
    assert!(dialect::check(
        Dialect::DraftJul93,
        "url",
        "MAILTO:joe@cern.ch",
        Options::strict()
    )
    .is_ok());
}

#[test]
fn an_unknown_production_is_an_error_naming_the_dialect() {
    let error = dialect::check(
        Dialect::DraftJul93,
        "ftpaddress",
        "ftp://h/",
        Options::default(),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "draft-jul93 has no production \"ftpaddress\""
    );
    let error = dialect::check(
        Dialect::Rfc1738,
        "httpaddress",
        "http://h/",
        Options::default(),
    )
    .unwrap_err();
    assert!(matches!(
        error,
        DialectError::UnknownProduction {
            dialect: Dialect::Rfc1738,
            ..
        }
    ));
    assert!(dialect::tree(Dialect::Draft03, "generic", "a:b", Options::default()).is_err());
    for (dialect, production) in [
        (Dialect::DraftJul93, "ftpaddress"),
        (Dialect::Rfc1738, "httpaddress"),
    ] {
        let error = dialect::matches(dialect, production, "x", Options::default()).unwrap_err();
        assert_eq!(
            error,
            dialect::check(dialect, production, "x", Options::default()).unwrap_err()
        );
    }
}

#[test]
fn errors_say_where_in_which_productions_and_what_was_expected() {
    let error = dialect::check(
        Dialect::DraftOct93,
        "ftpaddress",
        "ftp://1x/p",
        Options::default(),
    )
    .unwrap_err();
    let mismatch = error.mismatch().unwrap();
    assert_eq!(mismatch.line(), 1);
    assert_eq!(mismatch.column(), mismatch.offset() + 1);
    assert_eq!(mismatch.stack()[0], "ftpaddress");
    let error =
        dialect::check(Dialect::Rfc1738, "hostname", "1.2.3", Options::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "1:5: expected alpha, found \"3\" (in hostname > toplabel)"
    );
}

/// What a combinator says of `text` as nom sees it: whether
/// `all_consuming` accepts it, and, where it matches no prefix, the offset
/// of its error and its contexts (outermost first).
type Probe = (bool, Option<(usize, Vec<&'static str>)>);

fn probe<'a, P>(mut combinator: P, text: &'a str) -> Probe
where
    P: Parser<&'a str, Output = Match<'a>, Error = VerboseError<&'a str>> + Clone,
{
    let consumed = all_consuming(combinator.clone()).parse(text).is_ok();
    let error = match combinator.parse(text) {
        Err(nom::Err::Error(verbose)) => {
            let at = verbose.errors[0].0;
            let contexts = verbose
                .errors
                .iter()
                .filter_map(|(_, kind)| match kind {
                    nom_language::error::VerboseErrorKind::Context(name) => Some(*name),
                    _ => None,
                })
                .rev()
                .collect();
            Some((text.len() - at.len(), contexts))
        }
        _ => None,
    };
    (consumed, error)
}

macro_rules! table {
    ($module:ident, $label_in:expr, $strict:expr, $text:expr; $($label:literal => $name:ident),* $(,)?) => {{
        let names: &[&str] = &[$($label),*];
        let answer = match $label_in {
            $($label => Some(if $strict {
                probe($module::strict::$name, $text)
            } else {
                probe($module::$name, $text)
            }),)*
            _ => None,
        };
        (names, answer)
    }};
}

/// The production names of the draft's combinators, and what the
/// combinator of `label` says of `text`.
fn combinators(
    dialect: Dialect,
    label: &str,
    strict: bool,
    text: &str,
) -> (&'static [&'static str], Option<Probe>) {
    match dialect {
        Dialect::DraftJul93 => table!(draft_jul93, label, strict, text;
            "fragmentaddress" => fragmentaddress, "url" => url, "generic" => generic,
            "scheme" => scheme, "httpaddress" => httpaddress, "fileaddress" => fileaddress,
            "afsaddress" => afsaddress, "newsaddress" => newsaddress, "waisaddress" => waisaddress,
            "waisindex" => waisindex, "waisdoc" => waisdoc, "groupart" => groupart, "group" => group,
            "article" => article, "database" => database, "wtype" => wtype,
            "prosperoaddress" => prosperoaddress, "prosperolink" => prosperolink,
            "hsoname" => hsoname, "version" => version, "attributes" => attributes,
            "attribute" => attribute, "telnetaddress" => telnetaddress,
            "gopheraddress" => gopheraddress, "hostport" => hostport, "host" => host,
            "cellname" => cellname, "hostname" => hostname, "hostnumber" => hostnumber,
            "port" => port, "selector" => selector, "path" => path, "search" => search,
            "user" => user, "fragmentid" => fragmentid, "gtype" => gtype, "xalpha" => xalpha,
            "xalphas" => xalphas, "xpalpha" => xpalpha, "xpalphas" => xpalphas, "ialpha" => ialpha,
            "alpha" => alpha, "digit" => digit, "safe" => safe, "extra" => extra, "escape" => escape,
            "hex" => hex, "variant" => variant, "punctuation" => punctuation, "digits" => digits,
            "alphanum" => alphanum, "alphanums" => alphanums, "void" => void,
        ),
        Dialect::DraftOct93 => table!(draft_oct93, label, strict, text;
            "fragmentaddress" => fragmentaddress, "uri" => uri, "url" => url, "generic" => generic,
            "scheme" => scheme, "httpaddress" => httpaddress, "ftpaddress" => ftpaddress,
            "afsaddress" => afsaddress, "newsaddress" => newsaddress, "nntpaddress" => nntpaddress,
            "mailtoaddress" => mailtoaddress, "waisaddress" => waisaddress,
            "waisindex" => waisindex, "waisdoc" => waisdoc, "groupart" => groupart, "group" => group,
            "article" => article, "database" => database, "wtype" => wtype,
            "prosperoaddress" => prosperoaddress, "prosperolink" => prosperolink,
            "hsoname" => hsoname, "version" => version, "attributes" => attributes,
            "attribute" => attribute, "telnetaddress" => telnetaddress,
            "gopheraddress" => gopheraddress, "login" => login, "hostport" => hostport,
            "host" => host, "cellname" => cellname, "hostname" => hostname,
            "hostnumber" => hostnumber, "port" => port, "selector" => selector, "path" => path,
            "search" => search, "user" => user, "password" => password, "fragmentid" => fragmentid,
            "gtype" => gtype, "xalpha" => xalpha, "xalphas" => xalphas, "xpalpha" => xpalpha,
            "xpalphas" => xpalphas, "ialpha" => ialpha, "alpha" => alpha, "digit" => digit,
            "safe" => safe, "extra" => extra, "escape" => escape, "hex" => hex,
            "national" => national, "punctuation" => punctuation, "digits" => digits,
            "alphanum" => alphanum, "alphanums" => alphanums, "void" => void,
        ),
        Dialect::Draft03 => table!(draft_03, label, strict, text;
            "prefixedurl" => prefixedurl, "url" => url, "scheme" => scheme,
            "httpaddress" => httpaddress, "ftpaddress" => ftpaddress, "afsaddress" => afsaddress,
            "newsaddress" => newsaddress, "nntpaddress" => nntpaddress, "midaddress" => midaddress,
            "cidaddress" => cidaddress, "mailtoaddress" => mailtoaddress,
            "waisaddress" => waisaddress, "waisindex" => waisindex, "waisdoc" => waisdoc,
            "wpath" => wpath, "groupart" => groupart, "group" => group, "article" => article,
            "database" => database, "wtype" => wtype, "prosperoaddress" => prosperoaddress,
            "prosperolink" => prosperolink, "hsoname" => hsoname, "version" => version,
            "attributes" => attributes, "attribute" => attribute, "telnetaddress" => telnetaddress,
            "gopheraddress" => gopheraddress, "login" => login, "hostport" => hostport,
            "host" => host, "ftptype" => ftptype, "formcode" => formcode, "cellname" => cellname,
            "hostname" => hostname, "hostnumber" => hostnumber, "port" => port,
            "gcommand" => gcommand, "path" => path, "segment" => segment, "search" => search,
            "user" => user, "password" => password, "fragmentid" => fragmentid, "gtype" => gtype,
            "alphanum2" => alphanum2, "xalpha" => xalpha, "xalphas" => xalphas,
            "xpalpha" => xpalpha, "xpalphas" => xpalphas, "ialpha" => ialpha, "alpha" => alpha,
            "digit" => digit, "safe" => safe, "extra" => extra, "reserved" => reserved,
            "escape" => escape, "hex" => hex, "national" => national,
            "punctuation" => punctuation, "digits" => digits, "alphanum" => alphanum,
            "alphanums" => alphanums, "void" => void, "addr-spec" => addr_spec,
            "content-identifier" => content_identifier,
        ),
        Dialect::Rfc1738 => (&[], None),
    }
}

#[test]
fn every_combinator_through_all_consuming_agrees_with_check() {
    let o = oracles();
    let mut rng = Rng::new(SEED ^ 0xa11);
    let mut compared = 0;
    let mut disagreements = Vec::new();
    for dialect in DRAFTS {
        let (names, _) = combinators(dialect, "", false, "");
        assert_eq!(names, dialect.productions(), "{dialect}");
        for &label in names {
            for strict in [true, false] {
                for _ in 0..60 {
                    let text = o.generate_or_miss(theirs(dialect), label, &mut rng, !strict);
                    let checked = dialect::check(dialect, label, &text, options(strict));
                    let (consumed, error) = combinators(dialect, label, strict, &text).1.unwrap();
                    compared += 1;
                    if checked.is_ok() != consumed {
                        disagreements.push(format!("{dialect} {label} {text:?} strict {strict}"));
                    }
                    // Where the combinator matches no prefix, the same place.
                    if let (Err(checked), Some((offset, contexts))) = (&checked, error) {
                        let mismatch = checked.mismatch().unwrap();
                        if offset != mismatch.offset() || contexts != mismatch.stack() {
                            disagreements.push(format!(
                                "{dialect} {label} {text:?}: combinator at {offset} in {contexts:?}, check {checked}"
                            ));
                        }
                    }
                }
            }
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "all_consuming: {compared} strings, {} disagreements",
        disagreements.len()
    );
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

#[test]
fn a_quarter_megabyte_of_one_character_stays_linear() {
    // No run of one character is a URL of any revision (a scheme needs a
    // `:` after a letter); every production still reads it in one pass.
    // A quarter of a megabyte: a reader gone quadratic takes minutes on it
    // (the fuzz step's inputs of deep repetition are a megabyte, in a
    // release build), and a megabyte took 10 s of this debug test run.
    const LENGTH: usize = 1 << 18;
    for byte in [b'a', b'@', b'/', b'%', b'1', b'.', b':', b'+', b' ', b'#'] {
        let text = String::from_utf8(vec![byte; LENGTH]).unwrap();
        for dialect in Dialect::ALL {
            for top in dialect.top_level() {
                for strict in [true, false] {
                    let answer = dialect::check(dialect, top, &text, options(strict));
                    assert!(answer.is_err(), "{dialect} {top} {:?}", byte as char);
                }
            }
            for production in [
                "hostname", "path", "xalphas", "article", "login", "search", "group",
            ] {
                if dialect.has(production) {
                    let _ = dialect::check(dialect, production, &text, Options::default());
                }
            }
        }
        let _ = dialect::revisions(&text);
    }
    // The `@` splits (section 8): every `@` is tried, and each try stops at
    // the next one.
    for unit in ["a@1.1.1.1", "@1", "a@", "u:p@", "1.1.1.1:1@"] {
        let text = unit.repeat(LENGTH / unit.len());
        for dialect in DRAFTS {
            for production in [
                "article",
                "login",
                "telnetaddress",
                "mailtoaddress",
                "addr-spec",
            ] {
                if dialect.has(production) {
                    let _ = dialect::check(dialect, production, &text, Options::default());
                }
            }
        }
    }
}

#[test]
fn revisions_name_the_scheme_s_own_production() {
    let report = dialect::revisions("http://host?q");
    let text = report.to_string();
    assert!(
        text.contains("draft-jul93: accepted as url (httpaddress)"),
        "{text}"
    );
    assert!(
        text.contains("rfc1738: accepted as url (otherurl); its httpurl rejects it: 1:12:"),
        "{text}"
    );
    assert_eq!(report.accepting(), Dialect::ALL);
    let report = dialect::revisions("afs://cell.dom/u/x");
    assert_eq!(
        report.verdict(Dialect::DraftOct93).notation(),
        "- +afsaddress"
    );
    assert_eq!(
        report.verdict(Dialect::DraftJul93).notation(),
        "url:afsaddress"
    );
}

#[cfg(feature = "serde")]
#[test]
fn revisions_serialize() {
    let report = dialect::revisions("http://host?q");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["url"], "http://host?q");
    assert_eq!(json["verdicts"][0]["dialect"], "draft-jul93");
    assert_eq!(json["verdicts"][0]["accepted_as"], "url");
    assert_eq!(json["verdicts"][3]["alternatives"][0], "otherurl");
    assert_eq!(json["verdicts"][3]["scheme_production"], "httpurl");
    assert_eq!(json["verdicts"][3]["scheme_error"]["offset"], 11);
    assert_eq!(json["verdicts"][3]["scheme_error"]["stack"][0], "httpurl");
}

#[test]
fn every_accepted_string_has_a_tree_of_nested_spans() {
    let o = oracles();
    let mut rng = Rng::new(SEED ^ 0x7ee);
    let mut trees = 0;
    for dialect in DRAFTS {
        for production in dialect.productions() {
            for strict in [true, false] {
                for _ in 0..20 {
                    let text = o.generate(theirs(dialect), production, &mut rng, !strict);
                    let root = dialect::tree(dialect, production, &text, options(strict))
                        .unwrap_or_else(|e| panic!("{dialect} {production} {text:?}: {e}"));
                    assert_eq!(root.name, *production);
                    assert_eq!((root.span.start, root.span.end), (0, text.len()));
                    for node in root.walk() {
                        assert_eq!(node.text, &text[node.span.range()]);
                        let mut at = node.span.start;
                        for child in &node.children {
                            assert!(child.span.start >= at && child.span.end <= node.span.end);
                            at = child.span.end;
                        }
                        assert!(dialect.has(node.name), "{dialect} {}", node.name);
                    }
                    trees += 1;
                }
            }
        }
    }
    assert!(trees > 6000);
    // The examples of DRAFTS.md section 8, as the trees show them.
    let tree = |d, p, t| {
        dialect::tree(d, p, t, Options::default())
            .unwrap()
            .to_string()
    };
    let article = tree(Dialect::DraftJul93, "article", "a@1@b");
    assert!(
        article.contains("xalphas 0..3 \"a@1\"") && article.contains("host 4..5 \"b\""),
        "{article}"
    );
    let article = tree(Dialect::DraftJul93, "article", "a@b@1x");
    assert!(
        article.contains("xalphas 0..1 \"a\"") && article.contains("host 2..6 \"b@1x\""),
        "{article}"
    );
    let login = tree(Dialect::DraftOct93, "login", "joe:pw@h.dom:21");
    assert!(
        login.contains("user 0..3 \"joe\"") && login.contains("password 4..6 \"pw\""),
        "{login}"
    );
    let login = tree(Dialect::Draft03, "login", "u@v@h");
    assert!(
        login.contains("user 0..1 \"u\"") && login.contains("hostport 2..5 \"v@h\""),
        "{login}"
    );
    let fragment = tree(Dialect::DraftJul93, "fragmentaddress", "http://h/x#y");
    assert!(fragment.contains("fragmentid 11..12 \"y\""), "{fragment}");
}

/// A draft's `url`, recognized, reads every text on its characters: the
/// address its keyword names (or `generic`), the longest; texts on both
/// sides of each decision that reading rests on, in the three drafts and
/// both modes, with the tree (which reads through the productions)
/// agreeing.
#[test]
fn url_decides_lines_read_to_the_end_on_their_characters_and_leaves_the_rest_to_its_alternatives() {
    let verdict = |dialect, text: &str, strict| {
        let checked = dialect::check(dialect, "url", text, options(strict)).is_ok();
        let tree = dialect::tree(dialect, "url", text, options(strict));
        assert_eq!(checked, tree.is_ok(), "{dialect} {text:?}");
        if let Ok(root) = tree {
            assert_eq!((root.span.start, root.span.end), (0, text.len()));
        }
        checked
    };
    // (text, draft-jul93, draft-oct93, draft-03): default mode.
    for (text, verdicts) in [
        // Read to the end by the httpaddress reading.
        ("http://h.dom:80/a/b?x+y", [true, true, true]),
        ("HTTP://h/", [true, true, true]),
        // D12: no "/" before the search.
        ("http://host?q", [true, true, true]),
        // D8: a space is an xalpha in both 1993 drafts (their `extra`).
        ("http://h/a b", [true, true, false]),
        // Not an httpaddress: `generic` decides (D17), where a draft has it.
        ("http:x", [true, true, false]),
        // An httpaddress of a prefix only, and nothing else matches more.
        ("http://h//x", [false, false, false]),
        ("http://1h/", [false, false, false]),
        // Every other address is read on its characters too.
        ("news:comp.lang", [true, true, true]),
        ("news:a@b@1x", [true, true, true]),
        ("gopher://h/1x", [true, true, true]),
        // D14: after the `/` a type; draft 03 has no search (D36).
        ("gopher://h?q", [true, true, false]),
        ("gopher://h/?q", [false, false, false]),
        ("gopher://h:70/1a/b?x+y", [true, true, false]),
        ("wais://h/db?x", [true, true, true]),
        // D15, D26, D37: the three `waisdoc`s.
        ("wais://h/db/t/12/p", [true, true, false]),
        ("wais://h/db/t/p", [false, true, false]),
        ("wais://h/db/t/1=a;2=b;", [false, false, true]),
        ("prospero://h:1/a/b%00c", [true, true, true]),
        // D16: July's user and no password; D25, D35: the logins after it.
        ("telnet://joe@h.dom:23", [true, true, true]),
        ("telnet://joe:pw@h.dom", [true, true, true]),
        ("telnet://h.dom/", [false, false, false]),
        // A login that opens with a digit is no host name: its `@` splits.
        ("telnet://1u@h.dom", [true, true, true]),
        ("ftp://1.2.3.4@h.dom/x", [false, true, true]),
        // A `:` after a host name's run: a port, or in 1993 the host name's.
        ("telnet://h.dom:23", [true, true, true]),
        ("telnet://h.dom:x", [true, true, false]),
        // D9: July's ftp has no login (a user is part of the host name).
        ("ftp://joe:pw@h.dom/a/b", [true, true, true]),
        ("ftp://1.2.3.4:21/x", [false, true, true]),
        // D23: no server, a required number.
        ("nntp:alt.x/7", [true, true, true]),
        ("nntp:alt.x", [true, true, false]),
        // D22, D33: mailto from October 1993 (a `generic` in July), mid and
        // cid in draft 03 only.
        ("mailto:joe@cern.ch", [true, true, true]),
        ("mid:a.b@c.d", [true, true, true]),
        ("cid:a.b@1.2.3.4", [true, true, false]),
        // D24: afs is an alternative of July's `url` only.
        ("afs://cell.dom/x", [true, false, false]),
    ] {
        for (dialect, expected) in DRAFTS.into_iter().zip(verdicts) {
            assert_eq!(
                verdict(dialect, text, false),
                expected,
                "{dialect} {text:?}"
            );
        }
    }
    // Strict: the keyword as printed, in lower case.
    for dialect in DRAFTS {
        assert!(!verdict(dialect, "HTTP://h/", true), "{dialect}");
        assert!(verdict(dialect, "http://h/", true), "{dialect}");
    }
}
