//! What `rfc1738 lint --format urls` finds in Markdown agrees with what a
//! reader sees, as implemented here apart from the linter: the links of a
//! CommonMark + GFM renderer (the link and image events of pulldown-cmark:
//! inline, reference, autolink; e-mail autolinks aside; `<URL:...>`, the
//! appendix's wrapper, without its prefix), the URL attributes of raw
//! HTML, and the URLs in prose by the plain-text rules of RFC 1738's
//! appendix (bare `scheme://...`, `mailto:` and `news:` tokens, without
//! the sentence's trailing punctuation), read in the text as the renderer
//! shows it (escapes and entities decoded, emphasis markers gone). Each URL
//! is compared with its fragment, as `--format urls` prints it
//! (`URL#fragment`). URLs without a scheme (relative links, `www.`
//! autolinks, bare e-mail addresses) are no URLs as written and are left
//! out on both sides.
//!
//! Two measures, per distinct URL of each file: found (the reference's URLs
//! the linter reports exactly) and agreed (the linter's URLs the reference
//! has). Both must be at least 99%.
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

/// The URLs in a run of prose by the appendix's rules: a scheme (a letter,
/// then letters, digits, `+`, `-`, `.`, not preceded by one of those), a
/// colon, then `//` or a scheme of RFC 1738 that needs none (`mailto`,
/// `news`); the token ends at white space, a control, `<`, `>`, `"` or a
/// character beyond ASCII; sentence punctuation at its end and a `)` or `]`
/// that closes nothing in it are not part of it. A token whose body is
/// empty, or that runs into `<` (`http://<host>/`), is a mention.
fn appendix_urls(text: &str, out: &mut BTreeSet<String>) {
    let bytes = text.as_bytes();
    let scheme_byte = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
    let mut colon = 0;
    while let Some(found) = text[colon..].find(':') {
        colon += found;
        let mut start = colon;
        while start > 0 && scheme_byte(bytes[start - 1]) {
            start -= 1;
        }
        let next = colon + 1;
        if start == colon || !bytes[start].is_ascii_alphabetic() {
            colon = next;
            continue;
        }
        let scheme = text[start..colon].to_ascii_lowercase();
        let slashes = text[next..].starts_with("//");
        if !slashes && scheme != "mailto" && scheme != "news" {
            colon = next;
            continue;
        }
        let body = next + if slashes { 2 } else { 0 };
        let mut end = next;
        while end < bytes.len()
            && !(bytes[end].is_ascii_whitespace()
                || bytes[end].is_ascii_control()
                || !bytes[end].is_ascii()
                || matches!(bytes[end], b'<' | b'>' | b'"'))
        {
            end += 1;
        }
        if bytes.get(end) == Some(&b'<') {
            colon = end;
            continue;
        }
        loop {
            let token = &text[body..end];
            let closes = |open: char, close: char| {
                token.matches(close).count() > token.matches(open).count()
            };
            match token.chars().last() {
                Some('.' | ',' | ';' | ':' | '!' | '?' | '\'') => end -= 1,
                Some(')') if closes('(', ')') => end -= 1,
                Some(']') if closes('[', ']') => end -= 1,
                _ => break,
            }
        }
        if end > body && !text[body..end].starts_with('#') {
            out.insert(text[start..end].to_owned());
        }
        colon = end.max(next);
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
    // The current run of prose, as the renderer shows it.
    let mut run = String::new();
    for event in Parser::new_ext(text, options) {
        let text_event = matches!(event, Event::Text(_)) && in_link == 0 && !in_code;
        if !text_event {
            appendix_urls(&run, &mut out);
            run.clear();
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
                    let wrapped = link_type == LinkType::Autolink
                        && dest_url.len() > 4
                        && dest_url[..4].eq_ignore_ascii_case("URL:")
                        && has_scheme(&dest_url[4..]);
                    let url = if wrapped {
                        &dest_url[4..]
                    } else {
                        &dest_url[..]
                    };
                    out.insert(url.to_owned());
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
            Event::Text(read) if text_event => run.push_str(&read),
            _ => {}
        }
    }
    appendix_urls(&run, &mut out);
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
    agreed: usize,
    misses: Vec<String>,
}

fn agreement(files: &[PathBuf]) -> Agreement {
    let mine = extracted(files);
    let mut result = Agreement {
        files: files.len(),
        rendered: 0,
        extracted: 0,
        found: 0,
        agreed: 0,
        misses: Vec::new(),
    };
    for (file, mine) in files.iter().zip(mine) {
        let text = String::from_utf8_lossy(&std::fs::read(file).expect("a file")).into_owned();
        let theirs = rendered(&text);
        result.rendered += theirs.len();
        result.extracted += mine.len();
        result.found += theirs.intersection(&mine).count();
        result.agreed += mine.intersection(&theirs).count();
        for url in theirs.difference(&mine) {
            result
                .misses
                .push(format!("{}: not found: {url}", file.display()));
        }
        for url in mine.difference(&theirs) {
            result
                .misses
                .push(format!("{}: not in the reference: {url}", file.display()));
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
        "{} files, {} URLs in the reference, {} extracted: found {:.2}%, agreed {:.2}%\n{}",
        result.files,
        result.rendered,
        result.extracted,
        percent(result.found, result.rendered),
        percent(result.agreed, result.extracted),
        result.misses.join("\n")
    )
}

#[test]
fn the_reference_sees_what_a_reader_sees() {
    let mut set = BTreeSet::new();
    appendix_urls(
        "see https://a.b/c(d)). and x:http://e.f/g#h. nothttp://i.j/ file://k/l, news:m.n http://<host>/ mailto:o@p.q",
        &mut set,
    );
    let expected: BTreeSet<String> = [
        "https://a.b/c(d)",
        "http://e.f/g#h",
        "nothttp://i.j/",
        "file://k/l",
        "news:m.n",
        "mailto:o@p.q",
    ]
    .map(String::from)
    .into();
    assert_eq!(set, expected);
    let links = rendered(
        "[a](http://a.b/) `http://code/` <http://auto/> [r](./rel) <x@y.z> **ftp://c.d/e\\_f**\n",
    );
    let expected: BTreeSet<String> = ["http://a.b/", "http://auto/", "ftp://c.d/e_f"]
        .map(String::from)
        .into();
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
    assert!(percent(result.agreed, result.extracted) >= 99.0, "{text}");
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
    assert!(percent(result.agreed, result.extracted) >= 99.0, "{text}");
}
