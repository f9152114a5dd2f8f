//! The invariants of ARCHITECTURE.md, read from the code: the library's
//! dependencies (Cargo's metadata), the crates the linter may use, the
//! imports between the library's modules (its table of layers is the
//! imports as they are, and they make no circle), no unsafe code, and the
//! pictures it shows.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use regex::Regex;
use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Cargo's metadata of the workspace's own packages.
fn metadata() -> Value {
    let output = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(ROOT)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON")
}

fn package<'a>(metadata: &'a Value, name: &str) -> &'a Value {
    metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|package| package["name"] == name)
        .unwrap_or_else(|| panic!("no package {name}"))
}

/// The names of a package's dependencies of `kind` (`null`: normal), with
/// whether each is optional.
fn dependencies(package: &Value, kind: Option<&str>) -> BTreeMap<String, bool> {
    package["dependencies"]
        .as_array()
        .expect("dependencies")
        .iter()
        .filter(|dependency| dependency["kind"].as_str() == kind)
        .map(|dependency| {
            let name = dependency["name"].as_str().expect("a name").to_string();
            (name, dependency["optional"] == true)
        })
        .collect()
}

#[test]
fn the_library_depends_on_nom_and_nom_locate_only() {
    let metadata = metadata();
    let library = dependencies(package(&metadata, "rfc1738"), None);
    let required: Vec<_> = library.iter().filter(|(_, optional)| !**optional).collect();
    assert_eq!(
        required,
        [
            (&"nom".to_string(), &false),
            (&"nom_locate".to_string(), &false)
        ]
    );
    // The optional ones, each behind the feature of its name.
    let optional: BTreeSet<_> = library.keys().filter(|name| library[*name]).collect();
    assert_eq!(
        optional,
        BTreeSet::from([&"arbitrary".to_string(), &"serde".to_string()])
    );
}

#[test]
fn the_linter_never_imports_the_server_and_no_crate_imports_the_tool() {
    let metadata = metadata();
    let linter = dependencies(package(&metadata, "rfc1738-linter"), None);
    for above in [
        "rfc1738-server",
        "rfc1738-explorer",
        "rfc1738-conformance",
        "rfc1738-cli",
    ] {
        assert!(!linter.contains_key(above), "the linter depends on {above}");
    }
    for package in metadata["packages"].as_array().expect("packages") {
        let uses = dependencies(package, None);
        assert!(
            !uses.contains_key("rfc1738-cli"),
            "{} depends on the tool",
            package["name"]
        );
    }
    // Nor by a path around Cargo.
    for (file, code) in rust_files("crates/linter/src") {
        for crate_name in ["rfc1738_server", "rfc1738_explorer", "rfc1738_conformance"] {
            assert!(!code.contains(crate_name), "{file} names {crate_name}");
        }
    }
}

/// The text of `source` with its comments, strings and character literals
/// blanked: what the compiler reads as paths.
fn code_of(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut at = 0;
    while at < chars.len() {
        let rest = |n: usize| chars.get(at + n).copied();
        match chars[at] {
            '/' if rest(1) == Some('/') => {
                while at < chars.len() && chars[at] != '\n' {
                    at += 1;
                }
            }
            '/' if rest(1) == Some('*') => {
                let mut depth = 0;
                loop {
                    match (chars.get(at), chars.get(at + 1)) {
                        (Some('/'), Some('*')) => {
                            depth += 1;
                            at += 2;
                        }
                        (Some('*'), Some('/')) => {
                            depth -= 1;
                            at += 2;
                            if depth == 0 {
                                break;
                            }
                        }
                        (Some(_), _) => at += 1,
                        (None, _) => break,
                    }
                }
                out.push(' ');
            }
            'r' if matches!(rest(1), Some('"' | '#'))
                && !chars[..at]
                    .last()
                    .is_some_and(|c| c.is_alphanumeric() || *c == '_') =>
            {
                // A raw string: r"...", r#"..."#.
                let mut hashes = 0;
                let mut from = at + 1;
                while chars.get(from) == Some(&'#') {
                    hashes += 1;
                    from += 1;
                }
                if chars.get(from) != Some(&'"') {
                    out.push('r');
                    at += 1;
                    continue;
                }
                at = from + 1;
                while at < chars.len() {
                    if chars[at] == '"' && (0..hashes).all(|i| chars.get(at + 1 + i) == Some(&'#'))
                    {
                        at += 1 + hashes;
                        break;
                    }
                    at += 1;
                }
                out.push_str("\"\"");
            }
            '"' => {
                at += 1;
                while at < chars.len() && chars[at] != '"' {
                    at += if chars[at] == '\\' { 2 } else { 1 };
                }
                at += 1;
                out.push_str("\"\"");
            }
            '\'' if rest(1) == Some('\\') || rest(2) == Some('\'') => {
                // A character literal (a lifetime has no closing quote).
                at += if rest(1) == Some('\\') {
                    chars[at + 2..]
                        .iter()
                        .position(|&c| c == '\'')
                        .map_or(2, |i| i + 3)
                } else {
                    3
                };
                out.push_str("' '");
            }
            c => {
                out.push(c);
                at += 1;
            }
        }
    }
    out
}

/// Every `.rs` file under `folder` (from the root), with its code.
fn rust_files(folder: &str) -> Vec<(String, String)> {
    fn walk(folder: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(folder).expect("a folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(&Path::new(ROOT).join(folder), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path
                .strip_prefix(ROOT)
                .expect("inside")
                .to_string_lossy()
                .into_owned();
            (name, code_of(&fs::read_to_string(&path).expect("a file")))
        })
        .collect()
}

/// The module of the library an item of the crate root belongs to: the
/// re-exports by the module that defines them, and `parse` and `check`
/// (thin shells of `grammar::parse` and `grammar::check`) by the grammar's.
fn module_of(name: &str) -> &str {
    match name {
        "Url" => "tree",
        "Rule" | "GRAMMAR" => "rule",
        "Error" | "Expected" | "Unexpected" => "error",
        "Options" => "options",
        "Span" | "Location" => "span",
        "SyntaxNode" => "syntax",
        "UrlBuf" => "url_buf",
        "equivalent" => "normalize",
        "parse" | "parse_with" | "check" | "check_with" => "grammar",
        other => other,
    }
}

/// A file's code before its unit tests, which may use anything.
fn without_unit_tests(code: &str) -> &str {
    code.find("#[cfg(test)]\nmod tests")
        .map_or(code, |at| &code[..at])
}

/// Which modules of the library each module imports (`crate::NAME`, `use
/// crate::{NAME, ...}`), outside its unit tests: the first part of each
/// path from the crate root.
fn library_imports() -> BTreeMap<String, BTreeSet<String>> {
    let path = Regex::new(r"crate::([A-Za-z_][A-Za-z0-9_]*)").expect("regex");
    let group = Regex::new(r"crate::\{").expect("regex");
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, code) in rust_files("src") {
        let module = file["src/".len()..]
            .split(['/', '.'])
            .next()
            .expect("a name")
            .to_string();
        if module == "lib" || module == "test_strings" {
            continue;
        }
        let code = without_unit_tests(&code);
        let mut names: Vec<String> = path.captures_iter(code).map(|c| c[1].to_string()).collect();
        for found in group.find_iter(code) {
            // The names at the first level of the braces.
            let mut depth = 0;
            let mut name = String::new();
            let mut expecting = true;
            for c in code[found.end() - 1..].chars() {
                match c {
                    '{' => {
                        depth += 1;
                        expecting = depth == 1;
                    }
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => expecting = true,
                    c if expecting && (c.is_alphanumeric() || c == '_') => name.push(c),
                    _ if !name.is_empty() => {
                        names.push(std::mem::take(&mut name));
                        expecting = false;
                    }
                    _ => {}
                }
            }
        }
        let entry = imports.entry(module.clone()).or_default();
        for name in names {
            let target = module_of(&name);
            if target != module && target != "nom" && target != "self" {
                entry.insert(target.to_string());
            }
        }
    }
    imports
}

#[test]
fn no_import_circle_between_the_modules_of_the_library() {
    let left = in_circles(library_imports());
    assert!(left.is_empty(), "modules in a circle of imports: {left:#?}");
}

/// The modules of `imports` that stand in a circle of imports: take away,
/// again and again, the modules that import none left; a circle is what
/// remains.
fn in_circles(mut left: BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    loop {
        let free: Vec<String> = left
            .iter()
            .filter(|(_, uses)| uses.iter().all(|used| !left.contains_key(used)))
            .map(|(module, _)| module.clone())
            .collect();
        if free.is_empty() {
            return left;
        }
        for module in free {
            left.remove(&module);
        }
    }
}

/// The rows of ARCHITECTURE.md's table of the library's layers: each
/// module with the modules it imports.
fn table_of_layers() -> BTreeMap<String, BTreeSet<String>> {
    let text =
        fs::read_to_string(Path::new(ROOT).join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let start = text
        .find("## The library's layers")
        .expect("the section of the layers");
    let section = &text[start..];
    let section = &section[..section[3..]
        .find("\n## ")
        .map_or(section.len(), |end| end + 3)];
    let code = Regex::new(r"`([a-z_]+)`").expect("regex");
    let mut table = BTreeMap::new();
    for line in section.lines().filter(|line| line.starts_with("| ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | layer | module | imports | what it holds |
        let (Some(module), Some(uses)) = (cells.get(2), cells.get(3)) else {
            continue;
        };
        let Some(module) = code.captures(module) else {
            continue;
        };
        let uses = code.captures_iter(uses).map(|c| c[1].to_string()).collect();
        table.insert(module[1].to_string(), uses);
    }
    table
}

#[test]
fn the_table_of_layers_is_the_imports_as_they_are() {
    let imports = library_imports();
    let table = table_of_layers();
    assert_eq!(
        table.keys().collect::<Vec<_>>(),
        imports.keys().collect::<Vec<_>>(),
        "ARCHITECTURE.md's table of layers has a row for each module of src/"
    );
    for (module, uses) in &imports {
        assert_eq!(
            &table[module], uses,
            "the imports of {module}: ARCHITECTURE.md says otherwise"
        );
    }
}

#[test]
fn no_unsafe_code() {
    let library = fs::read_to_string(Path::new(ROOT).join("src/lib.rs")).expect("src/lib.rs");
    assert!(library.contains("#![forbid(unsafe_code)]"));
    let unsafe_word = Regex::new(r"\bunsafe\b").expect("regex");
    let mut files = rust_files("src");
    files.extend(rust_files("cli/src"));
    for entry in fs::read_dir(Path::new(ROOT).join("crates"))
        .expect("crates")
        .flatten()
    {
        let source = entry.path().join("src");
        if source.is_dir() {
            let folder = source
                .strip_prefix(ROOT)
                .expect("inside")
                .to_string_lossy()
                .into_owned();
            files.extend(rust_files(&folder));
        }
    }
    assert!(files.len() > 100, "{}", files.len());
    for (file, code) in files {
        assert!(!unsafe_word.is_match(&code), "{file} has unsafe code");
    }
}

#[test]
fn the_pictures_of_architecture_md_exist() {
    let text =
        fs::read_to_string(Path::new(ROOT).join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let picture = Regex::new(r"!\[[^\]]*\]\(([^)]+)\)").expect("regex");
    let mut pictures = 0;
    for found in picture.captures_iter(&text) {
        assert!(
            Path::new(ROOT).join(&found[1]).is_file(),
            "{} is missing",
            &found[1]
        );
        pictures += 1;
    }
    assert!(pictures >= 2, "{pictures}");
}

#[test]
fn no_file_of_the_grammar_is_over_700_lines() {
    for entry in rust_files("src/grammar") {
        let (file, _) = entry;
        let lines = fs::read_to_string(Path::new(ROOT).join(&file))
            .expect("a file")
            .lines()
            .count();
        assert!(lines <= 700, "{file}: {lines} lines");
    }
}

/// Which modules of the grammar each of its modules names
/// (`crate::grammar::NAME`, `super::NAME`), outside its unit tests; a
/// folder (`fast/`) is one module, and the grammar's `mod.rs`, which
/// declares them all, is none.
fn grammar_imports() -> BTreeMap<String, BTreeSet<String>> {
    let files = rust_files("src/grammar");
    let module_of_file = |file: &str| {
        file["src/grammar/".len()..]
            .split(['/', '.'])
            .next()
            .expect("a name")
            .to_string()
    };
    let modules: BTreeSet<String> = files
        .iter()
        .map(|(file, _)| module_of_file(file))
        .filter(|module| module != "mod")
        .collect();
    let path = Regex::new(r"(?:crate::grammar::|\bsuper::)([a-z_]+)").expect("regex");
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, code) in &files {
        let module = module_of_file(file);
        // `super::` in a folder's file names the folder's own modules.
        let nested = file["src/grammar/".len()..].contains('/');
        if module == "mod" {
            continue;
        }
        let code = without_unit_tests(code);
        let entry = imports.entry(module.clone()).or_default();
        for found in path.captures_iter(code) {
            let name = found[1].to_string();
            let through_super = found[0].starts_with("super");
            if (through_super && nested) || name == module || !modules.contains(&name) {
                continue;
            }
            entry.insert(name);
        }
    }
    imports
}

#[test]
fn no_import_circle_between_the_modules_of_the_grammar() {
    let imports = grammar_imports();
    assert!(
        imports["cursor"].contains("notes"),
        "{:?}",
        imports["cursor"]
    );
    let left = in_circles(imports);
    assert!(
        left.is_empty(),
        "modules of the grammar in a circle of imports: {left:#?}"
    );
}
