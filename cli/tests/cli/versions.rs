//! One version for everything a release publishes (issue 57): the eight
//! crates, the `version =` of every path dependency between them, the npm
//! package, the wheel (pyproject.toml takes cli/Cargo.toml's), the GitHub
//! Action (action/install.sh installs the release of cli/Cargo.toml's), the
//! binary's `--version`, and a CHANGELOG.md section. The release workflow
//! refuses a tag that is not `v` and this version.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The manifests of the workspace's crates: the root, cli/ and crates/*.
fn manifests() -> Vec<String> {
    let mut paths = vec!["Cargo.toml".to_owned(), "cli/Cargo.toml".to_owned()];
    let mut crates: Vec<String> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| {
            root()
                .join("crates")
                .join(name)
                .join("Cargo.toml")
                .is_file()
        })
        .map(|name| format!("crates/{name}/Cargo.toml"))
        .collect();
    crates.sort();
    paths.extend(crates);
    paths
}

/// The value of `key = "..."` in the `[package]` table of a manifest.
fn package_field(manifest: &str, key: &str) -> Option<String> {
    let package = manifest.split("\n[").next().unwrap();
    let prefix = format!("{key} = \"");
    package
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .map(|rest| rest.trim_end_matches('"').to_owned())
}

fn version() -> String {
    package_field(&read("cli/Cargo.toml"), "version").expect("cli/Cargo.toml has a version")
}

#[test]
fn every_crate_has_the_version_of_the_cli() {
    let version = version();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    let manifests = manifests();
    assert_eq!(manifests.len(), 8, "{manifests:?}");
    for path in manifests {
        let manifest = read(&path);
        assert_eq!(
            package_field(&manifest, "version").as_deref(),
            Some(version.as_str()),
            "{path}"
        );
    }
}

#[test]
fn every_path_dependency_names_the_version_for_crates_io() {
    let version = version();
    let requirement = regex::Regex::new(r#"version = "([^"]+)""#).unwrap();
    let mut seen = 0;
    for path in manifests() {
        let dependencies = read(&path);
        let local = dependencies
            .lines()
            .filter(|line| line.starts_with("rfc1738") && line.contains("path = "));
        for line in local {
            let found = requirement
                .captures(line)
                .unwrap_or_else(|| panic!("{path}: a path dependency without a version: {line}"));
            assert_eq!(&found[1], version, "{path}: {line}");
            seen += 1;
        }
    }
    // rfc1738 in seven crates, and the crates the CLI and the others use.
    assert!(seen >= 15, "{seen} path dependencies");
}

#[test]
fn every_crate_is_ready_for_crates_io() {
    for path in manifests() {
        let manifest = read(&path);
        for key in ["description", "license", "repository", "rust-version"] {
            assert!(
                package_field(&manifest, key).is_some(),
                "{path} has no {key}"
            );
        }
        let package = manifest.split("\n[").next().unwrap();
        for key in ["keywords = [", "categories = ["] {
            assert!(package.contains(key), "{path} has no {key}..]");
        }
        assert!(!package.contains("publish = false"), "{path}");
    }
}

#[test]
fn the_npm_package_has_the_version() {
    let package: serde_json::Value = serde_json::from_str(&read("npm/package.json")).unwrap();
    assert_eq!(package["version"], version().as_str());
}

#[test]
fn the_wheel_takes_the_version_of_the_cli() {
    let pyproject = read("pyproject.toml");
    assert!(
        pyproject.contains("\ndynamic = [\"version\"]\n"),
        "{pyproject}"
    );
    assert!(pyproject.contains("\nmanifest-path = \"cli/Cargo.toml\"\n"));
    assert!(pyproject.contains("\nbindings = \"bin\"\n"));
    assert!(
        !pyproject.contains("\nversion = "),
        "pyproject.toml names a version of its own"
    );
}

#[test]
fn the_action_installs_the_release_of_the_version() {
    let install = read("action/install.sh");
    assert!(install.contains("\"$action/cli/Cargo.toml\""), "{install}");
    assert!(install.contains("\"$action/release/installer.sh\""));
    // The installer is the release's, its version filled in when released.
    assert!(read("release/installer.sh").contains("published_version=\"@RFC1738_VERSION@\""));
}

#[test]
fn the_changelog_has_a_section_for_the_version() {
    let changelog = read("CHANGELOG.md");
    let version = version();
    assert!(changelog.starts_with("# Changelog\n"));
    assert!(changelog.contains("\n## [Unreleased]\n"));
    assert!(
        changelog.contains(&format!("\n## [{version}] - ")),
        "CHANGELOG.md has no section for {version}"
    );
    assert!(changelog.contains(&format!(
        "\n[{version}]: https://github.com/rfc1738/rfc1738/"
    )));
}

#[test]
fn the_binary_reports_the_version() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("rfc1738 {}\n", version())
    );
}
