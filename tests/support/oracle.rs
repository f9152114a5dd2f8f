//! A second recognizer of RFC 1738 section 5, derived mechanically from the
//! grammar text: `grammar/rfc1738.bnf` is read, every production is parsed
//! into a small expression tree, and every tree is translated into an
//! anchored regular expression (the grammar has no recursion, so each rule
//! inlines the rules it names). The same trees generate strings.
//!
//! Shared by `tests/library/rfc_oracle.rs` and the fuzz target `differential` (both
//! include this file with `#[path]`), so it depends only on `regex` and std.
//!
//! Hand-written exceptions, each where the BNF is informal or has an
//! erratum, and nowhere else:
//! 1. `<">` (in `punctuation`) is RFC 822's notation for the quote
//!    character: it becomes the literal `"`.
//! 2. The unquoted `/` in `gopherurl` is the literal `"/"` (erratum EID 5118,
//!    verified by the RFC Editor).
//! 3. Case-insensitive scheme names (section 2.1: "programs interpreting
//!    URLs should treat upper case letters as equivalent to lower case in
//!    scheme names"), only in [`Oracle::lenient`], the reading of the
//!    crate's default `Options`: `scheme` also admits `hialpha`, and the
//!    scheme name in a scheme literal (`"ftp://"`, `"mailto:"`) matches in
//!    any case. [`Oracle::strict`] is the letter of the BNF.
#![allow(dead_code)]

use std::collections::HashMap;

use regex::{Regex, RegexBuilder};

/// The right-hand side of a production.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// `a | b | ...`
    Alt(Vec<Expr>),
    /// `a b ...`
    Seq(Vec<Expr>),
    /// `n*element`: `min` or more.
    Rep { min: usize, inner: Box<Expr> },
    /// `[ a ]`
    Opt(Box<Expr>),
    /// `"text"`
    Lit(String),
    /// A rule name.
    Ref(String),
}

/// The productions of the grammar text, in order.
#[derive(Debug, Clone)]
pub struct Grammar {
    pub rules: Vec<(String, Expr)>,
}

impl Grammar {
    pub fn get(&self, name: &str) -> Option<&Expr> {
        self.rules.iter().find(|(n, _)| n == name).map(|(_, e)| e)
    }
}

/// Whether a line of the RFC text is page furniture or commentary rather
/// than grammar: blank lines, the page footer and header, `;` comments.
fn is_noise(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.is_empty()
        || trimmed.starts_with(';')
        || (trimmed.starts_with("Berners-Lee, Masinter & McCahill") && trimmed.ends_with(']'))
        || (trimmed.starts_with("RFC 1738") && trimmed.ends_with("December 1994"))
}

/// The name a line defines, if it opens a production (`name   = ...`).
fn defines(line: &str) -> Option<(&str, &str)> {
    if line.starts_with(char::is_whitespace) {
        return None;
    }
    let (name, rest) = line.split_once('=')?;
    let name = name.trim_end();
    let is_name = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-_".contains(c));
    is_name.then_some((name, rest))
}

/// Parses the grammar text: every production, its continuation lines
/// joined, page breaks and comments skipped.
pub fn parse_bnf(text: &str) -> Grammar {
    let mut definitions: Vec<(String, String)> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        if is_noise(line) {
            continue;
        }
        if let Some((name, rest)) = defines(line) {
            definitions.push((name.to_string(), rest.to_string()));
            open = true;
        } else if open && line.starts_with(char::is_whitespace) {
            let last = definitions.last_mut().expect("an open production");
            last.1.push(' ');
            last.1.push_str(line);
        } else {
            // Prose (the section's introduction): not part of a production.
            open = false;
        }
    }
    let rules = definitions
        .into_iter()
        .map(|(name, body)| {
            let tokens = tokenize(&body);
            let mut parser = Parser { tokens, at: 0 };
            let expr = parser.alt();
            assert!(
                parser.at == parser.tokens.len(),
                "{name}: unparsed tokens {:?}",
                &parser.tokens[parser.at..]
            );
            (name, expr)
        })
        .collect();
    Grammar { rules }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Lit(String),
    Name(String),
    Repeat(usize),
    Open,
    Close,
    Bar,
}

fn tokenize(body: &str) -> Vec<Token> {
    let chars: Vec<char> = body.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            _ if c.is_whitespace() => i += 1,
            // A comment runs to the end of the line (`; depends on ...`).
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '"' => {
                let end = chars[i + 1..]
                    .iter()
                    .position(|&c| c == '"')
                    .expect("a closing quote")
                    + i
                    + 1;
                tokens.push(Token::Lit(chars[i + 1..end].iter().collect()));
                i = end + 1;
            }
            // Exception 1: RFC 822 writes the quote character as <">.
            '<' if chars[i..].starts_with(&['<', '"', '>']) => {
                tokens.push(Token::Lit("\"".into()));
                i += 3;
            }
            // Exception 2: erratum EID 5118, the unquoted / of gopherurl is "/".
            '/' => {
                tokens.push(Token::Lit("/".into()));
                i += 1;
            }
            '[' => {
                tokens.push(Token::Open);
                i += 1;
            }
            ']' => {
                tokens.push(Token::Close);
                i += 1;
            }
            '|' => {
                tokens.push(Token::Bar);
                i += 1;
            }
            '*' => {
                tokens.push(Token::Repeat(0));
                i += 1;
            }
            _ if c.is_ascii_digit()
                && chars[i..].iter().find(|c| !c.is_ascii_digit()) == Some(&'*') =>
            {
                let digits: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                tokens.push(Token::Repeat(digits.parse().unwrap()));
                i += digits.len() + 1;
            }
            _ if c.is_ascii_alphabetic() => {
                let name: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || "+-_".contains(**c))
                    .collect();
                i += name.chars().count();
                tokens.push(Token::Name(name));
            }
            _ => panic!("unexpected {c:?} in the grammar: {body}"),
        }
    }
    tokens
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn alt(&mut self) -> Expr {
        let mut branches = vec![self.seq()];
        while self.peek() == Some(&Token::Bar) {
            self.at += 1;
            branches.push(self.seq());
        }
        if branches.len() == 1 {
            branches.pop().unwrap()
        } else {
            Expr::Alt(branches)
        }
    }

    fn seq(&mut self) -> Expr {
        let mut items = Vec::new();
        while let Some(token) = self.peek() {
            if matches!(token, Token::Bar | Token::Close) {
                break;
            }
            items.push(self.item());
        }
        assert!(!items.is_empty(), "empty sequence at token {}", self.at);
        if items.len() == 1 {
            items.pop().unwrap()
        } else {
            Expr::Seq(items)
        }
    }

    fn item(&mut self) -> Expr {
        match self.peek().cloned() {
            Some(Token::Repeat(min)) => {
                self.at += 1;
                // `n*[ a | b ]`: the brackets only group what is repeated.
                let inner = match self.peek() {
                    Some(Token::Open) => self.group(),
                    _ => self.element(),
                };
                Expr::Rep {
                    min,
                    inner: Box::new(inner),
                }
            }
            Some(Token::Open) => Expr::Opt(Box::new(self.group())),
            _ => self.element(),
        }
    }

    fn group(&mut self) -> Expr {
        assert_eq!(self.peek(), Some(&Token::Open));
        self.at += 1;
        let inner = self.alt();
        assert_eq!(self.peek(), Some(&Token::Close), "an unclosed [");
        self.at += 1;
        inner
    }

    fn element(&mut self) -> Expr {
        let token = self.peek().cloned();
        self.at += 1;
        match token {
            Some(Token::Lit(text)) => Expr::Lit(text),
            Some(Token::Name(name)) => Expr::Ref(name),
            other => panic!("unexpected {other:?}"),
        }
    }
}

/// The anchored regular expressions of every production.
pub struct Oracle {
    pub grammar: Grammar,
    lenient: bool,
    patterns: HashMap<String, String>,
    regexes: HashMap<String, Regex>,
}

impl Oracle {
    /// The letter of the BNF (the crate's `Options::strict()`).
    pub fn strict(text: &str) -> Oracle {
        Oracle::new(text, false)
    }

    /// With exception 3, case-insensitive scheme names (the crate's
    /// `Options::default()`).
    pub fn lenient(text: &str) -> Oracle {
        Oracle::new(text, true)
    }

    fn new(text: &str, lenient: bool) -> Oracle {
        let grammar = parse_bnf(text);
        let mut oracle = Oracle {
            grammar,
            lenient,
            patterns: HashMap::new(),
            regexes: HashMap::new(),
        };
        let names: Vec<String> = oracle
            .grammar
            .rules
            .iter()
            .map(|(n, _)| n.clone())
            .collect();
        for name in names {
            let pattern = oracle.pattern(&name, &mut Vec::new());
            let regex = RegexBuilder::new(&format!(r"\A(?:{pattern})\z"))
                .unicode(false)
                .size_limit(1 << 28)
                .dfa_size_limit(1 << 28)
                .build()
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            oracle.regexes.insert(name, regex);
        }
        oracle
    }

    /// Whether the whole of `text` matches the production `rule`.
    pub fn matches(&self, rule: &str, text: &str) -> bool {
        self.regexes
            .get(rule)
            .unwrap_or_else(|| panic!("no production {rule}"))
            .is_match(text)
    }

    /// The regular expression of `rule`, unanchored.
    pub fn pattern(&mut self, name: &str, stack: &mut Vec<String>) -> String {
        if let Some(pattern) = self.patterns.get(name) {
            return pattern.clone();
        }
        assert!(
            !stack.iter().any(|n| n == name),
            "recursion through {name}: {stack:?}"
        );
        stack.push(name.to_string());
        let expr = self
            .grammar
            .get(name)
            .unwrap_or_else(|| panic!("undefined rule {name}"))
            .clone();
        let mut pattern = self.translate(&expr, stack);
        if self.lenient && name == "scheme" {
            // Exception 3: upper-case letters in scheme names.
            pattern = format!("(?i:{pattern})");
        }
        stack.pop();
        self.patterns.insert(name.to_string(), pattern.clone());
        pattern
    }

    fn translate(&mut self, expr: &Expr, stack: &mut Vec<String>) -> String {
        match expr {
            Expr::Alt(branches) => {
                let parts: Vec<String> =
                    branches.iter().map(|b| self.translate(b, stack)).collect();
                format!("(?:{})", parts.join("|"))
            }
            Expr::Seq(items) => items.iter().map(|i| self.translate(i, stack)).collect(),
            Expr::Rep { min, inner } => format!("(?:{}){{{min},}}", self.translate(inner, stack)),
            Expr::Opt(inner) => format!("(?:{})?", self.translate(inner, stack)),
            Expr::Lit(text) => match scheme_literal(text) {
                // Exception 3: the scheme name of a scheme literal.
                Some((name, rest)) if self.lenient => {
                    format!("(?i:{}){}", regex::escape(name), regex::escape(rest))
                }
                _ => regex::escape(text),
            },
            Expr::Ref(name) => format!("(?:{})", self.pattern(name, stack)),
        }
    }
}

/// A literal that opens a scheme's URL (`"ftp://"`, `"news:"`): its scheme
/// name and the rest.
pub fn scheme_literal(text: &str) -> Option<(&str, &str)> {
    let colon = text.find(':')?;
    let name = &text[..colon];
    (colon > 0 && name.bytes().all(|b| b.is_ascii_lowercase())).then(|| (name, &text[colon..]))
}

/// A small deterministic generator (SplitMix64): the same seed gives the
/// same strings on every machine.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }

    pub fn chance(&mut self, numerator: usize, denominator: usize) -> bool {
        self.below(denominator) < numerator
    }
}

/// Anything that can make choices: the seeded [`Rng`] in `cargo test`, the
/// fuzzer's bytes in a fuzz target.
pub trait Choose {
    fn below(&mut self, bound: usize) -> usize;
}

impl Choose for Rng {
    fn below(&mut self, bound: usize) -> usize {
        Rng::below(self, bound)
    }
}

impl Grammar {
    /// A string of the language of `rule`, by a random derivation.
    /// Repetitions are short (mostly 0 to 3 elements); with `mixed_case`,
    /// scheme names come out in random case (exception 3).
    pub fn generate(&self, rule: &str, choose: &mut impl Choose, mixed_case: bool) -> String {
        let mut out = String::new();
        self.generate_into(
            self.get(rule).expect("a rule"),
            choose,
            mixed_case,
            &mut out,
        );
        out
    }

    fn generate_into(
        &self,
        expr: &Expr,
        choose: &mut impl Choose,
        mixed_case: bool,
        out: &mut String,
    ) {
        match expr {
            Expr::Alt(branches) => {
                let branch = &branches[choose.below(branches.len())];
                self.generate_into(branch, choose, mixed_case, out);
            }
            Expr::Seq(items) => {
                for item in items {
                    self.generate_into(item, choose, mixed_case, out);
                }
            }
            Expr::Rep { min, inner } => {
                // Mostly short; now and then long, so runs and labels of
                // several characters come up.
                let extra = match choose.below(8) {
                    0 => 0,
                    1..=3 => 1,
                    4 | 5 => 2,
                    6 => 3,
                    _ => 4 + choose.below(8),
                };
                for _ in 0..min + extra {
                    self.generate_into(inner, choose, mixed_case, out);
                }
            }
            Expr::Opt(inner) => {
                if choose.below(3) > 0 {
                    self.generate_into(inner, choose, mixed_case, out);
                }
            }
            Expr::Lit(text) => match scheme_literal(text) {
                Some((name, rest)) if mixed_case => {
                    for c in name.chars() {
                        out.push(if choose.below(2) == 0 {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                    out.push_str(rest);
                }
                _ => out.push_str(text),
            },
            Expr::Ref(name) => {
                let expr = self.get(name).expect("a defined rule");
                if mixed_case && name == "scheme" {
                    let mut scheme = String::new();
                    self.generate_into(expr, choose, mixed_case, &mut scheme);
                    for c in scheme.chars() {
                        out.push(if choose.below(2) == 0 {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                } else {
                    self.generate_into(expr, choose, mixed_case, out);
                }
            }
        }
    }
}

/// The characters near misses are made of: reserved, unsafe (section 2.2),
/// `%`, hex digits, `-`, `.`, `@`, `:`, `/`.
pub const MUTATION_CHARS: &[u8] = b";/?:@&= <>\"#%{}|\\^~[]`0123456789ABCDEFabcdef-.";

/// `text` with one character inserted, deleted or replaced.
pub fn near_miss(text: &str, choose: &mut impl Choose) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let pick =
        |choose: &mut dyn FnMut(usize) -> usize| MUTATION_CHARS[choose(MUTATION_CHARS.len())];
    let mut below = |bound: usize| choose.below(bound);
    match below(3) {
        0 => {
            let at = below(bytes.len() + 1);
            let c = pick(&mut below);
            bytes.insert(at, c);
        }
        1 if !bytes.is_empty() => {
            let at = below(bytes.len());
            bytes.remove(at);
        }
        _ if !bytes.is_empty() => {
            let at = below(bytes.len());
            bytes[at] = pick(&mut below);
        }
        _ => bytes.push(pick(&mut below)),
    }
    // Generated strings are ASCII, and so are the mutations.
    String::from_utf8(bytes).expect("ASCII")
}

/// The production `rfc1738::parse` holds `text` to: its scheme's, when the
/// scheme is one of the ten (in any case unless `strict`), otherwise
/// `otherurl`.
pub fn parse_production(text: &str, strict: bool) -> &'static str {
    const SCHEMES: [(&str, &str); 10] = [
        ("http", "httpurl"),
        ("ftp", "ftpurl"),
        ("news", "newsurl"),
        ("nntp", "nntpurl"),
        ("telnet", "telneturl"),
        ("gopher", "gopherurl"),
        ("wais", "waisurl"),
        ("mailto", "mailtourl"),
        ("file", "fileurl"),
        ("prospero", "prosperourl"),
    ];
    let Some((name, _)) = text.split_once(':') else {
        return "otherurl";
    };
    SCHEMES
        .iter()
        .find(|(scheme, _)| {
            if strict {
                name == *scheme
            } else {
                name.eq_ignore_ascii_case(scheme)
            }
        })
        .map_or("otherurl", |&(_, production)| production)
}
