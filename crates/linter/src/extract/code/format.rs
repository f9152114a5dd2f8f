//! The fields and conversions of format strings, read as placeholders in
//! a literal's value: printf's `%s` (C, Go, Python's `%`, PHP, Ruby, Java),
//! the `{}` fields of Python, Rust, C# and C++, and Erlang's `~s`; and
//! whether a literal is a format at all, which decides what its `%%` is.

/// The length of Erlang's format directive at the start of `rest` (a `~`):
/// an optional field width, precision and padding, then the control
/// letter, and no letter or digit after it. `~~` is a tilde, no
/// directive.
pub(super) fn erlang_directive(rest: &[u8]) -> Option<usize> {
    let modifiers = rest[1..]
        .iter()
        .take_while(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'*'))
        .count();
    let control = *rest.get(1 + modifiers)?;
    // `~joe` in a URL is a user's directory, not `~j` and a name: a
    // directive is followed by no letter or digit.
    let then_word = rest
        .get(2 + modifiers)
        .is_some_and(u8::is_ascii_alphanumeric);
    (b"cfegswpWPBXx#bn+i".contains(&control) && !then_word).then_some(1 + modifiers + 1)
}

/// Whether `content` (a literal's, between its quotes) is a printf format:
/// it holds a conversion (`%s`, `%d`, `%v`) that is not a doubled `%%`'s
/// second half. Only then is its `%%` printf's percent sign, one `%` in
/// what the program makes (Go's `Sprintf("...?left=%%7B%s%%7D", q)` is
/// `%7B`, an escape); in any other string `%%` is two percents, both
/// starting no escape. One pass over the content.
pub(super) fn is_format(content: &[u8]) -> bool {
    let mut at = 0;
    while let Some(next) = content[at..].iter().position(|b| *b == b'%') {
        at += next;
        if content.get(at + 1) == Some(&b'%') {
            at += 2;
            continue;
        }
        if printf_conversion(&content[at..]).is_some() {
            return true;
        }
        at += 1;
    }
    false
}

/// The length of the printf conversion at the start of `text` (which
/// starts with `%`): `%s`, `%-5.2f`, `%.*s`, `%p`, `%lld`, Python's
/// `%(name)s`, Ruby's `%{name}` and `%<name>s`, Go's `%v`. A `%` that
/// starts an escape `%XX` is an escape (`%2F`), but for printf's zero flag
/// and width (`%02x`, `%08d`).
pub(super) fn printf_conversion(text: &[u8]) -> Option<usize> {
    let hex_pair = text.len() >= 3 && text[1].is_ascii_hexdigit() && text[2].is_ascii_hexdigit();
    let mut at = 1;
    match text.get(1)? {
        b'{' | b'<' => {
            let close = if text[1] == b'{' { b'}' } else { b'>' };
            let length = text[2..].iter().take(64).position(|b| *b == close)?;
            let name = &text[2..2 + length];
            if name.is_empty() || !name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_') {
                return None;
            }
            at = 2 + length + 1;
            if close == b'}' {
                return Some(at);
            }
        }
        b'(' => {
            let length = text[2..].iter().take(64).position(|b| *b == b')')?;
            let name = &text[2..2 + length];
            if name.is_empty() || !name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_') {
                return None;
            }
            at = 2 + length + 1;
        }
        _ => {}
    }
    let skip = |at: &mut usize, wanted: &dyn Fn(u8) -> bool| {
        while text.get(*at).is_some_and(|b| wanted(*b)) {
            *at += 1;
        }
    };
    // Go's explicit argument index, `%[2]s`, `%[1]*d`: `[n]` before a
    // width's `*` or a precision's, or before the verb.
    let index = |at: &mut usize| {
        if text.get(*at) == Some(&b'[') {
            let digits = text[*at + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 0 && text.get(*at + 1 + digits) == Some(&b']') {
                *at += digits + 2;
            }
        }
    };
    let flags_from = at;
    skip(&mut at, &|b| matches!(b, b'-' | b'+' | b' ' | b'#' | b'0'));
    let zero_flag = text[flags_from..at].contains(&b'0');
    index(&mut at);
    if text.get(at) == Some(&b'*') {
        at += 1;
    } else {
        skip(&mut at, &|b| b.is_ascii_digit());
    }
    if text.get(at) == Some(&b'$') {
        // A positional argument: `%1$s`.
        at += 1;
    }
    if text.get(at) == Some(&b'.') {
        at += 1;
        index(&mut at);
        if text.get(at) == Some(&b'*') {
            at += 1;
        } else {
            skip(&mut at, &|b| b.is_ascii_digit());
        }
    }
    skip(&mut at, &|b| {
        matches!(b, b'h' | b'l' | b'z' | b'j' | b't' | b'L' | b'q')
    });
    index(&mut at);
    let conversion = *text.get(at)?;
    let known = matches!(
        conversion,
        b's' | b'd'
            | b'i'
            | b'u'
            | b'o'
            | b'x'
            | b'X'
            | b'f'
            | b'F'
            | b'e'
            | b'E'
            | b'g'
            | b'G'
            | b'c'
            | b'p'
            | b'v'
            | b'q'
            | b'T'
            | b'w'
            | b'r'
            | b'a'
            | b'A'
            | b'b'
            | b'n'
    );
    if !known {
        return None;
    }
    // An escape `%XX`, not a conversion: `%2F`, `%de`, unless the flags
    // and width say printf (`%02x`).
    if hex_pair && !(zero_flag && at >= 3) && text.get(1) != Some(&b'(') {
        return None;
    }
    // `%s` followed by letters is a word more often than a conversion
    // (`%sometext` is rare in a URL either way): a conversion ends there.
    Some(at + 1)
}

/// The length of a format field at the start of `text` (which starts with
/// `{`): `{}`, `{0}`, `{name}`, `{:?}`, `{name!r:>10}`, as Python, Rust,
/// C#, Java's MessageFormat and C++'s `std::format` write them.
pub(super) fn format_field(text: &[u8]) -> Option<usize> {
    let close = text[1..]
        .iter()
        .take(64)
        .position(|b| matches!(b, b'}' | b'{' | b'\n'))?
        + 1;
    if text[close] != b'}' {
        return None;
    }
    let body = &text[1..close];
    let (name, spec) = match body.iter().position(|b| *b == b':') {
        Some(colon) => (&body[..colon], &body[colon + 1..]),
        None => (body, &body[body.len()..]),
    };
    let name_ok = name
        .iter()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'[' | b']' | b'!'));
    let spec_ok = spec.iter().all(|b| !b.is_ascii_whitespace() || *b == b' ');
    (name_ok && spec_ok && !name.starts_with(b"!")).then_some(close + 1)
}
