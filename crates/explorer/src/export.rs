//! `rfc1738 explore --export DIR`: the diagrams as files
//! (`DIR/diagrams/<revision>/<production>.svg`, the same as the
//! repository's `grammar/diagrams/`), and a page per revision
//! (`DIR/<revision>.html`) listing every production with its BNF and its
//! diagram, whose production boxes link to their sections; `DIR/index.html`
//! links the four. Plain HTML with no script, for a documentation site.

use std::fmt::Write as _;
use std::path::Path;

use rfc1738::dialect::Dialect;
use rfc1738_bnf::Grammar;

use crate::diagram::{self, Links};

const STYLE: &str = "\
body { font-family: system-ui, sans-serif; max-width: 80rem; margin: 0 auto; padding: 0 1rem 2rem; color: #1b1b1b; }
nav a { margin-right: 1rem; }
section { border-top: 1px solid #c9ccd1; padding: 0.4rem 0 0.8rem; }
h2 { font-family: ui-monospace, monospace; font-size: 1.1rem; margin: 0.4rem 0; }
pre { background: #f6f7f9; padding: 0.4rem; white-space: pre-wrap; }
.diagram { overflow-x: auto; }
ol.toc { columns: 4 12rem; font-family: ui-monospace, monospace; }
";

/// Writes the export under `dir`; the number of diagrams written.
pub fn export(dir: &Path) -> Result<usize, String> {
    let written = diagram::write_all(&dir.join("diagrams"))?;
    write(&dir.join("index.html"), &index())?;
    for dialect in Dialect::ALL {
        write(
            &dir.join(format!("{}.html", dialect.name())),
            &revision_page(dialect)?,
        )?;
    }
    Ok(written)
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn head(title: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        escape(title)
    )
}

fn nav() -> String {
    let mut out = String::from("<nav><a href=\"index.html\">Revisions</a>");
    for dialect in Dialect::ALL {
        let _ = write!(out, "<a href=\"{0}.html\">{0}</a>", dialect.name());
    }
    out.push_str("</nav>\n");
    out
}

fn index() -> String {
    let mut out = head("The grammars of RFC 1738 and its drafts");
    out.push_str(&nav());
    out.push_str("<h1>The grammars of RFC 1738 and its drafts</h1>\n<ul>\n");
    let described = [
        (Dialect::DraftJul93, "the Internet-Draft of July 1993"),
        (Dialect::DraftOct93, "the Internet-Draft of October 1993"),
        (Dialect::Draft03, "Internet-Draft 03 of 1994"),
        (Dialect::Rfc1738, "RFC 1738, December 1994"),
    ];
    for (dialect, what) in described {
        let _ = writeln!(
            out,
            "<li><a href=\"{0}.html\">{0}</a>: {what}, {1} productions</li>",
            dialect.name(),
            dialect.productions().len()
        );
    }
    out.push_str("</ul>\n</body>\n</html>\n");
    out
}

fn revision_page(dialect: Dialect) -> Result<String, String> {
    let grammar = Grammar::of(dialect)?;
    let title = format!("The productions of {}", dialect.name());
    let mut out = head(&title);
    out.push_str(&nav());
    let _ = writeln!(out, "<h1>{}</h1>", escape(&title));
    out.push_str("<ol class=\"toc\">\n");
    for (name, _) in &grammar.productions {
        let _ = writeln!(
            out,
            "<li><a href=\"#{}\">{}</a></li>",
            diagram::anchor(name),
            escape(name)
        );
    }
    out.push_str("</ol>\n");
    for (name, expr) in &grammar.productions {
        let bnf = dialect.definition(name).unwrap_or_default();
        let _ = write!(
            out,
            "<section id=\"{}\">\n<h2>{}</h2>\n<pre>{}</pre>\n<div class=\"diagram\">\n{}</div>\n\
             <p><a href=\"diagrams/{}\">SVG</a></p>\n</section>\n",
            diagram::anchor(name),
            escape(name),
            escape(bnf),
            diagram::svg(name, expr, Links::Anchors),
            diagram::file_name(dialect, name),
        );
    }
    out.push_str("</body>\n</html>\n");
    Ok(out)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revision_page_lists_every_production_with_its_bnf_and_diagram() {
        for dialect in Dialect::ALL {
            let page = revision_page(dialect).unwrap();
            for name in dialect.productions() {
                let id = format!("<section id=\"{}\">", diagram::anchor(name));
                assert!(page.contains(&id), "{dialect}: {name}");
                let bnf = escape(dialect.definition(name).unwrap());
                assert!(
                    page.contains(&format!("<pre>{bnf}</pre>")),
                    "{dialect}: {name}"
                );
            }
            assert_eq!(page.matches("<svg").count(), dialect.productions().len());
        }
    }
}
