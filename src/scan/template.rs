//! The placeholders of URL templates, which documentation, programs and
//! configuration write where a value goes, as one family whatever their
//! syntax: RFC 6570's expressions (`{id}`, `{+base}`, `{?q,lang}`), a name
//! in braces (`{proxy.host}`), the `{{ host }}`, `{% x %}` and `{# x #}` of
//! mustache, Jinja, Liquid and Go templates, ERB's `<%= x %>`, the `${HOST}`,
//! `$(x)`, `$host` and `$1` of shells, Make, Perl, PHP and nginx, Windows'
//! `%x%`, RPM's `%{x}`, Dockerfile templates' `%%x%%`, the upper-case
//! `%HOSTIP` of test suites, autoconf's `@x@`, a route's `/:id`, a shell's
//! `` `pwd` ``, a regular expression's `\\g<name>` and `\\1` in a
//! replacement, Ruby's and Elixir's `#{x}`, the conversions of printf (`%s`,
//! `%d`, `%(name)s`), and the bracketed upper-case names of documentation
//! (`[USERNAME]`). The general rule behind them: a sigil that cannot stand
//! there in a URL (`{`, `<`, a `%` that starts no escape), or that
//! languages use for it (`$`, `@`), followed by a name. docs/placeholders.md
//! has the table, with where each is met.
//!
//! RFC 1738 has no templates: `{` and `}` are unsafe characters (section
//! 2.2). A template is not a broken URL, though, and the linter reports
//! each placeholder under a code of its own and checks the rest of the URL
//! with a value in its place (`rfc1738::lint`). `<host>` placeholders are
//! not here: the scanner takes a bare token that reaches one for the
//! mention of a scheme and reports nothing.
//!
//! ```
//! use rfc1738::scan::template::placeholders;
//! let url = "https://{{ host }}/users/{id}{?fields}/%s?p=%20&u=$user";
//! let found: Vec<&str> = placeholders(url).map(|span| &url[span.range()]).collect();
//! assert_eq!(found, ["{{ host }}", "{id}", "{?fields}", "%s", "$user"]);
//! ```

use crate::grammar::chars::HOSTNAME;
use crate::span::Span;

/// The longest placeholder, in bytes: a `{` that nothing closes within it
/// is an unsafe character, not a placeholder. It keeps the search linear.
const MAX_PLACEHOLDER: usize = 128;

/// The longest placeholder broken over lines after its `{{`.
const MAX_BROKEN: usize = 512;

/// Whether `rest` opens a template's expression, `{{`, and a line break
/// follows it (spaces between).
fn broken_template(rest: &[u8]) -> bool {
    rest.starts_with(b"{{") && broken_at_start(&rest[2..])
}

/// Whether the first byte of `text` that is not a space or a tab is a line
/// break: an expression broken right after its opening (`${`, `{{`), which
/// goes on over the lines after.
fn broken_at_start(text: &[u8]) -> bool {
    text.iter()
        .find(|b| !matches!(b, b' ' | b'\t'))
        .is_some_and(|b| matches!(b, b'\n' | b'\r'))
}

/// Whether an expression's `body` is on one line, or broken right after its
/// opening ([`broken_at_start`]): another line break says its bracket was
/// no placeholder's.
fn lines_fit(body: &[u8]) -> bool {
    broken_at_start(body) || !body.iter().any(|b| matches!(b, b'\n' | b'\r'))
}

/// Whether `text` holds no space and no line break: one word.
fn one_word(text: &[u8]) -> bool {
    !text.iter().any(|b| matches!(b, b' ' | b'\n' | b'\r'))
}

/// The placeholders of `text`, in order.
pub fn placeholders(text: &str) -> Placeholders<'_> {
    Placeholders {
        bytes: text.as_bytes(),
        at: 0,
    }
}

/// The placeholders of a text, one at a time ([`placeholders`]).
#[derive(Debug, Clone)]
pub struct Placeholders<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Iterator for Placeholders<'_> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        let bytes = self.bytes;
        while let Some(open) = may_start(&bytes[self.at..]).map(|i| self.at + i) {
            if let Some(end) = placeholder_at(bytes, open) {
                self.at = end;
                return Some(Span::new(open, end));
            }
            self.at = open + 1;
        }
        self.at = bytes.len();
        None
    }
}

/// The offset of the first byte that may start a placeholder. Every URL
/// the linter checks is searched (most have none).
fn may_start(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|b| STARTS[usize::from(*b)])
}

/// The bytes a placeholder may start with: the sigils of the syntaxes
/// below.
const STARTS: [bool; 256] = {
    let mut table = [false; 256];
    let sigils = b"{$%[<@:`\\#.";
    let mut i = 0;
    while i < sigils.len() {
        table[sigils[i] as usize] = true;
        i += 1;
    }
    table
};

/// The end of the placeholder that starts at byte `open` of `bytes`, if
/// one does: one function for every syntax of the family
/// (docs/placeholders.md has the table), so that prose, string literals,
/// data and markup agree.
///
/// ```
/// use rfc1738::scan::template::placeholder_at;
/// let url = b"http://$NODE_IP:8080/";
/// assert_eq!(placeholder_at(url, 7), Some(15));
/// assert_eq!(placeholder_at(url, 4), None);
/// ```
pub fn placeholder_at(bytes: &[u8], open: usize) -> Option<usize> {
    let rest = &bytes[open..bytes.len().min(open + MAX_PLACEHOLDER)];
    let length = match rest.first()? {
        // An expression over lines is longer: `{{` and a line break.
        b'{' if broken_template(rest) => braces(&bytes[open..bytes.len().min(open + MAX_BROKEN)]),
        b'{' => braces(rest),
        // `disk$user` is a word of VMS (RFC 1738's own example), not a
        // variable: a `$` right after a letter or digit starts none, but
        // a regular expression's group (`RedirectMatch ... http://h$1`).
        // nginx's `http://example.org$request_uri`: a host name holds no
        // `$`, so one right after it starts a variable.
        b'$' if open > 0
            && bytes[open - 1].is_ascii_alphanumeric()
            && rest.get(1) != Some(&b'{')
            && !rest.get(1).is_some_and(u8::is_ascii_digit)
            && !host_ends_at(bytes, open) =>
        {
            None
        }
        b'$' => dollar(rest),
        b'%' => percent(rest).or_else(|| file_link_line(bytes, open, rest)),
        b'[' => bracketed(bytes, open, rest),
        b'<' => delimited(rest, b"<%", b"%>").or_else(|| angle_name(bytes, open, rest)),
        b'@' => autoconf(bytes, open, rest),
        b':' => route_parameter(bytes, open, rest).or_else(|| port_word(bytes, open, rest)),
        b'`' => command(rest),
        b'#' => hash_brace(rest),
        b'\\' => group_reference(rest),
        b'.' => elided_host(bytes, open, rest),
        _ => None,
    }?;
    Some(open + length)
}

/// `{{ x }}` (mustache, Handlebars, Jinja, Liquid, Go templates and Helm's
/// `{{ .Values.x }}`), `{% x %}` and `{# x #}` (Jinja, Liquid), RFC 6570's
/// expressions (`{id}`, `{+base}`, `{?q,lang}`), and a name in braces
/// (`{proxy.host}`, `{args[0]}`, the drafts of RFC 6570's
/// `{-list|/|var}`): a `{` can be no part of a URL (section 2.2), so what
/// a name follows it in is a template's.
fn braces(rest: &[u8]) -> Option<usize> {
    if rest.starts_with(b"{{") {
        // Anything but braces and line breaks, and something in it; an
        // expression broken after its `{{` goes on over lines (Jinja's in
        // an attribute, `href="...?family={{` and the lines after).
        let inner = &rest[2..];
        let close = inner.windows(2).position(|pair| pair == b"}}")?;
        let body = &inner[..close];
        let well_formed = body.iter().any(|b| !b.is_ascii_whitespace())
            && !body.iter().any(|b| matches!(b, b'{' | b'}'))
            && lines_fit(body);
        return well_formed.then_some(2 + close + 2);
    }
    if let Some(end) = delimited(rest, b"{%", b"%}").or_else(|| delimited(rest, b"{#", b"#}")) {
        return Some(end);
    }
    let close = rest.iter().position(|b| *b == b'}')?;
    let body = &rest[1..close];
    (is_expression(body) || is_braced_name(body)).then_some(close + 1)
}

/// `${x}` (shells, JavaScript, Make), `$(x)` (Make, a shell's command),
/// `$x` (shells, Perl, PHP, nginx) and `$1` (a regular expression's
/// group).
fn dollar(rest: &[u8]) -> Option<usize> {
    match rest.get(1)? {
        // k6's `http://${}.com`: a template's empty slot.
        b'{' if rest.get(2) == Some(&b'}') => Some(3),
        b'{' | b'(' => {
            // `$(HT.port(server))`: Julia's and a shell's expressions nest.
            // One that holds a URL is code around it, not a placeholder
            // (`$(Invoke-WebRequest -URI https://a.b/c)`).
            let end = balanced_end(&rest[1..])? + 1;
            let body = &rest[2..end - 1];
            // An expression broken after its `${` goes on over lines (Nix's
            // `"notmuch://?query=${lib.escapeURL query}${` and the next);
            // otherwise a line break says the bracket was not a placeholder's.
            let well_formed = body.iter().any(|b| !b.is_ascii_whitespace())
                && lines_fit(body)
                && !body.windows(3).any(|w| w == b"://");
            well_formed.then_some(end)
        }
        b'0'..=b'9' => Some(1 + digits(&rest[1..])),
        _ => identifier(&rest[1..]).map(|length| 1 + length),
    }
}

/// The length of the bracketed text at the start of `text` (which starts
/// with `(`, `[` or `{`) to its closing bracket, nested brackets counted;
/// `None` when it does not close.
fn balanced_end(text: &[u8]) -> Option<usize> {
    let (open, close) = match text.first()? {
        b'(' => (b'(', b')'),
        b'[' => (b'[', b']'),
        _ => (b'{', b'}'),
    };
    let mut depth = 0usize;
    for (at, byte) in text.iter().enumerate() {
        if *byte == open {
            depth += 1;
        } else if *byte == close {
            depth -= 1;
            if depth == 0 {
                return Some(at + 1);
            }
        }
    }
    None
}

/// `#{x}`, the interpolation of Ruby, Elixir and CoffeeScript written in
/// prose or data (a comment, a template): never a fragment.
fn hash_brace(rest: &[u8]) -> Option<usize> {
    // `#{{ anchor }}` is a fragment that is a mustache placeholder.
    if rest.get(1) != Some(&b'{') || rest.get(2) == Some(&b'{') {
        return None;
    }
    let end = balanced_end(&rest[1..])? + 1;
    let body = &rest[2..end - 1];
    let well_formed = body.iter().any(|b| !b.is_ascii_whitespace())
        && !body.iter().any(|b| matches!(b, b'\n' | b'\r'));
    well_formed.then_some(end)
}

/// `%{x}` (RPM's macros, Ruby's formats), `%x%` and `%~dp0` (Windows), `%%x%%`
/// (Dockerfile templates), `%HOSTIP` (the upper-case variables of test
/// suites), and printf's conversions
/// (`%s`, `%(name)s`); never a `%` that starts an escape `%XX`.
fn percent(rest: &[u8]) -> Option<usize> {
    if rest.len() >= 3 && rest[1].is_ascii_hexdigit() && rest[2].is_ascii_hexdigit() {
        return windows_variable(rest);
    }
    if rest.get(1) == Some(&b'{') {
        return percent_brace(&rest[1..]).map(|end| 1 + end);
    }
    // HAProxy's sample expressions, `%[hdr(host)]`, `%[capture.req.uri]`
    // (a digit first is Go's argument index, `%[1]s`).
    if rest.get(1) == Some(&b'[') && rest.get(2).is_some_and(u8::is_ascii_alphabetic) {
        let end = balanced_end(&rest[1..])? + 1;
        return one_word(&rest[..end]).then_some(end);
    }
    // A batch file's parameter with its modifiers: `%~dp0`, `%~nx1`.
    if rest.get(1) == Some(&b'~') {
        let modifiers = rest[2..]
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        return rest
            .get(2 + modifiers)
            .is_some_and(u8::is_ascii_digit)
            .then_some(2 + modifiers + 1);
    }
    // `%%REVISION%%`: the doubled percents of the Dockerfile templates a
    // script fills in (docker-library's, nginx's); `%%` alone is printf's
    // percent sign.
    if rest.get(1) == Some(&b'%') {
        if let Some(length) = identifier(&rest[2..]) {
            if rest[2 + length..].starts_with(b"%%") {
                return Some(2 + length + 2);
            }
        }
    }
    if let Some(end) = symfony_parameter(rest) {
        return Some(end);
    }
    if let Some(length) = identifier(&rest[1..]) {
        // `%s%s` is two of printf's conversions, not `%s%` and an `s`: a
        // name of one letter before another conversion, or before printf's
        // percent sign `%%` (`?q=%s%%20`), is printf's.
        let conversions = length == 1
            && printf_conversion(rest).is_some()
            && (printf_conversion(&rest[2..]).is_some() || rest[2..].starts_with(b"%%"));
        if rest.get(1 + length) == Some(&b'%') && !conversions {
            return Some(1 + length + 1);
        }
        // curl's tests: `%hex[%e2%90]hex%`, `%repeat[254 x a]%`.
        if rest.get(1 + length) == Some(&b'[') {
            let close = 1 + length + rest[1 + length..].iter().position(|b| *b == b']')?;
            let after = &rest[close + 1..];
            let tail = identifier(after).unwrap_or(0);
            if after.get(tail) == Some(&b'%') {
                return Some(close + 1 + tail + 1);
            }
        }
        let name = &rest[1..1 + length];
        let upper = length >= 2
            && name
                .iter()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_');
        if upper {
            return Some(1 + length);
        }
        // curl's `%AMP` before the word it joins (`?a=1%AMPb=2`): a run of
        // three capitals or more before a lower-case letter.
        let capitals = name.iter().take_while(|b| b.is_ascii_uppercase()).count();
        if capitals >= 3 && name[capitals].is_ascii_lowercase() {
            return Some(1 + capitals);
        }
    }
    printf_conversion(rest)
}

/// Symfony's environment variables among its container's parameters,
/// `%env(REDIS_HOST)%`, `%env(resolve:DATABASE_URL)%`,
/// `%env(int:key:PORT:JSON)%`: a name, its processors and the variable in
/// parentheses, closed by a `%`.
fn symfony_parameter(rest: &[u8]) -> Option<usize> {
    let name = identifier(rest.get(1..)?)?;
    if rest.get(1 + name) != Some(&b'(') {
        return None;
    }
    let inner = &rest[2 + name..];
    let close = inner.iter().position(|b| *b == b')')?;
    let body = &inner[..close];
    let word = !body.is_empty()
        && body
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b':' | b'.' | b'-'));
    let end = 2 + name + close + 1;
    (word && rest.get(end) == Some(&b'%')).then_some(end + 1)
}

/// The line of an editor's file link, `%l` after the file's `%f` (xdebug's
/// `file_link_format`, Symfony's: `phpstorm://open?file=%f&line=%l`,
/// `txmt://open?url=file://%f&line=%l`): a `%l` that ends its word, with a
/// `%f` before it in the same word. A `%l` alone stays a broken escape.
fn file_link_line(bytes: &[u8], open: usize, rest: &[u8]) -> Option<usize> {
    if !rest.starts_with(b"%l") || rest.get(2).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    // Within the word, and not far: a text of many `%l` stays linear.
    let window = &bytes[open.saturating_sub(MAX_PLACEHOLDER)..open];
    let word = window
        .iter()
        .rposition(|b| b.is_ascii_whitespace() || matches!(b, b'"' | b'\'' | b'<' | b'>'))
        .map_or(window, |space| &window[space + 1..]);
    let file = word
        .windows(3)
        .any(|three| three[..2] == *b"%f" && !three[2].is_ascii_alphanumeric());
    file.then_some(2)
}

/// `%action_name%`: a variable whose name starts as an escape's two hex
/// digits would, closed by a `%` that starts no escape, and with a `_`
/// (`%E9t%C3` is two escapes; `%FAIL%`, normalize-url's test of a broken
/// escape, an escape and a `%`).
fn windows_variable(rest: &[u8]) -> Option<usize> {
    let length = identifier(&rest[1..])?;
    let name = &rest[1..1 + length];
    let closed = rest.get(1 + length) == Some(&b'%');
    let then_escape = rest.len() >= length + 4
        && rest[2 + length].is_ascii_hexdigit()
        && rest[3 + length].is_ascii_hexdigit();
    (closed && !then_escape && name.contains(&b'_')).then_some(1 + length + 1)
}

/// The end of the braces of `%{x}` (`text` from its `{`): a name, or an
/// expression of a test suite's templates or RPM's macros, nested
/// (`%{url(%{tmpdir})}`, `%{?dist}`), on one line with no space. Its
/// search stops within `PERCENT_BRACE_REACH` bytes, so that a text of
/// `%{` repeated stays linear.
fn percent_brace(text: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    for (at, byte) in text.iter().enumerate().take(PERCENT_BRACE_REACH) {
        match byte {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    let body = &text[1..at];
                    return body
                        .first()
                        .is_some_and(|b| b.is_ascii_alphabetic() || matches!(b, b'_' | b'?' | b'!'))
                        .then_some(at + 1);
                }
            }
            b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' | b'<' | b'>' => return None,
            _ => {}
        }
    }
    None
}

/// How far [`percent_brace`] looks for its closing brace.
const PERCENT_BRACE_REACH: usize = 128;

/// `[USERNAME]`, `[YOUR_TOKEN]`: a name in capitals, two letters at least
/// (an IPv6 literal `[::1]`, `[FE80::1]` has colons); `[:port]`,
/// `[@host]`, `[/path]`, `[user@]`: the notation of an optional part.
fn bracketed(bytes: &[u8], open: usize, rest: &[u8]) -> Option<usize> {
    // Optional parts inside optional parts where a login is,
    // `//[[username]:[password]]@` (redis-py's synopsis): no IPv6 literal
    // holds a bracket. (One that holds a placeholder,
    // `http://[{host}]:8080`, is an IPv6 literal's template: its brackets
    // are the URL's.)
    if rest.get(1) == Some(&b'[') {
        let end = balanced_end(rest)?;
        let inner = &rest[1..end - 1];
        let login = bytes[..open].ends_with(b"//") && rest.get(end) == Some(&b'@');
        let letters = inner.iter().any(u8::is_ascii_alphabetic);
        return (login && letters && one_word(inner)).then_some(end);
    }
    // A synopsis's optional part that offers a choice of values,
    // `[?statusLine=[true|false]]` (Tomcat's manager), or holds optional
    // parts of its own, `[?attrib[?scope[?filter]]]` (httpd's LDAP URL).
    if matches!(rest.get(1), Some(b'?' | b'&' | b'/' | b';')) && !host_starts_at(bytes, open) {
        if let Some(end) = balanced_end(rest) {
            let inner = &rest[1..end - 1];
            let nested = inner
                .windows(2)
                .any(|pair| pair[0] == b'[' && matches!(pair[1], b'?' | b'&' | b'/' | b';'));
            let choice = inner.contains(&b'[') && inner.contains(&b'|');
            if (choice || nested) && one_word(inner) {
                return Some(end);
            }
        }
    }
    let close = rest.iter().position(|b| *b == b']')?;
    let body = &rest[1..close];
    // A name of what goes where a host or a scheme's part starts, which no
    // IPv6 literal nor a host name can be (no `:`; a `/` or a `_`): gRPC's
    // `unix:[local_path]`, `unix://[/absolute]`. (`http://[xyz]/` stays a
    // bad literal, a URI parser's test.)
    let after_scheme = host_starts_at(bytes, open) || bytes[..open].ends_with(b":");
    let not_an_address = !body.contains(&b':')
        && (body.contains(&b'/') || body.contains(&b'_'))
        && body.iter().any(u8::is_ascii_alphabetic)
        && body
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'/' | b'.'));
    if after_scheme && not_an_address {
        return Some(close + 1);
    }
    let name = body.len() >= 2
        && body.iter().filter(|b| b.is_ascii_uppercase()).count() >= 2
        && body
            .iter()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || matches!(b, b'_' | b'-'));
    // Not where a host starts (`//[`, `@[`: an IPv6 literal).
    let host_starts = host_starts_at(bytes, open);
    let optional = !host_starts
        && matches!(
            body.first(),
            Some(b':' | b'@' | b'/' | b'?' | b';' | b'#' | b'.' | b'&')
        )
        && body.iter().any(u8::is_ascii_alphabetic)
        && body.iter().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'_' | b'-' | b':' | b'@' | b'/' | b'?' | b';' | b'#' | b'.' | b'&' | b'='
                )
        });
    // The optional user of a synopsis, `ssh://[user@]host[:port]`,
    // `rsync://[USER@]HOST`: a name (and its password) with the `@` that
    // ends it, where a host may start, since no IPv6 literal holds an `@`.
    let user = body.split_last().is_some_and(|(last, name)| {
        *last == b'@'
            && name.iter().any(u8::is_ascii_alphabetic)
            && name
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':'))
    });
    // `https://manned.org/[command]`, `/docs/[page]/`: a word of three
    // characters or more in brackets that is a whole segment of a path, as
    // a reference's notation names what goes there (no IPv6 literal
    // follows a path's `/`).
    let segment = open > 0
        && bytes[open - 1] == b'/'
        && body.len() >= 3
        && !host_starts
        && rest.get(close + 1).map_or(true, |&b| is_segment_end(b))
        && body.first().is_some_and(u8::is_ascii_alphabetic)
        && body
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'));
    (name || optional || user || segment || is_glob_range(body) || is_elision(body))
        .then_some(close + 1)
}

/// `http://.../closest`, `C<ftp://...>`: prose leaves the host out with
/// three dots or more where a host starts (a host name holds no empty
/// label).
fn elided_host(bytes: &[u8], open: usize, rest: &[u8]) -> Option<usize> {
    let dots = rest.iter().take_while(|b| **b == b'.').count();
    let then_host = rest
        .get(dots)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'-');
    (dots >= 3 && host_starts_at(bytes, open) && !then_host).then_some(dots)
}

/// `[1-5]`, `[001-100]`, `[a-z]`, `[0-100:10]`: curl's glob of a range,
/// which makes one URL of each value before any URL exists (and a
/// character class of a pattern): two numbers, or two letters of one case,
/// and an optional step.
fn is_glob_range(body: &[u8]) -> bool {
    let (range, step) = match body.iter().position(|b| *b == b':') {
        Some(colon) => (&body[..colon], &body[colon + 1..]),
        None => (body, &body[body.len()..]),
    };
    let Some(dash) = range.iter().position(|b| *b == b'-') else {
        return false;
    };
    let (low, high) = (&range[..dash], &range[dash + 1..]);
    // An end may be a program's value: `[0-{count-1}]` in an f-string.
    let numbers = |text: &[u8]| {
        (!text.is_empty() && text.iter().all(u8::is_ascii_digit))
            || placeholder_at(text, 0) == Some(text.len())
    };
    let letters = matches!((low, high), ([a], [b]) if (a.is_ascii_lowercase() && b.is_ascii_lowercase())
        || (a.is_ascii_uppercase() && b.is_ascii_uppercase()));
    ((numbers(low) && numbers(high)) || letters)
        && (step.is_empty() && body.len() == range.len() || numbers(step))
}

/// `[..]`, `[...]`: a part left out, as test expectations write what any
/// text matches (cargo's `http://127.0.0.1:[..]/index/`).
fn is_elision(body: &[u8]) -> bool {
    body.len() >= 2 && body.iter().all(|b| *b == b'.')
}

/// Whether a host would start at `at`: right after `//` or a user's `@`.
pub(super) fn host_starts_at(bytes: &[u8], at: usize) -> bool {
    bytes[..at].ends_with(b"//") || bytes[..at].ends_with(b"@")
}

/// Whether a host name ends at `at`: a name's characters, from where a
/// host starts.
fn host_ends_at(bytes: &[u8], at: usize) -> bool {
    let host = bytes[..at]
        .iter()
        .rev()
        .take_while(|&&b| HOSTNAME.contains(b))
        .count();
    host > 0 && host_starts_at(bytes, at - host)
}

/// Whether `byte`, after a `]`, ends the path's segment: a `/`, a query's
/// or fragment's start, or a byte no URL holds bare.
fn is_segment_end(byte: u8) -> bool {
    !byte.is_ascii_graphic()
        || matches!(
            byte,
            b'/' | b'?' | b'#' | b'.' | b',' | b';' | b')' | b'"' | b'\'' | b'<' | b'>' | b'`'
        )
}

/// `<LOKI_VERSION>`, `<HOST>`: a name in capitals in angle brackets,
/// two letters at least, in a path (documentation's versioned links,
/// `https://grafana.com/docs/loki/<LOKI_VERSION>/query/`). Not where a host
/// starts (`http://<host>:<port>/` mentions a template, and names no URL),
/// and not an HTML element's tag (`http://a.b/<BR>`, which ends the URL).
fn angle_name(bytes: &[u8], open: usize, rest: &[u8]) -> Option<usize> {
    /// The elements of HTML whose names are two letters or more, which
    /// old pages write in capitals.
    const ELEMENTS: &[&[u8]] = &[
        b"BR", b"HR", b"TD", b"TR", b"TH", b"LI", b"UL", b"OL", b"DL", b"DT", b"DD", b"EM", b"TT",
        b"H1", b"H2", b"H3", b"H4", b"H5", b"H6", b"DIV", b"IMG", b"PRE", b"SUB", b"SUP", b"BIG",
        b"DEL", b"INS", b"KBD", b"CODE", b"SPAN", b"FONT", b"BODY", b"HTML", b"HEAD", b"FORM",
        b"LINK", b"META", b"BASE", b"NOBR", b"CENTER", b"TABLE", b"TITLE", b"SMALL", b"STRONG",
        b"SCRIPT", b"STYLE", b"INPUT", b"LABEL", b"IFRAME", b"FRAME",
    ];
    let host_starts = host_starts_at(bytes, open);
    let name = rest[1..]
        .iter()
        .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || **b == b'_')
        .count();
    let body = &rest[1..1 + name];
    let well_formed = !host_starts
        && rest.get(1 + name) == Some(&b'>')
        && body.first().is_some_and(u8::is_ascii_uppercase)
        && body.iter().filter(|b| b.is_ascii_uppercase()).count() >= 2
        && !ELEMENTS.contains(&body);
    well_formed.then_some(name + 2)
}

/// `@x@`, autoconf's substitutions (`@PACKAGE_URL@`, `@prefix@`), and
/// Nix's, whose names are packages' (`@catppuccin-gtk@`): not after a
/// letter or digit, where `@` ends a user (`user@host@`).
fn autoconf(bytes: &[u8], open: usize, rest: &[u8]) -> Option<usize> {
    if open > 0 && bytes[open - 1].is_ascii_alphanumeric() {
        return None;
    }
    let mut length = identifier(&rest[1..])?;
    // A package's name: words joined by dashes; a property's, by dots
    // (Maven's filtering, `@test.port@`).
    while matches!(rest.get(1 + length), Some(b'-' | b'.')) {
        length += 1 + identifier(&rest[2 + length..])?;
    }
    (rest.get(1 + length) == Some(&b'@')).then_some(1 + length + 1)
}

/// `/:id`, a route's parameter (Express, Rails, OpenAPI's examples): a
/// whole segment.
fn route_parameter(bytes: &[u8], open: usize, rest: &[u8]) -> Option<usize> {
    if open == 0 || bytes[open - 1] != b'/' {
        return None;
    }
    let length = 1 + identifier(&rest[1..])?;
    let ends_segment = matches!(rest.get(length), None | Some(b'/' | b'.' | b'?' | b'#'))
        || open + length == bytes.len();
    ends_segment.then_some(length)
}

/// `http://host:port/path`, `http://localhost:XXX/`: a port written as
/// the word for it (a name holding `port`, in any case) or as a letter
/// repeated (`XXXX`, `nnnn`), right after the host that follows `//`.
/// Another name stays a port that is not digits (a test's
/// `http://example.com:bogus/`), and none is read before an `@` or
/// another `:` (`http://user:pass@h/` names a user and password).
fn port_word(bytes: &[u8], open: usize, rest: &[u8]) -> Option<usize> {
    if !host_ends_at(bytes, open) {
        return None;
    }
    let name = &rest[1..1 + identifier(&rest[1..])?];
    let says_port = name.windows(4).any(|w| w.eq_ignore_ascii_case(b"port"));
    let repeated = name.len() >= 2
        && name
            .iter()
            .all(|b| b.is_ascii_alphabetic() && *b == name[0]);
    let next = bytes.get(open + 1 + name.len());
    ((says_port || repeated) && !matches!(next, Some(b'@' | b':' | b'%' | b'.' | b'-')))
        .then_some(1 + name.len())
}

/// `\g<name>` and `\1`, a group of a regular expression in a replacement
/// (Python's `re.sub`, sed): the text the group matched goes there.
fn group_reference(rest: &[u8]) -> Option<usize> {
    if rest.get(1).is_some_and(u8::is_ascii_digit) {
        return Some(2);
    }
    let inner = rest.strip_prefix(b"\\g<")?;
    let length = identifier(inner).or_else(|| Some(digits(inner)).filter(|n| *n > 0))?;
    (inner.get(length) == Some(&b'>')).then_some(3 + length + 1)
}

/// `` `pwd` ``, a shell's command substitution (a Makefile's recipe, a
/// script's echo): a name and its arguments between backquotes, on one
/// line.
fn command(rest: &[u8]) -> Option<usize> {
    let end = delimited(rest, b"`", b"`")?;
    // A command's words, not a code span of reStructuredText or Markdown
    // around a URL (``` ``https://a.b/`` ```).
    let words = rest[1..end - 1]
        .iter()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b' ' | b'-' | b'_' | b'.'));
    (rest[1].is_ascii_alphabetic() && words && rest.get(end) != Some(&b'`')).then_some(end)
}

/// The length of the text from `open` to the end of `close`, if `rest`
/// starts with `open` and something that is not white space comes before
/// `close` on the same line.
fn delimited(rest: &[u8], open: &[u8], close: &[u8]) -> Option<usize> {
    let inner = rest.strip_prefix(open)?;
    let end = inner
        .windows(close.len())
        .position(|window| window == close)?;
    let body = &inner[..end];
    let well_formed = body.iter().any(|b| !b.is_ascii_whitespace())
        && !body.iter().any(|b| matches!(b, b'\n' | b'\r'));
    well_formed.then_some(open.len() + end + close.len())
}

/// The length of the identifier (`[A-Za-z_][A-Za-z0-9_]*`) at the start
/// of `text`, if one starts there.
fn identifier(text: &[u8]) -> Option<usize> {
    let first = text.first()?;
    if !(first.is_ascii_alphabetic() || *first == b'_') {
        return None;
    }
    Some(
        text.iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
            .unwrap_or(text.len()),
    )
}

/// The number of digits at the start of `text`.
fn digits(text: &[u8]) -> usize {
    text.iter().take_while(|b| b.is_ascii_digit()).count()
}

/// Whether `body` is a name in braces: an optional operator, a letter,
/// `_` or `$` first, then names, dots, subscripts and the separators of
/// the drafts of RFC 6570 (`proxy.host`, `args[0]`, `-list|/|var`, `$ENV`),
/// and calls (`url.get('port')`).
fn is_braced_name(body: &[u8]) -> bool {
    let body = match body.first() {
        Some(b'+' | b'#' | b'.' | b'/' | b';' | b'?' | b'&' | b'-' | b'$') => &body[1..],
        _ => body,
    };
    // A call with quoted arguments too, when it ends the body: Svelte's
    // and JSX's expressions, `{page.url.searchParams.get('port')}` (not
    // linkify-it's test of a brace in a path, `{I'm_king}`).
    let call = body.ends_with(b")") && body.contains(&b'(');
    body.first()
        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
        && body.iter().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'_' | b'.' | b'-' | b'[' | b']' | b'|' | b'/' | b',' | b'*'
                )
                || call && matches!(b, b'(' | b')' | b'\'')
        })
}

/// The length of the printf conversion at the start of `text` (which
/// starts with `%`): `%`, an optional `(name)`, flags, width, precision,
/// length and the conversion letter. A `%` that starts an escape `%XX` is
/// an escape, never a conversion (`%de` is the octet DE).
fn printf_conversion(text: &[u8]) -> Option<usize> {
    if text.len() >= 3 && text[1].is_ascii_hexdigit() && text[2].is_ascii_hexdigit() {
        return None;
    }
    let mut at = 1;
    if text.get(at) == Some(&b'(') {
        let close = text[at..].iter().position(|b| *b == b')')? + at;
        let name = &text[at + 1..close];
        if name.is_empty() || !name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_') {
            return None;
        }
        at = close + 1;
    }
    let skip = |at: &mut usize, wanted: &dyn Fn(u8) -> bool| {
        while text.get(*at).is_some_and(|b| wanted(*b)) {
            *at += 1;
        }
    };
    skip(&mut at, &|b| matches!(b, b'-' | b'+' | b' ' | b'#' | b'0'));
    // A width and a precision: digits, or `*` (given as an argument).
    skip(&mut at, &|b| b.is_ascii_digit() || b == b'*');
    if text.get(at) == Some(&b'.') {
        at += 1;
        skip(&mut at, &|b| b.is_ascii_digit() || b == b'*');
    }
    skip(&mut at, &|b| {
        matches!(b, b'h' | b'l' | b'z' | b'j' | b't' | b'L' | b'q')
    });
    match text.get(at) {
        Some(
            b's' | b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'f' | b'F' | b'e' | b'E' | b'g'
            | b'G' | b'c' | b'p',
        ) => Some(at + 1),
        _ => None,
    }
}

/// Whether `body` is what RFC 6570 (section 2.2) allows between the braces
/// of an expression: an optional operator, then variable names separated by
/// commas, each with an optional `:length` or `*`. Names take letters,
/// digits, `_`, `.` and `%XX`, and `-` as OpenAPI's path parameters do.
fn is_expression(body: &[u8]) -> bool {
    let body = match body.first() {
        Some(b'+' | b'#' | b'.' | b'/' | b';' | b'?' | b'&') => &body[1..],
        _ => body,
    };
    !body.is_empty()
        && body.split(|b| *b == b',').enumerate().all(|(index, spec)| {
            // A space after a comma, as GitHub's API writes some
            // (`{?since, all, participating}`).
            let spec = match spec {
                [b' ', rest @ ..] if index > 0 => rest,
                _ => spec,
            };
            let name_end = spec
                .iter()
                .position(|b| matches!(b, b':' | b'*'))
                .unwrap_or(spec.len());
            let (name, modifier) = spec.split_at(name_end);
            let name_ok = !name.is_empty()
                && name
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'%'));
            let modifier_ok = match modifier {
                [] | [b'*'] => true,
                [b':', digits @ ..] => {
                    !digits.is_empty() && digits.len() <= 4 && digits.iter().all(u8::is_ascii_digit)
                }
                _ => false,
            };
            name_ok && modifier_ok
        })
}

/// The offset of the first `#` of `text` that starts a fragment: not inside
/// a placeholder, nor right after a `{` (RFC 6570's `{#var}`).
pub(crate) fn first_hash(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 0;
    loop {
        let next = bytes[at..]
            .iter()
            .position(|b| matches!(b, b'#' | b'{' | b'$' | b'%'))?
            + at;
        if bytes[next] != b'#' {
            at = placeholder_at(bytes, next).unwrap_or(next + 1);
            continue;
        }
        // `#{x}` is an interpolation, `{#x}` RFC 6570's fragment expansion.
        match hash_brace(&bytes[next..]) {
            Some(length) => at = next + length,
            None if next == 0 || bytes[next - 1] != b'{' => return Some(next),
            None => at = next + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::vec::Vec;

    fn found(text: &str) -> Vec<&str> {
        placeholders(text).map(|span| &text[span.range()]).collect()
    }

    /// Met on repositories nobody tuned the linter to: curl's globs and
    /// test variables, cargo's expectations, Perl's and Scala's prose.
    #[test]
    fn globs_elisions_and_capitals_before_a_word() {
        let globbed = "http://example.org/dir[1-5]/file[001-100][a-z:2].txt?[0-1]&[0-{n-1}]";
        assert_eq!(
            found(globbed),
            ["[1-5]", "[001-100]", "[a-z:2]", "[0-1]", "[0-{n-1}]"]
        );
        // Digits alone, a class of mixed ends, an IPv6 literal: the URL's.
        let not_globs = "http://a.b/list[1] http://a.b/x[a-9] http://[::1]/ http://a.b/x[1-5:]";
        assert_eq!(found(not_globs), Vec::<&str>::new());
        assert_eq!(
            found("sparse+http://127.0.0.1:[..]/index/[...]"),
            ["[..]", "[...]"]
        );
        // Three dots where a host starts; not in a path, where they are a
        // segment, nor before a label.
        assert_eq!(
            found("http://.../closest?x C<ftp://...> http://user@.../"),
            ["...", "...", "..."]
        );
        assert_eq!(
            found("http://a.b/.../c http://...a.b/ http://../"),
            Vec::<&str>::new()
        );
        // A variable glued to a host (nginx), a sample expression (HAProxy);
        // RFC 1738's `disk$user` in a path is no variable.
        let glued = "return 301 http://random.example.org$request_uri http://ftp.a.b/disk$user";
        assert_eq!(found(glued), ["$request_uri"]);
        assert_eq!(
            found("http://www.%[hdr(host)]%[capture.req.uri]"),
            ["%[hdr(host)]", "%[capture.req.uri]"]
        );
        // What goes where a host starts, in a specification's notation.
        let grpc = "unix:[local_path] unix://[/absolute] http://[a_b]/";
        assert_eq!(found(grpc), ["[local_path]", "[/absolute]", "[a_b]"]);
        // WHATWG's test of every character in a path, `...@[/]^_...`.
        let addresses =
            "http://[::1]/ http://[fe80::1]:80/ http://[abcd]/ ftp://[1.2.3.4]/ wss://h/@[/]^";
        assert_eq!(found(addresses), Vec::<&str>::new());
        // Met on a nineteenth set: Maven's `@test.port@`, GitHub's
        // `{?since, all}`, fastlane's `%action_name%`, mkdocs-material's
        // Jinja over lines.
        let maven =
            "http://localhost:@test.port@/r http://a.b/n{?since, all} http://a.b/%action_name%/x";
        assert_eq!(
            found(maven),
            ["@test.port@", "{?since, all}", "%action_name%"]
        );
        let escapes = "http://a/%FAIL%/x http://a/%AB_C%2F http://a/%E9t%C3";
        assert_eq!(found(escapes), Vec::<&str>::new());
        let jinja = "https://f.g/css?family={{\n  text | replace(' ', '+') + ':300'\n}}&display=x";
        assert_eq!(
            found(jinja),
            ["{{\n  text | replace(' ', '+') + ':300'\n}}"]
        );
        let choice = "http://h:8080/manager/text/findleaks[?statusLine=[true|false]]";
        assert_eq!(found(choice), ["[?statusLine=[true|false]]"]);
        let curl = "http://%HOSTIP:%HTTPPORT/1?a=this%AMPb=2";
        assert_eq!(found(curl), ["%HOSTIP", "%HTTPPORT", "%AMP"]);
        // Two capitals are an escape's, or its broken digits.
        assert_eq!(found("http://a.b/%QRfoo/%ABcdef"), Vec::<&str>::new());
        // Met on a twenty-third set: Symfony's file links and its
        // environment variables, httpd's LDAP URL with optional parts
        // inside optional parts.
        let symfony =
            "'txmt://open?url=file://%f&line=%l' 'redis://%env(REDIS_HOST)%/%env(int:PORT)%'";
        assert_eq!(
            found(symfony),
            ["%f", "%l", "%env(REDIS_HOST)%", "%env(int:PORT)%"]
        );
        // `%l` without the file's `%f` in its word is a broken escape.
        let alone = "http://a.b/%l http://a.b/%f x=%l http://c.d/%f/%lk";
        assert_eq!(found(alone), ["%f", "%f"]);
        let ldap = "ldap://host[:port]/basedn[?attrib[?scope[?filter]]]";
        assert_eq!(found(ldap), ["[:port]", "[?attrib[?scope[?filter]]]"]);
    }

    #[test]
    fn the_forms_of_placeholder() {
        assert_eq!(found("http://a/{id}/x"), ["{id}"]);
        assert_eq!(
            found("{+base}/p{?q,lang}{#frag}{/a*}{;x:3}"),
            ["{+base}", "{?q,lang}", "{#frag}", "{/a*}", "{;x:3}"]
        );
        assert_eq!(
            found("https://{{ host }}/{{.Path}}"),
            ["{{ host }}", "{{.Path}}"]
        );
        assert_eq!(found("https://${HOST}/${ path }"), ["${HOST}", "${ path }"]);
        assert_eq!(found("http://a/{user-id}"), ["{user-id}"]);
        assert_eq!(
            found("https://github.com/[USERNAME]/[REPO_2]"),
            ["[USERNAME]", "[REPO_2]"]
        );
        assert_eq!(
            found("finger://host/username[@host]/w ftp://h[:port]/p[;type=X]"),
            ["[@host]", "[:port]", "[;type=X]"]
        );
        // A port written as a name, after a host (hackney's comments,
        // dart-lang/http's tests); a user's password is no port.
        assert_eq!(
            found("http://host:port/path http://localhost:XXX/launch http://h:PORT_NUMBER"),
            [":port", ":XXX", ":PORT_NUMBER"]
        );
        // A port that is no port, as a test writes it, stays one.
        assert_eq!(
            found("http://example.com:bogus/ http://h:80x/ http://user:port@h/ http://h:nx/"),
            Vec::<&str>::new()
        );
        // The optional user of a synopsis (libwww-perl's URI::ssh), where
        // an IPv6 literal, which holds no `@`, would start.
        assert_eq!(
            found("ssh://[user@]host[:port] rsync://[USER:PASS@]HOST ftp://[::1]/ http://[v1.x]/"),
            ["[user@]", "[:port]", "[USER:PASS@]"]
        );
        assert_eq!(
            found("https://e.com/%s/%d/%-5.2f/%(name)s/%lld/%20/%de/%.*s/%*d"),
            ["%s", "%d", "%-5.2f", "%(name)s", "%lld", "%.*s", "%*d"]
        );
        // Two conversions side by side (ohmyzsh's `file://%s%s`, a host
        // and a path), not a `%s%` variable and an `s`.
        assert_eq!(found("file://%s%s http://a/%s%d"), ["%s", "%s", "%s", "%d"]);
        assert_eq!(found("http://a/%s%/b"), ["%s%"]);
        // A conversion before a format's percent sign: Loki's
        // `?left=%%5B%s%%5D`.
        assert_eq!(found("http://a/?q=%%5B%s%%5D"), ["%s"]);
        // A word in brackets for a whole segment of a path (tldr's
        // `https://manned.org/[command]`).
        assert_eq!(
            found("https://manned.org/[command] https://www.gnu.org/software/[command]/manual/"),
            ["[command]", "[command]"]
        );
        assert!(found("http://a/[abc]x http://a/b[abc]/ http://[abc]/").is_empty());
        // No word where a host starts: a URI parser's test of a bad
        // literal, `http://[xyz]/`, stays one.
        assert!(found("https://[your-tenant].sharepoint.com/ http://[xyz]/").is_empty());
        // The price: a URI parser's test of a bad path (4Suite's, in
        // uriparser's and network-uri's suites) is read as a template too,
        // a note (U022) where it was an error.
        assert_eq!(found("http://example.org/xxx/[qwerty]"), ["[qwerty]"]);
    }

    #[test]
    fn every_syntax_of_the_family() {
        // Helm and Go templates, Jinja's and Liquid's statements and comments.
        assert_eq!(
            found("http://{{ .Values.host }}:{{- .Values.port -}}/{% if x %}a{# c #}"),
            [
                "{{ .Values.host }}",
                "{{- .Values.port -}}",
                "{% if x %}",
                "{# c #}"
            ]
        );
        // ERB and EJS.
        assert_eq!(found("http://<%= @edge %>/a"), ["<%= @edge %>"]);
        // Shells, Make, Perl, PHP, nginx; a regular expression's group.
        assert_eq!(
            found("http://$NODE_IP:$port/$(VERSION)/${x}/$1"),
            ["$NODE_IP", "$port", "$(VERSION)", "${x}", "$1"]
        );
        // Windows, RPM, the upper-case variables of test suites.
        assert_eq!(
            found("http://%HOSTIP:%HTTPPORT/%TESTNUMBER/%version%/%{name}/%USERPROFILE%"),
            [
                "%HOSTIP",
                "%HTTPPORT",
                "%TESTNUMBER",
                "%version%",
                "%{name}",
                "%USERPROFILE%"
            ]
        );
        // A batch file's parameters.
        assert_eq!(found("file:///%~dp0/x/%~nx1"), ["%~dp0", "%~nx1"]);
        // A test suite's nested expressions, RPM's conditional macros.
        assert_eq!(
            found("file://%{url(%{tmpdir})}/test.lua"),
            ["%{url(%{tmpdir})}"]
        );
        assert_eq!(found("http://a.b/x%{?dist}"), ["%{?dist}"]);
        assert!(found("http://a.b/%{ x }").is_empty());
        // The templates of Dockerfiles a script fills in; printf's `%%`.
        assert_eq!(
            found("https://github.com/nginx/pkg-oss/archive/%%REVISION%%.tar.gz"),
            ["%%REVISION%%"]
        );
        assert!(found("http://a.b/100%%/c").is_empty());
        // A group of a regular expression in a replacement.
        assert_eq!(found("https://a.b/issues/\\g<number>"), ["\\g<number>"]);
        assert_eq!(found("https://a.b/master/\\1"), ["\\1"]);
        // Julia's and a shell's nested expressions; Ruby's and Elixir's
        // interpolation, which starts no fragment.
        assert_eq!(
            found("http://127.0.0.1:$(HT.port(server))/a#{opts[:port]}/b"),
            ["$(HT.port(server))", "#{opts[:port]}"]
        );
        assert_eq!(first_hash("http://h:#{port}/a#top"), Some(18));
        assert!(found("$(Invoke-WebRequest -URI https://a.b/c)").is_empty());
        // A shell's command substitution.
        assert_eq!(found("file://`pwd`/htmlcov/index.html"), ["`pwd`"]);
        assert!(found("see ``https://a.b/c`` and `http://d.e/`").is_empty());
        // curl's tests' functions.
        assert_eq!(
            found("http://invalid-utf8-%hex[%e2%90]hex%.local/%repeat[254 x a]%/"),
            ["%hex[%e2%90]hex%", "%repeat[254 x a]%"]
        );
        // Autoconf, not a user's `@`.
        assert_eq!(found("http://@HOST@/@prefix@/x"), ["@HOST@", "@prefix@"]);
        // redis-py's synopsis: optional parts nested; an IPv6 literal's
        // template keeps its brackets.
        assert_eq!(
            found("redis://[[username]:[password]]@localhost:6379/0 http://[{host}]:8080"),
            ["[[username]:[password]]", "{host}"]
        );
        assert!(found("[[http://golang.org][*link*]]").is_empty());
        // Loki's documentation: a version's name in angle brackets in a
        // path; not a host's, not an HTML element's, not in lower case.
        assert_eq!(
            found("https://grafana.com/docs/loki/<LOKI_VERSION>/query/"),
            ["<LOKI_VERSION>"]
        );
        assert!(found("http://<HOST>/ and http://a.b/<BR> and http://a.b/<name>/").is_empty());
        // home-manager's Nix: an expression broken after its `${`; a line
        // break elsewhere in the braces is no placeholder's.
        assert_eq!(
            found("notmuch://?q=${x}${\n  f \"&l=${y}\"\n}\"''"),
            ["${x}", "${\n  f \"&l=${y}\"\n}"]
        );
        assert!(found("http://a/${x\n}").is_empty());
        // home-manager's expected output of a stubbed package.
        assert_eq!(
            found("file://@catppuccin-gtk@/share/themes"),
            ["@catppuccin-gtk@"]
        );
        assert_eq!(found("http://@a-@/x"), Vec::<&str>::new());
        assert!(found("mailto:user@host@x").is_empty());
        // A route's parameter, a whole segment.
        assert_eq!(
            found("http://a/users/:id/posts/:post_id"),
            [":id", ":post_id"]
        );
        assert!(found("http://a:80/b:c/:9").is_empty());
        // Names in braces: Caddy's, the drafts of RFC 6570.
        assert_eq!(
            found("http://{args[0]}/{proxy.host}/{-list|/|second}/{$ENV}"),
            ["{args[0]}", "{proxy.host}", "{-list|/|second}", "{$ENV}"]
        );
        // Svelte's expressions (sveltejs/kit's tests).
        assert_eq!(
            found("http://localhost:{page.url.searchParams.get('port')}/blocked.js"),
            ["{page.url.searchParams.get('port')}"]
        );
        assert!(found("http://foo.com/blah_blah_{I'm_king}").is_empty());
    }

    #[test]
    fn escapes_are_never_placeholders() {
        // `%DA` is an escape however a name goes on.
        assert!(found("http://a/%DATE/%E9t%C3%A9").is_empty());
        assert!(found("http://a/%20%ab%").is_empty());
    }

    #[test]
    fn braces_that_are_not_placeholders() {
        assert!(found("http://a/{}").is_empty());
        assert!(found("http://a/{a b}").is_empty());
        assert!(found("http://a/{x:y}").is_empty());
        assert!(found("http://a/{{}}").is_empty());
        assert!(found("http://a/{{ a\nb }}").is_empty());
        assert_eq!(found("http://a/$x {"), ["$x"]);
        // RFC 1738's VMS example (section 3.10): a word with a `$` in it;
        // a group after a host (httpd's manual) is a placeholder.
        assert!(found("file://vms.host.edu/disk$user/my/notes/note12345.txt").is_empty());
        assert_eq!(found("http://other.example.com$1.jpg"), ["$1"]);
        assert_eq!(
            found("http://${}.com/thing/${}/ http://a/$()"),
            ["${}", "${}"]
        );
        assert!(found("http://a/$ {").is_empty());
        assert!(found("http://a/%y %").is_empty());
        assert!(found("http://[::1]:80/[FE80::1]/[a]/[A]/[Ab]").is_empty());
        assert!(found("http://u@[::ffff:1.2.3.4]/").is_empty());
        let long = format!("http://a/{{{}}}", "x".repeat(200));
        assert!(found(&long).is_empty());
    }

    #[test]
    fn a_hash_in_a_placeholder_starts_no_fragment() {
        assert_eq!(first_hash("http://a/b#c"), Some(10));
        assert_eq!(first_hash("http://a/{#section}"), None);
        assert_eq!(first_hash("http://a/{#s}#top"), Some(13));
        assert_eq!(first_hash("http://a/{{ x#y }}#z"), Some(18));
        assert_eq!(first_hash("http://a/b"), None);
        assert_eq!(first_hash("http://a/%#x#y"), Some(12));
    }
}
