//! The rules. Character rules look at the text, so they also run on URLs the
//! grammar rejects; the others walk the typed tree of a URL that parsed.

use alloc::borrow::ToOwned;
use alloc::string::ToString;

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use alloc::borrow::Cow;

use super::{Code, Finding};
use crate::grammar::chars::SCHEME_ANY_CASE;
use crate::span::Span;
use crate::tree::{Host, Hostport, Login, Url};

/// The characters section 2.2 calls unsafe, `%` aside (it is unsafe only
/// when it does not start an escape).
const UNSAFE: &[char] = &[
    ' ', '<', '>', '"', '#', '{', '}', '|', '\\', '^', '~', '[', ']', '`',
];

/// [`UNSAFE`] as a table of the ASCII bytes.
const UNSAFE_BYTES: [bool; 128] = {
    let mut table = [false; 128];
    let mut index = 0;
    while index < UNSAFE.len() {
        table[UNSAFE[index] as usize] = true;
        index += 1;
    }
    table
};

/// The bytes the character rules must look at: controls, non-ASCII,
/// unsafe characters and `%`.
const LOOK_AT: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = byte < 0x20 || byte >= 0x7f || byte == b'%' as usize;
        byte += 1;
    }
    let mut index = 0;
    while index < UNSAFE.len() {
        table[UNSAFE[index] as usize] = true;
        index += 1;
    }
    table
};

/// Whether `c` is one of [`UNSAFE`].
fn is_unsafe(c: char) -> bool {
    c.is_ascii() && UNSAFE_BYTES[c as usize]
}

/// `value` in upper-case hexadecimal, at least `digits` digits: what
/// `format!("{value:0digits$X}")` writes, without the formatting machinery.
fn push_hex(out: &mut String, value: u32, digits: u32) {
    const HEX: &[u8; 16] = &crate::grammar::chars::HEX_UPPER;
    let mut shown = 1;
    while shown < 8 && value >> (4 * shown) != 0 {
        shown += 1;
    }
    for index in (0..shown.max(digits)).rev() {
        let nibble = if index < 8 {
            (value >> (4 * index)) & 0xf
        } else {
            0
        };
        out.push(char::from(HEX[nibble as usize]));
    }
}

/// `"text"`: what `format!("{text:?}")` writes for a text without
/// characters to escape, such as a scheme name or a number.
fn push_quoted(out: &mut String, text: &str) {
    out.push('"');
    out.push_str(text);
    out.push('"');
}

/// A decimal number, without the formatting machinery.
fn push_decimal(out: &mut String, value: u32) {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    let mut rest = value;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for digit in &digits[at..] {
        out.push(char::from(*digit));
    }
}

/// Section 4's proposed schemes.
const RESERVED: &[&str] = &["afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50"];

/// Whether `scheme` (lower case) is one of [`RESERVED`], by a `match` the
/// compiler turns into a comparison by length.
fn is_reserved(scheme: &str) -> bool {
    let found = matches!(
        scheme,
        "afs" | "mid" | "cid" | "nfs" | "tn3270" | "mailserver" | "z39.50"
    );
    debug_assert_eq!(found, RESERVED.contains(&scheme));
    found
}

/// Whether `scheme` (lower case) is one of the ten of section 5, by a
/// `match` the compiler turns into a comparison by length.
fn is_known(scheme: &str) -> bool {
    macro_rules! any_name {
        ($($name:literal => $rule:ident in $module:ident::$production:ident as $variant:ident $(: $port:literal)?,)*) => {
            matches!(scheme, $($name)|*)
        };
    }
    let found = crate::rule::every_scheme!(any_name);
    debug_assert_eq!(
        found,
        crate::rule::SCHEMES
            .iter()
            .any(|known| known.name == scheme)
    );
    found
}

/// Schemes whose protocols read lines, where an encoded CR or LF can end a
/// command early, and NUL can end a string.
const LINE_BASED: &[&str] = &["telnet", "gopher", "ftp", "nntp", "news", "mailto"];

/// Where the rules put what they find: `wants` is asked before a finding
/// is built.
pub(super) struct Out<'a> {
    wants: &'a mut dyn FnMut(Code, Span) -> bool,
    found: Vec<Finding>,
}

impl Out<'_> {
    /// Builds and keeps the finding when it is wanted.
    fn push(&mut self, code: Code, span: Span, message: impl FnOnce() -> String) {
        if (self.wants)(code, span) {
            self.found.push(Finding::new(code, span, message()));
        }
    }
}

/// Every finding for the URL `url`, spans relative to it, given to `emit`
/// in order of (start, code). The character rules (one finding a
/// character, at worst) are streamed; the others, a few a URL, are
/// collected and merged in.
pub(super) fn check(
    url: &str,
    wants: &mut dyn FnMut(Code, Span) -> bool,
    emit: &mut dyn FnMut(Finding),
) {
    let mut out = Out {
        wants,
        found: Vec::new(),
    };
    let scheme = scheme_name(url);
    if let Some(scheme) = scheme {
        scheme_rules(scheme, &mut out);
    }
    // No production reads a character the character rules report, so a
    // URL holding one fails. When the URL matches its production up to the
    // first of them, that is where the grammar stops, and the character
    // rules name it (see `character_finding_at`): the failed parse, its
    // traced second pass and its error would be thrown away, and are not
    // made.
    let parsed = match first_character_finding(url) {
        Some(at) if crate::grammar::parses(&url[..at], crate::Options::default()) => {
            debug_assert!(
                crate::parse(url).is_err_and(|error| character_finding_at(url, error.offset())),
                "{url:?}"
            );
            None
        }
        _ => Some(crate::parse(url)),
    };
    match parsed {
        None => {}
        Some(Ok(tree)) => tree_rules(&tree, &mut out),
        Some(Err(error)) => {
            let offset = error.offset();
            // The character rules already name the character the grammar
            // stopped at, and say more about it.
            if !character_finding_at(url, offset) {
                let code = match error.matches_genericurl() {
                    Some(true) => Code::SchemeProduction,
                    _ => Code::Syntax,
                };
                let len = url
                    .get(offset..)
                    .and_then(|rest| rest.chars().next())
                    .map_or(0, char::len_utf8);
                let span = Span::new(offset, offset + len);
                if (out.wants)(code, span) {
                    let display = error.to_string();
                    let message = display
                        .split_once(": ")
                        .map_or(display.as_str(), |(_, rest)| rest)
                        .to_owned();
                    let mut finding = Finding::new(code, span, message);
                    finding.error = Some(Box::new(error.into_owned()));
                    out.found.push(finding);
                }
            }
        }
    }
    if let Some(scheme) = scheme {
        if LINE_BASED
            .iter()
            .any(|name| name.eq_ignore_ascii_case(scheme))
        {
            encoded_controls(url, scheme, &mut out);
        }
    }
    let Out { wants, mut found } = out;
    found.sort_by_key(|finding| (finding.span.start, finding.code));
    let mut found = found.into_iter().peekable();
    characters(url, Place::Url, &mut |code, span, message| {
        while let Some(finding) = found.next_if(|f| (f.span.start, f.code) < (span.start, code)) {
            emit(finding);
        }
        if wants(code, span) {
            emit(Finding::new(code, span, message()));
        }
    });
    for finding in found {
        emit(finding);
    }
}

/// Whether the character rules find something at `offset`: an unsafe or
/// non-ASCII character there, or a `%` that starts no escape and whose two
/// following bytes reach it (a bad escape `%2` fails where the hex digits
/// end).
fn character_finding_at(url: &str, offset: usize) -> bool {
    let bytes = url.as_bytes();
    if let Some(c) = url.get(offset..).and_then(|rest| rest.chars().next()) {
        if !c.is_ascii()
            || c.is_ascii_control()
            || is_unsafe(c)
            || c == '%' && bad_escape(bytes, offset)
        {
            return true;
        }
    }
    (offset.saturating_sub(2)..offset)
        .any(|start| bytes.get(start) == Some(&b'%') && bad_escape(bytes, start))
}

/// Where the character rules find their first character: the first
/// control, non-ASCII or unsafe character, or `%` that starts no escape.
fn first_character_finding(url: &str) -> Option<usize> {
    let bytes = url.as_bytes();
    bytes.iter().enumerate().position(|(offset, &byte)| {
        LOOK_AT[usize::from(byte)] && (byte != b'%' || bad_escape(bytes, offset))
    })
}

/// Whether the `%` at `offset` does not start an escape `%XX`.
fn bad_escape(bytes: &[u8], offset: usize) -> bool {
    !bytes
        .get(offset + 1..offset + 3)
        .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit))
}

/// The scheme before the first `:`, when it is a well-formed scheme name
/// (either case).
fn scheme_name(url: &str) -> Option<&str> {
    // One pass up to the first `:`, which a scheme name is short enough to
    // reach at once.
    for (at, &byte) in url.as_bytes().iter().enumerate() {
        if byte == b':' {
            return (at > 0).then(|| &url[..at]);
        }
        if !SCHEME_ANY_CASE.contains(byte) {
            return None;
        }
    }
    None
}

/// Where the character rules put a finding: its code, span, and how to
/// make its message.
type CharacterSink<'a> = dyn FnMut(Code, Span, &dyn Fn() -> String) + 'a;

/// Where the character rules look: in a URL, or in the fragment after it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Url,
    Fragment,
}

/// The character rules on the fragment identifier after a URL (the text
/// after its `#`): every finding is a [`Code::FragmentCharacter`], in
/// order, spans relative to the fragment's text.
pub(super) fn fragment(
    text: &str,
    wants: &mut dyn FnMut(Code, Span) -> bool,
    emit: &mut dyn FnMut(Finding),
) {
    characters(text, Place::Fragment, &mut |code, span, message| {
        if wants(code, span) {
            emit(Finding::new(code, span, message()));
        }
    });
}

/// The character rules, one call of `emit` a character found, in order;
/// the message is built only when asked for. In a fragment every finding
/// has the fragment's code, and its message says where it is.
fn characters(url: &str, place: Place, emit: &mut CharacterSink<'_>) {
    let bytes = url.as_bytes();
    let in_fragment = place == Place::Fragment;
    let code = |code: Code| {
        if in_fragment {
            Code::FragmentCharacter
        } else {
            code
        }
    };
    let lead = |message: &mut String| {
        if in_fragment {
            message.push_str(" in the fragment");
        }
    };
    let mut offset = 0;
    while offset < bytes.len() {
        // Most bytes are printable, safe and not `%`: skipped in a tight loop.
        if !LOOK_AT[usize::from(bytes[offset])] {
            offset += 1;
            continue;
        }
        let Some(c) = url[offset..].chars().next() else {
            break;
        };
        let span = Span::new(offset, offset + c.len_utf8());
        let at = offset;
        offset = span.end;
        let offset = at;
        if !c.is_ascii() || c.is_ascii_control() {
            emit(code(Code::NonAscii), span, &|| {
                // "U+{:04X}[ in the fragment] is outside printable US-ASCII; encode its bytes as %XX"
                let mut message = String::with_capacity(64);
                message.push_str("U+");
                push_hex(&mut message, u32::from(c), 4);
                lead(&mut message);
                message.push_str(" is outside printable US-ASCII; encode its bytes as %XX");
                message
            });
        } else if is_unsafe(c) {
            emit(code(Code::UnsafeCharacter), span, &|| {
                // "{name}[ in the fragment] is unsafe and not encoded{why}; write %{:02X}"
                let mut message = String::with_capacity(64);
                if c == ' ' {
                    message.push_str("a space");
                } else {
                    if c == '#' && in_fragment {
                        message.push_str("a second ");
                    }
                    message.push('"');
                    message.push(c);
                    message.push('"');
                }
                lead(&mut message);
                message.push_str(" is unsafe and not encoded");
                if c == '#' && !in_fragment {
                    message.push_str(" (it starts a fragment)");
                }
                message.push_str("; write %");
                push_hex(&mut message, u32::from(c), 2);
                message
            });
        } else if c == '%' && bad_escape(bytes, offset) {
            emit(code(Code::UnsafeCharacter), span, &|| {
                let mut message = "\"%\"".to_owned();
                lead(&mut message);
                message.push_str(" does not start an escape %XX; write %25");
                message
            });
        }
    }
}

/// `text` in lower case, borrowed when it already is.
fn lower_case(text: &str) -> Cow<'_, str> {
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(text.to_ascii_lowercase())
    } else {
        Cow::Borrowed(text)
    }
}

/// `scheme "NAME"` and what follows: a message about a scheme name (scheme
/// names need no escaping, so `{:?}` is the name in quotes).
fn scheme_message(lead: &str, name: &str, rest: &str) -> String {
    let mut message = String::with_capacity(lead.len() + name.len() + rest.len() + 2);
    message.push_str(lead);
    push_quoted(&mut message, name);
    message.push_str(rest);
    message
}

fn scheme_rules(scheme: &str, out: &mut Out<'_>) {
    let span = Span::new(0, scheme.len());
    let lower = lower_case(scheme);
    let lower = lower.as_ref();
    if scheme != lower {
        out.push(Code::SchemeCase, span, || {
            let mut message = scheme_message("scheme ", scheme, " is not in lower case; write ");
            push_quoted(&mut message, lower);
            message
        });
    }
    if is_reserved(lower) {
        out.push(Code::ReservedScheme, span, || {
            scheme_message(
                "scheme ",
                lower,
                " is reserved by section 4 but its syntax is not defined",
            )
        });
    } else if lower.starts_with("x-") {
        out.push(Code::ExperimentalScheme, span, || {
            scheme_message("scheme ", lower, " is experimental")
        });
    } else if !is_known(lower) {
        out.push(Code::UnknownScheme, span, || {
            scheme_message(
                "scheme ",
                lower,
                " is not defined by RFC 1738; only the generic syntax is checked",
            )
        });
    }
}

/// The default port of each scheme that has a host and port.
fn default_port(scheme: &str) -> Option<u32> {
    crate::rule::known_scheme(scheme)?
        .default_port
        .map(u32::from)
}

fn tree_rules(url: &Url<'_>, out: &mut Out<'_>) {
    let scheme = lower_case(url.scheme().as_str());
    let scheme = scheme.as_ref();
    let (login, hostport): (Option<Login<'_>>, Option<Hostport<'_>>) = match url {
        Url::Ftp(ftp) => (Some(ftp.login), Some(ftp.login.hostport)),
        Url::Telnet(telnet) => (Some(telnet.login), Some(telnet.login.hostport)),
        Url::Http(http) => (None, Some(http.hostport)),
        Url::Gopher(gopher) => (None, Some(gopher.hostport)),
        Url::Nntp(nntp) => (None, Some(nntp.hostport)),
        Url::Wais(wais) => (None, Some(wais.hostport())),
        Url::Prospero(prospero) => (None, Some(prospero.hostport)),
        Url::Other(generic) => match generic.schemepart.ip_schemepart {
            Some(ip) => (Some(ip.login), Some(ip.login.hostport)),
            None => (None, None),
        },
        Url::File(_) | Url::Mailto(_) | Url::News(_) => (None, None),
    };
    if let Some(login) = login {
        login_rules(&login, out);
    }
    let host = match url {
        Url::File(file) => file.host,
        _ => hostport.map(|hostport| hostport.host),
    };
    if let Some(Host::Hostnumber(number)) = host {
        for part in number.parts() {
            if part.value().map_or(true, |value| value > 255) {
                out.push(Code::HostnumberRange, part.span(), || {
                    let lead = part.as_str();
                    let rest = " is not an octet (0 to 255) in the host number ";
                    let mut message =
                        String::with_capacity(lead.len() + rest.len() + number.as_str().len());
                    message.push_str(lead);
                    message.push_str(rest);
                    message.push_str(number.as_str());
                    message
                });
            }
        }
    }
    if let Some(port) = hostport.and_then(|hostport| hostport.port) {
        match port.value() {
            None => out.push(Code::PortRange, port.span(), || {
                let mut message = String::with_capacity(port.as_str().len() + 20);
                message.push_str("port ");
                message.push_str(port.as_str());
                message.push_str(" is above 65535");
                message
            }),
            Some(value) => {
                if let Some(default) = default_port(scheme) {
                    if u32::from(value) != default {
                        out.push(Code::NonDefaultPort, port.span(), || {
                            // "port {value} is not the {scheme} default {default}"
                            let mut message = String::with_capacity(48);
                            message.push_str("port ");
                            push_decimal(&mut message, u32::from(value));
                            message.push_str(" is not the ");
                            message.push_str(scheme);
                            message.push_str(" default ");
                            push_decimal(&mut message, default);
                            message
                        });
                    }
                }
            }
        }
    }
    match url {
        Url::Ftp(ftp) => {
            if let Some(code) = ftp.ftptype.filter(|code| code.code().is_ascii_uppercase()) {
                out.push(Code::FtpTypecodeCase, code.span(), || {
                    // The typecode is one letter: `{:?}` puts it in quotes.
                    let mut message =
                        scheme_message("ftp typecode ", code.as_str(), " in upper case; write ");
                    push_quoted(&mut message, &code.as_str().to_ascii_lowercase());
                    message
                });
            }
        }
        Url::Gopher(gopher) => {
            if let Some(selector) = gopher.selector {
                for offset in find_ignore_case(selector.as_str(), "%09") {
                    let start = selector.span().start + offset;
                    out.push(Code::GopherSelectorTab, Span::new(start, start + 3), || {
                        "%09 inside the gopher selector: it also separates selector, search and gopher+ string".to_owned()
                    });
                }
            }
        }
        _ => {}
    }
}

fn login_rules(login: &Login<'_>, out: &mut Out<'_>) {
    let Some(password) = login.password else {
        return;
    };
    let user_empty = login.user.map_or(true, |user| user.as_str().is_empty());
    if user_empty {
        // From the `:` before the password to its end.
        let span = Span::new(password.span().start - 1, password.span().end);
        out.push(Code::EmptyUserPassword, span, || {
            "a password with an empty user name".to_owned()
        });
    }
    if !password.as_str().is_empty() {
        out.push(Code::Password, password.span(), || {
            "the URL contains a password; URLs are shown and logged".to_owned()
        });
    }
}

fn encoded_controls(url: &str, scheme: &str, out: &mut Out<'_>) {
    let bytes = url.as_bytes();
    // One pass over the `%`: the findings are sorted by offset afterwards,
    // and no two escapes start at the same offset.
    let mut from = 0;
    while let Some(found) = bytes[from..].iter().position(|&b| b == b'%') {
        let offset = from + found;
        from = offset + 1;
        let (escape, name) = match bytes.get(offset + 1..offset + 3) {
            Some([b'0', b'd' | b'D']) => ("%0D", "CR"),
            Some([b'0', b'a' | b'A']) => ("%0A", "LF"),
            Some([b'0', b'0']) => ("%00", "NUL"),
            _ => continue,
        };
        out.push(Code::EncodedControl, Span::new(offset, offset + 3), || {
            // "encoded {name} ({escape}) in a {scheme} URL may end a protocol line early"
            let scheme = lower_case(scheme);
            let mut message = String::with_capacity(72);
            message.push_str("encoded ");
            message.push_str(name);
            message.push_str(" (");
            message.push_str(escape);
            message.push_str(") in a ");
            message.push_str(&scheme);
            message.push_str(" URL may end a protocol line early");
            message
        });
    }
}

/// The offsets of `needle` (ASCII) in `haystack`, ignoring ASCII case.
/// The needles are escapes `%XX`: only the `%` of the haystack are
/// looked at, and a URL without one costs a single pass and no allocation.
fn find_ignore_case(haystack: &str, needle: &str) -> Vec<usize> {
    let bytes = haystack.as_bytes();
    let needle = needle.as_bytes();
    let mut found = Vec::new();
    let first = needle[0];
    let mut from = 0;
    while let Some(skip) = bytes[from..]
        .iter()
        .position(|byte| byte.eq_ignore_ascii_case(&first))
    {
        let at = from + skip;
        from = at + 1;
        if bytes
            .get(at..at + needle.len())
            .is_some_and(|window| window.eq_ignore_ascii_case(needle))
        {
            found.push(at);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(url: &str) -> Vec<Finding> {
        let mut found = Vec::new();
        check(url, &mut |_, _| true, &mut |finding| found.push(finding));
        found
    }

    fn codes(url: &str) -> Vec<(Code, &str)> {
        findings(url)
            .into_iter()
            .map(|finding| (finding.code, &url[finding.span.range()]))
            .collect()
    }

    #[test]
    fn a_clean_url_has_no_finding() {
        assert!(codes("ftp://ftp.isi.edu/in-notes/rfc1738.txt;type=a").is_empty());
        assert!(codes("http://www.w3.org/").is_empty());
        assert!(codes("mailto:a@b.c").is_empty());
    }

    #[test]
    fn syntax_and_scheme_production() {
        // The "{" makes it no genericurl either; the grammar stopped earlier.
        assert_eq!(
            codes("http://host:80x/{"),
            [(Code::Syntax, "x"), (Code::UnsafeCharacter, "{")]
        );
        assert_eq!(codes("http://host:80x/"), [(Code::SchemeProduction, "x")]);
        assert_eq!(codes("http://user@host/"), [(Code::SchemeProduction, "@")]);
        let finding = &findings("http://host:80x/{")[0];
        assert_eq!(
            finding.message,
            "expected digit, \"/\" or end of input, found \"x\" (in url > httpurl)"
        );
        assert!(finding.error.is_some());
    }

    #[test]
    fn unsafe_and_non_ascii_characters() {
        assert_eq!(
            codes("http://a.b/x y{z}%zz%41"),
            [
                (Code::UnsafeCharacter, " "),
                (Code::UnsafeCharacter, "{"),
                (Code::UnsafeCharacter, "}"),
                (Code::UnsafeCharacter, "%"),
            ]
        );
        assert_eq!(codes("http://a.b/é"), [(Code::NonAscii, "é")]);
        assert_eq!(codes("http://a.b/~joe"), [(Code::UnsafeCharacter, "~")]);
        assert_eq!(codes("http://a.b/%2"), [(Code::UnsafeCharacter, "%")]);
    }

    #[test]
    fn scheme_rules() {
        assert_eq!(codes("HTTP://a.b/"), [(Code::SchemeCase, "HTTP")]);
        assert_eq!(codes("afs://a.b/x"), [(Code::ReservedScheme, "afs")]);
        assert_eq!(codes("z39.50s://a.b/x"), [(Code::UnknownScheme, "z39.50s")]);
        assert_eq!(codes("x-foo:bar"), [(Code::ExperimentalScheme, "x-foo")]);
        assert_eq!(codes("urn:isbn:1"), [(Code::UnknownScheme, "urn")]);
    }

    #[test]
    fn login_rules() {
        assert_eq!(
            codes("ftp://:secret@host.com/"),
            [
                (Code::EmptyUserPassword, ":secret"),
                (Code::Password, "secret")
            ]
        );
        assert_eq!(codes("ftp://joe:pw@host.com/"), [(Code::Password, "pw")]);
        assert!(codes("ftp://foo:@host.com/").is_empty());
        assert!(codes("ftp://@host.com/").is_empty());
        assert_eq!(
            codes("telnet://:x@h.com/"),
            [(Code::EmptyUserPassword, ":x"), (Code::Password, "x")]
        );
        assert_eq!(codes("x-y://u:pw@h.com/")[1], (Code::Password, "pw"));
    }

    #[test]
    fn host_and_port_rules() {
        assert_eq!(
            codes("http://256.1.1.999/"),
            [
                (Code::HostnumberRange, "256"),
                (Code::HostnumberRange, "999")
            ]
        );
        assert_eq!(codes("http://a.b:65536/"), [(Code::PortRange, "65536")]);
        assert_eq!(codes("http://a.b:8080/"), [(Code::NonDefaultPort, "8080")]);
        assert!(codes("http://a.b:80/").is_empty());
        assert!(codes("gopher://a.b:70/").is_empty());
        assert_eq!(
            codes("file://256.0.0.1/x"),
            [(Code::HostnumberRange, "256")]
        );
    }

    #[test]
    fn section_3_prose_rules() {
        assert_eq!(codes("ftp://a.b/c;type=I"), [(Code::FtpTypecodeCase, "I")]);
        // The first %09 ends the selector when a search follows.
        assert!(codes("gopher://a.b/7sel%09search").is_empty());
        // A "/" cannot be in a search, so here the %09 stays in the selector.
        assert_eq!(
            codes("gopher://a.b/1a%09b/c"),
            [(Code::GopherSelectorTab, "%09")]
        );
    }

    #[test]
    fn encoded_controls_in_line_based_protocols() {
        assert_eq!(
            codes("gopher://a.b/1x%0d%0Ay"),
            [(Code::EncodedControl, "%0d"), (Code::EncodedControl, "%0A")]
        );
        // Not a telneturl either; the escape is reported all the same.
        assert!(codes("telnet://a.b%00/").contains(&(Code::EncodedControl, "%00")));
        assert!(codes("http://a.b/%0D%0A").is_empty());
        assert_eq!(codes("ftp://a.b/%00"), [(Code::EncodedControl, "%00")]);
    }
}
