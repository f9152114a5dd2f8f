use super::super::{urls, Kind};
use super::{pieces, MARKDOWN_PIECE_SIZE};
use rfc1738::scan::{Form, ScannedUrl};
use rfc1738::Span;

fn found(text: &str, kind: Kind) -> Vec<(String, String)> {
    urls(text, kind, false)
        .map(|found| found.url)
        .map(|url| (url.text.clone(), text[url.span.range()].to_owned()))
        .collect()
}

fn texts(text: &str, kind: Kind) -> Vec<String> {
    found(text, kind).into_iter().map(|(url, _)| url).collect()
}

#[test]
fn a_badge_is_two_urls() {
    let text = "[![b](https://img.shields.io/x.svg)](https://link.example/y)\n";
    assert_eq!(
        texts(text, Kind::Markdown),
        ["https://img.shields.io/x.svg", "https://link.example/y"]
    );
}

#[test]
fn titles_code_and_relative_links_are_not_urls() {
    let text =
        "[a](http://a.b/c \"see http://t.t/\") `http://code/` [r](./x.md)\n\n    http://block/\n";
    assert_eq!(texts(text, Kind::Markdown), ["http://a.b/c"]);
    let with_code: Vec<String> = urls(text, Kind::Markdown, true)
        .map(|found| found.url)
        .map(|u| u.text)
        .collect();
    assert_eq!(with_code, ["http://a.b/c", "http://code/", "http://block/"]);
}

#[test]
fn reference_definitions_autolinks_and_bare_urls() {
    let text = "See [x][1], <ftp://f.g/h> and https://bare.example/p?q=1.\n\n[1]: <http://ref.example/a b>\n[unused]: http://unused.example/\n";
    assert_eq!(
        texts(text, Kind::Markdown),
        [
            "ftp://f.g/h",
            "https://bare.example/p?q=1",
            "http://ref.example/a b"
        ]
    );
}

/// rustdoc's links to items (axum's docs): a path, no URL.
#[test]
fn a_link_to_a_rust_item_is_no_url() {
    let text = "See [fallback](Router::fallback) and [x](HTTP://a.example/).\n";
    assert_eq!(texts(text, Kind::Markdown), ["HTTP://a.example/"]);
}

/// A label matches its definition as CommonMark folds case (its example
/// of `[ẞ]` and `[SS]`) and collapses white space, as pulldown-cmark reads
/// them: a definition a link uses is read.
#[test]
fn a_reference_label_matches_by_unicode_case_folding() {
    let text = "[x][ẞ] and [y][Foo\n  Bar]\n\n[SS]: http://ss.example/\n[foo bar]: http://fb.example/\n[none]: http://none.example/\n";
    assert_eq!(
        texts(text, Kind::Markdown),
        ["http://ss.example/", "http://fb.example/"]
    );
}

#[test]
fn escapes_and_entities_are_decoded_with_spans_on_the_source() {
    let text = "[a](http://a.b/x\\_y&amp;z)";
    let all = found(text, Kind::Markdown);
    assert_eq!(
        all,
        [(
            "http://a.b/x_y&z".to_owned(),
            "http://a.b/x\\_y&amp;z".to_owned()
        )]
    );
    let url = urls(text, Kind::Markdown, false)
        .map(|found| found.url)
        .next()
        .unwrap();
    // The "&" of the URL is the entity in the source.
    assert_eq!(url.original_span(Span::new(14, 15)), Span::new(19, 24));
}

#[test]
fn urls_in_prose_are_found_by_the_plain_text_rules() {
    let text = "a http://x.y/(a)). b (https://w.x/y) c **file://localhost/etc/passwd** d _gopher://g.h/1_\n\
                e mailto:me@x.org. f news:comp.infosystems.www and telnet://t.u/ ~~wais://w.v/d~~\n\n\
                # Heading ftp://f.g/h\n\n- item http://i.j/k\n\n> quote http://q.r/s\n\n| t | http://t.u/v |\n|---|---|\n";
    assert_eq!(
        texts(text, Kind::Markdown),
        [
            "http://x.y/(a)",
            "https://w.x/y",
            "file://localhost/etc/passwd",
            "gopher://g.h/1",
            "mailto:me@x.org",
            "news:comp.infosystems.www",
            "telnet://t.u/",
            "wais://w.v/d",
            "ftp://f.g/h",
            "http://i.j/k",
            "http://q.r/s",
            "http://t.u/v",
        ]
    );
}

#[test]
fn escapes_and_entities_in_prose_are_read_as_the_reader_sees_them() {
    let text = "see http://a.b/x\\_y&amp;z\\~w and `http://code/` <URL:ftp://c.d/e>";
    let url = urls(text, Kind::Markdown, false)
        .map(|found| found.url)
        .next()
        .unwrap();
    assert_eq!(url.text, "http://a.b/x_y&z~w");
    assert_eq!(&text[url.span.range()], "http://a.b/x\\_y&amp;z\\~w");
    // The "~" is written "\~": a fix replaces both.
    let tilde = url.text.find('~').unwrap();
    assert_eq!(
        &text[url.original_span(Span::new(tilde, tilde + 1)).range()],
        "\\~"
    );
    assert_eq!(&text[url.original_span(Span::new(14, 15)).range()], "&amp;");
    let all: Vec<(String, Form)> = urls(text, Kind::Markdown, false)
        .map(|found| found.url)
        .map(|url| (url.text, url.form))
        .collect();
    assert_eq!(
        all,
        [
            ("http://a.b/x_y&z~w".to_owned(), Form::Bare),
            ("ftp://c.d/e".to_owned(), Form::Wrapped)
        ]
    );
}

#[test]
fn a_long_run_of_prose_with_escapes_stays_linear() {
    // One paragraph: 30,000 URLs, each with an escape, so the run is
    // copied and each URL mapped from it by a binary search.
    let count = 30_000;
    let text = "see http://a.b/x\\_y ".repeat(count);
    let urls: Vec<ScannedUrl> = urls(&text, Kind::Markdown, false)
        .map(|found| found.url)
        .collect();
    assert_eq!(urls.len(), count);
    let last = urls.last().unwrap();
    assert_eq!(last.text, "http://a.b/x_y");
    assert_eq!(&text[last.span.range()], "http://a.b/x\\_y");
    assert_eq!(last.span.end, text.len() - 1);
}

#[test]
fn the_text_of_a_link_and_a_reference_label_are_not_read() {
    let text = "[see http://label.example/](http://dest.example/) [http://ref.example/][r]\n\n[r]: http://def.example/\n";
    assert_eq!(
        texts(text, Kind::Markdown),
        ["http://dest.example/", "http://def.example/"]
    );
}

#[test]
fn a_piece_with_no_blank_line_is_cut_anyway_but_not_in_code() {
    use super::next_cut;
    // One paragraph: cut at a line at the margin once twice MARKDOWN_PIECE_SIZE long.
    let paragraph = "a http://a.example/x\n".repeat(3 * MARKDOWN_PIECE_SIZE / 21);
    let cut = next_cut(paragraph.as_bytes(), MARKDOWN_PIECE_SIZE).expect("a cut");
    assert!(
        (2 * MARKDOWN_PIECE_SIZE..2 * MARKDOWN_PIECE_SIZE + 21).contains(&cut),
        "{cut}"
    );
    assert!(paragraph[..cut].ends_with('\n'));
    // One line: after a space (no indentation left), else before a
    // character no URL holds, else before emphasis.
    for (line, after) in [
        ("ab ".repeat(MARKDOWN_PIECE_SIZE), "a"),
        ("[".repeat(3 * MARKDOWN_PIECE_SIZE), "["),
        ("*a".repeat(2 * MARKDOWN_PIECE_SIZE), "*"),
    ] {
        let cut = next_cut(line.as_bytes(), MARKDOWN_PIECE_SIZE).expect("a cut");
        assert!(
            (2 * MARKDOWN_PIECE_SIZE..2 * MARKDOWN_PIECE_SIZE + 3).contains(&cut),
            "{cut}"
        );
        assert!(line[cut..].starts_with(after));
    }
    // A line of 3 * MARKDOWN_PIECE_SIZE with none of them is not cut.
    assert_eq!(
        next_cut(
            "a".repeat(3 * MARKDOWN_PIECE_SIZE).as_bytes(),
            MARKDOWN_PIECE_SIZE
        ),
        None
    );
    // Fenced code and an HTML comment are never cut.
    for (open, close) in [("```\n", "```\n"), ("<!--\n", "-->\n")] {
        let text = format!(
            "{open}{}{close}after\n",
            "x [y]\n".repeat(MARKDOWN_PIECE_SIZE)
        );
        let cut = next_cut(text.as_bytes(), MARKDOWN_PIECE_SIZE).expect("a cut");
        assert!(text[..cut].ends_with(close), "{open}: {cut}");
    }
}

#[test]
fn long_documents_are_read_in_pieces_that_change_no_link() {
    let mut text = String::from("[first]: http://def.example/one\n\n");
    let block = "Para [a](http://a.example/x) and https://b.example/y.\n\n```\ncode http://in.code/\n\nstill code http://in.code/2\n```\n\n<!--\n\nhttp://in.comment/\n\n-->\n\n- item\n\n  continued http://c.example/z\n\n";
    while text.len() < 3 * MARKDOWN_PIECE_SIZE {
        text.push_str(block);
    }
    text.push_str("Use [first] at the end.\n");
    let pieces = pieces(&text);
    assert!(pieces.len() >= 3, "{}", pieces.len());
    for piece in &pieces {
        // Each piece starts at the margin after a blank line.
        assert!(piece.start == 0 || text[..piece.start].ends_with("\n\n"));
        assert!(!text[piece.clone()].starts_with(' '));
    }
    let urls: Vec<String> = urls(&text, Kind::Markdown, false)
        .map(|found| found.url)
        .map(|u| u.text)
        .collect();
    let blocks = text.matches("Para [a]").count();
    assert_eq!(urls.len(), 1 + 3 * blocks);
    assert_eq!(urls[0], "http://def.example/one");
    assert!(!urls
        .iter()
        .any(|u| u.contains("in.code") || u.contains("in.comment")));
}
