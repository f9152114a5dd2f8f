//! `rfc1738 conformance generate [DIR]`: the vectors of every revision,
//! derived from its grammar text.
//!
//! For each production, in the order of the text: the examples and
//! decisions that name it, then its shape, node by node: every alternative,
//! every optional part present and absent, every repetition empty (or one
//! short of its minimum), once and many, every scheme keyword in upper case,
//! capitalized and cut short, every element left out, and at every place
//! where a character class stands its boundary members and the characters
//! nearest to it outside (with a space, a tab, a non-ASCII letter and broken
//! escapes). A character class's own production lists every member and
//! its nearest non-members, control characters, non-ASCII letters and
//! broken escapes. Everything around the varied part is the shortest
//! derivation. A production with fewer than five strings of each verdict
//! gets more from derivations varied at random (a fixed seed). The
//! library then judges each string in both modes: the verdict, the tree or
//! the error.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use rfc1738::dialect::{self, Dialect, DialectError, Node};
use rfc1738::{check_with, grammar, Rule, Span, SyntaxNode};
use serde_json::{json, Value};

use super::extract::{self, ExtractSuite};
use super::history::{self, History, Listing};
use super::sources::{self, Extra};
use super::suite::{case_id, Case, CaseError, Mode, Suite, SCHEMA_VERSION};
use rfc1738_bnf::{Expr, Grammar};

/// At least this many valid and this many invalid cases per production and
/// mode, where the production's language allows.
pub(crate) const AT_LEAST: usize = 5;

/// `generate [DIR]`: writes `DIR/<revision>.json` for the four revisions,
/// and the suite's version in them, `DIR/history.json` and
/// `DIR/CHANGELOG.md`, from what DIR held before (the last version).
pub(crate) fn run(dir: &Path, out: &mut impl Write) -> ExitCode {
    match write_all(dir, out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

fn write_all(dir: &Path, out: &mut impl Write) -> Result<(), String> {
    std::fs::create_dir_all(dir)
        .map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    let mut suites = Vec::new();
    for dialect in Dialect::ALL {
        suites.push(suite(dialect).map_err(|error| format!("{dialect}: {error}"))?);
    }
    let mut extract = ExtractSuite::derive()?;
    let mut new: Vec<Listing> = suites.iter().map(Suite::listing).collect();
    new.push(extract.listing());
    let mut ids = BTreeSet::new();
    if let Some(twice) = new
        .iter()
        .flat_map(|listing| &listing.cases)
        .find(|case| !ids.insert(case.id.as_str()))
    {
        return Err(format!("two cases have the id {}", twice.id));
    }
    let previous = History::read(dir)?;
    let mut old = Vec::new();
    if previous.is_some() {
        for dialect in Dialect::ALL {
            if dir.join(Suite::file_name(dialect)).exists() {
                old.push(Suite::read(dir, dialect)?.listing());
            }
        }
        if dir.join(extract::FILE).exists() {
            old.push(ExtractSuite::read(dir)?.listing());
        }
    }
    let history = previous
        .unwrap_or_default()
        .next(&old, &new, SCHEMA_VERSION);
    let version = history
        .current()
        .map(|v| v.version.clone())
        .ok_or("no version")?;
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))
    };
    for mut suite in suites {
        suite.suite_version.clone_from(&version);
        let text = suite.to_json();
        let name = format!("{}.json", suite.revision);
        write(&name, &text)?;
        let valid = suite.cases.iter().filter(|case| case.valid).count();
        let _ = writeln!(
            out,
            "{}: {} cases ({valid} valid, {} invalid), {} bytes",
            dir.join(&name).display(),
            suite.cases.len(),
            suite.cases.len() - valid,
            text.len()
        );
    }
    extract.suite_version.clone_from(&version);
    let text = extract.to_json();
    write(extract::FILE, &text)?;
    let urls: usize = extract.cases.iter().map(|case| case.urls.len()).sum();
    let _ = writeln!(
        out,
        "{}: {} cases ({urls} URLs), {} bytes",
        dir.join(extract::FILE).display(),
        extract.cases.len(),
        text.len()
    );
    write(history::FILE, &history.to_json())?;
    write(history::CHANGELOG, &history.changelog())?;
    let _ = writeln!(
        out,
        "suite version {version}, schema version {SCHEMA_VERSION}; {} ids retired in all",
        history.retired().len()
    );
    Ok(())
}

/// Every case of a revision, in the order of its productions; each string
/// once per mode.
pub(crate) fn suite(dialect: Dialect) -> Result<Suite, String> {
    let grammar = Grammar::of(dialect)?;
    let shapes = Shapes::new(&grammar);
    let extras: Vec<Extra> = sources::examples(dialect)
        .into_iter()
        .chain(sources::decisions(dialect))
        .collect();
    let mut cases = Vec::new();
    for (index, (name, _)) in grammar.productions.iter().enumerate() {
        let mut strings = Strings::default();
        for extra in extras.iter().filter(|extra| &extra.rule == name) {
            strings.add(&extra.input, &extra.source);
        }
        for (input, source) in shapes.targets(name) {
            strings.add(&input, &format!("bnf: {name}: {source}"));
        }
        let mut judged = Vec::new();
        for (input, mut reasons) in strings.list {
            let source = reasons.remove(0);
            let mut pair = judge_both(dialect, name, &input, &source)?;
            for case in &mut pair {
                case.also.clone_from(&reasons);
            }
            judged.push(pair);
        }
        top_up(dialect, name, &shapes, index, &mut judged)?;
        cases.extend(judged.into_iter().flatten());
    }
    for case in &mut cases {
        case.id = case_id(dialect.name(), case);
    }
    Ok(Suite {
        revision: dialect.name().to_string(),
        suite_version: String::new(),
        schema_version: SCHEMA_VERSION.to_string(),
        cases,
    })
}

/// Strings in the order they came, each once, with every reason given
/// for it (the first is its source, the others its `also`).
#[derive(Default)]
struct Strings {
    seen: BTreeMap<String, usize>,
    list: Vec<(String, Vec<String>)>,
}

impl Strings {
    fn add(&mut self, input: &str, source: &str) {
        match self.seen.get(input) {
            Some(&at) => {
                let reasons = &mut self.list[at].1;
                if !reasons.iter().any(|reason| reason == source) {
                    reasons.push(source.to_string());
                }
            }
            None => {
                self.seen.insert(input.to_string(), self.list.len());
                self.list
                    .push((input.to_string(), vec![source.to_string()]));
            }
        }
    }
}

/// Adds derivations varied at random while a mode has fewer than
/// [`AT_LEAST`] valid cases, and whole strings no URL production takes
/// while one has fewer invalid ones.
fn top_up(
    dialect: Dialect,
    name: &str,
    shapes: &Shapes<'_>,
    index: usize,
    judged: &mut Vec<[Case; 2]>,
) -> Result<(), String> {
    // The fewer of the two modes.
    let count = |judged: &[[Case; 2]], valid: bool| {
        (0..Mode::BOTH.len())
            .map(|mode| judged.iter().filter(|c| c[mode].valid == valid).count())
            .min()
            .unwrap_or(0)
    };
    let mut seen: BTreeSet<String> = judged.iter().map(|c| c[0].input.clone()).collect();
    let expr = shapes.grammar.get(name).ok_or("no such production")?;
    let mut rng = Rng(0x1738_1994 ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    for attempt in 0..200 {
        if count(judged, true) >= AT_LEAST {
            break;
        }
        let input = shapes.varied(expr, &mut rng, 0);
        if seen.insert(input.clone()) {
            let source = format!("bnf: {name}: a derivation varied at random ({attempt})");
            let pair = judge_both(dialect, name, &input, &source)?;
            if pair.iter().any(|case| case.valid) {
                judged.push(pair);
            }
        }
    }
    for (input, why) in LAST_RESORT {
        if count(judged, false) >= AT_LEAST {
            break;
        }
        if seen.insert(input.to_string()) {
            let source = format!("bnf: {name}: {why}");
            judged.push(judge_both(dialect, name, input, &source)?);
        }
    }
    Ok(())
}

/// Whole strings that are wrong for most productions, for the few whose
/// own shape gives fewer than five invalid strings.
const LAST_RESORT: [(&str, &str); 10] = [
    (" ", "a space alone"),
    ("\t", "a tab alone"),
    ("#", "a fragment sign alone"),
    ("\u{e9}", "a non-ASCII letter alone"),
    ("%", "a broken escape alone"),
    ("a b", "two words"),
    ("\n", "a line break alone"),
    ("%zz", "an escape without hex digits"),
    ("<>", "angle brackets"),
    ("\u{7f}", "DEL alone"),
];

/// A case in both modes.
fn judge_both(
    dialect: Dialect,
    rule: &str,
    input: &str,
    source: &str,
) -> Result<[Case; 2], String> {
    let strict = judge(dialect, rule, input, Mode::Strict, source)?;
    let default = judge(dialect, rule, input, Mode::Default, source)?;
    Ok([strict, default])
}

/// What the library says of `input` as `rule` of `dialect` in `mode`: the
/// verdict, and the tree or the error.
pub(crate) fn judge(
    dialect: Dialect,
    rule: &str,
    input: &str,
    mode: Mode,
    source: &str,
) -> Result<Case, String> {
    let options = mode.options();
    let mut case = Case {
        id: String::new(),
        rule: rule.to_string(),
        mode,
        input: input.to_string(),
        valid: false,
        tree: None,
        error: None,
        source: source.to_string(),
        also: Vec::new(),
    };
    let broken = |what: &str| format!("{rule} {input:?} ({}): {what}", mode.name());
    if dialect == Dialect::Rfc1738 {
        let production = Rule::from_name(rule).ok_or_else(|| broken("no such rule"))?;
        match check_with(production, input, options) {
            Ok(()) => {
                let tree = rfc_tree(production, input, options.strict).ok_or_else(|| {
                    broken("check accepts it but its combinator does not derive it whole")
                })?;
                case.valid = true;
                // `otherurl = genericurl`: its combinator's node is the
                // `genericurl` it derives.
                let tree = syntax_json(&tree);
                case.tree = Some(match tree[0] == rule {
                    true => tree,
                    false => json!([rule, 0, input.len(), tree]),
                });
            }
            Err(error) => {
                case.error = Some(CaseError {
                    offset: error.offset(),
                    expected: error.expected().iter().map(ToString::to_string).collect(),
                    stack: error.stack().iter().map(|r| r.name().to_string()).collect(),
                });
            }
        }
        return Ok(case);
    }
    match dialect::check(dialect, rule, input, options) {
        Ok(()) => {
            let tree = dialect::tree(dialect, rule, input, options)
                .map_err(|error| broken(&format!("check accepts it, tree says {error}")))?;
            case.valid = true;
            case.tree = Some(node_json(&tree));
        }
        Err(DialectError::Mismatch(mismatch)) => {
            case.error = Some(CaseError {
                offset: mismatch.offset(),
                expected: mismatch
                    .expected()
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                stack: mismatch.stack().iter().map(|s| s.to_string()).collect(),
            });
        }
        Err(error) => return Err(broken(&error.to_string())),
    }
    Ok(case)
}

/// `[rule, start, end, child...]`.
fn syntax_json(node: &SyntaxNode<'_>) -> Value {
    let mut array = vec![
        json!(node.rule.name()),
        json!(node.span.start),
        json!(node.span.end),
    ];
    array.extend(node.children.iter().map(syntax_json));
    Value::Array(array)
}

fn node_json(node: &Node<'_>) -> Value {
    let mut array = vec![
        json!(node.name),
        json!(node.span.start),
        json!(node.span.end),
    ];
    array.extend(node.children.iter().map(node_json));
    Value::Array(array)
}

/// The output of a combinator that consumed all of its text.
fn whole<T>(result: rfc1738::nom::IResult<&str, T, ()>) -> Option<T> {
    match result {
        Ok(("", output)) => Some(output),
        _ => None,
    }
}

/// The derivation tree of an RFC 1738 production, by its own combinator
/// (`rfc1738 tree` shows a production other than `url` as one node).
macro_rules! rfc_trees {
    (typed: [$($typed:ident => $t:ident,)*] runs: [$($run:ident => $r:ident,)*]) => {
        fn rfc_tree(rule: Rule, text: &str, strict: bool) -> Option<SyntaxNode<'_>> {
            match rule {
                $(Rule::$typed => whole(if strict {
                    grammar::strict::$t::<&str, ()>(text)
                } else {
                    grammar::$t::<&str, ()>(text)
                })
                .map(|node| node.syntax()),)*
                // A character class or an escape: the matched text alone.
                $(Rule::$run => whole(if strict {
                    grammar::strict::$r::<&str, ()>(text)
                } else {
                    grammar::$r::<&str, ()>(text)
                })
                .map(|_| SyntaxNode::new(rule, Span::new(0, text.len()), text, Vec::new())),)*
            }
        }
    };
}

rfc_trees! {
    typed: [
    Genericurl => genericurl, Url => url, Otherurl => otherurl, Scheme => scheme,
    Schemepart => schemepart, IpSchemepart => ip_schemepart, Login => login,
    Hostport => hostport, Host => host, Hostname => hostname, Domainlabel => domainlabel,
    Toplabel => toplabel, Hostnumber => hostnumber, Port => port, User => user,
    Password => password, Urlpath => urlpath, Ftpurl => ftpurl, Fpath => fpath,
    Fsegment => fsegment, Ftptype => ftptype, Fileurl => fileurl, Httpurl => httpurl,
    Hpath => hpath, Hsegment => hsegment, Search => search, Gopherurl => gopherurl,
    Gtype => gtype, Selector => selector, GopherPlusString => gopher_plus_string,
    Mailtourl => mailtourl, Encoded822addr => encoded822addr, Newsurl => newsurl,
    Grouppart => grouppart, Group => group, Article => article, Nntpurl => nntpurl,
    Telneturl => telneturl, Waisurl => waisurl, Waisdatabase => waisdatabase,
    Waisindex => waisindex, Waisdoc => waisdoc, Database => database, Wtype => wtype,
    Wpath => wpath, Prosperourl => prosperourl, Ppath => ppath, Psegment => psegment,
    Fieldspec => fieldspec, Fieldname => fieldname, Fieldvalue => fieldvalue,
    Digits => digits,
    ]
    runs: [
    Alphadigit => alphadigit, Lowalpha => lowalpha, Hialpha => hialpha, Alpha => alpha,
    Digit => digit, Safe => safe, Extra => extra, National => national,
    Punctuation => punctuation, Reserved => reserved, Hex => hex, Escape => escape,
    Unreserved => unreserved, Uchar => uchar, Xchar => xchar,
    ]
}

/// A set of single characters, and whether `%` hex hex belongs to it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Class {
    chars: BTreeSet<char>,
    escape: bool,
}

/// Escapes that stand for the escape in a class that holds it: the lowest,
/// an escaped `%`, lower-case hex and the highest.
const ESCAPES: [&str; 4] = ["%00", "%25", "%7e", "%FF"];

impl Class {
    /// Maximal runs of consecutive characters.
    fn runs(&self) -> Vec<(char, char)> {
        let mut runs: Vec<(char, char)> = Vec::new();
        for &c in &self.chars {
            match runs.last_mut() {
                Some((_, end)) if u32::from(*end) + 1 == u32::from(c) => *end = c,
                _ => runs.push((c, c)),
            }
        }
        runs
    }

    /// Every member: each character, then escapes (all of them, one hex
    /// digit varied at a time, for the escape class itself).
    fn members(&self) -> Vec<String> {
        let mut out: Vec<String> = self.chars.iter().map(|c| c.to_string()).collect();
        if self.escape && self.chars.is_empty() {
            let hex = "0123456789ABCDEFabcdef";
            for h in hex.chars() {
                out.push(format!("%{h}0"));
            }
            out.extend(hex.chars().skip(1).map(|h| format!("%0{h}")));
        } else if self.escape {
            out.extend(ESCAPES.iter().map(|e| e.to_string()));
        }
        out
    }

    /// The first and last member of each run, and one escape.
    fn boundaries(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (first, last) in self.runs() {
            out.push(first.to_string());
            if last != first {
                out.push(last.to_string());
            }
        }
        if self.escape {
            out.push(ESCAPES[2].to_string());
        }
        out
    }

    /// The ASCII characters just below and just above each run.
    fn nearest_outside(&self) -> Vec<char> {
        let mut out = BTreeSet::new();
        for (first, last) in self.runs() {
            let below = u32::from(first).checked_sub(1).and_then(char::from_u32);
            let above = char::from_u32(u32::from(last) + 1).filter(char::is_ascii);
            for c in [below, above].into_iter().flatten() {
                if !self.chars.contains(&c) {
                    out.insert(c);
                }
            }
        }
        out.into_iter().collect()
    }
}

/// A character as a source names it: `"a"`, or `U+00E9` when it is not
/// printable ASCII.
fn shown(text: &str) -> String {
    match text.chars().collect::<Vec<_>>()[..] {
        [c] if !(' '..='~').contains(&c) => format!("U+{:04X}", u32::from(c)),
        _ => format!("{text:?}"),
    }
}

/// The productions' shortest strings and classes, and the cases of each.
struct Shapes<'g> {
    grammar: &'g Grammar,
    shortest: BTreeMap<&'g str, String>,
    nonempty: BTreeMap<&'g str, String>,
    classes: BTreeMap<&'g str, Class>,
}

impl<'g> Shapes<'g> {
    fn new(grammar: &'g Grammar) -> Shapes<'g> {
        let mut shapes = Shapes {
            grammar,
            shortest: BTreeMap::new(),
            nonempty: BTreeMap::new(),
            classes: BTreeMap::new(),
        };
        // Fixed points: a production's value needs those of the
        // productions it names, and the drafts recur.
        let grammar = shapes.grammar;
        loop {
            let mut changed = false;
            for (name, expr) in &grammar.productions {
                if let Some(class) = shapes.class_of(expr) {
                    changed |= shapes.classes.insert(name, class.clone()) != Some(class);
                }
            }
            if !changed {
                break;
            }
        }
        shapes.settle(Shapes::shortest_of, |shapes| &mut shapes.shortest);
        shapes.settle(Shapes::nonempty_of, |shapes| &mut shapes.nonempty);
        shapes
    }

    /// Computes `of` for every production into `table` until nothing
    /// changes.
    fn settle(
        &mut self,
        of: fn(&Self, &Expr) -> Option<String>,
        table: fn(&mut Self) -> &mut BTreeMap<&'g str, String>,
    ) {
        let grammar = self.grammar;
        loop {
            let mut changed = false;
            for (name, expr) in &grammar.productions {
                let Some(text) = of(self, expr) else {
                    continue;
                };
                let table = table(self);
                if table.get(name.as_str()).is_none_or(|t| better(&text, t)) {
                    table.insert(name, text);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    fn shortest_of(&self, expr: &Expr) -> Option<String> {
        match expr {
            Expr::Lit(text) | Expr::Keyword(text) => Some(text.clone()),
            Expr::Ref(name) => self.shortest.get(name.as_str()).cloned(),
            Expr::Alt(branches) => branches
                .iter()
                .filter_map(|branch| self.shortest_of(branch))
                .min_by_key(String::len),
            Expr::Seq(items) => items.iter().map(|item| self.shortest_of(item)).collect(),
            Expr::Opt(_) => Some(String::new()),
            Expr::Rep { min, inner } => Some(self.shortest_of(inner)?.repeat(*min)),
        }
    }

    fn nonempty_of(&self, expr: &Expr) -> Option<String> {
        match expr {
            Expr::Lit(text) | Expr::Keyword(text) => Some(text.clone()),
            Expr::Ref(name) => self.nonempty.get(name.as_str()).cloned(),
            Expr::Alt(branches) => branches
                .iter()
                .filter_map(|branch| self.nonempty_of(branch))
                .min_by_key(String::len),
            Expr::Seq(items) => (0..items.len())
                .filter_map(|at| {
                    let mut text = String::new();
                    for (index, item) in items.iter().enumerate() {
                        match index == at {
                            true => text.push_str(&self.nonempty_of(item)?),
                            false => text.push_str(&self.shortest_of(item)?),
                        }
                    }
                    Some(text)
                })
                .min_by_key(String::len),
            Expr::Opt(inner) => self.nonempty_of(inner),
            Expr::Rep { min, inner } => {
                let more = self.shortest_of(inner)?.repeat(min.saturating_sub(1));
                Some(self.nonempty_of(inner)? + &more)
            }
        }
    }

    /// The characters `expr` matches, when it matches one character (or
    /// one escape) and nothing else.
    fn class_of(&self, expr: &Expr) -> Option<Class> {
        match expr {
            Expr::Lit(text) if text.chars().count() == 1 => Some(Class {
                chars: text.chars().collect(),
                escape: false,
            }),
            Expr::Ref(name) => self.classes.get(name.as_str()).cloned(),
            Expr::Alt(branches) => {
                let mut union = Class::default();
                for branch in branches {
                    let class = self.class_of(branch)?;
                    union.chars.extend(class.chars);
                    union.escape |= class.escape;
                }
                Some(union)
            }
            Expr::Seq(items) => match &items[..] {
                [Expr::Lit(percent), first, second]
                    if percent == "%"
                        && self.class_of(first).is_some_and(|c| c.chars.contains(&'F'))
                        && self
                            .class_of(second)
                            .is_some_and(|c| c.chars.contains(&'F')) =>
                {
                    Some(Class {
                        chars: BTreeSet::new(),
                        escape: true,
                    })
                }
                _ => None,
            },
            _ => None,
        }
    }

    fn shortest(&self, expr: &Expr) -> String {
        self.shortest_of(expr).unwrap_or_default()
    }

    fn nonempty(&self, expr: &Expr) -> String {
        self.nonempty_of(expr)
            .unwrap_or_else(|| self.shortest(expr))
    }

    /// The strings of a production and why each is there.
    fn targets(&self, name: &str) -> Vec<(String, String)> {
        let Some(expr) = self.grammar.get(name) else {
            return Vec::new();
        };
        let mut out = vec![(self.shortest(expr), "shortest derivation".to_string())];
        out.push((self.nonempty(expr), "shortest non-empty derivation".into()));
        out.push((String::new(), "empty string".into()));
        if let Some(class) = self.classes.get(name) {
            out.extend(self.class_cases(class));
        } else {
            let mut variants = Vec::new();
            self.variants(expr, &mut Vec::new(), &mut variants);
            for (path, text, why) in variants {
                out.push((self.render(expr, &mut Vec::new(), &path, &text), why));
            }
            out.extend(self.recursion(name, expr));
            if self.is_url_alternative(name) {
                out.extend(self.inside(name, expr, &mut BTreeSet::new()));
            }
        }
        let spaced = format!("{} ", self.shortest(expr));
        out.push((spaced, "shortest derivation, then a space".into()));
        out
    }

    /// Whether `name` is one of the alternatives of the revision's `url`:
    /// a scheme's URL, which parsers of whole URLs are asked.
    fn is_url_alternative(&self, name: &str) -> bool {
        match self.grammar.get("url") {
            Some(Expr::Alt(branches)) => branches
                .iter()
                .any(|b| matches!(b, Expr::Ref(n) if n == name)),
            _ => false,
        }
    }

    /// The variations of every production `expr` reaches, each rendered in
    /// its place inside `expr` (the first place it is reached): the
    /// classes, alternatives and optional parts of a URL's parts, as a
    /// parser of whole URLs meets them.
    fn inside(
        &self,
        name: &str,
        expr: &Expr,
        seen: &mut BTreeSet<String>,
    ) -> Vec<(String, String)> {
        let mut places = Vec::new();
        self.references(expr, &mut Vec::new(), &mut places);
        let mut out = Vec::new();
        for (path, inner) in places {
            let Some(inner_expr) = self.grammar.get(&inner) else {
                continue;
            };
            if inner == name
                || self.classes.contains_key(inner.as_str())
                || !seen.insert(inner.clone())
            {
                continue;
            }
            let mut variants = Vec::new();
            self.variants(inner_expr, &mut Vec::new(), &mut variants);
            let mut strings: Vec<(String, String)> = variants
                .into_iter()
                .map(|(at, text, why)| {
                    (
                        self.render(inner_expr, &mut Vec::new(), &at, &text),
                        format!("{inner}: {why}"),
                    )
                })
                .collect();
            strings.extend(self.inside(&inner, inner_expr, seen));
            for (text, why) in strings {
                let why = why.strip_prefix("in ").unwrap_or(&why).to_string();
                out.push((
                    self.render(expr, &mut Vec::new(), &path, &text),
                    format!("in {why}"),
                ));
            }
        }
        out
    }

    /// Where `expr` names a production, and which.
    fn references(&self, expr: &Expr, at: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, String)>) {
        match expr {
            Expr::Ref(name) => out.push((at.clone(), name.clone())),
            Expr::Alt(items) | Expr::Seq(items) => {
                for (index, item) in items.iter().enumerate() {
                    at.push(index);
                    self.references(item, at, out);
                    at.pop();
                }
            }
            Expr::Opt(inner) | Expr::Rep { inner, .. } => {
                at.push(0);
                self.references(inner, at, out);
                at.pop();
            }
            Expr::Lit(_) | Expr::Keyword(_) => {}
        }
    }

    /// A class's own production: every member, the nearest characters
    /// outside, and what users write by mistake.
    fn class_cases(&self, class: &Class) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = class
            .members()
            .into_iter()
            .map(|member| (member.clone(), format!("member {}", shown(&member))))
            .collect();
        for c in class.nearest_outside() {
            out.push((
                c.to_string(),
                format!("non-member {} (nearest outside)", shown(&c.to_string())),
            ));
        }
        for (first, last) in class.runs() {
            for c in [first, last] {
                let other = match c.is_ascii_lowercase() {
                    true => c.to_ascii_uppercase(),
                    false => c.to_ascii_lowercase(),
                };
                if other != c && !class.chars.contains(&other) {
                    out.push((
                        other.to_string(),
                        format!("non-member {} (the other case)", shown(&other.to_string())),
                    ));
                }
            }
        }
        for (text, why) in [
            ("\u{0}", "a control character"),
            ("\t", "a control character"),
            ("\n", "a line break"),
            ("\u{7f}", "DEL"),
            ("\u{e9}", "a non-ASCII letter"),
            ("\u{212a}", "KELVIN SIGN, which lower-cases to \"k\""),
        ] {
            out.push((
                text.to_string(),
                format!("non-member {} ({why})", shown(text)),
            ));
        }
        if let Some(first) = class.members().first() {
            out.push((first.repeat(2), "two members".into()));
        }
        if class.escape {
            for broken in ["%", "%4", "%g4", "%4g"] {
                out.push((broken.to_string(), format!("broken escape {broken:?}")));
            }
        }
        out
    }

    /// The variations of the nodes of `expr`: (where, the text there, why).
    fn variants(
        &self,
        expr: &Expr,
        at: &mut Vec<usize>,
        out: &mut Vec<(Vec<usize>, String, String)>,
    ) {
        let mut push = |text: String, why: String| out.push((at.clone(), text, why));
        if !at.is_empty() {
            if let Some(class) = self.class_of(expr) {
                self.place(&class, expr, &mut push);
                return;
            }
        }
        match expr {
            Expr::Alt(branches) => {
                for (index, branch) in branches.iter().enumerate() {
                    let why = format!("alternative {} of {}: {branch}", index + 1, branches.len());
                    push(self.nonempty(branch), why);
                }
                self.descend(branches, at, out);
            }
            Expr::Seq(items) => {
                for (index, item) in items.iter().enumerate() {
                    if !self.shortest(item).is_empty() {
                        at.push(index);
                        out.push((at.clone(), String::new(), format!("without {item}")));
                        at.pop();
                    }
                }
                self.descend(items, at, out);
            }
            Expr::Opt(inner) => {
                push(self.nonempty(inner), format!("optional {expr} present"));
                push(String::new(), format!("optional {expr} absent"));
                self.descend(std::slice::from_ref(inner), at, out);
            }
            Expr::Rep { min, inner } => {
                let one = self.nonempty(inner);
                match *min {
                    0 => push(String::new(), format!("repetition {expr} empty")),
                    min => push(
                        one.repeat(min - 1),
                        format!("repetition {expr} one short of {min}"),
                    ),
                }
                push(one.repeat((*min).max(1)), format!("repetition {expr} once"));
                match self.class_of(inner) {
                    Some(class) => push(
                        class.members().concat(),
                        format!("repetition {expr} many: every member in turn"),
                    ),
                    None => push(
                        one.repeat((*min).max(3)),
                        format!("repetition {expr} three times"),
                    ),
                }
                self.descend(std::slice::from_ref(inner), at, out);
            }
            Expr::Keyword(text) | Expr::Lit(text) => {
                let keyword = matches!(expr, Expr::Keyword(_));
                let what = if keyword { "keyword" } else { "literal" };
                if text.bytes().any(|b| b.is_ascii_lowercase()) {
                    let upper = text.to_ascii_uppercase();
                    push(upper, format!("{what} {text:?} in upper case"));
                    if keyword {
                        let mut capital = text.clone();
                        capital[..1].make_ascii_uppercase();
                        push(capital, format!("{what} {text:?} capitalized"));
                    }
                }
                let mut short = text.clone();
                short.pop();
                push(short, format!("{what} {text:?} cut short"));
            }
            Expr::Ref(_) => {}
        }
    }

    fn descend(
        &self,
        children: &[Expr],
        at: &mut Vec<usize>,
        out: &mut Vec<(Vec<usize>, String, String)>,
    ) {
        for (index, child) in children.iter().enumerate() {
            at.push(index);
            self.variants(child, at, out);
            at.pop();
        }
    }

    /// A character class at a place: its boundary members, the characters
    /// nearest outside, a space, a tab, a non-ASCII letter, broken escapes. A
    /// single character: the characters next to it.
    fn place(&self, class: &Class, expr: &Expr, push: &mut impl FnMut(String, String)) {
        if let (Expr::Lit(text), 1) = (expr, class.chars.len()) {
            for near in class.nearest_outside() {
                let near = near.to_string();
                push(
                    near.clone(),
                    format!("{} instead of {text:?}", shown(&near)),
                );
            }
            return;
        }
        for member in class.boundaries() {
            push(
                member.clone(),
                format!("member {} of {expr}", shown(&member)),
            );
        }
        let mut outside: Vec<String> = class
            .nearest_outside()
            .iter()
            .map(char::to_string)
            .collect();
        outside.extend([" ", "\t", "\u{e9}"].iter().map(|s| s.to_string()));
        if class.escape {
            outside.extend(["%", "%g4"].iter().map(|s| s.to_string()));
        }
        let mut seen = BTreeSet::new();
        for text in outside {
            if seen.insert(text.clone()) && !class.members().contains(&text) {
                push(
                    text.clone(),
                    format!("non-member {} of {expr}", shown(&text)),
                );
            }
        }
    }

    /// `expr` with the node at `focus` written as `text` and everything
    /// else as its shortest derivation.
    fn render(&self, expr: &Expr, at: &mut Vec<usize>, focus: &[usize], text: &str) -> String {
        if at.as_slice() == focus {
            return text.to_string();
        }
        if !focus.starts_with(at) {
            return self.shortest(expr);
        }
        let next = focus[at.len()];
        at.push(next);
        let out = match expr {
            Expr::Alt(branches) => self.render(&branches[next], at, focus, text),
            Expr::Seq(items) => items
                .iter()
                .enumerate()
                .map(|(index, item)| match index == next {
                    true => self.render(item, at, focus, text),
                    false => self.shortest(item),
                })
                .collect(),
            Expr::Opt(inner) => self.render(inner, at, focus, text),
            Expr::Rep { min, inner } => {
                let more = self.shortest(inner).repeat(min.saturating_sub(1));
                self.render(inner, at, focus, text) + &more
            }
            Expr::Lit(_) | Expr::Keyword(_) | Expr::Ref(_) => self.shortest(expr),
        };
        at.pop();
        out
    }

    /// A right recursion (the drafts' repetition) taken three times, and
    /// for `X = class [ X ]` every member of the class in turn.
    fn recursion(&self, name: &str, expr: &Expr) -> Vec<(String, String)> {
        let refers = |e: &Expr| matches!(e, Expr::Ref(n) if n == name);
        if !self.mentions(expr, &refers) {
            return Vec::new();
        }
        let mut out = vec![(
            self.unrolled(name, expr, 3),
            "right recursion three times".to_string(),
        )];
        if let Expr::Seq(items) = expr {
            if let [head, Expr::Opt(tail)] = &items[..] {
                if let (Some(class), true) = (self.class_of(head), refers(tail)) {
                    out.push((
                        class.members().concat(),
                        format!("right recursion: every member of {head} in turn"),
                    ));
                }
            }
        }
        out
    }

    fn mentions(&self, expr: &Expr, what: &impl Fn(&Expr) -> bool) -> bool {
        what(expr)
            || match expr {
                Expr::Alt(items) | Expr::Seq(items) => items.iter().any(|e| self.mentions(e, what)),
                Expr::Opt(inner) | Expr::Rep { inner, .. } => self.mentions(inner, what),
                _ => false,
            }
    }

    /// `expr` with every optional part that leads back to `name` present,
    /// `depth` times over.
    fn unrolled(&self, name: &str, expr: &Expr, depth: usize) -> String {
        let recurs = |e: &Expr| matches!(e, Expr::Ref(n) if n == name);
        match expr {
            Expr::Ref(n) if n == name => match depth {
                0 => self.shortest(expr),
                _ => self.unrolled(name, self.grammar.get(name).unwrap_or(expr), depth - 1),
            },
            Expr::Alt(branches) => match branches.iter().find(|b| self.mentions(b, &recurs)) {
                Some(branch) => self.unrolled(name, branch, depth),
                None => self.shortest(expr),
            },
            Expr::Seq(items) => items
                .iter()
                .map(|item| self.unrolled(name, item, depth))
                .collect(),
            Expr::Opt(inner) if self.mentions(inner, &recurs) => self.unrolled(name, inner, depth),
            _ => self.shortest(expr),
        }
    }

    /// A derivation with every choice made at random: alternatives,
    /// optional parts, repetition counts, class members.
    fn varied(&self, expr: &Expr, rng: &mut Rng, depth: usize) -> String {
        if let Some(class) = self.class_of(expr) {
            let members = class.members();
            return members[rng.below(members.len())].clone();
        }
        match expr {
            Expr::Lit(text) | Expr::Keyword(text) => text.clone(),
            Expr::Ref(name) => match (depth, self.grammar.get(name)) {
                (0..=8, Some(inner)) => self.varied(inner, rng, depth + 1),
                _ => self.shortest(expr),
            },
            Expr::Alt(branches) => self.varied(&branches[rng.below(branches.len())], rng, depth),
            Expr::Seq(items) => items
                .iter()
                .map(|item| self.varied(item, rng, depth))
                .collect(),
            Expr::Opt(inner) => match rng.below(2) {
                0 => String::new(),
                _ => self.varied(inner, rng, depth),
            },
            Expr::Rep { min, inner } => {
                let count = min + rng.below(4);
                (0..count).map(|_| self.varied(inner, rng, depth)).collect()
            }
        }
    }
}

/// Whether `new` replaces `old` as a shortest string: shorter, or as short
/// and made with more of the grammar known (a choice among alternatives
/// depends only on their lengths, so once the lengths are final the texts
/// settle on the first shortest alternative).
fn better(new: &str, old: &str) -> bool {
    new.len() < old.len() || (new.len() == old.len() && new != old)
}

/// xorshift64: the same choices on every run and machine.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}
