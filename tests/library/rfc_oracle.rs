//! Differential test: the nom combinators against a second recognizer
//! derived mechanically from `grammar/rfc1738.bnf` (see
//! `tests/support/oracle.rs` for how, and for its three named exceptions).
//!
//! For every one of the 67 productions, strings generated from the grammar
//! (valid ones, near misses with one character inserted, deleted or
//! replaced, and valid strings of the other productions) must get the same
//! verdict from `rfc1738::check_with` and from the oracle, under
//! `Options::strict()` (the letter of the BNF) and under the default
//! options (case-insensitive scheme names).
//!
//! The per-rule counts are written straight to the process's stderr, which
//! the test harness does not capture, so `cargo test` always shows them.

use std::io::Write;

use crate::oracle::{near_miss, parse_bnf, parse_production, Oracle, Rng};
use rfc1738::{check_with, parse_with, Options, Rule};

/// The fixed seed: the same strings on every run. `ORACLE_SEED=n` picks
/// another, and `ORACLE_SCALE=k` makes k times as many strings, for longer
/// hunts (`ORACLE_SCALE=50 cargo test --release --test oracle`).
const SEED: u64 = 0x1738_1994_0005;

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name)
        .ok()
        .map(|v| v.parse().unwrap_or_else(|_| panic!("{name}={v}")))
}
/// Valid strings generated per production.
const VALID: usize = 1500;
/// Near misses per production.
const NEAR_MISSES: usize = 1500;
/// Valid strings of other productions, per production.
const CROSS: usize = 500;

fn grammar_text() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/rfc1738.bnf");
    std::fs::read_to_string(path).expect("grammar/rfc1738.bnf")
}

#[test]
fn the_grammar_text_defines_the_67_rules_in_order() {
    let grammar = parse_bnf(&grammar_text());
    let names: Vec<&str> = grammar
        .rules
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    let expected: Vec<&str> = Rule::ALL.iter().map(|rule| rule.name()).collect();
    assert_eq!(names, expected);
    assert_eq!(names.len(), 67);
}

#[test]
fn the_oracle_reads_the_informal_notation_as_named() {
    let strict = Oracle::strict(&grammar_text());
    // Exception 1: <"> is the quote character.
    assert!(strict.matches("punctuation", "\""));
    assert!(!strict.matches("punctuation", "<\">"));
    // Exception 2: the bare / of gopherurl is the literal "/".
    assert!(strict.matches("gopherurl", "gopher://host/1sel"));
    assert!(strict.matches("gopherurl", "gopher://host/"));
    assert!(!strict.matches("gopherurl", "gopher://host?"));
    // Exception 3, only when lenient: scheme names in any case.
    assert!(!strict.matches("scheme", "HTTP"));
    assert!(!strict.matches("httpurl", "HTTP://host"));
    let lenient = Oracle::lenient(&grammar_text());
    assert!(lenient.matches("scheme", "X-Foo"));
    assert!(lenient.matches("httpurl", "HtTp://host"));
    assert!(!lenient.matches("httpurl", "http://HOST:x"));
    // The repetition counts: 1* needs one, * needs none.
    assert!(!strict.matches("digits", ""));
    assert!(strict.matches("user", ""));
    // A comment after a production is not part of it.
    assert!(strict.matches("urlpath", "a/b;c"));
}

/// Strings per production, and what the two recognizers said.
#[derive(Default, Clone, Copy)]
struct Tally {
    strings: usize,
    accepted: usize,
}

fn run(options: Options, oracle: &Oracle, mixed_case: bool, label: &str) -> usize {
    let seed = env_number("ORACLE_SEED").unwrap_or(SEED);
    let scale = env_number("ORACLE_SCALE").unwrap_or(1).max(1) as usize;
    let mut rng = Rng::new(seed ^ u64::from(mixed_case));
    let grammar = &oracle.grammar;
    let pools: Vec<Vec<String>> = Rule::ALL
        .iter()
        .map(|rule| {
            (0..VALID * scale)
                .map(|_| grammar.generate(rule.name(), &mut rng, mixed_case))
                .collect()
        })
        .collect();

    let mut disagreements = Vec::new();
    let mut tallies = vec![Tally::default(); Rule::ALL.len()];
    for (index, &rule) in Rule::ALL.iter().enumerate() {
        let pool = &pools[index];
        let mut strings: Vec<&str> = pool.iter().map(String::as_str).collect();
        let misses: Vec<String> = (0..NEAR_MISSES * scale)
            .map(|_| near_miss(&pool[rng.below(pool.len())], &mut rng))
            .collect();
        strings.extend(misses.iter().map(String::as_str));
        for _ in 0..CROSS * scale {
            let other = &pools[rng.below(pools.len())];
            strings.push(&other[rng.below(other.len())]);
        }
        for (n, text) in strings.into_iter().enumerate() {
            let ours = check_with(rule, text, options);
            let theirs = oracle.matches(rule.name(), text);
            if n < VALID * scale {
                assert!(
                    theirs,
                    "the oracle rejects a string generated for {rule}: {text:?}"
                );
            }
            let tally = &mut tallies[index];
            tally.strings += 1;
            tally.accepted += usize::from(theirs);
            // `parse` holds a URL to its scheme's production.
            let production = parse_production(text, options.strict);
            let parsed = parse_with(text, options).is_ok();
            if parsed != oracle.matches(production, text) {
                disagreements.push(format!(
                    "{label}: rfc1738::parse of {text:?} says {parsed}, the BNF oracle of {production} disagrees"
                ));
            }
            if ours.is_ok() != theirs {
                disagreements.push(format!(
                    "{label}: rule {rule}, string {text:?}: rfc1738::check says {}, the BNF oracle says {}",
                    match &ours {
                        Ok(()) => "match".to_string(),
                        Err(error) => format!("no match ({error})"),
                    },
                    if theirs { "match" } else { "no match" },
                ));
            }
        }
    }

    let total: usize = tallies.iter().map(|t| t.strings).sum();
    let mut report = format!("\noracle, {label}: strings per rule (accepted/total)\n");
    for (rule, tally) in Rule::ALL.iter().zip(&tallies) {
        report.push_str(&format!(
            "  {:<15} {:>5}/{}\n",
            rule.name(),
            tally.accepted,
            tally.strings
        ));
    }
    report.push_str(&format!(
        "oracle, {label}: {total} strings, each through check and parse, {} disagreements\n",
        disagreements.len()
    ));
    // Straight to stderr: the harness captures only the print macros.
    let _ = std::io::stderr().write_all(report.as_bytes());

    for line in disagreements.iter().take(50) {
        eprintln!("{line}");
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements between rfc1738::check and the BNF oracle ({label}), first: {}",
        disagreements.len(),
        disagreements[0]
    );
    for (rule, tally) in Rule::ALL.iter().zip(&tallies) {
        assert!(tally.strings >= VALID + NEAR_MISSES + CROSS, "{rule}");
    }
    total
}

#[test]
fn check_agrees_with_the_bnf_oracle_strict() {
    let oracle = Oracle::strict(&grammar_text());
    let total = run(Options::strict(), &oracle, false, "Options::strict()");
    assert!(total >= 100_000, "only {total} strings");
}

#[test]
fn check_agrees_with_the_bnf_oracle_default_options() {
    let oracle = Oracle::lenient(&grammar_text());
    let total = run(Options::default(), &oracle, true, "Options::default()");
    assert!(total >= 100_000, "only {total} strings");
}

/// Strings at the places where a combinator commits to one derivation (see
/// `src/grammar/mod.rs`), checked against every production in both modes.
const EDGE_CASES: &[&str] = &[
    "",
    "a",
    "A",
    "-",
    ".",
    "%",
    "%0",
    "%09",
    "%2509",
    "%g0",
    "\"",
    "1.2.3.4",
    "1.2.3",
    "1.2.3.4.5",
    "a.b.c1",
    "a.1",
    "1a.b",
    "a-.b",
    "a.-b",
    "a..b",
    "a.b.",
    "host:",
    "host:80",
    "u:p@h:1",
    "u@h",
    ":@h",
    "@h",
    "http://u@h/",
    "http://h?x",
    "http://h/?x",
    "http://h/a/b;c?d;e:f@g",
    "HTTP://h/",
    "Http://h:8/",
    "ftp://h/;type=a",
    "ftp://h/a;type=I",
    "ftp://h/a;type=x",
    "ftp://u:p@h/a/b",
    "file:///x",
    "file://localhost/x",
    "file://1.2.3.4/a/b",
    "file:/x",
    "news:*",
    "news:a.b-c+d_e",
    "news:a@b",
    "news:1@b.c",
    "news:a/b@1.2.3.4",
    "news:@h",
    "nntp://h/g",
    "nntp://h/g/12",
    "nntp://h/g/",
    "nntp://h/1g",
    "telnet://h",
    "telnet://h/",
    "telnet://u:p@h:23/",
    "telnet://h/x",
    "gopher://h",
    "gopher://h/",
    "gopher://h/1",
    "gopher://h/1sel%09search",
    "gopher://h/1sel%09a/b%09plus",
    "gopher://h/%09%09%09",
    "wais://h/",
    "wais://h/db",
    "wais://h/db?s",
    "wais://h/db/t/p",
    "wais://h/db/t",
    "wais://h/db/t/p/q",
    "wais://h/db?s/t",
    "mailto:",
    "mailto:a@b",
    "mailto:%41",
    "prospero://h/p",
    "prospero://h/p;a=b;c=d",
    "prospero://h/p;a",
    "prospero://h/p;=",
    "prospero://h/a/b/c;x=y?z",
    "x-y+z.1:anything/at;all?",
    "x:",
    ":x",
    "1:",
    "a b:c",
    "héllo://h/",
    "http://h\u{e9}/",
];

#[test]
fn edge_cases_agree_with_the_bnf_oracle() {
    let modes = [
        (Options::strict(), Oracle::strict(&grammar_text())),
        (Options::default(), Oracle::lenient(&grammar_text())),
    ];
    let mut disagreements = Vec::new();
    for (options, oracle) in &modes {
        for &rule in Rule::ALL {
            for &text in EDGE_CASES {
                let ours = check_with(rule, text, *options).is_ok();
                if ours != oracle.matches(rule.name(), text) {
                    disagreements.push(format!("{options:?} {rule} {text:?}: check says {ours}"));
                }
            }
        }
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

/// The generator of the `arbitrary` feature, held to the oracle: every URL
/// it makes matches its production and `url` by the letter of the BNF.
#[cfg(feature = "arbitrary")]
#[test]
fn arbitrary_urls_match_the_bnf_oracle() {
    use arbitrary::{Arbitrary, Unstructured};
    use rfc1738::arbitrary::ArbitraryUrl;

    let strict = Oracle::strict(&grammar_text());
    let lenient = Oracle::lenient(&grammar_text());
    let mut rng = Rng::new(SEED);
    let data: Vec<u8> = (0..1 << 20).map(|_| rng.next_u64() as u8).collect();
    let mut u = Unstructured::new(&data);
    let mut count = 0;
    while !u.is_empty() {
        let url = ArbitraryUrl::arbitrary(&mut u).unwrap();
        let text = url.as_str();
        assert!(lenient.matches(url.form().name(), text), "{text:?}");
        assert!(lenient.matches("url", text), "{text:?}");
        assert_eq!(
            strict.matches("url", text),
            url.lower_case_scheme(),
            "{text:?}"
        );
        count += 1;
    }
    assert!(count > 5_000, "{count}");
}
