//! Where a long Markdown document is cut into pieces that are read one at
//! a time, so that the parser's tree stays bounded.

use super::super::html::find_ignore_case;
use super::MARKDOWN_PIECE_SIZE;

/// Where a long Markdown document is cut: at a blank line followed by a
/// line that starts a block at the margin, outside fenced code and outside
/// HTML that may hold blank lines (comments, `<pre>`, `<script>`,
/// `<style>`, `<textarea>`), once a piece is [`MARKDOWN_PIECE_SIZE`] long. Such a cut
/// changes no link: blocks at the margin after a blank line start anew.
///
/// A piece that reaches twice that with no such place (one paragraph of
/// 256 KB, or one line) is cut anyway, still outside fenced code and HTML:
/// at the next line at the margin, else in the line after a space or tab,
/// before a character no URL holds unescaped (`[]<>` and backquote, `|`),
/// or before emphasis (`*`, `_`).
/// A link or emphasis that spans such a cut is read as two pieces of
/// prose: a URL in a link's text may then be read, and a URL's end may be
/// read differently; no document written by hand has a paragraph that
/// long, and without the cut its tree would grow with the paragraph.
pub(super) fn pieces(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut pieces = Vec::new();
    let mut start = 0;
    while let Some(cut) = next_cut(&text.as_bytes()[start..], MARKDOWN_PIECE_SIZE) {
        pieces.push(start..start + cut);
        start += cut;
    }
    pieces.push(start..text.len());
    pieces
}

/// The first place where `bytes`, the start of a Markdown document or a
/// place [`next_cut`] found, may be cut at or after `min` bytes (see
/// [`pieces`]; past `2 * min`, a forced cut); `None` when there is none in
/// `bytes`.
pub fn next_cut(bytes: &[u8], min: usize) -> Option<usize> {
    if bytes.len() <= min {
        return None;
    }
    let forced = min.saturating_mul(2);
    let mut fence: Option<(u8, usize)> = None;
    let mut html_end: Option<&[u8]> = None;
    let mut blank = false;
    let mut at = 0;
    while at < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        let line = &bytes[at..end];
        let content = line.trim_ascii_start();
        let indent = line.len() - content.len();
        let outside = fence.is_none() && html_end.is_none();
        if outside && indent == 0 && !content.is_empty() && (blank && at >= min || at >= forced) {
            return Some(at);
        }
        // A line longer than a piece: cut in it, else at the next line.
        if outside && at < forced && forced < end && end - at > min {
            if let Some(cut) = cut_in_line(&bytes[forced..end]) {
                return Some(forced + cut);
            }
        }
        // What this line opens or closes.
        if let Some(html) = html_end {
            if find_ignore_case(line, html).is_some() {
                html_end = None;
            }
        } else if indent < 4 && (content.starts_with(b"```") || content.starts_with(b"~~~")) {
            let marker = content[0];
            let count = content.iter().take_while(|b| **b == marker).count();
            match fence {
                None => fence = Some((marker, count)),
                Some((open, length))
                    if open == marker
                        && count >= length
                        && content[count..].trim_ascii().is_empty() =>
                {
                    fence = None;
                }
                Some(_) => {}
            }
        } else if fence.is_none() {
            for (open, close) in [
                (&b"<!--"[..], &b"-->"[..]),
                (b"<pre", b"</pre>"),
                (b"<script", b"</script>"),
                (b"<style", b"</style>"),
                (b"<textarea", b"</textarea>"),
            ] {
                if let Some(i) = find_ignore_case(line, open) {
                    if find_ignore_case(&line[i + open.len()..], close).is_none() {
                        html_end = Some(close);
                    }
                    break;
                }
            }
        }
        blank = content.is_empty();
        at = end + 1;
    }
    None
}

/// Where the rest of a line too long for one piece is cut (see [`pieces`]):
/// after the first run of spaces and tabs (the next piece starts with no
/// indentation, which would make it code), else before the first character
/// no URL holds unescaped, else before emphasis; `None` when there is none.
fn cut_in_line(rest: &[u8]) -> Option<usize> {
    if let Some(space) = memchr::memchr2(b' ', b'\t', rest) {
        let after = rest[space..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t'))?;
        return Some(space + after);
    }
    rest.iter()
        .position(|b| matches!(b, b'[' | b']' | b'<' | b'>' | b'`' | b'|'))
        // Emphasis: a URL may hold them, but a cut before one ends no
        // escape and leaves a URL that was valid valid.
        .or_else(|| memchr::memchr2(b'*', b'_', rest))
}
