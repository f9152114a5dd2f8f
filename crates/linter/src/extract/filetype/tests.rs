use super::*;
use std::collections::HashSet;

#[test]
fn no_name_is_in_two_rows() {
    for field in [
        (|t: &FileType| t.extensions) as fn(&FileType) -> &'static [&'static str],
        |t| t.file_names,
        |t| t.interpreters,
        |t| t.modes,
    ] {
        let mut seen = HashSet::new();
        for file_type in FILE_TYPES {
            for name in field(file_type) {
                assert!(seen.insert(*name), "{name} is in two rows");
            }
        }
    }
}

#[test]
fn every_type_is_found_by_its_names() {
    assert_eq!(by_name("lib/Mojo/URL.pm").map(|t| t.name), Some("Perl"));
    assert_eq!(by_name("Rakefile").map(|t| t.name), Some("Ruby"));
    assert_eq!(by_name("a/CMakeLists.txt").map(|t| t.name), Some("CMake"));
    assert_eq!(by_name("x.TSX").map(|t| t.name), Some("TypeScript"));
    assert_eq!(by_interpreter("python3.11").map(|t| t.name), Some("Python"));
    assert_eq!(by_mode("Ruby").map(|t| t.name), Some("Ruby"));
    assert_eq!(by_mode("markdown").map(|t| t.kind), Some(Kind::Markdown));
    assert!(by_name(".hidden").is_none());
    assert!(by_name("README").is_none());
}

/// The table of docs/linter-files.md is this registry's
/// (`UPDATE_DOCS=1` writes it).
#[test]
fn the_documentation_table_is_the_registry() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/linter-files.md");
    let docs = std::fs::read_to_string(path).expect("docs/linter-files.md");
    const START: &str = "<!-- file types: the registry's table -->\n";
    const END: &str = "<!-- end of the file types -->";
    let start = docs.find(START).expect("the table's start marker") + START.len();
    let end = docs.find(END).expect("the table's end marker");
    let table = markdown_table();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let written = format!("{}{table}{}", &docs[..start], &docs[end..]);
        std::fs::write(path, written).expect("docs/linter-files.md written");
        return;
    }
    assert_eq!(
        docs[start..end],
        table,
        "run with UPDATE_DOCS=1 to write the table"
    );
}
