//! `rfc1738 explore --export DIR`: the diagrams as files
//! (`DIR/diagrams/<revision>/<production>.svg`, the same as the
//! repository's `grammar/diagrams/`), and a page per revision
//! (`DIR/<revision>.html`) listing every production with its BNF and its
//! diagram, whose production boxes link to their sections;
//! `DIR/grammars.html` links the four. Plain HTML with no script, for a
//! documentation site.
//!
//! And the explorer itself as a static page (`DIR/index.html`, with
//! `explorer.js` and `explorer.css`): the same page as the server's, whose
//! script asks the WebAssembly build of the library (the npm package's
//! glue `rfc1738.js` and the explorer's module `rfc1738.wasm`, copied from
//! the folder `npm run build` writes them to, `npm/explorer`) what the
//! server would answer, and reads the diagrams from `DIR/diagrams`. Any
//! static host serves it; no `rfc1738` process runs. The module is not
//! built by cargo (the tool does not need the wasm32 target to build): the
//! export copies it from `--wasm DIR`, else from the first `npm/explorer`
//! found from the working directory up, else writes the page without it
//! and says so.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

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

/// The files of the WebAssembly build the static page loads, in the
/// folder `npm run build` writes them to.
pub const MODULE_FILES: [&str; 2] = ["rfc1738.js", "rfc1738.wasm"];

/// What an export wrote.
#[derive(Debug)]
pub struct Exported {
    /// The number of diagrams.
    pub diagrams: usize,
    /// Where the WebAssembly module was copied from (`None`: not found,
    /// the page is written without it).
    pub module: Option<PathBuf>,
}

/// The folder of the explorer's WebAssembly build: `wasm` when given,
/// else `npm/explorer` in the working directory or the nearest of its
/// parents that has one.
pub fn find_module(wasm: Option<&Path>) -> Result<Option<PathBuf>, String> {
    let has_module = |dir: &Path| MODULE_FILES.iter().all(|file| dir.join(file).is_file());
    if let Some(dir) = wasm {
        return match has_module(dir) {
            true => Ok(Some(dir.to_path_buf())),
            false => Err(format!(
                "{} does not hold {} (npm run build in npm/ writes them to npm/explorer)",
                dir.display(),
                MODULE_FILES.join(" and ")
            )),
        };
    }
    let cwd = std::env::current_dir().map_err(|e| format!("working directory: {e}"))?;
    Ok(cwd
        .ancestors()
        .map(|dir| dir.join("npm").join("explorer"))
        .find(|dir| has_module(dir)))
}

/// Writes the export under `dir`, the static explorer with the module of
/// `module` (see [`find_module`]).
pub fn export(dir: &Path, module: Option<&Path>) -> Result<Exported, String> {
    let diagrams = diagram::write_all(&dir.join("diagrams"))?;
    write(&dir.join("grammars.html"), &index())?;
    write(&dir.join("index.html"), &static_page())?;
    write(&dir.join("explorer.js"), crate::server::SCRIPT)?;
    write(&dir.join("explorer.css"), crate::server::STYLE)?;
    if let Some(from) = module {
        for file in MODULE_FILES {
            std::fs::copy(from.join(file), dir.join(file))
                .map_err(|e| format!("{}: {e}", from.join(file).display()))?;
        }
    }
    for dialect in Dialect::ALL {
        write(
            &dir.join(format!("{}.html", dialect.name())),
            &revision_page(dialect)?,
        )?;
    }
    Ok(Exported {
        diagrams,
        module: module.map(Path::to_path_buf),
    })
}

/// The served page, made static: its files by relative paths, its script
/// told to ask the WebAssembly module (`data-backend`), the footer saying
/// where its answers come from, and a link to the grammars' pages.
fn static_page() -> String {
    crate::server::INDEX
        .replace("<html lang=\"en\">", "<html lang=\"en\" data-backend=\"wasm\">")
        .replace("href=\"/explorer.css\"", "href=\"explorer.css\"")
        .replace("src=\"/explorer.js\"", "src=\"explorer.js\"")
        .replace(
            "Everything here is computed by the <code>rfc1738</code> binary on this machine",
            "Everything here is computed in this browser by the WebAssembly build of \
             <code>rfc1738</code> (the npm package <code>rfc1738</code>), with no server",
        )
        .replace(
            "</footer>",
            "<p>The productions of each revision: <a href=\"grammars.html\">the grammars</a>.</p>\n</footer>",
        )
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
    let mut out = String::from(
        "<nav><a href=\"index.html\">Explorer</a><a href=\"grammars.html\">Revisions</a>",
    );
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
    fn the_static_page_is_the_served_page_on_the_module() {
        let page = static_page();
        assert!(page.contains("data-backend=\"wasm\""));
        assert!(page.contains("<script src=\"explorer.js\"></script>"));
        assert!(page.contains("href=\"explorer.css\""));
        assert!(!page.contains("\"/explorer"), "no absolute path is left");
        assert!(page.contains("grammars.html"));
        assert!(page.contains("with no server"));
    }

    #[test]
    fn an_export_copies_the_module_or_says_it_is_missing() {
        let root = std::env::temp_dir().join(format!("rfc1738-export-{}", std::process::id()));
        let module = root.join("module");
        std::fs::create_dir_all(&module).unwrap();
        for file in MODULE_FILES {
            std::fs::write(module.join(file), file).unwrap();
        }
        assert_eq!(find_module(Some(&module)).unwrap(), Some(module.clone()));
        assert!(find_module(Some(&root))
            .unwrap_err()
            .contains("rfc1738.wasm"));
        let site = root.join("site");
        let exported = export(&site, Some(&module)).unwrap();
        assert_eq!(exported.module, Some(module));
        assert!(exported.diagrams > 100);
        for file in [
            "index.html",
            "grammars.html",
            "explorer.js",
            "explorer.css",
            "rfc1738.html",
        ] {
            assert!(site.join(file).is_file(), "{file}");
        }
        assert_eq!(
            std::fs::read_to_string(site.join("rfc1738.wasm")).unwrap(),
            "rfc1738.wasm"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

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
