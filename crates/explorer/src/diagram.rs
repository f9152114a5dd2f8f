//! Railroad diagrams of the productions, drawn by the `railroad` crate from
//! the expression trees of `rfc1738-bnf`: one SVG a production and
//! revision, the same bytes every time, so that the checked-in files
//! (`grammar/diagrams/<revision>/<production>.svg`) can be compared with
//! what the grammar texts give today (named as the library's combinators
//! are: [`file_name`]).
//!
//! Every box of a diagram (a literal or a production) carries
//! `data-leaf="N"`, its number in the order of the production's text, which
//! is how the page marks the path a URL took ([`crate::path`]); a
//! production's box also carries `data-name`, which the page follows on a
//! click.

use std::path::Path;

use railroad::{
    Choice, Comment, Diagram, Empty, End, Link, Node, NonTerminal, Optional, Repeat, Sequence,
    Start, Terminal,
};
use rfc1738::dialect::Dialect;
use rfc1738_bnf::{Expr, Grammar};

/// Where a production's box leads when clicked.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// Nowhere: the checked-in files, the rustdoc and the explorer page,
    /// which follows `data-name` itself.
    None,
    /// To `#<production>`, an anchor of the same page (the static export).
    Anchors,
}

/// The stylesheet of every diagram: scoped to `svg.railroad` (so that a
/// page holding many, or the rustdoc, is not restyled) and without blank
/// lines (so that Markdown keeps an inline SVG as one HTML block).
const CSS: &str = "\
svg.railroad { background-color: #fbfaf7; }
svg.railroad path { stroke-width: 2px; stroke: #333; fill: none; }
svg.railroad text { font: 14px monospace; text-anchor: middle; fill: #111; }
svg.railroad text.comment { font: italic 12px monospace; }
svg.railroad rect { stroke-width: 2px; stroke: #333; fill: #e8f0fe; }
svg.railroad rect.railroad_canvas { stroke-width: 0; fill: none; }
svg.railroad .terminal rect { fill: #fff4d6; }
svg.railroad .nonterminal text { font-weight: bold; }
svg.railroad a text { fill: #0645ad; }
svg.railroad .taken rect { fill: #b7f0b1; stroke: #137a0c; stroke-width: 3px; }
svg.railroad .open rect { fill: #ffd2cc; stroke: #b3261e; stroke-width: 3px; }
";

/// The diagram of `expr`, the production `name`, as SVG (ends in a newline).
pub fn svg(name: &str, expr: &Expr, links: Links) -> String {
    let mut leaves = 0;
    let body = node(expr, &mut leaves, links);
    let root: Sequence<Box<dyn Node>> =
        Sequence::new(vec![Box::new(Start) as Box<dyn Node>, body, Box::new(End)]);
    let mut diagram = Diagram::new(root);
    diagram.add_css(CSS);
    diagram
        .attr("aria-label".to_owned())
        .or_insert(format!("railroad diagram of {name}"));
    diagram.attr("role".to_owned()).or_insert("img".to_owned());
    // Drawn at its own size, not stretched to the width of a page.
    let (width, height) = (diagram.width(), diagram.height());
    diagram
        .attr("width".to_owned())
        .or_insert(width.to_string());
    diagram
        .attr("height".to_owned())
        .or_insert(height.to_string());
    let mut out = diagram.to_string();
    // No blank line inside (Markdown would end the HTML block there).
    while out.contains("\n\n") {
        out = out.replace("\n\n", "\n");
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The label of a literal box: the text quoted, as the BNF writes it
/// (`"ftp://"`, `" "`).
pub fn literal_label(text: &str) -> String {
    format!("{text:?}")
}

fn node(expr: &Expr, leaves: &mut usize, links: Links) -> Box<dyn Node> {
    match expr {
        Expr::Alt(items) => Box::new(Choice::new(
            items.iter().map(|item| node(item, leaves, links)).collect(),
        )),
        Expr::Seq(items) if items.is_empty() => Box::new(Empty),
        Expr::Seq(items) => Box::new(Sequence::new(
            items.iter().map(|item| node(item, leaves, links)).collect(),
        )),
        Expr::Opt(inner) => Box::new(Optional::new(node(inner, leaves, links))),
        Expr::Rep { min, inner } => {
            let inner = node(inner, leaves, links);
            match min {
                0 => Box::new(Optional::new(Repeat::new(inner, Empty))),
                1 => Box::new(Repeat::new(inner, Empty)),
                n => Box::new(Repeat::new(inner, Comment::new(format!("{n} or more")))),
            }
        }
        Expr::Lit(text) => {
            let mut terminal = Terminal::new(literal_label(text));
            terminal
                .attr("data-leaf".to_owned())
                .or_insert(leaf(leaves));
            Box::new(terminal)
        }
        Expr::Keyword(text) => {
            // A scheme keyword: any ASCII case in the default mode.
            let mut terminal = Terminal::new(literal_label(text));
            terminal
                .attr("data-leaf".to_owned())
                .or_insert(leaf(leaves));
            terminal
                .attr("data-keyword".to_owned())
                .or_insert("any-case".to_owned());
            Box::new(terminal)
        }
        Expr::Ref(name) => {
            let mut box_ = NonTerminal::new(name.clone());
            box_.attr("data-leaf".to_owned()).or_insert(leaf(leaves));
            box_.attr("data-name".to_owned()).or_insert(name.clone());
            match links {
                Links::None => Box::new(box_),
                Links::Anchors => Box::new(Link::new(box_, format!("#{}", anchor(name)))),
            }
        }
    }
}

fn leaf(leaves: &mut usize) -> String {
    let number = *leaves;
    *leaves += 1;
    number.to_string()
}

/// The id of a production's section in the export: its name, with the
/// characters an id would not keep spelled out.
pub fn anchor(name: &str) -> String {
    name.replace('+', "-plus")
}

/// Every production of every revision, each with its diagram: the paths
/// `<revision>/<production>.svg` under the diagrams' folder, and the SVG;
/// and [`KNOWN_SCHEME_URL`]'s.
pub fn all() -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for dialect in Dialect::ALL {
        let grammar = Grammar::of(dialect)?;
        for (name, expr) in &grammar.productions {
            out.push((file_name(dialect, name), svg(name, expr, Links::None)));
        }
        if dialect == Dialect::Rfc1738 {
            out.push((
                file_name(dialect, KNOWN_SCHEME_URL),
                known_scheme_url(&grammar)?,
            ));
        }
    }
    Ok(out)
}

/// The one combinator of RFC 1738's that is no production: the `url`
/// that `rfc1738::parse` reads, where a URL of one of the ten schemes must
/// match that scheme's production and `otherurl` takes only the others.
pub const KNOWN_SCHEME_URL: &str = "known_scheme_url";

/// [`KNOWN_SCHEME_URL`]'s diagram: `url`'s alternatives, `otherurl`
/// marked as taking the other schemes only.
fn known_scheme_url(grammar: &Grammar) -> Result<String, String> {
    let Some(Expr::Alt(alternatives)) = grammar.get("url") else {
        return Err("RFC 1738's url is no alternation".into());
    };
    let mut items = alternatives.clone();
    let other = items.pop().ok_or("url has no alternative")?;
    items.push(Expr::Seq(vec![
        other,
        Expr::Lit("(of a scheme not among the ten)".into()),
    ]));
    let svg = svg(KNOWN_SCHEME_URL, &Expr::Alt(items), Links::None);
    // The note is prose, not a literal to type.
    Ok(svg.replace(
        "&quot;(of a scheme not among the ten)&quot;",
        "(of a scheme not among the ten)",
    ))
}

/// Where a production's diagram is, under the diagrams' folder: named as
/// the library names the production's combinator (`-` becomes `_`, `+`
/// becomes `_plus`: `ip_schemepart.svg`, `gopher_plus_string.svg`), so
/// that the combinator's rustdoc can include it by its own name.
pub fn file_name(dialect: Dialect, production: &str) -> String {
    format!("{}/{}.svg", dialect.name(), combinator(production))
}

/// The name of a production's combinator in the library.
pub fn combinator(production: &str) -> String {
    production.replace('-', "_").replace('+', "_plus")
}

/// Writes every diagram under `dir` (`grammar/diagrams` in the
/// repository), and removes the SVGs there that no production has any more.
pub fn write_all(dir: &Path) -> Result<usize, String> {
    let diagrams = all()?;
    for dialect in Dialect::ALL {
        let folder = dir.join(dialect.name());
        std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            let relative = format!(
                "{}/{}",
                dialect.name(),
                path.file_name().unwrap_or_default().to_string_lossy()
            );
            let stale = path.extension().is_some_and(|ext| ext == "svg")
                && !diagrams.iter().any(|(name, _)| *name == relative);
            if stale {
                std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    for (name, svg) in &diagrams {
        let path = dir.join(name);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
            std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(diagrams.len())
}

/// What differs between the diagrams under `dir` and those the grammar
/// texts give: one line a file missing, different or left over; empty
/// when they agree.
pub fn differences(dir: &Path) -> Result<Vec<String>, String> {
    let diagrams = all()?;
    let mut out = Vec::new();
    for (name, svg) in &diagrams {
        match std::fs::read_to_string(dir.join(name)) {
            Ok(text) if text == *svg => {}
            Ok(_) => out.push(format!("{name}: differs from its production")),
            Err(_) => out.push(format!("{name}: missing")),
        }
    }
    for dialect in Dialect::ALL {
        let Ok(entries) = std::fs::read_dir(dir.join(dialect.name())) else {
            continue;
        };
        let mut extra: Vec<String> = entries
            .filter_map(Result::ok)
            .map(|entry| format!("{}/{}", dialect.name(), entry.file_name().to_string_lossy()))
            .filter(|name| !diagrams.iter().any(|(known, _)| known == name))
            .collect();
        extra.sort();
        for name in extra {
            out.push(format!("{name}: no production has it"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagram_has_a_box_per_leaf_of_its_production() {
        let grammar = Grammar::of(Dialect::Rfc1738).unwrap();
        let svg = svg("hostport", grammar.get("hostport").unwrap(), Links::None);
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(!svg.contains("\n\n"));
        // host [ ":" port ]: three boxes, numbered in the order of the text.
        assert!(svg.contains(r#"data-leaf="0""#) && svg.contains(r#"data-name="host""#));
        assert!(svg.contains(r#"data-leaf="2""#) && svg.contains(r#"data-name="port""#));
        assert!(!svg.contains(r#"data-leaf="3""#));
        assert!(
            svg.contains("&quot;:&quot;") || svg.contains("\":\""),
            "{svg}"
        );
    }

    #[test]
    fn the_export_links_a_production_to_its_anchor() {
        let grammar = Grammar::of(Dialect::Draft03).unwrap();
        let svg = svg("url", grammar.get("url").unwrap(), Links::Anchors);
        assert!(svg.contains("#httpaddress"), "{svg}");
        assert_eq!(anchor("gopher+_string"), "gopher-plus_string");
        assert_eq!(
            file_name(Dialect::Rfc1738, "gopher+_string"),
            "rfc1738/gopher_plus_string.svg"
        );
        assert_eq!(
            file_name(Dialect::Draft03, "addr-spec"),
            "draft-03/addr_spec.svg"
        );
    }

    #[test]
    fn every_revision_has_a_diagram_for_each_production() {
        let all = all().unwrap();
        for dialect in Dialect::ALL {
            for production in dialect.productions() {
                let name = file_name(dialect, production);
                assert!(all.iter().any(|(n, _)| *n == name), "{name}");
            }
        }
        assert_eq!(all.len(), 53 + 58 + 66 + 67 + 1);
        let known = &all
            .iter()
            .find(|(n, _)| n == "rfc1738/known_scheme_url.svg")
            .unwrap()
            .1;
        assert!(
            known.contains("otherurl") && known.contains(">\n(of a scheme not among the ten)<"),
            "{known}"
        );
    }
}
