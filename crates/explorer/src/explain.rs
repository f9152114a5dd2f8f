//! What the page shows about each URL, as JSON: the verdict of each
//! revision (`rfc1738 revisions`), the line of `rfc1738 check`, the
//! derivation of `rfc1738 tree` with the path of each node through its
//! production's diagram, or the failure (offset, expected, found, the
//! productions open), what the URL means (`rfc1738 describe`), and the
//! linter's findings with their fixes.
//!
//! Every answer is bounded: at most [`MAX_LINES`] URLs are read from a
//! request, the first [`MAX_DETAILED`] in full; a tree is given up to
//! [`MAX_NODES`] nodes, paths only for short nodes ([`crate::path`]), a
//! description for URLs of up to [`MAX_DESCRIBED`] bytes, and
//! [`MAX_FINDINGS`] findings.

use std::io;
use std::path::Path;

use rfc1738::dialect::{self, Dialect, DialectError, Node};
use rfc1738::lint::Finding;
use rfc1738::scan::{Form, ScannedUrl};
use rfc1738::{Error, Options, Span};
use rfc1738_bnf::Grammar;
use rfc1738_linter::output::Report;
use rfc1738_linter::pipeline::{self, FileLint, Overrides, Reporter};
use rfc1738_linter::source::SourceText;
use serde_json::{json, Map, Value};

use crate::path::{self, Child};

/// The most URLs (non-empty lines) read from one request.
pub const MAX_LINES: usize = 1_000;

/// The URLs explained in full (tree, description, findings); the others
/// get their verdicts only.
pub const MAX_DETAILED: usize = 100;

/// The most nodes of a tree sent for one URL.
pub const MAX_NODES: usize = 5_000;

/// The longest URL described (`describe` lists every segment and decoded
/// part: on a long URL, many times its size).
pub const MAX_DESCRIBED: usize = 64 * 1024;

/// The most findings sent for one URL (the others are counted).
pub const MAX_FINDINGS: usize = 1_000;

/// What the page asks: the revision and production to derive each URL
/// from, and the mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// The revision whose tree and failure are shown.
    pub dialect: Dialect,
    /// The production (default `url`).
    pub rule: String,
    /// Scheme keywords as printed (`--strict`).
    pub strict: bool,
}

impl Default for Query {
    fn default() -> Self {
        Query {
            dialect: Dialect::Rfc1738,
            rule: "url".to_owned(),
            strict: false,
        }
    }
}

impl Query {
    /// The query of `revision=..&rule=..&mode=..` (any order, each
    /// optional); an error names what is wrong.
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (String, String)> + 'a,
    ) -> Result<Query, String> {
        let mut query = Query::default();
        for (key, value) in pairs {
            match key.as_str() {
                "revision" => {
                    query.dialect = Dialect::from_name(&value).ok_or_else(|| {
                        format!(
                            "unknown revision {value:?}; the revisions are {}",
                            Dialect::NAMES.join(", ")
                        )
                    })?
                }
                "rule" if !value.is_empty() => query.rule = value,
                "rule" => {}
                "mode" => {
                    query.strict = match value.as_str() {
                        "strict" => true,
                        "default" | "" => false,
                        _ => return Err(format!("unknown mode {value:?}: default or strict")),
                    }
                }
                _ => {}
            }
        }
        if !query.dialect.has(&query.rule) {
            return Err(format!(
                "{} has no production {:?}",
                query.dialect, query.rule
            ));
        }
        Ok(query)
    }

    fn options(&self) -> Options {
        Options::default().with_strict(self.strict)
    }
}

/// The answer for the URLs of `text`, one a line (empty lines skipped,
/// a `\r` before the line break dropped).
pub fn explain(text: &str, query: &Query) -> Value {
    let grammar = Grammar::of(query.dialect).ok();
    let mut urls = Vec::new();
    let mut lines = 0;
    for line in text.split('\n') {
        let url = line.strip_suffix('\r').unwrap_or(line);
        if url.is_empty() {
            continue;
        }
        lines += 1;
        if lines > MAX_LINES {
            continue;
        }
        let detailed = lines <= MAX_DETAILED;
        urls.push(one(url, query, grammar.as_ref(), detailed));
    }
    json!({
        "revision": query.dialect.name(),
        "rule": query.rule,
        "mode": if query.strict { "strict" } else { "default" },
        "lines": lines,
        "omitted": lines.saturating_sub(MAX_LINES),
        "urls": urls,
    })
}

fn one(url: &str, query: &Query, grammar: Option<&Grammar>, detailed: bool) -> Value {
    let options = query.options();
    let report = dialect::revisions_with(url, options);
    let verdicts: Vec<Value> = report
        .verdicts
        .iter()
        .map(|verdict| {
            json!({
                "revision": verdict.dialect.name(),
                "accepted": verdict.accepted(),
                "accepted_as": verdict.accepted_as,
                "alternatives": verdict.alternatives,
                "scheme_production": verdict.scheme_production,
                "scheme_accepts": verdict.scheme_accepts(),
                "text": verdict.to_string(),
            })
        })
        .collect();
    let mut out = Map::new();
    out.insert("url".into(), json!(url));
    out.insert("bytes".into(), json!(url.len()));
    out.insert("verdicts".into(), Value::Array(verdicts));
    out.insert("check".into(), check(url, query));
    if !detailed {
        out.insert("detailed".into(), json!(false));
        return Value::Object(out);
    }
    out.insert("detailed".into(), json!(true));
    match tree(url, query) {
        Ok(root) => {
            let mut nodes = 0;
            let tree = node_json(&root, query, grammar, &mut nodes);
            out.insert("tree".into(), tree);
            out.insert("nodes".into(), json!(root.walk().len()));
        }
        Err(failure) => {
            out.insert("failure".into(), failure);
        }
    }
    // As `rfc1738 describe` reads it: a `#fragment` after the URL apart.
    let (described, fragment) = rfc1738::scan::split_fragment(url);
    let parsed = match url.len() <= MAX_DESCRIBED {
        true => rfc1738::parse_with(described, options).ok(),
        false => None,
    };
    if let Some(parsed) = parsed {
        out.insert(
            "describe".into(),
            json!({
                "text": rfc1738_describe::human_text(&parsed, fragment),
                "json": rfc1738_describe::json(&parsed, fragment, None),
            }),
        );
    }
    let (findings, more, fixed) = lint(url);
    out.insert("findings".into(), Value::Array(findings));
    out.insert("more_findings".into(), json!(more));
    out.insert("fixed".into(), json!(fixed));
    Value::Object(out)
}

/// The line `rfc1738 check --dialect D [--strict] RULE URL` prints.
fn check(url: &str, query: &Query) -> Value {
    let options = query.options();
    let result = match query.dialect {
        Dialect::Rfc1738 => {
            let rule = rfc1738::Rule::from_name(&query.rule).unwrap_or(rfc1738::Rule::Url);
            rfc1738::check_with(rule, url, options).map_err(|e| e.to_string())
        }
        dialect => dialect::check(dialect, &query.rule, url, options).map_err(|e| e.to_string()),
    };
    json!({
        "matches": result.is_ok(),
        "line": rfc1738_describe::verdict(url, &query.rule, result),
    })
}

/// The derivation `rfc1738 tree` prints, or its error: RFC 1738's `url`
/// by `rfc1738::parse` (a URL of a known scheme must match its scheme's
/// production), anything else by `rfc1738::dialect::tree`.
pub fn tree<'a>(url: &'a str, query: &Query) -> Result<Node<'a>, Value> {
    let options = query.options();
    if query.dialect == Dialect::Rfc1738 && query.rule == "url" {
        return match rfc1738::parse_with(url, options) {
            Ok(parsed) => Ok(from_syntax(&parsed.syntax())),
            Err(error) => Err(rfc1738_failure(url, &error)),
        };
    }
    dialect::tree(query.dialect, &query.rule, url, options)
        .map_err(|error| dialect_failure(url, &error))
}

fn from_syntax<'a>(node: &rfc1738::SyntaxNode<'a>) -> Node<'a> {
    Node {
        name: node.rule.name(),
        span: node.span,
        text: node.text,
        children: node.children.iter().map(from_syntax).collect(),
    }
}

fn node_json(
    node: &Node<'_>,
    query: &Query,
    grammar: Option<&Grammar>,
    nodes: &mut usize,
) -> Value {
    *nodes += 1;
    let children_start = node.span.start;
    let path = grammar.and_then(|grammar| {
        let expr = grammar.get(node.name)?;
        let children: Vec<Child<'_>> = node
            .children
            .iter()
            .map(|child| Child {
                name: child.name,
                start: child.span.start - children_start,
                end: child.span.end - children_start,
            })
            .collect();
        path::path(query.dialect, query.options(), expr, node.text, &children)
    });
    let mut children = Vec::new();
    let mut truncated = false;
    for child in &node.children {
        if *nodes >= MAX_NODES {
            truncated = true;
            break;
        }
        children.push(node_json(child, query, grammar, nodes));
    }
    let path: Option<Vec<Value>> = path.map(|steps| {
        steps
            .into_iter()
            .map(|step| {
                json!([
                    step.leaf,
                    step.start + children_start,
                    step.end + children_start
                ])
            })
            .collect()
    });
    json!({
        "name": node.name,
        "start": node.span.start,
        "end": node.span.end,
        "path": path,
        "children": children,
        "truncated": truncated,
    })
}

fn rfc1738_failure(url: &str, error: &Error) -> Value {
    let stack: Vec<&str> = error.stack().iter().map(|rule| rule.name()).collect();
    let expected: Vec<String> = error.expected().iter().map(ToString::to_string).collect();
    failure(
        url,
        error.offset(),
        stack,
        expected,
        error.found().to_string(),
        error.to_string(),
    )
}

fn dialect_failure(url: &str, error: &DialectError) -> Value {
    match error.mismatch() {
        Some(mismatch) => failure(
            url,
            mismatch.offset(),
            mismatch.stack().to_vec(),
            mismatch
                .expected()
                .iter()
                .map(ToString::to_string)
                .collect(),
            mismatch.found().to_string(),
            error.to_string(),
        ),
        None => json!({ "message": error.to_string() }),
    }
}

fn failure(
    url: &str,
    offset: usize,
    stack: Vec<&str>,
    expected: Vec<String>,
    found: String,
    message: String,
) -> Value {
    let location = rfc1738::Location::of_offset(url, offset);
    json!({
        "offset": offset,
        "line": location.line,
        "column": location.column,
        "stack": stack,
        "expected": expected,
        "found": found,
        "message": message,
    })
}

/// The linter's findings on the URL as `rfc1738 lint` reports them on a
/// file holding only it (the default selection), each with its fix: the
/// first [`MAX_FINDINGS`], the number of the others, and the URL with every
/// fix applied (`None` when none is offered, or when there are more
/// findings than are sent).
fn lint(url: &str) -> (Vec<Value>, usize, Option<String>) {
    #[derive(Default)]
    struct Collect {
        findings: Vec<Value>,
        more: usize,
        edits: Vec<(Span, String)>,
    }
    impl Reporter for Collect {
        fn wants_fixes(&self) -> bool {
            true
        }
        fn wants_end(&self) -> bool {
            false
        }
        fn finding(&mut self, report: &Report<'_>) -> io::Result<()> {
            if self.findings.len() == MAX_FINDINGS {
                self.more += 1;
                return Ok(());
            }
            let finding: &Finding = report.finding;
            let fix = report.fix.map(|edit| {
                self.edits.push((edit.span, edit.content.clone()));
                json!({
                    "start": edit.span.start,
                    "end": edit.span.end,
                    "content": edit.content,
                })
            });
            self.findings.push(json!({
                "code": finding.code.code(),
                "name": finding.code.name(),
                "severity": finding.severity.to_string(),
                "message": finding.message,
                "start": finding.span.start,
                "end": finding.span.end,
                "fix": fix,
            }));
            Ok(())
        }
    }
    let doc = SourceText::new(url.as_bytes().to_vec());
    let settings = pipeline::settings(&Overrides::default(), None, Path::new("url"));
    let whole = Span::new(0, url.len());
    let scanned = ScannedUrl::verbatim(url, Form::Bare, whole, whole);
    let mut collect = Collect::default();
    let linted = FileLint::new("url", &doc, &settings, &mut collect)
        .urls(std::iter::once(scanned), url.len());
    if linted.is_err() {
        return (Vec::new(), 0, None);
    }
    let Collect {
        findings,
        more,
        mut edits,
    } = collect;
    if edits.is_empty() || more > 0 {
        return (findings, more, None);
    }
    edits.sort_by_key(|(span, _)| span.start);
    let mut fixed = String::with_capacity(url.len() + 2 * edits.len());
    let mut at = 0;
    for (span, content) in edits {
        if span.start < at {
            continue;
        }
        fixed.push_str(&url[at..span.start]);
        fixed.push_str(&content);
        at = span.end;
    }
    fixed.push_str(&url[at..]);
    (findings, more, Some(fixed))
}

/// The productions of a revision with their BNF as the grammar file holds
/// it, in the order of its text; the revision's top-level productions.
pub fn grammar(dialect: Dialect) -> Value {
    let productions: Vec<Value> = dialect
        .productions()
        .iter()
        .map(|name| {
            json!({
                "name": name,
                "bnf": dialect.definition(name),
            })
        })
        .collect();
    json!({
        "revision": dialect.name(),
        "revisions": Dialect::NAMES,
        "top_level": dialect.top_level(),
        "productions": productions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> Result<Query, String> {
        Query::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
    }

    #[test]
    fn a_query_names_a_revision_a_production_and_a_mode() {
        assert_eq!(query(&[]).unwrap(), Query::default());
        let q = query(&[
            ("revision", "draft-03"),
            ("rule", "prefixedurl"),
            ("mode", "strict"),
        ])
        .unwrap();
        assert_eq!(
            (q.dialect, q.rule.as_str(), q.strict),
            (Dialect::Draft03, "prefixedurl", true)
        );
        assert!(query(&[("revision", "draft-04")])
            .unwrap_err()
            .contains("draft-jul93"));
        assert!(query(&[("revision", "draft-jul93"), ("rule", "mailtoaddress")]).is_err());
        assert!(query(&[("mode", "loose")]).is_err());
    }

    #[test]
    fn an_accepted_url_has_its_tree_and_each_node_its_path() {
        let answer = explain("http://h.nl:80/a\n", &Query::default());
        let url = &answer["urls"][0];
        assert_eq!(url["check"]["line"], "http://h.nl:80/a: matches url");
        assert_eq!(url["verdicts"].as_array().unwrap().len(), 4);
        assert_eq!(url["verdicts"][3]["accepted_as"], "url");
        let tree = &url["tree"];
        assert_eq!(
            (tree["name"].as_str(), tree["end"].as_u64()),
            (Some("url"), Some(16))
        );
        let httpurl = &tree["children"][0];
        assert_eq!(httpurl["name"], "httpurl");
        // "http://" hostport [ "/" hpath [ "?" search ]]: keyword, hostport, "/", hpath.
        let path: Vec<u64> = httpurl["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|step| step[0].as_u64().unwrap())
            .collect();
        assert_eq!(path, [0, 1, 2, 3]);
        assert_eq!(url["describe"]["json"]["port"], "80");
        assert_eq!(url["findings"].as_array().unwrap().len(), 0);
    }

    #[test]
    fn a_rejected_url_has_the_failure_the_tree_command_prints() {
        let answer = explain("http://host:80x/", &Query::default());
        let failure = &answer["urls"][0]["failure"];
        let error = rfc1738::parse("http://host:80x/").unwrap_err();
        assert_eq!(failure["message"], error.to_string());
        assert_eq!(failure["offset"], 14);
        assert_eq!(failure["found"], "\"x\"");
        assert_eq!(failure["stack"], json!(["url", "httpurl"]));
        assert!(answer["urls"][0].get("tree").is_none());
        let draft = query(&[("revision", "draft-jul93")]).unwrap();
        let answer = explain("http://h.x/a#b", &draft);
        assert_eq!(answer["urls"][0]["failure"]["offset"], 12);
        assert_eq!(
            answer["urls"][0]["verdicts"][0]["accepted_as"],
            "fragmentaddress"
        );
    }

    #[test]
    fn findings_come_with_their_fixes() {
        let answer = explain("HTTP://a.b/~joe", &Query::default());
        let url = &answer["urls"][0];
        let codes: Vec<&str> = url["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|finding| finding["code"].as_str().unwrap())
            .collect();
        assert_eq!(codes, ["U005", "U003"], "{url}");
        assert_eq!(url["fixed"], "http://a.b/%7Ejoe");
    }

    /// The URLs of the seed documents' examples (the whole URLs of
    /// `tests/fixtures/examples.tsv`).
    fn examples() -> Vec<String> {
        let text = include_str!("../../../tests/fixtures/examples.tsv");
        let mut urls: Vec<String> = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .skip(1)
            .filter_map(|line| {
                let columns: Vec<&str> = line.split('\t').collect();
                (columns.get(4) != Some(&"partial")).then(|| columns.get(6).copied())?
            })
            .filter(|url| !url.contains('\\'))
            .map(str::to_owned)
            .collect();
        urls.sort();
        urls.dedup();
        urls
    }

    #[test]
    fn every_node_of_the_examples_shows_its_path() {
        fn walk(node: &Value, nodes: &mut usize, missing: &mut Vec<String>) {
            *nodes += 1;
            if node["path"].is_null() {
                missing.push(node["name"].as_str().unwrap().to_owned());
            }
            for child in node["children"].as_array().unwrap() {
                walk(child, nodes, missing);
            }
        }
        let urls = examples().join("\n");
        for dialect in Dialect::ALL {
            let query = Query {
                dialect,
                ..Query::default()
            };
            let answer = explain(&urls, &query);
            let (mut trees, mut nodes, mut missing) = (0, 0, Vec::new());
            for url in answer["urls"].as_array().unwrap() {
                if let Some(tree) = url.get("tree") {
                    trees += 1;
                    walk(tree, &mut nodes, &mut missing);
                }
            }
            assert!(
                trees >= 30 && nodes >= 400,
                "{dialect}: {trees} trees, {nodes} nodes"
            );
            assert_eq!(missing, Vec::<String>::new(), "{dialect}");
        }
    }

    #[test]
    fn findings_and_descriptions_are_bounded() {
        let many = format!("http://a.b/{}", "~".repeat(MAX_FINDINGS + 7));
        let url = &explain(&many, &Query::default())["urls"][0];
        assert_eq!(url["findings"].as_array().unwrap().len(), MAX_FINDINGS);
        assert_eq!(url["more_findings"], 7);
        assert!(url["fixed"].is_null());
        let long = format!("http://a.b/{}", "x".repeat(MAX_DESCRIBED));
        let url = &explain(&long, &Query::default())["urls"][0];
        assert!(url.get("describe").is_none());
        assert_eq!(url["tree"]["end"], long.len());
        let short = &explain("http://a.b/x", &Query::default())["urls"][0];
        assert_eq!(short["describe"]["json"]["host"], "a.b");
        // A fragment is described apart, as `rfc1738 describe` does.
        let fragment = &explain("http://a.b/x#top", &Query::default())["urls"][0];
        assert_eq!(fragment["describe"]["json"]["fragment"], "top");
        assert!(fragment.get("tree").is_none(), "no URL holds a #");
    }

    #[test]
    fn lines_beyond_the_bounds_are_counted_not_read() {
        let text = "http://a.b/\n".repeat(MAX_LINES + 5);
        let answer = explain(&text, &Query::default());
        assert_eq!(answer["lines"], MAX_LINES + 5);
        assert_eq!(answer["omitted"], 5);
        let urls = answer["urls"].as_array().unwrap();
        assert_eq!(urls.len(), MAX_LINES);
        assert_eq!(urls[MAX_DETAILED - 1]["detailed"], true);
        assert_eq!(urls[MAX_DETAILED]["detailed"], false);
        assert!(urls[MAX_DETAILED].get("tree").is_none());
    }
}
