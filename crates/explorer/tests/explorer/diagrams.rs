//! The diagrams checked into `grammar/diagrams/` are those the grammar
//! texts give today: one per production of each revision, byte for byte,
//! and no other. After a change to `grammar/*.bnf` or to the drawing,
//! regenerate them with
//! `cargo run -p rfc1738-cli -- explore --write-diagrams grammar/diagrams`
//! (or `RFC1738_WRITE_DIAGRAMS=1 cargo test -p rfc1738-explorer --test
//! diagrams`), and look at them.

use std::path::PathBuf;

use rfc1738::dialect::Dialect;
use rfc1738_explorer::diagram;

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../grammar/diagrams")
}

#[test]
fn the_checked_in_diagrams_match_the_grammar_texts() {
    if std::env::var_os("RFC1738_WRITE_DIAGRAMS").is_some() {
        diagram::write_all(&folder()).unwrap();
    }
    let differences = diagram::differences(&folder()).unwrap();
    assert!(
        differences.is_empty(),
        "grammar/diagrams is out of date; regenerate it with \
         `cargo run -p rfc1738-cli -- explore --write-diagrams grammar/diagrams`:\n{}",
        differences.join("\n")
    );
}

#[test]
fn every_production_of_every_revision_has_its_file() {
    for dialect in Dialect::ALL {
        for production in dialect.productions() {
            let path = folder().join(diagram::file_name(dialect, production));
            let svg = std::fs::read_to_string(&path)
                .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            assert!(svg.starts_with("<svg"), "{}", path.display());
            assert!(svg.contains(&format!("railroad diagram of {production}")));
        }
    }
}

#[test]
fn a_changed_diagram_is_told_apart() {
    let dir = std::env::temp_dir().join(format!("rfc1738-diagrams-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    diagram::write_all(&dir).unwrap();
    assert!(diagram::differences(&dir).unwrap().is_empty());
    std::fs::write(dir.join("draft-03/hostport.svg"), "<svg/>").unwrap();
    std::fs::remove_file(dir.join("rfc1738/port.svg")).unwrap();
    std::fs::write(dir.join("rfc1738/portal.svg"), "<svg/>").unwrap();
    let differences = diagram::differences(&dir).unwrap();
    assert_eq!(
        differences,
        [
            "draft-03/hostport.svg: differs from its production",
            "rfc1738/port.svg: missing",
            "rfc1738/portal.svg: no production has it",
        ]
    );
    // Writing again puts the folder right, the stray file removed.
    diagram::write_all(&dir).unwrap();
    assert!(diagram::differences(&dir).unwrap().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
