//! The linter over the five source documents: how many URLs it finds in
//! each, what it reports, and exactly where. The expectations were checked by
//! eye against the documents (see the closing note of issue 5).

use std::collections::BTreeMap;

use rfc1738::lint::{lint_text, Code};
use rfc1738::scan::{scan, Form};
use rfc1738::Location;

fn seed(name: &str) -> String {
    let path = format!("{}/tests/fixtures/seeds/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("the seed is UTF-8")
}

const SEEDS: [&str; 5] = [
    "000_73a12171840498b5.txt",
    "001_8dc77ac20bcaf9c9.txt",
    "002_461272508ce7daa0.txt",
    "003_06ae430307648ea6.txt",
    "004_f25d6f2e63d81a2e.txt",
];

fn at(text: &str, offset: usize) -> String {
    Location::of_offset(text, offset).to_string()
}

fn codes(text: &str) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    for finding in lint_text(text) {
        *counts.entry(finding.code.code()).or_default() += 1;
    }
    counts
}

#[test]
fn urls_found_per_document() {
    let counts: Vec<usize> = SEEDS.iter().map(|name| scan(&seed(name)).len()).collect();
    // 000 is the flattened 1993 draft: its references have no URLs, and its
    // "ftp:" and "wais:" are mentions of schemes.
    assert_eq!(counts, [0, 12, 13, 21, 30]);
}

#[test]
fn findings_per_document() {
    let found: Vec<BTreeMap<&str, usize>> = SEEDS.iter().map(|name| codes(&seed(name))).collect();
    assert!(found[0].is_empty());
    assert!(found[1].is_empty());
    assert_eq!(found[2], BTreeMap::from([("U003", 2)]));
    assert_eq!(found[3], BTreeMap::from([("U003", 3)]));
    assert_eq!(found[4], BTreeMap::from([("U002", 1)]));
}

#[test]
fn the_injected_domains_of_004() {
    let text = seed("004_f25d6f2e63d81a2e.txt");
    let urls = scan(&text);
    let injected: Vec<_> = urls
        .iter()
        .filter(|url| url.text.contains("hcv8jop2ns0r.cn"))
        .collect();
    assert_eq!(injected.len(), 2);

    // Section 1: the altered host is still a valid hostname, so the URL is
    // found, exactly, and no rule of RFC 1738 objects to it.
    let first = injected[0];
    assert_eq!(first.form, Form::Wrapped);
    assert_eq!(
        first.text,
        "http://www.acl.lanl.gov.hcv8jop2ns0r.cn/URI/archive/uri-archive.index.html"
    );
    assert_eq!(at(&text, first.span.start), "47:12");
    assert_eq!(at(&text, first.span.end), "47:86");
    assert!(lint_text(&text[first.outer.range()]).is_empty());

    // The appendix: "ds.internic." + break + "net" became
    // "ds.internic..hcv8jop2ns0r.cn" + break + "net": an empty label.
    let second = injected[1];
    assert_eq!(
        second.text,
        "http://ds.internic..hcv8jop2ns0r.cnnet/instructions/overview.html"
    );
    assert_eq!(
        second.fragment.as_ref().map(|f| f.text.as_str()),
        Some("WARNING")
    );
    assert_eq!(at(&text, second.span.start), "1243:50");
    assert_eq!(at(&text, second.span.end), "1244:37");
    let findings = lint_text(&text);
    let finding = findings
        .iter()
        .find(|finding| finding.code == Code::SchemeProduction)
        .expect("the empty label");
    assert_eq!(at(&text, finding.span.start), "1243:69");
    assert_eq!(&text[finding.span.range()], ".");
    let error = finding.error.as_ref().expect("the grammar's error");
    assert_eq!(
        error.stack_text(),
        "url > httpurl > hostport > host > hostname"
    );
}

#[test]
fn urls_broken_across_lines_and_pages_in_002() {
    let text = seed("002_461272508ce7daa0.txt");
    let urls = scan(&text);
    let find = |needle: &str| {
        urls.iter()
            .find(|url| url.text.contains(needle))
            .unwrap_or_else(|| panic!("{needle} found"))
    };
    // "<ftp://ds.internic.ne" + line break + "t/rfc>".
    let split = find("ds.internic.net/rfc");
    assert_eq!(split.text, "ftp://ds.internic.net/rfc");
    assert_eq!(at(&text, split.span.start), "1105:51");
    assert_eq!(at(&text, split.original_offset(20)), "1106:1");
    // A reference broken across a page footer and header.
    let paged = find("gopher_protocol");
    assert_eq!(
        paged.text,
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol"
    );
    assert_eq!(at(&text, paged.span.end), "1163:41");
    // "Information" + line break + "About Gopher/About Gopher": the spaces
    // left inside the line are reported on the second line.
    let spaces: Vec<String> = lint_text(&text)
        .iter()
        .map(|finding| format!("{} {}", finding.code, at(&text, finding.span.start)))
        .collect();
    assert_eq!(spaces, ["U003 1165:31", "U003 1165:44"]);
}

#[test]
fn templates_and_mentions_are_not_urls() {
    let text = seed("004_f25d6f2e63d81a2e.txt");
    let urls = scan(&text);
    // Section 3's templates (http://<host>:<port>/<path>?<searchpart>) and
    // the BNF's literals ("ftp://") are not URLs.
    assert!(urls.iter().all(|url| !url.text.contains('<')));
    assert!(urls
        .iter()
        .all(|url| !url.text.ends_with(':') && !url.text.ends_with("://")));
    let lines: Vec<u32> = urls
        .iter()
        .map(|url| Location::of_offset(&text, url.span.start).line)
        .collect();
    assert!(
        lines.iter().all(|line| !(950..1110).contains(line)),
        "{lines:?}"
    );
}

/// The whole URLs of `tests/fixtures/examples.tsv`, which another part of
/// the project collected from the same documents by other means: document,
/// line where the printed text starts, URL (with any `#fragment`); whole
/// URLs only, templates and components left out.
fn catalogued() -> Vec<(String, u32, String)> {
    let path = format!("{}/tests/fixtures/examples.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the catalogue is there");
    let mut lines = text.lines().filter(|line| !line.starts_with('#'));
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (document, line, kind, url, production) = (
        column("document"),
        column("line"),
        column("kind"),
        column("url"),
        column("production"),
    );
    lines
        .map(|row| row.split('\t').collect::<Vec<&str>>())
        .filter(|row| row[production] == "url")
        .filter(|row| matches!(row[kind], "wrapped" | "broken" | "reference"))
        .map(|row| {
            (
                row[document].to_owned(),
                row[line].parse().expect("a line number"),
                row[url].to_owned(),
            )
        })
        .collect()
}

#[test]
fn the_scan_agrees_with_the_catalogue_of_examples() {
    let catalogue = catalogued();
    assert!(catalogue.len() >= 70, "{} rows", catalogue.len());
    let mut extra = Vec::new();
    for name in SEEDS {
        let text = seed(name);
        let found: Vec<(u32, String)> = scan(&text)
            .iter()
            .map(|url| {
                let line = Location::of_offset(&text, url.outer.start).line;
                let fragment = url.fragment.as_ref().map(|f| format!("#{}", f.text));
                (
                    line,
                    format!("{}{}", url.text, fragment.unwrap_or_default()),
                )
            })
            .collect();
        let expected: Vec<(u32, String)> = catalogue
            .iter()
            .filter(|(document, _, _)| name.starts_with(document.as_str()))
            .map(|(_, line, url)| (*line, url.clone()))
            .collect();
        for row in &expected {
            assert!(found.contains(row), "{name}: {row:?} not found");
        }
        extra.extend(found.into_iter().filter(|row| !expected.contains(row)));
    }
    // The scan's only additions: the draft's templates
    // "gopher://host [port]/..." start with a valid URL, and are reported
    // as it.
    let lines: Vec<u32> = extra.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, [231, 236, 240, 244, 248, 252]);
    assert!(extra.iter().all(|(_, url)| url == "gopher://host"));
}
