use super::*;
use rfc1738::Span;

#[test]
fn kinds_by_extension() {
    assert_eq!(Kind::of("a/README.md"), Kind::Markdown);
    assert_eq!(Kind::of("x.MARKDOWN"), Kind::Markdown);
    assert_eq!(Kind::of("index.htm"), Kind::Html);
    assert_eq!(Kind::of("notes.txt"), Kind::Text);
    assert_eq!(Kind::of("LICENSE"), Kind::Text);
}

/// jq's `jq.1.prebuilt`, made by ronn: lines of a bare `.` before its
/// `.TH`; its `https://github\.com/...` is read as roff writes a dot.
#[cfg(feature = "code-readers")]
#[test]
fn a_man_page_is_known_by_its_first_request_after_empty_ones() {
    let page = ".\n.TH \"JQ\" \"1\" \"May 2025\"\n.\n.SH \"BUGS\"\nhttps://github\\.com/jqlang/jq/issues\n";
    assert_eq!(Kind::of_file("jq.1.prebuilt", page), Kind::Roff);
    let texts: Vec<String> = urls(page, Kind::Roff, false)
        .map(|found| found.url.text)
        .collect();
    assert_eq!(texts, ["https://github.com/jqlang/jq/issues"]);
    assert_eq!(Kind::of_file("notes", ".\nhttp://a.b/\n"), Kind::Text);
}

/// Loki's vendored `storage.replay`: a recording of HTTP exchanges in
/// JSON, whose URLs write `&` as `\u0026`.
#[cfg(feature = "code-readers")]
#[test]
fn a_json_object_is_known_by_its_text() {
    let replay = "{\n  \"Initial\": \"x\",\n  \"URL\": \"https://a.b/o?alt=json\\u0026p=1\"\n}\n";
    assert_eq!(
        Kind::of_file("storage.replay", replay),
        Kind::Code(Language::Json)
    );
    let texts: Vec<String> = urls(replay, Kind::Code(Language::Json), false)
        .map(|found| found.url.text)
        .collect();
    assert_eq!(texts, ["https://a.b/o?alt=json&p=1"]);
    assert_eq!(
        Kind::of_file("a.replay", "[{\"a\": 1}]"),
        Kind::Code(Language::Json)
    );
    // Braces that open no key, or text after them: not JSON.
    assert_eq!(Kind::of_file("notes", "{ see http://a.b/ }"), Kind::Text);
    assert_eq!(
        Kind::of_file("notes", "{\"a\": 1}\nmore http://a.b/"),
        Kind::Text
    );
}

#[test]
fn plain_text_keeps_the_appendix_rules() {
    let texts: Vec<String> = urls("<URL:ftp://a.b/\n  c> http://d.e/f#g.", Kind::Text, false)
        .map(|found| found.url.text)
        .collect();
    assert_eq!(texts, ["ftp://a.b/c", "http://d.e/f"]);
    // A scheme's mention between escaped quotes is no URL, as it is
    // between plain ones.
    let quoted = r#"x = "the \"http://\" prefix, \"mailto:\", \"http://a.b/c\"""#;
    let texts: Vec<String> = urls(quoted, Kind::Text, false)
        .map(|found| found.url.text)
        .collect();
    assert_eq!(texts, ["http://a.b/c"]);
}

/// What a program's string writes with a backslash, in plain text:
/// alacritty's terminal recordings, a snapshot's HTML; hugo's
/// testscripts' `grep` patterns; not a test suite's `\u` escapes, after
/// which the URL goes on.
#[test]
fn plain_text_ends_a_url_at_a_strings_escape_and_skips_patterns() {
    let text = concat!(
        "printf '\\e]8;;https://example.com\\e\\\\foo\\e]8;;\\e\\\\\\n'\n",
        "http://\\u4f60\\u597d/x\n",
        "<img src=\\\\\"https://foo.bar/baz.png\\\\\">\n",
        "grep 'https://yml\\.example\\.org/' public/index.html\n",
        "http://host\\path file://C:\\Users\\x\n",
        "http://example\\t.\\norg\n",
    );
    let texts: Vec<String> = urls(text, Kind::Text, false)
        .map(|found| found.url.text)
        .collect();
    assert_eq!(
        texts,
        [
            "https://example.com",
            "http://\\u4f60\\u597d/x",
            "https://foo.bar/baz.png",
            "http://host\\path",
            "file://C:\\Users\\x",
            "http://example\\t.\\norg"
        ]
    );
}

/// The URL and its fragment, as written: what `--format urls` prints.
pub(super) fn written(text: &str, kind: Kind, code: bool) -> Vec<String> {
    urls(text, kind, code)
        .map(|found| found.url)
        .map(|url| match &url.fragment {
            Some(fragment) => format!("{}#{}", url.text, fragment.text),
            None => url.text,
        })
        .collect()
}

#[test]
fn a_fragment_is_set_apart_in_every_format() {
    let markdown = "[a](http://a.b/c#top) <http://d.e/#x> and http://f.g/h#i.\n";
    let html = "<a href=\"http://a.b/c#t&amp;p\">x</a>";
    for (text, kind) in [(markdown, Kind::Markdown), (html, Kind::Html)] {
        for url in urls(text, kind, false).map(|found| found.url) {
            let fragment = url.fragment.as_ref().expect("a fragment");
            assert!(!url.text.contains('#'), "{url:?}");
            assert_eq!(url.span.end, fragment.span.start, "{url:?}");
            assert_eq!(&text[fragment.span.start..fragment.span.start + 1], "#");
        }
    }
    assert_eq!(
        written(markdown, Kind::Markdown, false),
        ["http://a.b/c#top", "http://d.e/#x", "http://f.g/h#i"]
    );
    assert_eq!(written(html, Kind::Html, false), ["http://a.b/c#t&p"]);
}

/// Every text of up to four pieces of an alphabet of Markdown and HTML
/// syntax: no panic, and every URL's spans lie in the text, on
/// character boundaries, and map each byte of the URL inside its span.
/// `EXTRACT_DEPTH=4` tries texts of four pieces (run with `--release`).
#[test]
fn short_texts_never_panic_and_spans_stay_in_the_text() {
    let alphabet = [
        "[a](",
        ")",
        "](",
        "<",
        ">",
        "http://x.y/",
        "\\",
        "&amp;",
        "&#",
        ";",
        "`",
        "\n",
        "\n\n",
        " ",
        "![",
        "<a href=\"",
        "\"",
        "'",
        "srcset=",
        ",",
        "<!--",
        "-->",
        "é",
        "[r]: ",
        "mailto:a@b.c",
        "~",
        "(",
        "#",
        "**",
        "{x}",
    ];
    let mut texts = vec![String::new()];
    let depth = std::env::var("EXTRACT_DEPTH").map_or(3, |d| d.parse().unwrap_or(3));
    for _ in 0..depth {
        let mut longer = Vec::new();
        for text in &texts {
            for piece in alphabet {
                longer.push(format!("{text}{piece}"));
            }
        }
        texts.extend(longer);
    }
    assert!(texts.len() > 20_000);
    for text in &texts {
        for kind in [Kind::Markdown, Kind::Html, Kind::Text] {
            for code in [false, true] {
                for url in urls(text, kind, code).map(|found| found.url) {
                    let span = url.span;
                    assert!(span.start <= span.end && span.end <= text.len(), "{text:?}");
                    assert!(url.outer.start <= span.start && span.end <= url.outer.end);
                    assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
                    for offset in 0..url.text.len() {
                        let at = url.original_span(Span::new(offset, offset + 1));
                        assert!(span.contains(at), "{text:?} {kind:?}: {offset} {at:?}");
                    }
                    if let Some(fragment) = &url.fragment {
                        assert!(span.end <= fragment.span.start, "{text:?}");
                        assert!(fragment.span.end <= url.outer.end, "{text:?} {kind:?}");
                        for offset in 0..fragment.text.len() {
                            let at = url.fragment_span(Span::new(offset, offset + 1));
                            assert!(
                                fragment.span.contains(at),
                                "{text:?} {kind:?}: {offset} {at:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A reader is a type behind [`Reader`]: one that is no kind's (a toy,
/// giving one URL a word) plugs in, and its URLs come out as every
/// reader's do, through [`Urls::read`] (what [`urls_from`] calls), the
/// notation of a URL's form dropped.
#[test]
fn a_reader_plugs_in_behind_the_trait() {
    struct Words;
    impl Reader for Words {
        fn urls<'a>(
            &self,
            text: &'a str,
            options: Options,
        ) -> Box<dyn Iterator<Item = Extracted> + 'a> {
            let words = text[options.start..]
                .split(' ')
                .scan(options.start, |at, word| {
                    let span = Span::new(*at, *at + word.len());
                    *at = span.end + 1;
                    Some((word, span))
                });
            Box::new(words.map(|(word, span)| Extracted {
                url: rfc1738::scan::ScannedUrl::verbatim(
                    word,
                    rfc1738::scan::Form::Bare,
                    span,
                    span,
                ),
                fix: Applicability::Never,
            }))
        }
    }
    let text = "http://a.b/ scheme://host/ ftp://c.d/";
    let options = Options {
        code: false,
        start: 0,
    };
    let found: Vec<(String, Span, Applicability)> = Urls::read(&Words, text, options)
        .map(|found| (found.url.text, found.url.span, found.fix))
        .collect();
    assert_eq!(
        found,
        [
            (
                "http://a.b/".to_owned(),
                Span::new(0, 11),
                Applicability::Never
            ),
            (
                "ftp://c.d/".to_owned(),
                Span::new(27, 37),
                Applicability::Never
            ),
        ]
    );
    // The kinds' readers go the same way.
    let text_kind: Vec<String> = Urls::read(&*Kind::Text.reader(), text, options)
        .map(|found| found.url.text)
        .collect();
    assert_eq!(text_kind, ["http://a.b/", "ftp://c.d/"]);
}
