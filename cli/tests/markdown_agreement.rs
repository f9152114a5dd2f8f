//! What `rfc1738 lint --format urls` finds in Markdown agrees with what a
//! CommonMark + GFM renderer links: the link and image events of
//! pulldown-cmark (inline, reference, autolink; e-mail autolinks aside),
//! the URL attributes of raw HTML, and GFM's extended autolinks in text
//! (`http://`, `https://`, `ftp://`, `mailto:`), here implemented apart
//! from the linter. cmark-gfm matches them on the raw source of the text
//! while it parses inlines (an entity `&amp;` at the end is trimmed as
//! entity-like, not decoded), so they are matched on the source of each
//! run of text here too. URLs without a scheme
//! (relative links, `www.` autolinks, bare e-mail addresses) are no URLs as
//! written and are left out on both sides.
//!
//! Two measures, per distinct URL of each file: found (the renderer's URLs
//! the linter reports exactly as written) and linked (the linter's URLs the
//! renderer links). Both must be at least 99%.
//!
//! `RFC1738_README_CORPUS=DIR cargo test -p rfc1738-cli --test
//! markdown_agreement -- --ignored --nocapture` measures every `README.md`
//! one or two levels under DIR (e.g. `~/.cargo/registry/src/*/`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};
use snapbox::cmd::{cargo_bin, Command};

fn has_scheme(url: &str) -> bool {
    let Some((scheme, _)) = url.split_once(':') else {
        return false;
    };
    scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// GFM's extended autolinks in a run of text (spec 0.29-gfm, section 6.9,
/// with cmark-gfm's trimming).
fn gfm_autolinks(text: &str, out: &mut BTreeSet<String>) {
    let lower = text.to_ascii_lowercase();
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &lower[at..];
        let prefix = ["http://", "https://", "ftp://", "mailto:"]
            .into_iter()
            .find(|prefix| rest.starts_with(prefix));
        let boundary = at == 0 || !bytes[at - 1].is_ascii_alphabetic();
        let Some(prefix) = prefix.filter(|_| boundary) else {
            at += text[at..].chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let body = at + prefix.len();
        let mut end = body;
        while end < bytes.len() && !bytes[end].is_ascii_whitespace() && bytes[end] != b'<' {
            end += 1;
        }
        if prefix == "mailto:" {
            let address = &text[body..end];
            let valid = address.split_once('@').is_some_and(|(local, _)| {
                !local.is_empty()
                    && local
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b".+-_".contains(&b))
            });
            if !valid {
                at = body;
                continue;
            }
            let domain = body + address.find('@').unwrap_or(0) + 1;
            let mut stop = domain;
            while stop < end
                && (bytes[stop].is_ascii_alphanumeric() || b".-_".contains(&bytes[stop]))
            {
                stop += 1;
            }
            while stop > domain && bytes[stop - 1] == b'.' {
                stop -= 1;
            }
            if stop > domain
                && text[domain..stop].contains('.')
                && !b"-_".contains(&bytes[stop - 1])
            {
                out.insert(text[at..stop].to_owned());
            }
            at = stop.max(body);
            continue;
        }
        let domain_end = (body..end)
            .find(|i| !(bytes[*i].is_ascii_alphanumeric() || b"-_.".contains(&bytes[*i])))
            .unwrap_or(end);
        let segments: Vec<&str> = text[body..domain_end].split('.').collect();
        let tail = &segments[segments.len().saturating_sub(2)..];
        if domain_end == body || tail.iter().any(|s| s.contains('_')) {
            at = body;
            continue;
        }
        loop {
            let link = &text[at..end];
            let last = link.as_bytes()[link.len() - 1];
            let unbalanced = last == b')' && link.matches(')').count() > link.matches('(').count();
            if b"?!.,:*_~'\"".contains(&last) || unbalanced {
                end -= 1;
            } else if last == b';' {
                let name =
                    link[..link.len() - 1].trim_end_matches(|c: char| c.is_ascii_alphanumeric());
                if name.ends_with('&') && name.len() < link.len() - 1 {
                    end = at + name.len() - 1;
                } else {
                    end -= 1;
                }
            } else {
                break;
            }
            if end <= body {
                break;
            }
        }
        if end > body {
            out.insert(text[at..end].to_owned());
        }
        at = end.max(body);
    }
}

/// The values of `href` and `src` in raw HTML, entities `&amp;` decoded.
fn html_urls(html: &str, out: &mut BTreeSet<String>) {
    for attribute in ["href=", "src="] {
        let mut rest = html;
        while let Some(found) = rest.to_ascii_lowercase().find(attribute) {
            let after = &rest[found + attribute.len()..];
            let quote = after.chars().next().filter(|c| *c == '"' || *c == '\'');
            let value = match quote {
                Some(q) => after[1..].split(q).next().unwrap_or(""),
                None => after
                    .split(|c: char| c.is_whitespace() || c == '>')
                    .next()
                    .unwrap_or(""),
            };
            let value = value.trim().replace("&amp;", "&");
            if has_scheme(&value) {
                out.insert(value);
            }
            rest = &rest[found + attribute.len()..];
        }
    }
}

/// What the renderer links in a Markdown document.
fn rendered(text: &str) -> BTreeSet<String> {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_GFM;
    let mut out = BTreeSet::new();
    let mut in_link = 0;
    let mut in_code = false;
    let mut in_comment = false;
    // The source of the current run of text.
    let mut run: Option<std::ops::Range<usize>> = None;
    for (event, range) in Parser::new_ext(text, options).into_offset_iter() {
        let text_event = matches!(event, Event::Text(_)) && in_link == 0 && !in_code;
        let joins = run.as_ref().is_some_and(|r| r.end == range.start);
        if !(text_event && joins) {
            if let Some(r) = run.take() {
                gfm_autolinks(&text[r], &mut out);
            }
        }
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            })
            | Event::Start(Tag::Image {
                link_type,
                dest_url,
                ..
            }) => {
                if link_type != LinkType::Email && has_scheme(&dest_url) {
                    out.insert(dest_url.to_string());
                }
                in_link += 1;
            }
            Event::End(TagEnd::Link | TagEnd::Image) => in_link -= 1,
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Html(html) | Event::InlineHtml(html) => {
                // Comments link nothing.
                let mut html: &str = &html;
                let owned;
                if in_comment || html.contains("<!--") {
                    let start = if in_comment {
                        0
                    } else {
                        html.find("<!--").unwrap_or(0)
                    };
                    match html[start..].find("-->") {
                        Some(end) => {
                            owned = format!("{}{}", &html[..start], &html[start + end + 3..]);
                            html = &owned;
                            in_comment = false;
                        }
                        None => {
                            owned = html[..start].to_owned();
                            html = &owned;
                            in_comment = true;
                        }
                    }
                }
                html_urls(html, &mut out);
            }
            Event::Text(_) if text_event => {
                run = Some(run.map_or(range.clone(), |r| r.start..range.end));
            }
            _ => {}
        }
    }
    if let Some(r) = run {
        gfm_autolinks(&text[r], &mut out);
    }
    out
}

/// What the linter finds, per file, from `--format urls`.
fn extracted(files: &[PathBuf]) -> Vec<BTreeSet<String>> {
    let mut found = vec![BTreeSet::new(); files.len()];
    // Absolute paths, printed as given from a directory that holds none.
    let elsewhere = tempfile::tempdir().expect("a temporary directory");
    let files: Vec<PathBuf> = files
        .iter()
        .map(|file| std::path::absolute(file).expect("an absolute path"))
        .collect();
    for (chunk_index, chunk) in files.chunks(200).enumerate() {
        let output = Command::new(cargo_bin("rfc1738"))
            .current_dir(elsewhere.path())
            .args(["lint", "--isolated", "--format", "urls"])
            .args(chunk)
            .output()
            .expect("the binary runs");
        let stdout = String::from_utf8(output.stdout).expect("UTF-8");
        for line in stdout.lines() {
            // FILE:L:C-L:C: URL
            let index = chunk
                .iter()
                .position(|file| line.starts_with(&format!("{}:", file.display())))
                .expect("a known file");
            let rest = &line[chunk[index].display().to_string().len() + 1..];
            let url = rest.split_once(": ").expect("a URL").1;
            found[chunk_index * 200 + index].insert(url.to_owned());
        }
    }
    found
}

struct Agreement {
    files: usize,
    rendered: usize,
    extracted: usize,
    found: usize,
    linked: usize,
    misses: Vec<String>,
}

fn agreement(files: &[PathBuf]) -> Agreement {
    let mine = extracted(files);
    let mut result = Agreement {
        files: files.len(),
        rendered: 0,
        extracted: 0,
        found: 0,
        linked: 0,
        misses: Vec::new(),
    };
    for (file, mine) in files.iter().zip(mine) {
        let text = String::from_utf8_lossy(&std::fs::read(file).expect("a file")).into_owned();
        let theirs = rendered(&text);
        result.rendered += theirs.len();
        result.extracted += mine.len();
        result.found += theirs.intersection(&mine).count();
        result.linked += mine.intersection(&theirs).count();
        for url in theirs.difference(&mine) {
            result
                .misses
                .push(format!("{}: not found: {url}", file.display()));
        }
        for url in mine.difference(&theirs) {
            result
                .misses
                .push(format!("{}: not a link: {url}", file.display()));
        }
    }
    result
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

fn report(result: &Agreement) -> String {
    format!(
        "{} files, {} URLs rendered, {} extracted: found {:.2}%, linked {:.2}%\n{}",
        result.files,
        result.rendered,
        result.extracted,
        percent(result.found, result.rendered),
        percent(result.linked, result.extracted),
        result.misses.join("\n")
    )
}

#[test]
fn the_reference_sees_what_a_renderer_links() {
    let mut set = BTreeSet::new();
    gfm_autolinks(
        "see https://a.b/c(d)). and x:http://e.f/g&amp; nothttp://h.i/",
        &mut set,
    );
    let expected: BTreeSet<String> = ["https://a.b/c(d)", "http://e.f/g"]
        .map(String::from)
        .into();
    assert_eq!(set, expected);
    let links = rendered("[a](http://a.b/) `http://code/` <http://auto/> [r](./rel) <x@y.z>\n");
    let expected: BTreeSet<String> = ["http://a.b/", "http://auto/"].map(String::from).into();
    assert_eq!(links, expected);
}

#[test]
fn markdown_extraction_agrees_with_the_renderer_on_the_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/readmes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the fixtures")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    let result = agreement(&files);
    let text = report(&result);
    println!("{text}");
    assert!(result.rendered >= 80, "{text}");
    assert!(percent(result.found, result.rendered) >= 99.0, "{text}");
    assert!(percent(result.linked, result.extracted) >= 99.0, "{text}");
}

#[test]
#[ignore = "needs RFC1738_README_CORPUS, a directory of crates with README.md files"]
fn markdown_extraction_agrees_with_the_renderer_on_a_corpus() {
    let root =
        PathBuf::from(std::env::var("RFC1738_README_CORPUS").expect("RFC1738_README_CORPUS"));
    let mut files = Vec::new();
    let mut dirs = vec![(root, 0)];
    while let Some((dir, depth)) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() && depth < 2 {
                dirs.push((path, depth + 1));
            } else if path
                .file_name()
                .is_some_and(|n| n.eq_ignore_ascii_case("README.md"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    let result = agreement(&files);
    let text = report(&result);
    println!("{text}");
    assert!(percent(result.found, result.rendered) >= 99.0, "{text}");
    assert!(percent(result.linked, result.extracted) >= 99.0, "{text}");
}
