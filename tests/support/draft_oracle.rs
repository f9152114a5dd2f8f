//! A recognizer of the drafts' URL grammars derived mechanically from the
//! grammar texts, independent of any combinator: `grammar/draft-jul93.bnf`,
//! `grammar/draft-oct93.bnf` and `grammar/draft-03.bnf` are read with the
//! drafts' notation (DRAFTS.md section 2, D2-D6), every production is
//! parsed into a small expression tree, and every tree is translated into an
//! anchored regular expression. The fourth dialect, `rfc1738`, is the RFC
//! 1738 oracle of `oracle.rs` over `grammar/rfc1738.bnf`, unchanged (D44).
//!
//! How the notation is read, and nowhere else is anything hand-written:
//! 1. Tokens (D2): white space separates words; `[`, `]` and `|` are tokens
//!    of their own even against another character (`[/`, `|1`); a word of two
//!    or more letters, digits and `-` starting with a letter is a production
//!    name, except `space` (the space character) and `vline` (the vertical
//!    line); every other token is one character, letters included.
//! 2. Characters that look like notation (D5): a `|` right after a separating
//!    `|` is the vertical line; a `[` or `]` that forms a whole alternative
//!    (after a separating `|` or the start, before a `|` or the end) is the
//!    bracket character.
//! 3. Repetition (D3): only right (tail) recursion occurs. A production
//!    `X = e` whose `e` names `X` only in tail position is the language
//!    `P* Q` where `e = Q | P X` (Arden's rule), so every production is a
//!    regular expression. Any other recursion is an error.
//! 4. Case (D4, DRAFTS.md section 3): the scheme keywords are the runs of
//!    two or more single letters directly followed by `:`. Strict mode
//!    compares them as printed; the default mode ignores ASCII case in them
//!    and nowhere else.
//! 5. Only ASCII is ever matched (D6): the regexes are built without Unicode,
//!    so case folding is ASCII only.
//!
//! Shared, like `oracle.rs`, by whatever includes it with `#[path]`: it
//! depends only on `regex`, std and `oracle.rs` (which it includes itself).
#![allow(dead_code)]

#[path = "oracle.rs"]
pub mod rfc;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use regex::{Regex, RegexBuilder};

pub use rfc::{Choose, Rng};

/// The four revisions of the URL syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    Jul93,
    Oct93,
    Draft03,
    Rfc1738,
}

impl Dialect {
    /// Oldest first.
    pub const ALL: [Dialect; 4] = [
        Dialect::Jul93,
        Dialect::Oct93,
        Dialect::Draft03,
        Dialect::Rfc1738,
    ];

    /// The three drafts, read by this file's own reader.
    pub const DRAFTS: [Dialect; 3] = [Dialect::Jul93, Dialect::Oct93, Dialect::Draft03];

    /// The dialect's name, as the issues and grammar/DRAFTS.md spell it.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Jul93 => "draft-jul93",
            Dialect::Oct93 => "draft-oct93",
            Dialect::Draft03 => "draft-03",
            Dialect::Rfc1738 => "rfc1738",
        }
    }

    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The grammar file, in `grammar/`.
    pub fn file(self) -> &'static str {
        match self {
            Dialect::Jul93 => "draft-jul93.bnf",
            Dialect::Oct93 => "draft-oct93.bnf",
            Dialect::Draft03 => "draft-03.bnf",
            Dialect::Rfc1738 => "rfc1738.bnf",
        }
    }

    /// The productions a URL is asked for as a whole (DRAFTS.md section
    /// 1, "top level"), outermost first.
    pub fn top_level(self) -> &'static [&'static str] {
        match self {
            Dialect::Jul93 => &["fragmentaddress", "url"],
            Dialect::Oct93 => &["fragmentaddress", "uri", "url"],
            Dialect::Draft03 => &["prefixedurl", "url"],
            Dialect::Rfc1738 => &["url"],
        }
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The `grammar/` directory: beside the manifest of the crate that runs the
/// test, or one level up (a fuzz crate).
pub fn grammar_dir() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for dir in [manifest.join("grammar"), manifest.join("../grammar")] {
        if dir.join("draft-jul93.bnf").is_file() {
            return dir;
        }
    }
    panic!("no grammar/draft-jul93.bnf near {}", manifest.display());
}

pub fn grammar_text(dir: &Path, dialect: Dialect) -> String {
    let path = dir.join(dialect.file());
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// ---------------------------------------------------------------------------
// The grammar files

/// The right-hand side of a draft production.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// `a | b | ...`
    Alt(Vec<Expr>),
    /// `a b ...`; empty for `void`.
    Seq(Vec<Expr>),
    /// `[ a ]`
    Opt(Box<Expr>),
    /// One character (a single-letter token, `space`, `vline`, ...).
    Char(char),
    /// A scheme keyword (D4): single letters directly followed by `:`,
    /// joined (`h t t p` is `Keyword("http")`); the `:` stays a `Char`.
    Keyword(String),
    /// A production name.
    Ref(String),
}

/// A correction of DRAFTS.md section 4, as the grammar file marks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    /// `D10`, `D20`, ...
    pub decision: String,
    /// `typo` or `notation`.
    pub kind: String,
    /// The production as printed, name included (white space squeezed).
    pub printed: String,
}

/// One production of a grammar file.
#[derive(Debug, Clone)]
pub struct Production {
    pub name: String,
    /// The right-hand side as read (corrections applied), white space
    /// squeezed.
    pub rhs: String,
    pub expr: Expr,
    /// Where it is printed (`000:30860-30896, 001:292`, `002:947-948`), from
    /// its `; at` comment; `None` for a supplied definition.
    pub at: Option<String>,
    pub corrections: Vec<Correction>,
    /// The decision that supplies it (`D33`), if the draft never defines it.
    pub supplied: Option<String>,
}

/// The productions of one draft, in the order of the text.
#[derive(Debug, Clone)]
pub struct DraftGrammar {
    pub productions: Vec<Production>,
}

impl DraftGrammar {
    pub fn get(&self, name: &str) -> Option<&Production> {
        self.productions.iter().find(|p| p.name == name)
    }

    pub fn names(&self) -> Vec<&str> {
        self.productions.iter().map(|p| p.name.as_str()).collect()
    }

    /// The scheme keywords of the right-hand sides, in the order of the text
    /// (D4: `wais` comes twice in every draft).
    pub fn keywords(&self) -> Vec<String> {
        fn walk(expr: &Expr, out: &mut Vec<String>) {
            match expr {
                Expr::Alt(items) | Expr::Seq(items) => items.iter().for_each(|e| walk(e, out)),
                Expr::Opt(inner) => walk(inner, out),
                Expr::Keyword(word) => out.push(word.clone()),
                Expr::Char(_) | Expr::Ref(_) => {}
            }
        }
        let mut out = Vec::new();
        for production in &self.productions {
            walk(&production.expr, &mut out);
        }
        out
    }

    /// The names `expr` refers to.
    pub fn refs(expr: &Expr) -> BTreeSet<String> {
        fn walk(expr: &Expr, out: &mut BTreeSet<String>) {
            match expr {
                Expr::Alt(items) | Expr::Seq(items) => items.iter().for_each(|e| walk(e, out)),
                Expr::Opt(inner) => walk(inner, out),
                Expr::Ref(name) => {
                    out.insert(name.clone());
                }
                Expr::Char(_) | Expr::Keyword(_) => {}
            }
        }
        let mut out = BTreeSet::new();
        walk(expr, &mut out);
        out
    }

    /// The productions reachable from `roots` (the roots included).
    pub fn reachable(&self, roots: &[&str]) -> BTreeSet<String> {
        let mut seen: BTreeSet<String> = BTreeSet::new();
        let mut todo: Vec<String> = roots.iter().map(|r| r.to_string()).collect();
        while let Some(name) = todo.pop() {
            if seen.insert(name.clone()) {
                let production = self.get(&name).expect("a defined production");
                todo.extend(DraftGrammar::refs(&production.expr));
            }
        }
        seen
    }

    /// The direct alternatives of `url` that are production names, in order
    /// (`generic`, `httpaddress`, ...).
    pub fn url_alternatives(&self) -> Vec<String> {
        match &self.get("url").expect("url").expr {
            Expr::Alt(items) => items
                .iter()
                .filter_map(|e| match e {
                    Expr::Ref(name) => Some(name.clone()),
                    _ => None,
                })
                .collect(),
            Expr::Ref(name) => vec![name.clone()],
            _ => Vec::new(),
        }
    }

    /// The scheme keywords a production's strings can start with, following
    /// the first item through names and alternatives (`waisaddress`: `wais`).
    pub fn leading_keywords(&self, name: &str) -> BTreeSet<String> {
        fn walk(grammar: &DraftGrammar, expr: &Expr, depth: usize, out: &mut BTreeSet<String>) {
            if depth > 16 {
                return;
            }
            match expr {
                Expr::Alt(items) => items.iter().for_each(|e| walk(grammar, e, depth, out)),
                Expr::Seq(items) => {
                    if let Some(first) = items.first() {
                        walk(grammar, first, depth, out);
                    }
                }
                Expr::Keyword(word) => {
                    out.insert(word.clone());
                }
                Expr::Ref(name) => {
                    let production = grammar.get(name).expect("a defined production");
                    walk(grammar, &production.expr, depth + 1, out);
                }
                Expr::Opt(_) | Expr::Char(_) => {}
            }
        }
        let mut out = BTreeSet::new();
        walk(
            self,
            &self.get(name).expect("a production").expr,
            0,
            &mut out,
        );
        out
    }
}

/// Reads a draft grammar file (the layout its header describes).
pub fn parse_draft_bnf(text: &str) -> DraftGrammar {
    let mut productions: Vec<Production> = Vec::new();
    // The comments since the last blank line or production.
    let mut pending: Vec<&str> = Vec::new();
    // Whether an indented line may continue the last production.
    let mut open = false;
    for line in text.lines() {
        if line.trim().is_empty() {
            pending.clear();
            open = false;
        } else if let Some(comment) = line.strip_prefix(';') {
            pending.push(comment.trim());
            open = false;
        } else if line.starts_with(char::is_whitespace) {
            assert!(open, "an indented line continues no production: {line:?}");
            let last = productions.last_mut().expect("an open production");
            last.rhs = squeeze(&format!("{} {}", last.rhs, line));
        } else {
            let (name, rhs) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            assert!(is_name(name), "not a production name: {name:?} in {line:?}");
            let mut production = Production {
                name: name.to_string(),
                rhs: squeeze(rhs),
                expr: Expr::Seq(Vec::new()),
                at: None,
                corrections: Vec::new(),
                supplied: None,
            };
            read_comments(&pending, &mut production);
            pending.clear();
            productions.push(production);
            open = true;
        }
    }
    for production in &mut productions {
        production.expr = parse_rhs(&production.rhs)
            .unwrap_or_else(|e| panic!("{}: {e}: {:?}", production.name, production.rhs));
    }
    let grammar = DraftGrammar { productions };
    let mut seen = BTreeSet::new();
    for production in &grammar.productions {
        assert!(
            seen.insert(production.name.as_str()),
            "{} is defined twice",
            production.name
        );
        for name in DraftGrammar::refs(&production.expr) {
            assert!(
                grammar.get(&name).is_some(),
                "{} uses {name}, which is not defined",
                production.name
            );
        }
    }
    grammar
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// D2: two or more characters, a letter first, then letters, digits, `-`.
fn is_name(word: &str) -> bool {
    word.len() >= 2
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The `; at ...`, `; Dnn (kind): ...` + `; printed: ...` and
/// `; Dnn (supplied): ...` comments above a production.
fn read_comments(comments: &[&str], production: &mut Production) {
    let mut lines = comments.iter().peekable();
    while let Some(&comment) = lines.next() {
        if let Some(at) = comment.strip_prefix("at ") {
            production.at = Some(at.to_string());
            continue;
        }
        let Some((head, _)) = comment.split_once(':') else {
            continue;
        };
        let Some((decision, kind)) = head.split_once(' ') else {
            continue;
        };
        let is_decision = decision.len() > 1
            && decision.starts_with('D')
            && decision[1..].bytes().all(|b| b.is_ascii_digit());
        if !is_decision {
            continue;
        }
        match kind {
            "(supplied)" => production.supplied = Some(decision.to_string()),
            "(typo)" | "(notation)" => {
                let printed = lines
                    .next()
                    .and_then(|line| line.strip_prefix("printed: "))
                    .unwrap_or_else(|| {
                        panic!("{decision}: a correction needs a \"; printed:\" line")
                    });
                production.corrections.push(Correction {
                    decision: decision.to_string(),
                    kind: kind.trim_matches(|c| c == '(' || c == ')').to_string(),
                    printed: squeeze(printed),
                });
            }
            _ => {}
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Name(String),
    Char(char),
    Bar,
    Open,
    Close,
}

/// D2 and D5: the tokens of a right-hand side.
fn tokenize(rhs: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    for word in rhs.split_whitespace() {
        let mut chunk = String::new();
        let flush = |chunk: &mut String, tokens: &mut Vec<Token>| -> Result<(), String> {
            if chunk.is_empty() {
                return Ok(());
            }
            let token = match chunk.as_str() {
                "space" => Token::Char(' '),
                "vline" => Token::Char('|'),
                name if is_name(name) => Token::Name(name.to_string()),
                one if one.chars().count() == 1 => Token::Char(one.chars().next().unwrap()),
                other => return Err(format!("{other:?} is neither a name nor one character")),
            };
            tokens.push(token);
            chunk.clear();
            Ok(())
        };
        for c in word.chars() {
            let token = match c {
                '[' => Token::Open,
                ']' => Token::Close,
                '|' => Token::Bar,
                _ => {
                    chunk.push(c);
                    continue;
                }
            };
            flush(&mut chunk, &mut tokens)?;
            tokens.push(token);
        }
        flush(&mut chunk, &mut tokens)?;
    }
    // D5: a `|` right after a separating `|` is the vertical line.
    let mut after_separator = false;
    for token in &mut tokens {
        if *token == Token::Bar {
            if after_separator {
                *token = Token::Char('|');
                after_separator = false;
            } else {
                after_separator = true;
            }
        } else {
            after_separator = false;
        }
    }
    // D5: a bracket that forms a whole alternative is the character.
    let whole: Vec<bool> = (0..tokens.len())
        .map(|i| {
            matches!(tokens[i], Token::Open | Token::Close)
                && (i == 0 || tokens[i - 1] == Token::Bar)
                && tokens.get(i + 1).map_or(true, |t| *t == Token::Bar)
        })
        .collect();
    for (token, whole) in tokens.iter_mut().zip(whole) {
        if whole {
            *token = Token::Char(if *token == Token::Open { '[' } else { ']' });
        }
    }
    Ok(tokens)
}

fn parse_rhs(rhs: &str) -> Result<Expr, String> {
    let tokens = tokenize(rhs)?;
    if tokens.is_empty() {
        // `void`: the empty string (D3).
        return Ok(Expr::Seq(Vec::new()));
    }
    let mut parser = RhsParser { tokens, at: 0 };
    let expr = parser.alt()?;
    if parser.at != parser.tokens.len() {
        return Err(format!("unparsed tokens {:?}", &parser.tokens[parser.at..]));
    }
    Ok(expr)
}

struct RhsParser {
    tokens: Vec<Token>,
    at: usize,
}

impl RhsParser {
    fn alt(&mut self) -> Result<Expr, String> {
        let mut branches = vec![self.seq()?];
        while self.tokens.get(self.at) == Some(&Token::Bar) {
            self.at += 1;
            branches.push(self.seq()?);
        }
        Ok(if branches.len() == 1 {
            branches.pop().unwrap()
        } else {
            Expr::Alt(branches)
        })
    }

    fn seq(&mut self) -> Result<Expr, String> {
        let mut items = Vec::new();
        while let Some(token) = self.tokens.get(self.at).cloned() {
            match token {
                Token::Bar | Token::Close => break,
                Token::Open => {
                    self.at += 1;
                    let inner = self.alt()?;
                    if self.tokens.get(self.at) != Some(&Token::Close) {
                        return Err(format!("an unclosed [ before token {}", self.at));
                    }
                    self.at += 1;
                    items.push(Expr::Opt(Box::new(inner)));
                }
                Token::Name(name) => {
                    self.at += 1;
                    items.push(Expr::Ref(name));
                }
                Token::Char(c) => {
                    self.at += 1;
                    items.push(Expr::Char(c));
                }
            }
        }
        if items.is_empty() {
            return Err(format!("an empty alternative at token {}", self.at));
        }
        let items = keywords(items);
        Ok(if items.len() == 1 {
            items.into_iter().next().unwrap()
        } else {
            Expr::Seq(items)
        })
    }
}

/// D4: a run of two or more single letters directly followed by `:` is a
/// scheme keyword.
fn keywords(items: Vec<Expr>) -> Vec<Expr> {
    let mut out: Vec<Expr> = Vec::new();
    let mut run: Vec<char> = Vec::new();
    for item in items {
        match item {
            Expr::Char(c) if c.is_ascii_alphabetic() => run.push(c),
            other => {
                if other == Expr::Char(':') && run.len() >= 2 {
                    out.push(Expr::Keyword(run.drain(..).collect()));
                } else {
                    out.extend(run.drain(..).map(Expr::Char));
                }
                out.push(other);
            }
        }
    }
    out.extend(run.into_iter().map(Expr::Char));
    out
}

// ---------------------------------------------------------------------------
// Regular expressions

/// The anchored regular expressions of every production of one draft, in
/// one mode.
pub struct DraftOracle {
    pub grammar: DraftGrammar,
    pub strict: bool,
    patterns: HashMap<String, String>,
    regexes: HashMap<String, Regex>,
}

impl DraftOracle {
    pub fn new(grammar: DraftGrammar, strict: bool) -> DraftOracle {
        let mut oracle = DraftOracle {
            grammar,
            strict,
            patterns: HashMap::new(),
            regexes: HashMap::new(),
        };
        let names: Vec<String> = oracle
            .grammar
            .productions
            .iter()
            .map(|p| p.name.clone())
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

    /// Whether the whole of `text` derives from `production`.
    pub fn matches(&self, production: &str, text: &str) -> bool {
        self.regexes
            .get(production)
            .unwrap_or_else(|| panic!("no production {production}"))
            .is_match(text)
    }

    /// The regular expression of a production, unanchored, every name it
    /// uses inlined: two productions with the same pattern have the same
    /// definition down to the characters.
    pub fn regex_pattern(&self, production: &str) -> &str {
        self.patterns
            .get(production)
            .unwrap_or_else(|| panic!("no production {production}"))
    }

    /// The regular expression of a production, unanchored (computed).
    pub fn pattern(&mut self, name: &str, stack: &mut Vec<String>) -> String {
        if let Some(pattern) = self.patterns.get(name) {
            return pattern.clone();
        }
        assert!(
            !stack.iter().any(|n| n == name),
            "recursion that is not right recursion, through {name}: {stack:?}"
        );
        stack.push(name.to_string());
        let expr = self
            .grammar
            .get(name)
            .unwrap_or_else(|| panic!("undefined production {name}"))
            .expr
            .clone();
        let pattern = if mentions(&expr, name) {
            // Right recursion: `X = Q | P X` is `P* Q` (D3).
            let (q, p) = self.split(&expr, name, stack);
            let q = q.unwrap_or_else(|| panic!("{name} derives no finite string"));
            match p {
                Some(p) => format!("(?:{p})*(?:{q})"),
                None => q,
            }
        } else {
            self.translate(&expr, stack)
        };
        stack.pop();
        self.patterns.insert(name.to_string(), pattern.clone());
        pattern
    }

    /// `expr` as `Q | P X` for the production `X` it belongs to, where `X`
    /// occurs only last: (`Q`, `P`), `None` for the empty language.
    fn split(
        &mut self,
        expr: &Expr,
        name: &str,
        stack: &mut Vec<String>,
    ) -> (Option<String>, Option<String>) {
        if !mentions(expr, name) {
            return (Some(self.translate(expr, stack)), None);
        }
        match expr {
            Expr::Ref(_) => (None, Some(String::new())),
            Expr::Alt(branches) => {
                let (mut qs, mut ps) = (Vec::new(), Vec::new());
                for branch in branches {
                    let (q, p) = self.split(branch, name, stack);
                    qs.extend(q);
                    ps.extend(p);
                }
                let join = |parts: Vec<String>| {
                    (!parts.is_empty()).then(|| format!("(?:{})", parts.join("|")))
                };
                (join(qs), join(ps))
            }
            Expr::Seq(items) => {
                let (last, init) = items.split_last().expect("a non-empty sequence");
                assert!(
                    !init.iter().any(|item| mentions(item, name)),
                    "{name} recurses other than at the end"
                );
                let prefix: String = init.iter().map(|i| self.translate(i, stack)).collect();
                let (q, p) = self.split(last, name, stack);
                (
                    q.map(|q| format!("{prefix}{q}")),
                    p.map(|p| format!("{prefix}{p}")),
                )
            }
            Expr::Opt(inner) => {
                let (q, p) = self.split(inner, name, stack);
                let q = match q {
                    Some(q) => format!("(?:{q})?"),
                    None => String::new(),
                };
                (Some(q), p)
            }
            Expr::Char(_) | Expr::Keyword(_) => unreachable!("mentions no name"),
        }
    }

    fn translate(&mut self, expr: &Expr, stack: &mut Vec<String>) -> String {
        match expr {
            Expr::Alt(branches) => {
                let parts: Vec<String> =
                    branches.iter().map(|b| self.translate(b, stack)).collect();
                format!("(?:{})", parts.join("|"))
            }
            Expr::Seq(items) => items.iter().map(|i| self.translate(i, stack)).collect(),
            Expr::Opt(inner) => format!("(?:{})?", self.translate(inner, stack)),
            Expr::Char(c) => regex::escape(&c.to_string()),
            Expr::Keyword(word) if self.strict => regex::escape(word),
            // D4: the default mode ignores ASCII case in scheme keywords.
            Expr::Keyword(word) => format!("(?i:{})", regex::escape(word)),
            Expr::Ref(name) => format!("(?:{})", self.pattern(name, stack)),
        }
    }
}

fn mentions(expr: &Expr, name: &str) -> bool {
    match expr {
        Expr::Alt(items) | Expr::Seq(items) => items.iter().any(|e| mentions(e, name)),
        Expr::Opt(inner) => mentions(inner, name),
        Expr::Ref(other) => other == name,
        Expr::Char(_) | Expr::Keyword(_) => false,
    }
}

// ---------------------------------------------------------------------------
// Generated strings

impl DraftGrammar {
    /// A string of the language of `production`, by a random derivation.
    /// Right recursion goes on with probability 2/3 (mostly short runs);
    /// with `mixed_case`, scheme keywords come out in random case (D4).
    pub fn generate(&self, production: &str, choose: &mut impl Choose, mixed_case: bool) -> String {
        let mut out = String::new();
        let expr = &self.get(production).expect("a production").expr;
        self.generate_into(expr, choose, mixed_case, 0, &mut out);
        out
    }

    fn generate_into(
        &self,
        expr: &Expr,
        choose: &mut impl Choose,
        mixed_case: bool,
        depth: usize,
        out: &mut String,
    ) {
        match expr {
            Expr::Alt(branches) => {
                let branch = &branches[choose.below(branches.len())];
                self.generate_into(branch, choose, mixed_case, depth, out);
            }
            Expr::Seq(items) => {
                for item in items {
                    self.generate_into(item, choose, mixed_case, depth, out);
                }
            }
            Expr::Opt(inner) => {
                // Deep in a recursion, stop: every recursion of the drafts
                // goes through a bracket (D3), so the string stays finite.
                if depth < 40 && choose.below(3) > 0 {
                    self.generate_into(inner, choose, mixed_case, depth, out);
                }
            }
            Expr::Char(c) => out.push(*c),
            Expr::Keyword(word) => {
                for c in word.chars() {
                    out.push(if mixed_case && choose.below(2) == 0 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    });
                }
            }
            Expr::Ref(name) => {
                let expr = &self.get(name).expect("a defined production").expr;
                self.generate_into(expr, choose, mixed_case, depth + 1, out);
            }
        }
    }
}

/// The characters near misses are made of: every printable ASCII character
/// that is a character of some draft production, or of none (`#`, `<`,
/// `{`, ...), the letters the drafts spell out (`A E I L N T C`, hex), and a
/// TAB (D6).
pub const MUTATION_CHARS: &[u8] =
    b" !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\t0123456789AaCcEeFfIiLlNnTtZz";

/// `text` with one character inserted, deleted or replaced.
pub fn near_miss(text: &str, choose: &mut impl Choose) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let pick = MUTATION_CHARS[choose.below(MUTATION_CHARS.len())];
    match choose.below(3) {
        0 => {
            let at = choose.below(bytes.len() + 1);
            bytes.insert(at, pick);
        }
        1 if !bytes.is_empty() => {
            let at = choose.below(bytes.len());
            bytes.remove(at);
        }
        _ if !bytes.is_empty() => {
            let at = choose.below(bytes.len());
            bytes[at] = pick;
        }
        _ => bytes.push(pick),
    }
    String::from_utf8(bytes).expect("ASCII")
}

// ---------------------------------------------------------------------------
// The four dialects together

/// One dialect, both modes.
pub enum DialectOracle {
    Draft {
        strict: DraftOracle,
        default: DraftOracle,
    },
    Rfc1738 {
        grammar: rfc::Grammar,
        strict: rfc::Oracle,
        default: rfc::Oracle,
    },
}

/// The four revisions, each read from its grammar file, in both modes.
pub struct Oracles {
    dialects: Vec<(Dialect, DialectOracle)>,
}

impl Oracles {
    /// Reads the four grammar files of `grammar_dir()`.
    pub fn load() -> Oracles {
        Oracles::from_dir(&grammar_dir())
    }

    pub fn from_dir(dir: &Path) -> Oracles {
        let dialects = Dialect::ALL
            .into_iter()
            .map(|dialect| {
                let text = grammar_text(dir, dialect);
                let oracle = match dialect {
                    Dialect::Rfc1738 => DialectOracle::Rfc1738 {
                        grammar: rfc::parse_bnf(&text),
                        strict: rfc::Oracle::strict(&text),
                        default: rfc::Oracle::lenient(&text),
                    },
                    _ => {
                        let grammar = parse_draft_bnf(&text);
                        DialectOracle::Draft {
                            strict: DraftOracle::new(grammar.clone(), true),
                            default: DraftOracle::new(grammar, false),
                        }
                    }
                };
                (dialect, oracle)
            })
            .collect();
        Oracles { dialects }
    }

    pub fn dialect(&self, dialect: Dialect) -> &DialectOracle {
        &self
            .dialects
            .iter()
            .find(|(d, _)| *d == dialect)
            .expect("all four dialects")
            .1
    }

    /// The strict-mode regex pattern of a draft production (`None` for
    /// `rfc1738`), every name inlined.
    pub fn regex_pattern(&self, dialect: Dialect, production: &str) -> Option<&str> {
        match self.dialect(dialect) {
            DialectOracle::Draft { strict, .. } => Some(strict.regex_pattern(production)),
            DialectOracle::Rfc1738 { .. } => None,
        }
    }

    /// The draft grammar of a dialect (`None` for `rfc1738`).
    pub fn draft(&self, dialect: Dialect) -> Option<&DraftGrammar> {
        match self.dialect(dialect) {
            DialectOracle::Draft { strict, .. } => Some(&strict.grammar),
            DialectOracle::Rfc1738 { .. } => None,
        }
    }

    /// The production names of a dialect, in the order of its text.
    pub fn names(&self, dialect: Dialect) -> Vec<&str> {
        match self.dialect(dialect) {
            DialectOracle::Draft { strict, .. } => strict.grammar.names(),
            DialectOracle::Rfc1738 { grammar, .. } => {
                grammar.rules.iter().map(|(n, _)| n.as_str()).collect()
            }
        }
    }

    pub fn has(&self, dialect: Dialect, production: &str) -> bool {
        self.names(dialect).contains(&production)
    }

    /// Whether the whole of `text` derives from `production` of `dialect`;
    /// `strict`: scheme keywords as printed, otherwise in any ASCII case.
    pub fn matches(&self, dialect: Dialect, production: &str, text: &str, strict: bool) -> bool {
        match (self.dialect(dialect), strict) {
            (DialectOracle::Draft { strict, .. }, true) => strict.matches(production, text),
            (DialectOracle::Draft { default, .. }, false) => default.matches(production, text),
            (DialectOracle::Rfc1738 { strict, .. }, true) => strict.matches(production, text),
            (DialectOracle::Rfc1738 { default, .. }, false) => default.matches(production, text),
        }
    }

    /// A valid string of `production` (scheme keywords in random case with
    /// `mixed_case`, for the default mode).
    pub fn generate(
        &self,
        dialect: Dialect,
        production: &str,
        choose: &mut impl Choose,
        mixed_case: bool,
    ) -> String {
        match self.dialect(dialect) {
            DialectOracle::Draft { strict, .. } => {
                strict.grammar.generate(production, choose, mixed_case)
            }
            DialectOracle::Rfc1738 { grammar, .. } => {
                grammar.generate(production, choose, mixed_case)
            }
        }
    }

    /// A valid string of `production` or, half of the time, a one-character
    /// near miss of one (which may still be valid).
    pub fn generate_or_miss(
        &self,
        dialect: Dialect,
        production: &str,
        choose: &mut impl Choose,
        mixed_case: bool,
    ) -> String {
        let valid = self.generate(dialect, production, choose, mixed_case);
        if choose.below(2) == 0 {
            valid
        } else {
            near_miss(&valid, choose)
        }
    }

    /// The direct alternatives of `url` that are production names.
    pub fn url_alternatives(&self, dialect: Dialect) -> Vec<String> {
        match self.dialect(dialect) {
            DialectOracle::Draft { strict, .. } => strict.grammar.url_alternatives(),
            DialectOracle::Rfc1738 { grammar, .. } => match grammar.get("url") {
                Some(rfc::Expr::Alt(items)) => items
                    .iter()
                    .filter_map(|e| match e {
                        rfc::Expr::Ref(name) => Some(name.clone()),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            },
        }
    }

    /// The scheme's own production of `text` in `dialect`: the alternative of
    /// `url` whose keyword is the text before the first `:` (compared as
    /// printed when `strict`, in any ASCII case otherwise), else any other
    /// production that starts with that keyword (`afsaddress` after July
    /// 1993, D24). `None` for a scheme the dialect has no production for.
    pub fn scheme_production(&self, dialect: Dialect, text: &str, strict: bool) -> Option<String> {
        let (scheme, _) = text.split_once(':')?;
        let same = |keyword: &str| {
            if strict {
                keyword == scheme
            } else {
                keyword.eq_ignore_ascii_case(scheme)
            }
        };
        match self.dialect(dialect) {
            DialectOracle::Rfc1738 { .. } => {
                let production = rfc::parse_production(text, strict);
                (production != "otherurl").then(|| production.to_string())
            }
            DialectOracle::Draft { strict: oracle, .. } => {
                let grammar = &oracle.grammar;
                let alternatives = grammar.url_alternatives();
                let top = dialect.top_level();
                let others = grammar
                    .productions
                    .iter()
                    .map(|p| p.name.clone())
                    .filter(|name| !alternatives.contains(name) && !top.contains(&name.as_str()));
                alternatives.iter().cloned().chain(others).find(|name| {
                    grammar
                        .leading_keywords(name)
                        .iter()
                        .any(|keyword| same(keyword))
                })
            }
        }
    }

    /// The verdict of a whole URL under one dialect, as the fixture
    /// `draft_examples.tsv` writes it:
    /// - `url:A,B` when `url` matches, with the alternatives of `url` that
    ///   match (in the order of the grammar);
    /// - otherwise `T:A,...` for the first other top-level production `T`
    ///   that matches (`fragmentaddress`, `prefixedurl`), with the
    ///   alternatives of `url` its inner URL matches (before the first `#`,
    ///   after the first `:`);
    /// - otherwise `-`;
    /// - then ` !P` when the scheme's own production `P` rejects the text
    ///   (`url:otherurl !httpurl`), or ` +P` when `P` accepts it but `url`
    ///   does not (`afsaddress`, D24).
    pub fn verdict(&self, dialect: Dialect, text: &str, strict: bool) -> String {
        let alternatives = self.url_alternatives(dialect);
        let matching = |inner: &str| -> String {
            alternatives
                .iter()
                .filter(|a| self.matches(dialect, a, inner, strict))
                .cloned()
                .collect::<Vec<_>>()
                .join(",")
        };
        let url = self.matches(dialect, "url", text, strict);
        let mut verdict = if url {
            format!("url:{}", matching(text))
        } else {
            let other = dialect.top_level().iter().find(|top| {
                **top != "url" && **top != "uri" && self.matches(dialect, top, text, strict)
            });
            match other.copied() {
                Some("fragmentaddress") => {
                    let inner = text.split_once('#').map_or(text, |(url, _)| url);
                    format!("fragmentaddress:{}", matching(inner))
                }
                Some(top) => {
                    let inner = text.split_once(':').map_or(text, |(_, url)| url);
                    format!("{top}:{}", matching(inner))
                }
                None => "-".to_string(),
            }
        };
        if let Some(own) = self.scheme_production(dialect, text, strict) {
            let accepted = self.matches(dialect, &own, text, strict);
            if !accepted {
                verdict.push_str(&format!(" !{own}"));
            } else if !url {
                verdict.push_str(&format!(" +{own}"));
            }
        }
        verdict
    }
}
