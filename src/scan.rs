//! Finding URLs in running text, the way the appendix of RFC 1738
//! ("Recommendations for URLs in Context") says a reader finds them.
//!
//! Three forms are recognised:
//!
//! - the wrapper `<URL:ftp://host/file>` the appendix recommends;
//! - plain angle brackets `<ftp://host/file>`, which the appendix also
//!   mentions as a delimiter;
//! - bare tokens in prose: `scheme://...`, `mailto:...` and `news:...`,
//!   ending at white space, at `<`, `>` or `"`, and without trailing
//!   punctuation that belongs to the sentence (`.`, `,`, `;`, `:`, `!`,
//!   `?`, quotes, and a `)` or `]` that closes nothing in the URL).
//!
//! Inside a wrapper or angle brackets a URL may be broken across lines: the
//! white space around each line break is removed (section "Recommendations
//! for URLs in Context": "the reader should ignore all unencoded whitespace
//! around the line break"), and a break right after a hyphen is recorded as
//! ambiguous, because the hyphen may or may not be part of the URL.
//!
//! In every form, the first `#` after a URL starts its fragment: section
//! 2.2 names `#` as the character that delimits "a URL from a
//! fragment/anchor identifier that might follow it", and the appendix puts
//! the fragment after the URL ("following a "#""). The URL's
//! [`ScannedUrl::text`] and [`ScannedUrl::span`] end before the `#`;
//! [`ScannedUrl::fragment`] holds the rest. A `#` inside a template's
//! placeholder (`{#section}`, see [`template`]) does not start one.
//!
//! Every [`ScannedUrl`] keeps a map from byte offsets in its extracted text
//! to byte offsets in the original text, so a position inside a URL broken
//! across lines still points at the right line.
//!
//! ```
//! let text = "See <URL:ftp://ds.in\n    ternic.net/rfc> or http://a.b/c.";
//! let urls = rfc1738::scan::scan(text);
//! assert_eq!(urls.len(), 2);
//! assert_eq!(urls[0].text, "ftp://ds.internic.net/rfc");
//! // The "t" of "ternic" is on the second line.
//! let at = urls[0].original_offset(11);
//! assert_eq!(rfc1738::Location::of_offset(text, at).to_string(), "2:5");
//! assert_eq!(urls[1].text, "http://a.b/c");
//! ```
//!
//! A bare token whose scheme-specific part is empty (`the news: URL`) or
//! starts with a `<placeholder>` (`http://<host>:<port>/<path>`, the
//! templates of a specification) is a mention of a scheme, not a URL, and is
//! not reported; so is `[protocol://]host`, the notation of an optional
//! scheme. The placeholders of URL templates (`{id}`, `{{ host }}`,
//! `${HOST}`) are part of the URL they stand in, white space inside
//! `{{ }}` included: [`template::placeholders`] finds them.

pub mod template;

use alloc::borrow::ToOwned;

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::span::Span;

/// How a URL was written in the text.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Form {
    /// `<URL:...>`, the wrapper the appendix recommends.
    Wrapped,
    /// `<scheme:...>`: angle brackets without the `URL:` prefix.
    Angle,
    /// A bare token in prose.
    Bare,
    /// A Markdown link or image destination, or a link reference
    /// definition's destination.
    Link,
    /// A Markdown autolink `<scheme:...>`.
    Autolink,
    /// The value of an HTML attribute (`href`, `src`, ...).
    Attribute,
}

/// White space removed at a line break inside a wrapper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineBreak {
    /// The original bytes removed: the white space before the line break,
    /// the break itself and the indentation after it (and, at a page break,
    /// the page's footer and header lines).
    pub span: Span,
    /// Whether the text before the break ends with `-`: then the hyphen may
    /// or may not be part of the URL.
    pub after_hyphen: bool,
}

/// The fragment identifier written after a URL: from its first `#` to the
/// end of what was found.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Fragment {
    /// The text after `#`, line-break white space removed (and, in Markdown
    /// or HTML, escapes and entities decoded).
    pub text: String,
    /// Where it is in the original text, from the `#`.
    pub span: Span,
}

/// A URL found in a text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ScannedUrl {
    /// The URL as a reader would type it: without wrapper or fragment, the
    /// white space at line breaks removed.
    pub text: String,
    /// How it was written.
    pub form: Form,
    /// Where the URL is in the original text: its first byte to one past
    /// its last byte (line breaks inside included).
    pub span: Span,
    /// The whole occurrence, with the brackets, `URL:` and the fragment.
    pub outer: Span,
    /// The fragment after the first `#`, when there is one.
    pub fragment: Option<Fragment>,
    /// The line breaks inside the URL, in order.
    pub breaks: Vec<LineBreak>,
    /// The map from `text` to the original text: runs `(text start, original
    /// span)`, in order. A run whose original span is as long as the run is
    /// copied byte for byte; any other (an entity, an escape) maps every
    /// byte of the run to the whole original span. A URL copied as written
    /// has a single run, so the map costs nothing per byte. With a
    /// fragment, the map goes on past `text`: the `#` at `text.len()`, the
    /// fragment's text after it.
    pieces: Vec<(usize, Span)>,
}

impl ScannedUrl {
    /// A URL written as is: `text` is exactly the original bytes at `span`.
    ///
    /// ```
    /// use rfc1738::{scan::{Form, ScannedUrl}, Span};
    /// let url = ScannedUrl::verbatim("http://a.b/", Form::Link, Span::new(4, 15), Span::new(3, 16));
    /// assert_eq!(url.original_offset(7), 11);
    /// ```
    pub fn verbatim(text: &str, form: Form, span: Span, outer: Span) -> ScannedUrl {
        ScannedUrl {
            text: text.to_owned(),
            form,
            span,
            outer,
            fragment: None,
            breaks: Vec::new(),
            pieces: vec![(0, span)],
        }
    }

    /// A URL whose text differs from what was written (entities or escapes
    /// decoded): `pieces` are runs `(start in text, original span)`, in
    /// order, starting at 0. A run as long as its original span maps byte
    /// for byte; any other maps all its bytes to its whole original span.
    /// The URL's span runs from the first run's start to the last run's end.
    ///
    /// ```
    /// use rfc1738::{scan::{Form, ScannedUrl}, Span};
    /// // "a&amp;b" at offset 10, decoded to "a&b".
    /// let pieces = vec![(0, Span::new(10, 11)), (1, Span::new(11, 16)), (2, Span::new(16, 17))];
    /// let url = ScannedUrl::mapped("a&b".into(), Form::Attribute, Span::new(9, 18), pieces);
    /// assert_eq!(url.original_span(Span::new(1, 2)), Span::new(11, 16));
    /// assert_eq!(url.span, Span::new(10, 17));
    /// ```
    pub fn mapped(text: String, form: Form, outer: Span, pieces: Vec<(usize, Span)>) -> ScannedUrl {
        let start = pieces.first().map_or(outer.start, |(_, span)| span.start);
        let end = pieces.last().map_or(start, |(_, span)| span.end);
        ScannedUrl {
            text,
            form,
            span: Span::new(start, end),
            outer,
            fragment: None,
            breaks: Vec::new(),
            pieces,
        }
    }

    /// How far [`ScannedUrl::pieces`] maps: the text, and the `#` and the
    /// fragment's text when there is a fragment.
    fn mapped_len(&self) -> usize {
        self.text.len() + self.fragment.as_ref().map_or(0, |f| 1 + f.text.len())
    }

    /// The run holding byte `offset` of the mapped text, and where it ends.
    fn piece(&self, offset: usize) -> Option<(usize, Span, usize)> {
        let index = self.pieces.partition_point(|(start, _)| *start <= offset);
        let (start, span) = *self.pieces.get(index.checked_sub(1)?)?;
        let end = self
            .pieces
            .get(index)
            .map_or(self.mapped_len(), |(next, _)| *next);
        Some((start, span, end))
    }

    /// The original offset of byte `offset` of the mapped text (`None`
    /// past its end).
    fn mapped_offset(&self, offset: usize) -> Option<usize> {
        match self.piece(offset)? {
            (start, span, end) if end - start == span.len() => Some(span.start + (offset - start)),
            (_, span, _) => Some(span.start),
        }
    }

    /// One past the original end of byte `offset` of the mapped text.
    fn mapped_end(&self, offset: usize) -> Option<usize> {
        match self.piece(offset)? {
            (start, span, end) if end - start == span.len() => {
                Some(span.start + (offset - start) + 1)
            }
            (_, span, _) => Some(span.end),
        }
    }

    /// The original span of `span` of the mapped text, which ends at or
    /// before `limit` (where its end maps to `end_at`).
    fn mapped_span(&self, span: Span, limit: usize, end_at: usize) -> Span {
        // A URL copied as written (one run, as long as its original span):
        // every offset inside it maps by an addition.
        if let [(0, whole)] = self.pieces[..] {
            if whole.start == self.span.start
                && whole.len() == self.mapped_len()
                && span.start <= span.end
                && span.end <= limit
            {
                return Span::new(whole.start + span.start, whole.start + span.end);
            }
        }
        let start = if span.start >= limit {
            end_at
        } else {
            self.mapped_offset(span.start).unwrap_or(end_at)
        };
        if span.is_empty() {
            return Span::new(start, start);
        }
        let end = self
            .mapped_end(span.end.min(limit) - 1)
            .unwrap_or(end_at)
            .max(start);
        Span::new(start, end)
    }

    /// Where the URL and its fragment are in the original text: the URL's
    /// span, up to the end of the fragment when there is one (without the
    /// brackets of [`ScannedUrl::outer`]).
    ///
    /// ```
    /// let url = &rfc1738::scan::scan("<http://a.b/#top>")[0];
    /// assert_eq!(url.span_with_fragment(), rfc1738::Span::new(1, 16));
    /// ```
    pub fn span_with_fragment(&self) -> Span {
        match &self.fragment {
            Some(fragment) => Span::new(self.span.start, fragment.span.end),
            None => self.span,
        }
    }

    /// The original offset of byte `offset` of [`ScannedUrl::text`]; the
    /// end of the text maps to the end of [`ScannedUrl::span`].
    pub fn original_offset(&self, offset: usize) -> usize {
        if offset >= self.text.len() {
            return self.span.end;
        }
        self.mapped_offset(offset).unwrap_or(self.span.end)
    }

    /// The original span of a span of [`ScannedUrl::text`]. An empty span
    /// stays empty; a span over a line break covers the break.
    ///
    /// ```
    /// let urls = rfc1738::scan::scan("<URL:http://a.\n  bc/>");
    /// let span = urls[0].original_span(rfc1738::Span::new(7, 11));
    /// assert_eq!(span, rfc1738::Span::new(12, 19));
    /// ```
    pub fn original_span(&self, span: Span) -> Span {
        self.mapped_span(span, self.text.len(), self.span.end)
    }

    /// The original span of a span of the fragment's text
    /// ([`Fragment::text`], after the `#`); an empty span when there is no
    /// fragment.
    ///
    /// ```
    /// let text = "see http://a.b/c#Sec%2x.";
    /// let url = &rfc1738::scan::scan(text)[0];
    /// assert_eq!(url.text, "http://a.b/c");
    /// let escape = url.fragment_span(rfc1738::Span::new(3, 4));
    /// assert_eq!(&text[escape.range()], "%");
    /// ```
    pub fn fragment_span(&self, span: Span) -> Span {
        let Some(fragment) = &self.fragment else {
            return Span::new(self.span.end, self.span.end);
        };
        let base = self.text.len() + 1;
        let shifted = Span::new(base + span.start, base + span.end);
        self.mapped_span(shifted, self.mapped_len(), fragment.span.end)
    }

    /// The URL with its fragment set apart: the text after the first `#`
    /// outside a template's placeholder becomes [`ScannedUrl::fragment`],
    /// and the URL's text and span end before the `#`. A URL that has a
    /// fragment, or no `#`, is returned as it is.
    ///
    /// ```
    /// use rfc1738::{scan::{Form, ScannedUrl}, Span};
    /// let text = "[a](http://a.b/c#top)";
    /// let url = ScannedUrl::verbatim(&text[4..20], Form::Link, Span::new(4, 20), Span::new(0, 21))
    ///     .split_fragment();
    /// assert_eq!(url.text, "http://a.b/c");
    /// assert_eq!(url.span, Span::new(4, 16));
    /// let fragment = url.fragment.unwrap();
    /// assert_eq!((fragment.text.as_str(), fragment.span), ("top", Span::new(16, 20)));
    /// ```
    pub fn split_fragment(mut self) -> ScannedUrl {
        if self.fragment.is_some() {
            return self;
        }
        let Some(hash) = template::first_hash(&self.text) else {
            return self;
        };
        let url_end = self.original_span(Span::new(0, hash)).end;
        let hash_start = self.original_offset(hash);
        let fragment = Fragment {
            text: self.text[hash + 1..].to_owned(),
            span: Span::new(hash_start, self.span.end),
        };
        self.text.truncate(hash);
        self.span = Span::new(self.span.start, url_end);
        self.fragment = Some(fragment);
        self
    }
}

/// `text` split at its first `#` (not one inside a template's placeholder):
/// the URL, and the fragment after the `#` when there is one. Section 2.2:
/// `#` delimits "a URL from a fragment/anchor identifier that might follow
/// it".
///
/// ```
/// use rfc1738::scan::split_fragment;
/// assert_eq!(split_fragment("http://a.b/c#top"), ("http://a.b/c", Some("top")));
/// assert_eq!(split_fragment("http://a.b/{#s}"), ("http://a.b/{#s}", None));
/// ```
pub fn split_fragment(text: &str) -> (&str, Option<&str>) {
    match template::first_hash(text) {
        Some(hash) => (&text[..hash], Some(&text[hash + 1..])),
        None => (text, None),
    }
}

/// The schemes RFC 1738 defines or reserves whose URLs need not start with
/// `//`.
const NAMED_SCHEMES: &[&str] = &["mailto", "news", "mid", "cid", "afs", "nfs", "mailserver"];

/// The longest text a wrapper may span, in bytes: a `<` that no `>` closes
/// within it is ordinary text. It keeps the scan linear.
const MAX_WRAPPED: usize = 2048;

/// Finds the URLs in `text`, in order. [`Scanner`] finds them one at a
/// time, holding only the current one.
pub fn scan(text: &str) -> Vec<ScannedUrl> {
    Scanner::new(text).collect()
}

/// The URLs of a text, one at a time and in order: memory does not grow
/// with their number.
///
/// ```
/// let mut urls = rfc1738::scan::Scanner::new("a http://x.y/ b <URL:ftp://z/>");
/// assert_eq!(urls.next().unwrap().text, "http://x.y/");
/// assert_eq!(urls.next().unwrap().text, "ftp://z/");
/// assert!(urls.next().is_none());
/// ```
#[derive(Debug, Clone)]
pub struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `text`.
    pub fn new(text: &'a str) -> Scanner<'a> {
        Scanner { text, at: 0 }
    }

    /// A scanner that resumes at byte `at` of `text`, as if it had just
    /// found a URL ending there (or `at` starts a line): it finds what
    /// [`Scanner::new`] finds after `at`. For reading a long text in
    /// pieces. `at` past the end, or inside a character, finds nothing.
    ///
    /// ```
    /// let text = "http://a.b/ x\nftp://c.d/";
    /// let rest: Vec<String> = rfc1738::scan::Scanner::starting_at(text, 14).map(|u| u.text).collect();
    /// assert_eq!(rest, ["ftp://c.d/"]);
    /// ```
    pub fn starting_at(text: &'a str, at: usize) -> Scanner<'a> {
        let at = if text.is_char_boundary(at.min(text.len())) {
            at.min(text.len())
        } else {
            text.len()
        };
        Scanner { text, at }
    }
}

impl Iterator for Scanner<'_> {
    type Item = ScannedUrl;

    fn next(&mut self) -> Option<ScannedUrl> {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut at = self.at;
        // A URL starts at a `<` or has a scheme before a `:`: only those two
        // bytes need a closer look, which keeps prose fast.
        while let Some(skip) = find_colon_or_open(&bytes[at..]) {
            let found = at + skip;
            if bytes[found] == b'<' {
                if let Some(url) = bracketed(text, found) {
                    self.at = url.outer.end;
                    return Some(url);
                }
            } else {
                // The scheme is the whole run of scheme characters before
                // the colon, after what was already scanned, starting with
                // a letter.
                let mut start = found;
                while start > 0 && is_scheme_byte(bytes[start - 1]) {
                    start -= 1;
                }
                let start = after_escape(bytes, start, found);
                // `^http://www\.example\.com/`, `\Ahttp://`: an anchored
                // pattern.
                let anchored = (start > 0 && bytes[start - 1] == b'^')
                    || (start > 1 && &bytes[start - 2..start] == b"\\A");
                // `PLAINTEXT_HOST://h:9092`, Kafka's listener: a name with
                // a `_` inside, which no scheme holds, is no URL's (one
                // that opens with it is Markdown's emphasis, `_http://a_`).
                let underscored = start > 1
                    && bytes[start - 1] == b'_'
                    && bytes[start - 2].is_ascii_alphanumeric();
                if !anchored
                    && !underscored
                    && start >= self.at
                    && start < found
                    && bytes[start].is_ascii_alphabetic()
                {
                    if let Some(url) = bare(text, start, found) {
                        self.at = url.outer.end;
                        return Some(url);
                    }
                }
            }
            at = found + 1;
        }
        self.at = bytes.len();
        None
    }
}

/// Where a scheme that the run of scheme characters `bytes[start..colon]`
/// ends starts, when an escape sequence ends inside the run: a terminal's
/// (`ESC [ 1;31 m` before `https`, as `grep --color` writes it), or a
/// backslash's (`\nhttps://` in a log's string, roff's `\fBhttps://`).
/// No scheme starts with the escape's last letters.
fn after_escape(bytes: &[u8], start: usize, colon: usize) -> usize {
    const ESCAPE: u8 = 0x1b;
    let mut start = start;
    // A control sequence: ESC, `[`, parameters (digits and `;`), a letter.
    // The run of scheme characters stops at its `[` or at a `;`: only
    // there is one looked for, so that prose's colons cost a byte's test.
    if start >= 2 && matches!(bytes[start - 1], b'[' | b';') {
        let open = bytes[..start]
            .iter()
            .rev()
            .take(16)
            .position(|b| !(b.is_ascii_digit() || *b == b';'))
            .map(|back| start - 1 - back);
        if let Some(open) =
            open.filter(|&open| open >= 1 && bytes[open] == b'[' && bytes[open - 1] == ESCAPE)
        {
            let parameters = bytes[open + 1..colon]
                .iter()
                .take_while(|b| b.is_ascii_digit() || **b == b';')
                .count();
            let last = open + 1 + parameters;
            if last < colon && bytes[last].is_ascii_alphabetic() {
                start = start.max(last + 1);
            }
        }
    }
    if start > 0 && bytes[start - 1] == b'\\' {
        let letters = match &bytes[start..colon] {
            // `\A`, a regular expression's anchor (Ruby's `%r(\Ahttp://)`).
            [b'n' | b't' | b'r' | b'A', ..] => 1,
            [b'f', b'B' | b'I' | b'R' | b'P', ..] => 2,
            _ => 0,
        };
        start += letters;
    }
    start
}

/// The offset of the first `:` or `<` in `bytes`.
fn find_colon_or_open(bytes: &[u8]) -> Option<usize> {
    find_first_of(bytes, [b':', b'<'])
}

/// The offset of the first byte of `bytes` that is one of `needles`: eight
/// bytes at a time while none of them is one (the test for a byte equal to
/// zero in a word, exact about whether there is one), then byte by byte.
/// Prose and URLs are searched this way for the few bytes that matter.
pub(crate) fn find_first_of<const N: usize>(bytes: &[u8], needles: [u8; N]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let has_zero = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS != 0;
    let mut at = 0;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        if needles
            .iter()
            .any(|needle| has_zero(word ^ (ONES * u64::from(*needle))))
        {
            break;
        }
        at += 8;
    }
    bytes[at..]
        .iter()
        .position(|b| needles.contains(b))
        .map(|skip| at + skip)
}

fn is_scheme_byte(byte: u8) -> bool {
    crate::grammar::chars::SCHEME_ANY_CASE.contains(byte)
}

fn scheme_end(bytes: &[u8], start: usize) -> usize {
    let mut end = start;
    while end < bytes.len() && is_scheme_byte(bytes[end]) {
        end += 1;
    }
    end
}

/// A bare `scheme://...`, `mailto:...` or `news:...` token whose scheme is
/// `text[start..scheme_end]`.
fn bare(text: &str, start: usize, scheme_end: usize) -> Option<ScannedUrl> {
    let bytes = text.as_bytes();
    if bytes.get(scheme_end) != Some(&b':') {
        return None;
    }
    let scheme = &text[start..scheme_end];
    let slashes = bytes[scheme_end + 1..].starts_with(b"//");
    // `C://dir/file.js`: a drive letter, no scheme (none has one letter;
    // a parser's test writes `a://b`, in lower case).
    if scheme.len() == 1 && scheme.as_bytes()[0].is_ascii_uppercase() {
        return None;
    }
    if !slashes && !scheme.eq_ignore_ascii_case("mailto") && !scheme.eq_ignore_ascii_case("news") {
        return None;
    }
    let body_start = scheme_end + 1 + if slashes { 2 } else { 0 };
    let mut end = scheme_end + 1;
    // Whether a `#` was seen: only then is the fragment looked for.
    let mut hash = false;
    // A URL opened by a quote, a backquote (a code span in a comment or a
    // docstring) or a parenthesis ends where it closes: a
    // reader of `{'url':'http://a/b'}` or `[![x](http://a/b.png)](...)`
    // takes the URL to end there, whatever RFC 1738 allows in a path.
    // So does one opened by a bracket (Autoconf's quotes:
    // `AC_INIT([jq],[1.7],[https://github.com/jqlang/jq/issues],[jq])`), and
    // one after a parenthesis or bracket opened earlier on its line and
    // still open (`(e.g. http://a.b/)]:URLs`, tmux's style
    // `#[link=https://a.b]text`): there a `)` or `]` the URL did not open
    // closes it.
    let before = start.checked_sub(1).map(|at| bytes[at]);
    let opener = match before {
        Some(b'(' | b'[' | b'{' | b'\'' | b'`') => before,
        _ => bracket_open_before(bytes, start),
    };
    let closer = match opener {
        Some(b'[') => b']',
        _ => b')',
    };
    let mut depth = 0usize;
    let mut query = false;
    // A string's value read alone (a program's literal, a JSON value)
    // starts at 0; a test suite's line of data, at a line's start.
    let quoted = matches!(before, None | Some(b'"' | b'\'' | b'`' | b'\n'));
    // A wiki's link, DokuWiki's and Zim's `[[url|text]]`, and a URL after a
    // `|` (fields joined by it, `/|/|http://h?k=v|k=v`) end at a `|`.
    let bar_ends = before == Some(b'|') || (start >= 2 && &bytes[start - 2..start] == b"[[");
    while end < bytes.len() {
        match (opener, bytes[end]) {
            (Some(b'\''), b'\'') | (Some(b'`'), b'`') => break,
            // LaTeX's `\href{url}{text}`, Apache's `${map:key|url}`: a
            // placeholder in the URL reads its own braces whole, so the
            // first `}` met closes the opener.
            (Some(b'{'), b'}') => break,
            (Some(open @ (b'(' | b'[')), byte) if byte == open => depth += 1,
            (Some(b'(' | b'['), byte) if byte == closer && depth == 0 => break,
            (Some(b'(' | b'['), byte) if byte == closer => depth -= 1,
            _ => {}
        }
        // A backslash that ends its line continues it (a comment's
        // `# Ref: https://a.b/c/files\`): the URL ends before it.
        if bytes[end] == b'\\' && matches!(bytes.get(end + 1), Some(b'\n' | b'\r')) {
            break;
        }
        // ERB's and EJS's `<%= x %>` is a placeholder, not the `<` that
        // ends a URL.
        let erb = bytes[end] == b'<' && bytes.get(end + 1) == Some(&b'%');
        if ends_bare(bytes[end]) && !erb {
            break;
        }
        // The delimiters written as HTML's entities in text (a manual
        // showing markup: `&lt;a href="http://a.b/"&gt;http://a.b&lt;/a&gt;`).
        if bytes[end] == b'&'
            && ["&lt;", "&gt;", "&quot;"]
                .iter()
                .any(|entity| bytes[end..].starts_with(entity.as_bytes()))
        {
            break;
        }
        // A `|` before any query ends a URL written among other words: a
        // field's separator (a test's expected `Single|en|https://a.b/|`,
        // a log's `origin->https://a.b:4000|path->/x`, JSDoc's `{@link
        // url|text}`). In a query it is most often the URL's own
        // (`?family=Roboto|Lato`), and so in a quoted string, a string's
        // value or a line that starts with the URL (a parser's test data,
        // `"http://bar.com/bad|uri"`, WPT's `http://Goo%20\sgoo%7C|.com`):
        // unsafe. In a wiki's link and after a `|` (`bar_ends`), a `|` ends
        // the URL in a query too.
        query |= bytes[end] == b'?';
        if bytes[end] == b'|' && (bar_ends || !query && !quoted || arrow_field_at(bytes, end + 1)) {
            break;
        }
        // A `,` before another option's `name=` (`otel=http://h:4444,proto=x`),
        // or a shell's line continued after it, ends a URL among other words.
        if bytes[end] == b',' && !query && !quoted && option_at(bytes, end + 1) {
            break;
        }
        // Two URLs joined by `|`, `,` or `;` (a connection pool's key, a
        // list of origins in one string, its wildcard `,*` too, a list of
        // named URLs `0=http://a:2380,1=http://b:2380`), or a
        // Markdown link's text and destination outside Markdown
        // (`[https://a.b](https://a.b)`): no URL writes these before
        // another scheme's `://`.
        let next_url = match bytes[end] {
            b',' if any_origin_at(bytes, end + 1) || named_url_at(bytes, end + 1) => true,
            b'|' | b',' | b';' => another_url_at(bytes, end + 1),
            b']' => bytes.get(end + 1) == Some(&b'(') && another_url_at(bytes, end + 2),
            // Maven's `[fetch=]http://a/[push=]ssh://a/`: a short tag in
            // brackets, then another URL.
            b'[' => bytes[end + 1..]
                .iter()
                .take(16)
                .position(|b| *b == b']' || b.is_ascii_whitespace())
                .is_some_and(|close| {
                    bytes[end + 1 + close] == b']' && another_url_at(bytes, end + 2 + close)
                }),
            _ => false,
        };
        if next_url {
            break;
        }
        // Text in brackets right after a URL, ending where the URL would
        // (AsciiDoc's link `see https://a.b/c[the text]`), is not the
        // URL's: not digits alone (the suite's decision keeps
        // `http://example.com/list[1]` whole), not where a host starts
        // (`http://[::1]/`, `user@[127.0.0.1]`) and not a placeholder
        // (`/[command]`). A URL that is a string's value or its line (a
        // parser's test data, `"http://example.org/xxx/[qwerty]"`) keeps a
        // word in brackets that ends it: unsafe; link text with a space in
        // it, or words after it, are not a URL's even there.
        if bytes[end] == b'[' && end > body_start && !template::host_starts_at(bytes, end) {
            // In a query only text with a space in it: `?a[]=1`, `?f[x]`
            // are the query's.
            let link_text = bracketed_text_after(bytes, end).filter(|text| {
                let among_words = !quoted && !alone_on_its_line(bytes, start);
                match query {
                    true => text.spaced,
                    false => among_words || text.spaced || text.words_follow,
                }
            });
            if link_text.is_some() && template::placeholder_at(bytes, end).is_none() {
                break;
            }
        }
        // A placeholder `{{ host }}` may hold spaces: it is read whole.
        end = match bytes[end] {
            b'{' | b'$' => template::placeholder_at(bytes, end).unwrap_or(end + 1),
            // curl's `%repeat[2048 x a]%` holds spaces; printf's `% d`
            // never starts a URL's placeholder here; HAProxy's `%[x]` is
            // read whole.
            b'%' if bytes
                .get(end + 1)
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'[') =>
            {
                template::placeholder_at(bytes, end).unwrap_or(end + 1)
            }
            b'<' => match template::placeholder_at(bytes, end) {
                Some(placeholder_end) => placeholder_end,
                None => break,
            },
            // Ruby's and Elixir's `#{x}` may hold spaces, and starts no
            // fragment.
            b'#' => template::placeholder_at(bytes, end).unwrap_or_else(|| {
                hash = true;
                end + 1
            }),
            _ => end + 1,
        };
    }
    if bytes.get(end) == Some(&b'<') && (end == body_start || optional_user(bytes, body_start)) {
        // A template such as http://<host>:<port>/<path>: a `<` ends a bare
        // URL (the appendix's delimiter), and this one leaves it nothing
        // (or the `[` of an optional user, `ssh://[<user>@]<host>`).
        return None;
    }
    if slashes && matches!(bytes.get(body_start), Some(b')' | b'|')) {
        // A scheme named in a pattern's alternatives, `(https://|ftp://)`.
        return None;
    }
    if slashes
        && bytes.get(body_start) == Some(&b'*')
        && matches!(bytes.get(body_start + 1), Some(b')' | b'|'))
    {
        // A shell's `case` label or a pattern's alternative, `http://*)`.
        return None;
    }
    if slashes && start > 0 && bytes[start - 1] == b'[' && bytes.get(body_start) == Some(&b']') {
        // The notation of an optional scheme: `[protocol://]host[:port]`.
        return None;
    }
    let end = trim_sentence_punctuation(text, body_start, end);
    if end <= body_start {
        return None;
    }
    // A bracket expression repeated (`[0-9.]+`, `[a-z]*`, `[^/]{2}`) or any
    // character repeated (`.*`) is a regular expression's, and alternatives
    // in braces with a wildcard (`{*.js,*.html}`) a glob's: a `sed`
    // command's `s|https://a.b/[0-9.]+/|x|`, a test's `"http://.*"`, is a
    // pattern, no URL.
    if is_pattern(&bytes[body_start..end]) {
        return None;
    }
    let span = Span::new(start, end);
    let mut url = ScannedUrl::verbatim(&text[start..end], Form::Bare, span, span);
    if hash {
        url = url.split_fragment();
    }
    // `http://#top` names no URL.
    (url.span.end > body_start).then_some(url)
}

/// Whether a URL's body (after its scheme) is a regular expression's or a
/// glob's (see [`bare`]).
fn is_pattern(body: &[u8]) -> bool {
    let Some(first) = find_first_of(body, [b']', b'*', b'{']) else {
        return false;
    };
    // printf's precision from an argument, `%.*s`, `%-10.*s`, is no `.*`.
    let printf = |dot: usize| {
        let flags = body[..dot]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b' ' | b'#'))
            .count();
        dot > flags && body[dot - flags - 1] == b'%'
    };
    // The pairs from the byte before the first of those on.
    let from = first.saturating_sub(1);
    let repeated = body[from..]
        .windows(2)
        .enumerate()
        .any(|(at, pair)| match pair {
            [b']', b'+' | b'*' | b'{'] => true,
            [b'.', b'*'] => !printf(from + at),
            _ => false,
        });
    let alternatives = || {
        body.split(|b| *b == b'{').skip(1).any(|group| {
            let group = group.split(|b| *b == b'}').next().unwrap_or_default();
            group.contains(&b',') && group.contains(&b'*')
        })
    };
    repeated || alternatives()
}

/// Whether a synopsis's optional user in brackets, `[<user>@]`, starts at
/// `at` (where a host would).
fn optional_user(bytes: &[u8], at: usize) -> bool {
    let Some(rest) = bytes.get(at..).and_then(|rest| rest.strip_prefix(b"[<")) else {
        return false;
    };
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
        .count();
    name > 0 && rest[name..].starts_with(b">@]")
}

/// Whether only spaces and tabs stand before `start` on its line.
fn alone_on_its_line(bytes: &[u8], start: usize) -> bool {
    bytes[..start]
        .iter()
        .rev()
        .find(|b| !matches!(b, b' ' | b'\t'))
        .map_or(true, |b| matches!(b, b'\n' | b'\r'))
}

/// How far [`bracketed_text_after`] looks for the `]`: a bound, so that a
/// line of many `[` is read in linear time.
const BRACKETED_TEXT_REACH: usize = 120;

/// Text in brackets after a URL (see [`bracketed_text_after`]).
struct BracketedText {
    /// It holds a space (`[the text]`).
    spaced: bool,
    /// Words follow it on its line.
    words_follow: bool,
}

/// The text in brackets that the `[` at `open` starts, if it closes on its
/// line and the URL would end after it: at the end of the text, a space, a
/// quote, a closing `)` or `>`, or a sentence's punctuation before one of
/// those.
fn bracketed_text_after(bytes: &[u8], open: usize) -> Option<BracketedText> {
    let reach = &bytes[open + 1..bytes.len().min(open + 1 + BRACKETED_TEXT_REACH)];
    let close = reach
        .iter()
        .position(|b| matches!(b, b']' | b'[' | b'\n' | b'\r'))
        .filter(|&close| reach[close] == b']')?;
    let ends_here = |byte: Option<&u8>| {
        byte.map_or(true, |b| {
            b.is_ascii_whitespace() || matches!(b, b'"' | b'\'' | b'`' | b')' | b'>')
        })
    };
    let mut after = open + 1 + close + 1;
    if matches!(
        bytes.get(after),
        Some(b'.' | b',' | b';' | b':' | b'!' | b'?')
    ) {
        after += 1;
    }
    let text = &reach[..close];
    // A path's segment of words in brackets, `/blog/[oldal domain-darabkája]/`
    // (a translation's placeholder): what goes there, said in words.
    let words_segment = open.checked_sub(1).map(|before| bytes[before]) == Some(b'/')
        && text.contains(&b' ')
        && bytes.get(open + 1 + close + 1) == Some(&b'/');
    if !ends_here(bytes.get(after)) && !words_segment {
        return None;
    }
    // Digits alone are an index of the URL's own (`list[1]`).
    if !text.is_empty() && text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let words_follow = matches!(bytes.get(after), Some(b' ' | b'\t'))
        && bytes[after..]
            .iter()
            .find(|b| !matches!(b, b' ' | b'\t'))
            .is_some_and(|b| !matches!(b, b'\n' | b'\r'));
    Some(BracketedText {
        spaced: text.contains(&b' '),
        words_follow,
    })
}

/// How far back on its line [`bracket_open_before`] looks: a bound, so
/// that a line of many URLs is read in linear time.
const BRACKET_REACH: usize = 80;

/// The parenthesis, bracket or brace opened on the line before `at`,
/// within [`BRACKET_REACH`] bytes, and still open there: the nearest.
fn bracket_open_before(bytes: &[u8], at: usize) -> Option<u8> {
    let window = &bytes[at.saturating_sub(BRACKET_REACH)..at];
    // Most URLs have none before them: found eight bytes a test.
    find_first_of(window, [b'(', b'[', b'{'])?;
    let (mut parentheses, mut brackets, mut braces) = (0isize, 0isize, 0isize);
    for &byte in window.iter().rev() {
        match byte {
            b'\n' => break,
            b')' => parentheses -= 1,
            b']' => brackets -= 1,
            b'}' => braces -= 1,
            b'(' if parentheses == 0 => return Some(b'('),
            b'(' => parentheses += 1,
            b'[' if brackets == 0 => return Some(b'['),
            b'[' => brackets += 1,
            b'{' if braces == 0 => return Some(b'{'),
            b'{' => braces += 1,
            _ => {}
        }
    }
    None
}

/// Whether an option starts at `at`, after a `,`: a name and `=`
/// (`proto=invalid`), or a shell's `\` that continues the line.
fn option_at(bytes: &[u8], at: usize) -> bool {
    let rest = &bytes[at..];
    if matches!(rest, [b'\\'] | [b'\\', b'\n' | b'\r', ..]) {
        return true;
    }
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
        .count();
    name > 0 && rest[0].is_ascii_alphabetic() && rest.get(name) == Some(&b'=')
}

/// Whether a field of a log's `name->value` starts at `at`, after a `|`
/// (`url->http://h/?q=v#f|method->PUT`).
fn arrow_field_at(bytes: &[u8], at: usize) -> bool {
    let rest = &bytes[at..];
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    name > 0 && rest[0].is_ascii_alphabetic() && rest[name..].starts_with(b"->")
}

/// Whether a name, `=` and another URL start at `at`, after a `,`: etcd's
/// `--initial-cluster` list, `0=http://1.example.com:2480,1=http://...`.
fn named_url_at(bytes: &[u8], at: usize) -> bool {
    let name = bytes[at..]
        .iter()
        .take(64)
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
        .count();
    name > 0 && bytes.get(at + name) == Some(&b'=') && another_url_at(bytes, at + name + 1)
}

/// Whether an origin list's wildcard `*` stands alone at `at`, after a
/// `,` (`"http://a.b,*"`, as CORS and CSP list origins).
fn any_origin_at(bytes: &[u8], at: usize) -> bool {
    bytes.get(at) == Some(&b'*')
        && bytes.get(at + 1).map_or(true, |b| {
            ends_bare(*b) || matches!(b, b',' | b'\'' | b')' | b']')
        })
}

/// Whether a scheme and `://` start at `at`.
fn another_url_at(bytes: &[u8], at: usize) -> bool {
    let name_end = scheme_end(bytes, at);
    name_end > at && bytes[at].is_ascii_alphabetic() && bytes[name_end..].starts_with(b"://")
}

/// Whether a byte ends a bare token: white space, controls, the delimiters
/// the appendix names, and any non-ASCII byte (prose in another script often
/// follows a URL without a space).
fn ends_bare(byte: u8) -> bool {
    const TABLE: [bool; 256] = {
        let mut table = [false; 256];
        let mut byte = 0;
        while byte < 256 {
            let b = byte as u8;
            table[byte] = b.is_ascii_whitespace()
                || b.is_ascii_control()
                || !b.is_ascii()
                || matches!(b, b'<' | b'>' | b'"');
            byte += 1;
        }
        table
    };
    TABLE[usize::from(byte)]
}

/// Drops the punctuation at the end of `text[..end]` that belongs to the
/// sentence, not to the URL; never before `floor`.
fn trim_sentence_punctuation(text: &str, floor: usize, mut end: usize) -> usize {
    let bytes = text.as_bytes();
    // Counted once, in one pass, so a long run of ")" stays linear.
    let (mut open, mut close) = ([0usize; 3], [0usize; 3]);
    let mut backticks = 0usize;
    for byte in &bytes[floor..end] {
        match byte {
            b'`' => backticks += 1,
            b'(' => open[0] += 1,
            b'[' => open[1] += 1,
            b'{' => open[2] += 1,
            b')' => close[0] += 1,
            b']' => close[1] += 1,
            b'}' => close[2] += 1,
            _ => {}
        }
    }
    while end > floor {
        let drop = match bytes[end - 1] {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => true,
            b')' if close[0] > open[0] => {
                close[0] -= 1;
                true
            }
            b']' if close[1] > open[1] => {
                close[1] -= 1;
                true
            }
            // `{Scoped like http://a.b/c}`, `Request{url=http://a.b/c}`.
            b'}' if close[2] > open[2] => {
                close[2] -= 1;
                true
            }
            // The end of a code span opened before the URL: a comment's
            // `git clone http://a.b/c.git`. A shell's `pwd` in the URL
            // leaves the backticks paired.
            b'`' if backticks % 2 == 1 => {
                backticks -= 1;
                true
            }
            _ => false,
        };
        if !drop {
            break;
        }
        end -= 1;
    }
    end
}

/// Collects the characters of a bracketed URL, removing the white space at
/// line breaks and keeping the map to original offsets.
#[derive(Default)]
struct Collector {
    text: String,
    pieces: Vec<(usize, Span)>,
    breaks: Vec<LineBreak>,
}

impl Collector {
    fn push(&mut self, c: char, offset: usize) {
        let mut buffer = [0; 4];
        self.push_str(c.encode_utf8(&mut buffer), offset);
    }

    /// Text copied as it is, from `offset` on.
    fn push_str(&mut self, run: &str, offset: usize) {
        let len = run.len();
        match self.pieces.last_mut() {
            Some((_, span)) if span.end == offset => span.end += len,
            _ => self
                .pieces
                .push((self.text.len(), Span::new(offset, offset + len))),
        }
        self.text.push_str(run);
    }
}

/// Whether the bracket loop must look at `byte` on its own.
fn special_in_brackets(byte: u8) -> bool {
    matches!(
        byte,
        b'>' | b'<' | b' ' | b'\t' | b'\r' | b'\n' | b'#' | b'|'
    )
}

/// `<URL:...>` or `<scheme:...>` starting at the `<` at `open`.
fn bracketed(text: &str, open: usize) -> Option<ScannedUrl> {
    let bytes = text.as_bytes();
    let after = open + 1;
    let (form, mut url_start) = match bytes.get(after..after + 4) {
        Some(prefix) if prefix.eq_ignore_ascii_case(b"URL:") => (Form::Wrapped, after + 4),
        _ => (Form::Angle, after),
    };
    if form == Form::Wrapped {
        // White space after `URL:`, even a line break, is not part of the
        // URL either.
        while matches!(bytes.get(url_start), Some(b' ' | b'\t')) {
            url_start += 1;
        }
        if matches!(bytes.get(url_start), Some(b'\r' | b'\n')) {
            url_start = skip_line_break(text, url_start)?;
        }
    }
    // The URL starts with a scheme and its colon.
    if !bytes.get(url_start)?.is_ascii_alphabetic() {
        return None;
    }
    let colon = scheme_end(bytes, url_start);
    if bytes.get(colon) != Some(&b':') {
        return None;
    }
    // Without `URL:`, `<xsl:template>` and the like are markup, not URLs:
    // plain brackets need `scheme://` or a scheme RFC 1738 names.
    // (`<ftp:` + line break + `//host/...>` occurs in the drafts.)
    let rest = &bytes[colon + 1..];
    let after_colon = &rest[rest
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(rest.len())..];
    if form == Form::Angle && !after_colon.starts_with(b"//") {
        let scheme = text[url_start..colon].to_ascii_lowercase();
        if !NAMED_SCHEMES.contains(&scheme.as_str()) {
            return None;
        }
    }
    let limit = (open + MAX_WRAPPED).min(bytes.len());
    // Room for a URL of usual length: most are copied without growing.
    let mut url = Collector {
        text: String::with_capacity(64),
        pieces: Vec::with_capacity(2),
        breaks: Vec::new(),
    };
    let mut fragment: Option<(Collector, usize)> = None;
    let mut at = url_start;
    // White space seen within the current line, not yet known to be part
    // of the URL (it is, unless a line break follows).
    let mut pending: Option<usize> = None;
    let mut label_checked = false;
    loop {
        if at >= limit {
            return None;
        }
        let c = text[at..].chars().next()?;
        // A link's label ends the URL before it (RFC 1738's `<URL:...>`
        // holds a URL alone): Haddock's `<https://a.b/ the docs>`, words
        // after the URL's first white space on its line, and Slack's
        // `<https://a.b/c|the text>` (not in a query, where a `|` is the
        // query's).
        let label = match c {
            ' ' | '\t'
                if form == Form::Angle
                    && pending.is_none()
                    && !label_checked
                    && !url.text.is_empty() =>
            {
                label_checked = true;
                label_after(bytes, at, limit)
            }
            '|' if form == Form::Angle && !url.text.contains('?') && fragment.is_none() => {
                label_after(bytes, at + 1, limit)
            }
            _ => None,
        };
        if let Some(close) = label {
            pending = Some(at);
            at = close;
            break;
        }
        match c {
            '>' => break,
            '<' => return None,
            ' ' | '\t' => {
                pending.get_or_insert(at);
                at += 1;
                continue;
            }
            '\r' | '\n' => {
                let gap_start = pending.take().unwrap_or(at);
                let resume = skip_line_break(text, at)?;
                let current = match &mut fragment {
                    Some((collector, _)) => collector,
                    None => &mut url,
                };
                current.breaks.push(LineBreak {
                    span: Span::new(gap_start, resume),
                    after_hyphen: current.text.ends_with('-'),
                });
                at = resume;
                continue;
            }
            _ => {}
        }
        if let Some(space) = pending.take() {
            // White space inside a line is part of what was written.
            let current = match &mut fragment {
                Some((collector, _)) => collector,
                None => &mut url,
            };
            for (offset, byte) in bytes.iter().enumerate().take(at).skip(space) {
                current.push(char::from(*byte), offset);
            }
        }
        // A `#` right after `{` is a template's (RFC 6570's `{#var}`).
        if c == '#' && fragment.is_none() && !url.text.ends_with('{') {
            fragment = Some((Collector::default(), at));
            at += 1;
            continue;
        }
        // The run of ordinary characters from here, copied at once.
        let mut run_end = bytes[(at + 1).min(limit)..limit]
            .iter()
            .position(|b| special_in_brackets(*b))
            .map_or(limit, |i| at + 1 + i)
            .max(at + 1);
        // The limit may fall inside a character: the run takes all of it.
        while !text.is_char_boundary(run_end) {
            run_end += 1;
        }
        let current = match &mut fragment {
            Some((collector, _)) if c == '#' => {
                collector.push('#', at);
                at += 1;
                continue;
            }
            Some((collector, _)) => collector,
            None => &mut url,
        };
        current.push_str(&text[at..run_end], at);
        at = run_end;
    }
    let close = at;
    let mut breaks = url.breaks;
    // A break between the URL and the `#` belongs to neither.
    let span_end = url.pieces.last().map_or(url_start, |(_, span)| span.end);
    let mut pieces = url.pieces;
    let fragment = fragment.map(|(collector, hash)| {
        breaks.extend(collector.breaks);
        // The map goes on past the URL's text: the `#`, then the fragment.
        let base = url.text.len() + 1;
        pieces.push((url.text.len(), Span::new(hash, hash + 1)));
        pieces.extend(
            collector
                .pieces
                .into_iter()
                .map(|(start, span)| (base + start, span)),
        );
        let end = pending.unwrap_or(close);
        Fragment {
            text: collector.text,
            span: Span::new(hash, end),
        }
    });
    Some(ScannedUrl {
        text: url.text,
        form,
        span: Span::new(url_start, span_end),
        outer: Span::new(open, close + 1),
        fragment,
        breaks,
        pieces,
    })
}

/// The `>` that closes a link's label, if the text from `at` (the white
/// space or the `|` after the URL) to it, on one line, is words: letters,
/// digits, spaces and a sentence's punctuation, none of a path's or a
/// query's (`/`, `.`, `=`, `%`, ...), so that a URL written with a space
/// (`<http://a.b/c d.html>`) stays whole.
fn label_after(bytes: &[u8], at: usize, limit: usize) -> Option<usize> {
    let close = at
        + bytes[at..limit]
            .iter()
            .position(|b| matches!(b, b'>' | b'<' | b'\n' | b'\r'))?;
    let label = &bytes[at..close];
    // A word, not a letter alone: `<http://a.b/a b>` is a URL written
    // with a space.
    let words = bytes[close] == b'>'
        && label
            .windows(2)
            .any(|pair| pair.iter().all(u8::is_ascii_alphabetic))
        && label.iter().all(|b| {
            b.is_ascii_alphanumeric()
                || *b >= 0x80
                || matches!(b, b' ' | b'\t' | b',' | b'\'' | b'!' | b'(' | b')' | b'-')
        });
    words.then_some(close)
}

/// Skips the line break at `at` and the white space after it. A blank line
/// ends the URL unless it is part of a page break: blank lines around a
/// page footer (`... [Page 22]`, or a name and a page number) and the next
/// page's header (`RFC 1738 ...`). Returns where the URL resumes.
fn skip_line_break(text: &str, at: usize) -> Option<usize> {
    let mut at = end_of_line_break(text, at);
    let mut blank = false;
    let mut page_lines = 0;
    loop {
        let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let line = &text[at..line_end];
        let content = line.trim();
        if content.is_empty() {
            if line_end >= text.len() {
                return None;
            }
            blank = true;
            at = end_of_line_break(text, line_end);
            continue;
        }
        if blank && page_lines < 2 && is_page_furniture(content) {
            page_lines += 1;
            at = end_of_line_break(text, line_end);
            continue;
        }
        if blank && page_lines == 0 {
            return None;
        }
        let indent = line.len() - line.trim_start().len();
        return Some(at + indent);
    }
}

/// The offset after the line break (`\n`, `\r\n` or `\r`) at `at`.
fn end_of_line_break(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    match bytes.get(at) {
        Some(b'\r') if bytes.get(at + 1) == Some(&b'\n') => at + 2,
        Some(b'\r' | b'\n') => at + 1,
        _ => at,
    }
}

/// Whether a line is a page footer or header of an RFC or Internet Draft.
fn is_page_furniture(line: &str) -> bool {
    let footer = line.ends_with(']') && line.contains("[Page ")
        || line.contains("   ")
            && line
                .rsplit(' ')
                .next()
                .is_some_and(|last| !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()));
    let header = line.starts_with("RFC ")
        || line.starts_with("Internet Draft")
        || line.starts_with("INTERNET DRAFT")
        || line.starts_with("Internet-Draft");
    footer || header
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Location;
    use alloc::string::ToString;

    fn texts(text: &str) -> Vec<String> {
        scan(text).into_iter().map(|url| url.text).collect()
    }

    #[test]
    fn bare_urls_end_before_sentence_punctuation() {
        assert_eq!(
            texts("See http://a.b/c. Or (ftp://x.y/z), mailto:me@x.y; news:comp.std!"),
            [
                "http://a.b/c",
                "ftp://x.y/z",
                "mailto:me@x.y",
                "news:comp.std"
            ]
        );
        assert_eq!(texts("(http://a.b/f(x))"), ["http://a.b/f(x)"]);
        // Autoconf's quotes; a parenthesis opened earlier on the line
        // (ohmyzsh's completion of `--mirror`), not on an earlier line.
        assert_eq!(
            texts(
                "AC_INIT([jq],[1.7],[https://github.com/jqlang/jq/issues],[jq],[http://a/[::1]])"
            ),
            ["https://github.com/jqlang/jq/issues", "http://a/[::1]"]
        );
        assert_eq!(
            texts(
                "'--mirror[base URL (e.g. http://cpan.example.org/)]:URLs:_urls' (a) http://b/c)d"
            ),
            ["http://cpan.example.org/", "http://b/c)d"]
        );
        assert_eq!(
            texts("(see http://en.wikipedia.org/wiki/Foo_(bar)x) and\nhttp://c/d)e"),
            ["http://en.wikipedia.org/wiki/Foo_(bar)x", "http://c/d)e"]
        );
        // HTTP.jl's pool key: two URLs joined by `|`; hugo's tests' fields;
        // a `|` in a query is the URL's own (and unsafe). A list of origins
        // (undici's web platform tests), a Markdown link in a Lua comment.
        assert_eq!(
            texts("\"http://proxy.local:8080/|http://origin.local:80\" http://a/?x=1|2"),
            [
                "http://proxy.local:8080/",
                "http://origin.local:80",
                "http://a/?x=1|2"
            ]
        );
        assert_eq!(
            texts("\"List|Hello|https://example.com/a/b/|\" T1: https://e.com/h.txt|/h.txt|text/plain"),
            ["https://example.com/a/b/", "https://e.com/h.txt"]
        );
        // k6's options: a URL among `name=value` pairs.
        assert_eq!(
            texts("x \"otel=http://localhost:4444,proto=invalid\" --s='url=http://h:8888/s/decrypt,\\\n  method=POST' http://a/b,c=d?e=f,g=h"),
            ["http://localhost:4444", "http://h:8888/s/decrypt", "http://a/b"]
        );
        // alacritty's pattern of the schemes it opens, in its manual.
        assert!(texts("\"(mailto:|https://|http://|news:|git://|ftp://)[^\\u0000]+\"").is_empty());
        assert_eq!(
            texts("'http://bar.com/bad|uri' \"file:///C|/foo\""),
            ["http://bar.com/bad|uri", "file:///C|/foo"]
        );
        assert_eq!(
            texts("illegal: *,http://example.com,http://a.test:8000;ftp://b/ http://c/d,e"),
            [
                "http://example.com",
                "http://a.test:8000",
                "ftp://b/",
                "http://c/d,e"
            ]
        );
        assert_eq!(
            texts("--- [https://github.com/x/y](https://github.com/x/y) http://b/x]y"),
            [
                "https://github.com/x/y",
                "https://github.com/x/y",
                "http://b/x]y"
            ]
        );
        // A drive letter is no scheme; a parser's test's `a://` is one.
        assert_eq!(
            texts("the path of the file: 'C://v0.4.3+commit.js' a://b:c@d.e/f"),
            ["a://b:c@d.e/f"]
        );
        // A code span opened before the URL closes after it; a shell's
        // command in the URL keeps its backticks.
        assert_eq!(
            texts("-- `git clone http://a.b/c.git`. And file://`pwd`/x"),
            ["http://a.b/c.git", "file://`pwd`/x"]
        );
    }

    #[test]
    fn mentions_and_templates_are_not_urls() {
        assert!(texts("the news: URL and \"ftp://\" and http://<host>:<port>/").is_empty());
        assert!(texts("mailto:<rfc822-addr-spec> or URL:x").is_empty());
        assert!(texts("<[protocol://]host[:port]>").is_empty());
        // A scheme starts at a word boundary and takes the whole word.
        assert_eq!(texts("x-foo://a.b"), ["x-foo://a.b"]);
    }

    #[test]
    fn wrapper_and_angle_brackets() {
        let urls = scan("a <URL:ftp://a.b/c> b <http://d.e/> c <not a url> <user@host>");
        assert_eq!(urls.len(), 2);
        assert_eq!(urls[0].form, Form::Wrapped);
        assert_eq!(urls[0].span, Span::new(7, 18));
        assert_eq!(urls[0].outer, Span::new(2, 19));
        assert_eq!(urls[1].form, Form::Angle);
        assert_eq!(urls[1].text, "http://d.e/");
        assert!(texts("<xsl:template match=\"a\"> <ns:x>").is_empty());
        assert_eq!(
            texts("<mailto:a@b.c> <URL:urn:x>"),
            ["mailto:a@b.c", "urn:x"]
        );
    }

    /// pandoc's `writer.haddock` and Haskell's comments: `<url label>`.
    #[test]
    fn words_after_a_url_in_brackets_are_its_label() {
        let text = "a <http://a.b/?x=1&y=2 link with an ampersand, here> b";
        let urls = scan(text);
        assert_eq!(urls[0].text, "http://a.b/?x=1&y=2");
        assert_eq!(urls[0].outer, Span::new(2, text.len() - 2));
        // A path's or a file's characters after the space: a URL written
        // with one, which its check reports.
        assert_eq!(
            texts("<http://a.b/c d.html> <URL:http://a.b/c d/e>"),
            ["http://a.b/c d.html", "http://a.b/c d/e"]
        );
        assert_eq!(texts("<http://a.b/a b>"), ["http://a.b/a b"]);
        // RFC 1738's wrapper holds a URL alone.
        assert_eq!(texts("<URL:http://a.b/c d e>"), ["http://a.b/c d e"]);
        // A line break after the space: the appendix's wrapped URL.
        assert_eq!(texts("<http://a.b/c \n  d>"), ["http://a.b/cd"]);
    }

    #[test]
    fn a_wiki_links_bar_ends_its_url() {
        let text = "a [[http://a.b/?x=1&y=2|quoted link]] b [[https://c.d/e|f]]";
        assert_eq!(texts(text), ["http://a.b/?x=1&y=2", "https://c.d/e"]);
        assert_eq!(texts("\"/|/|http://h?k=v|k=v|x\""), ["http://h?k=v"]);
        // undici's log of a call, fields `name->value` joined by `|`.
        let log = "'fullUrl->https://h:4000/e?query=value#here|method->PUT|body->x'";
        let urls = scan(log);
        assert_eq!(urls[0].text, "https://h:4000/e?query=value");
        assert_eq!(
            urls[0].fragment.as_ref().map(|f| f.text.as_str()),
            Some("here")
        );
        // WPT's list of origins, its wildcard after a `,`; a `*` that a
        // path goes on after stays in it.
        let origins = "\"Listing: \\\"\\\",http://example.com,*\" http://a.b/c,*d";
        assert_eq!(texts(origins), ["http://example.com", "http://a.b/c,*d"]);
        // A path's segment of words in brackets, in a translation.
        let hu = "pl. http://domain.com/blog/[oldal domain-darabk\u{e1}ja]/ x";
        assert_eq!(texts(hu), ["http://domain.com/blog/"]);
        // etcd's cluster, named URLs after commas.
        let cluster = "\"0=http://1.example.com:2480,1.b=http://2.example.com:2480\"";
        assert_eq!(
            texts(cluster),
            ["http://1.example.com:2480", "http://2.example.com:2480"]
        );
        // In a query among words, the bar stays the query's.
        assert_eq!(texts("see http://a.b/?f=R|L"), ["http://a.b/?f=R|L"]);
    }

    /// fastlane's Slack messages, Maven's SCM connections.
    #[test]
    fn a_label_after_a_bar_and_a_url_after_a_tag() {
        let slack = "'Hello <https://fastlane.tools|fastlane> <https://a.b/?q=x|y>'";
        assert_eq!(
            texts(slack),
            ["https://fastlane.tools", "https://a.b/?q=x|y"]
        );
        let maven = "<c>[fetch=]http://server.org/[push=]ssh://server.org/</c>";
        assert_eq!(texts(maven), ["http://server.org/", "ssh://server.org/"]);
    }

    #[test]
    fn haproxys_sample_expressions_are_read_whole() {
        let text = "redirect location http://www.%[hdr(host)]%[capture.req.uri]  \\";
        assert_eq!(texts(text), ["http://www.%[hdr(host)]%[capture.req.uri]"]);
    }

    #[test]
    fn line_breaks_inside_a_wrapper_are_removed_and_mapped() {
        let text = "x <URL:http://ds.internic.  \n      net/a-\n  b.html#WARN\n ING>";
        let urls = scan(text);
        assert_eq!(urls.len(), 1);
        let url = &urls[0];
        assert_eq!(url.text, "http://ds.internic.net/a-b.html");
        let fragment = url.fragment.as_ref().unwrap();
        assert_eq!(fragment.text, "WARNING");
        assert_eq!(&text[fragment.span.range()], "#WARN\n ING");
        assert_eq!(url.breaks.len(), 3);
        assert!(!url.breaks[0].after_hyphen);
        assert!(url.breaks[1].after_hyphen);
        // "net" starts line 2 at column 7.
        let net = url.text.find("net").unwrap();
        let at = Location::of_offset(text, url.original_offset(net));
        assert_eq!(at, Location { line: 2, column: 7 });
        let b = url.text.find('b').unwrap();
        let at = Location::of_offset(text, url.original_offset(b));
        assert_eq!(at, Location { line: 3, column: 3 });
        assert_eq!(
            &text[url.span.range()],
            "http://ds.internic.  \n      net/a-\n  b.html"
        );
    }

    #[test]
    fn a_blank_line_ends_a_wrapper_unless_it_is_a_page_break() {
        // The brackets do not pair up; the bare token remains.
        assert_eq!(texts("<http://a.b/\n\nc>"), ["http://a.b/"]);
        let text = "<ftp://a.b/pub/\n\n\nBerners-Lee                19\n\nRFC XXXX     URLs     October 1993\n\n     gopher_protocol> .";
        assert_eq!(texts(text), ["ftp://a.b/pub/gopher_protocol"]);
    }

    #[test]
    fn unclosed_brackets_fall_back_to_bare_tokens() {
        assert_eq!(texts("<http://a.b/c and more"), ["http://a.b/c"]);
        // A `<` inside ends the wrapper's chance; the bare token ends at it.
        assert_eq!(texts("<URL:http://a.b/<x>"), ["http://a.b/"]);
        assert_eq!(
            texts("x http://example.com/a<y> z"),
            ["http://example.com/a"]
        );
        // Nothing before the `<`: the mention of a template.
        assert!(texts("see http://<host>/ and gopher://<h>").is_empty());
    }

    /// asciidoctor's tests and fixtures: text in brackets right after a
    /// URL among other words is not the URL's, unless it is digits alone
    /// (an index, `list[1]`, by the extraction suite's decision). A host's
    /// brackets, a query's, a placeholder's, and a URL that is a string's
    /// value or its line (a parser's test data) keep them.
    #[test]
    fn text_in_brackets_after_a_url_among_words_is_not_the_urls() {
        assert_eq!(
            texts("see http://asciidoc.org[AsciiDoc] markup, http://a.b/c[1]. and https://d.e/f[the text]"),
            ["http://asciidoc.org", "http://a.b/c[1]", "https://d.e/f"]
        );
        assert_eq!(
            texts(
                "at http://[::1]/x and mailto:u@[127.0.0.1] or http://a/?q[]=1 x http://b/?f[x] y"
            ),
            [
                "http://[::1]/x",
                "mailto:u@[127.0.0.1]",
                "http://a/?q[]=1",
                "http://b/?f[x]"
            ]
        );
        assert_eq!(
            texts("the http://a.b/?q=node/114[AsciiDoc Cheatsheet] in"),
            ["http://a.b/?q=node/114"]
        );
        assert_eq!(
            texts("see https://manned.org/[command] or http://a/b[c]/d or http://a/b[c]d"),
            [
                "https://manned.org/[command]",
                "http://a/b[c]/d",
                "http://a/b[c]d"
            ]
        );
        assert_eq!(
            texts("\"http://example.org/xxx/[qwerty]\"\n   http://example.com/path_[brackets]\n"),
            [
                "http://example.org/xxx/[qwerty]",
                "http://example.com/path_[brackets]"
            ]
        );
        // A listener's name with a `_` is no scheme.
        assert_eq!(
            texts("'PLAINTEXT_HOST://localhost:9092,SSL://h:9093'"),
            ["SSL://h:9093"]
        );
        // A backslash that continues the line; an optional part's `[`
        // before a `<`.
        assert_eq!(
            texts("# Ref: https://a.b/pull/571/files\\\n# #diff\nssh://[<user>@]<host>"),
            ["https://a.b/pull/571/files"]
        );
        // addressable's test of a bad literal: its bracket is unsafe.
        assert_eq!(texts("\"http://[<invalid>]/\""), ["http://["]);
        // A bracket expression repeated, `.*`, a glob's alternatives, a
        // `case` label, an anchor: patterns.
        assert!(texts("sed 's|https://a.b/download/[0-9.]+/c-[a-z]*.gz|x|'").is_empty());
        assert!(
            texts("URL_PREFIX=\"http://.*\" \"http://?o[oz].b*z.com/{*.js,*.html}\"").is_empty()
        );
        // printf's precision from an argument is no pattern.
        assert_eq!(
            texts("\"http://a.b/%.*s\" \"http://c.d/%-8.*s\""),
            ["http://a.b/%.*s", "http://c.d/%-8.*s"]
        );
        assert!(texts("case $u in\nhttp://*) x;;\n%r(\\Ahttp://example.org)").is_empty());
        assert_eq!(texts("http://a.b/*x* {q,r}"), ["http://a.b/*x*"]);
        // A line or a string that starts with the URL, and link text after
        // it all the same: a space in the text, or words after it.
        assert_eq!(
            texts("  http://a.b/c[GNU source] to\nhttp://d.e/f[Wiki] is\n'mailto:u@a.org[Doc Writer]'"),
            ["http://a.b/c", "http://d.e/f", "mailto:u@a.org"]
        );
    }

    #[test]
    fn white_space_after_the_url_prefix_is_skipped() {
        let text = "<URL: http://a.b/> <URL:\n   ftp://c.d/>";
        let urls = scan(text);
        assert_eq!(urls.len(), 2);
        assert_eq!(&text[urls[0].span.range()], "http://a.b/");
        assert_eq!(&text[urls[1].span.range()], "ftp://c.d/");
        assert_eq!(urls[1].form, Form::Wrapped);
    }

    #[test]
    fn a_scheme_starts_after_an_escape_that_ends_before_it() {
        // bat's test files: `grep --color`'s output, a man page's source;
        // a log's string with a line break written as `\n`.
        assert_eq!(
            texts("\u{1b}[Khttps://a.b/c \u{1b}[01;31mhttps://d.e/\u{1b}[m \\fBhttps://f.g/ \"x\\nhttps://h.i/\""),
            ["https://a.b/c", "https://d.e/", "https://f.g/", "https://h.i/"]
        );
        // A scheme's own letters after a backslash that starts no escape.
        assert_eq!(
            texts("\\xhttp://a.b/ \\nnntp://c.d/g"),
            ["xhttp://a.b/", "nntp://c.d/g"]
        );
        // httpd's manual: an anchored pattern, markup written with
        // entities, LaTeX's `\href`, a RewriteMap's lookup.
        assert_eq!(
            texts("SetEnvIf Referer \"^http://www\\.example\\.com/\" &lt;a href=\"http://a.b/\"&gt;http://c.d&lt;/a&gt; \\href{http://e.f/g}{http://e.f/g} ${map:k|http://h.i/}$1 {https://j.k/{id}/l}"),
            ["http://a.b/", "http://c.d", "http://e.f/g", "http://e.f/g", "http://h.i/", "https://j.k/{id}/l"]
        );
        // tmux's style: a bracket opened before the URL on its line.
        assert_eq!(
            texts(".Ql #[link=https://example.com]text#[nolink] [see http://a.b/?x[1]=2]"),
            ["https://example.com", "http://a.b/?x[1]=2"]
        );
    }

    #[test]
    fn white_space_inside_a_line_is_kept() {
        // Draft 03's reference (line 489): a selector with spaces, and a
        // path after them, so no label.
        assert_eq!(
            texts("<gopher://g.h/00/Information About Gopher/About Gopher>"),
            ["gopher://g.h/00/Information About Gopher/About Gopher"]
        );
    }

    #[test]
    fn the_first_hash_starts_the_fragment_in_every_form() {
        let text = "a http://a.b/c#top. <http://d.e/f#x> <URL:ftp://g.h/i#j#k> http://#no";
        let urls = scan(text);
        let parts: Vec<(&str, &str, &str)> = urls
            .iter()
            .map(|url| {
                let fragment = url.fragment.as_ref().unwrap();
                (
                    url.text.as_str(),
                    &text[url.span.range()],
                    &text[fragment.span.range()],
                )
            })
            .collect();
        assert_eq!(
            parts,
            [
                ("http://a.b/c", "http://a.b/c", "#top"),
                ("http://d.e/f", "http://d.e/f", "#x"),
                ("ftp://g.h/i", "ftp://g.h/i", "#j#k"),
            ]
        );
        assert_eq!(urls[2].fragment.as_ref().unwrap().text, "j#k");
        // The whole occurrence still holds the fragment.
        assert_eq!(&text[urls[0].outer.range()], "http://a.b/c#top");
        // Positions in the fragment map to the text.
        let k = urls[2].fragment_span(Span::new(2, 3));
        assert_eq!(&text[k.range()], "k");
    }

    #[test]
    fn a_fragment_broken_across_lines_maps_each_character() {
        let text = "<URL:http://a.b/#sec\n   tion~2>";
        let url = &scan(text)[0];
        let fragment = url.fragment.as_ref().unwrap();
        assert_eq!(fragment.text, "section~2");
        let tilde = url.fragment_span(Span::new(7, 8));
        assert_eq!(&text[tilde.range()], "~");
        assert_eq!(Location::of_offset(text, tilde.start).to_string(), "2:8");
    }

    #[test]
    fn placeholders_are_part_of_a_bare_url() {
        assert_eq!(
            texts("see https://{{ host }}/x and https://${HOST}/y, https://a.b/{id}{?q}."),
            [
                "https://{{ host }}/x",
                "https://${HOST}/y",
                "https://a.b/{id}{?q}"
            ]
        );
        // Placeholders that hold spaces: Elixir's interpolation, curl's
        // tests' functions; a quote or a backquote that opens a URL closes it.
        assert_eq!(
            texts(
                "@url \"http://localhost:#{compile_env(:a, :port)}/x\" http://%repeat[254 x a]%/y"
            ),
            [
                "http://localhost:#{compile_env(:a, :port)}/x",
                "http://%repeat[254 x a]%/y"
            ]
        );
        assert_eq!(
            texts("{'url':'https://a.b/c'}, `http://d.e/f`, [x](http://g.h/(i)) j"),
            ["https://a.b/c", "http://d.e/f", "http://g.h/(i)"]
        );
        let urls = scan("http://a.b/{#section} and http://a.b/{x}#top");
        assert!(urls[0].fragment.is_none());
        assert_eq!(urls[1].text, "http://a.b/{x}");
        assert_eq!(urls[1].fragment.as_ref().unwrap().text, "top");
    }

    #[test]
    fn non_ascii_is_kept_in_brackets_and_ends_bare_tokens() {
        assert_eq!(texts("见http://a.b/c。"), ["http://a.b/c"]);
        let urls = scan("<http://a.b/é>");
        assert_eq!(urls[0].text, "http://a.b/é");
        assert_eq!(urls[0].original_span(Span::new(11, 13)), Span::new(12, 14));
    }
}
