//! What of a shell script's or a Makefile's words is the shell's or
//! Make's, not a URL's: blanked in the copy of the file the scanner reads,
//! so that a URL ends before it.

use super::lexer::balanced;

/// A Makefile's pattern stems: a `%` that starts no escape (`%XX`) stands
/// for the stem a pattern matched (`$(patsubst git://h/%,https://h/%,x)`,
/// `%.html: %.md`), so it is blanked and the URL ends before it, as before
/// a placeholder. A `%` with two hex digits after it is read as the escape
/// it spells.
pub(super) fn pattern_stems(read: &mut [u8]) {
    for at in 0..read.len() {
        let escape = read
            .get(at + 1..at + 3)
            .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        if read[at] == b'%' && !escape {
            read[at] = b' ';
        }
    }
}

/// What of a shell script is not prose: the regular expression after
/// `=~` (to the `]]`), blanked; the `}` that closes a parameter expansion
/// holding a URL (`${URL#https://github.com/}`, `${U:-https://a.b/}`),
/// blanked so that the URL ends before it; a `$name` right after a letter
/// or digit, blanked; and [`shell_syntax`].
pub(super) fn shell_expansions(read: &mut [u8]) {
    shell_syntax(read);
    let mut at = 0;
    while at + 1 < read.len() {
        if read[at] == b'=' && read[at + 1] == b'~' {
            let line_end = memchr::memchr(b'\n', &read[at..]).map_or(read.len(), |i| at + i);
            let end = memchr::memmem::find(&read[at..line_end], b"]]")
                .map(|i| at + i)
                .unwrap_or(at);
            for byte in &mut read[at..end] {
                *byte = b' ';
            }
            at = end.max(at + 2);
            continue;
        }
        // `"http://localhost$_endpoint"`: a shell expands a name after any
        // character, where the scanner starts no placeholder after a letter
        // or digit (VMS's `disk$user`); blanked, the URL ends before it.
        // The name is the templates' `$name`, read from its `$` on.
        let name_start = |b: u8| b.is_ascii_alphabetic() || b == b'_';
        if read[at] == b'$'
            && at > 0
            && read[at - 1].is_ascii_alphanumeric()
            && name_start(read[at + 1])
        {
            if let Some(length) = rfc1738::scan::template::placeholder_at(&read[at..], 0) {
                read[at..at + length].fill(b' ');
                at += length;
                continue;
            }
        }
        if read[at] == b'$' && read[at + 1] == b'{' {
            if let Some(close) = balanced(read, at + 1, read.len()) {
                // zsh's flags, `${(j://:)x}`, join and split on what they
                // name: never a URL.
                if read[at + 2] == b'(' {
                    if let Some(flags) = read[at + 2..close].iter().position(|b| *b == b')') {
                        read[at + 2..at + 2 + flags + 1].fill(b' ');
                    }
                }
                if let Some(colon) = memchr::memmem::find(&read[at..close], b"://") {
                    read[close] = b' ';
                    // The name and the operator before the URL (`#`, `%`,
                    // `:-`) are no part of it either, nor the expansions
                    // it is nested in (`${${u#https://github.com/}%.git}`),
                    // whose closing braces are blanked too.
                    let mut scheme = at + colon;
                    while scheme > at + 2 && read[scheme - 1].is_ascii_alphanumeric() {
                        scheme -= 1;
                    }
                    for inner in at + 1..scheme {
                        if read[inner] == b'$' && read[inner + 1] == b'{' {
                            if let Some(inner_close) = balanced(read, inner + 1, close) {
                                read[inner_close] = b' ';
                            }
                        }
                    }
                    read[at..scheme].fill(b' ');
                }
                at = close + 1;
                continue;
            }
        }
        at += 1;
    }
}

/// What of a shell's text is never a URL's, wherever it stands (inside an
/// expansion too): a `|`, a pipe or a pattern's alternatives (`case $u in
/// https://github.com/o/r(|.git))`, zsh's `(ssh://*|git://*)`), with the
/// `(` of a group it opens; and zsh's prompt escapes, `%{$fg[white]%}`,
/// whose text is printed as it is: blanked. And find's and xargs's `{}`,
/// a placeholder.
fn shell_syntax(read: &mut [u8]) {
    let mut at = 0;
    while at < read.len() {
        if read[at] == b'|' {
            read[at] = b' ';
            if at > 0 && read[at - 1] == b'(' {
                read[at - 1] = b' ';
            }
        }
        // find's and xargs's `{}` (`xargs -I {} curl https://a.b/{}`): the
        // argument put in its place, a placeholder, read as the library's
        // `$_` (as long).
        if read[at] == b'{' && read.get(at + 1) == Some(&b'}') && (at == 0 || read[at - 1] != b'$')
        {
            read[at..at + 2].copy_from_slice(b"$_");
            at += 2;
            continue;
        }
        if read[at] == b'%' && read.get(at + 1) == Some(&b'{') {
            // Looked for on its line, within a bound: a text of `%{`
            // repeated stays linear.
            let reach = read.len().min(at + 256);
            let line = memchr::memchr(b'\n', &read[at..reach]).map_or(reach, |i| at + i);
            if let Some(close) = memchr::memmem::find(&read[at..line], b"%}") {
                let end = at + close + 2;
                read[at..end].fill(b' ');
                at = end;
                continue;
            }
        }
        at += 1;
    }
}
