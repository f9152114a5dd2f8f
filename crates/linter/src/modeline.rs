//! Editors' modelines, the one reading of them: Emacs's first line
//! (`-*- mode: ruby; coding: latin-1 -*-`, `-*- ruby -*-`) and local
//! variables (`coding: ...`), Python's coding cookie (`# coding=...`),
//! and Vim's (`vim: set ft=python fenc=cp1250 :`). A file's kind reads
//! their mode ([`mode`]), its charset their coding ([`coding`],
//! [`vim_fileencoding`]); which lines of a file are looked at is each
//! caller's, as each editor's rule differs.

// Without `encodings` no charset is declared: only the mode is read.
#![cfg_attr(not(feature = "encodings"), allow(dead_code))]

/// The mode an Emacs (`-*- mode: ruby -*-`, `-*- ruby -*-`) or Vim
/// (`vim: set ft=python:`, `vi: filetype=sh`) modeline names.
pub(crate) fn mode(line: &str) -> Option<&str> {
    // A line with `-*-` is Emacs's: no Vim modeline is looked for in it.
    if let Some(start) = line.find("-*-") {
        let inner = &line[start + 3..];
        let inner = &inner[..inner.find("-*-")?];
        let mode = match inner.split(';').find_map(|part| {
            let (key, value) = part.split_once(':')?;
            key.trim().eq_ignore_ascii_case("mode").then_some(value)
        }) {
            Some(mode) => mode,
            None if !inner.contains(':') => inner,
            None => return None,
        };
        return Some(mode.trim());
    }
    let settings = &line[vim_settings(line.as_bytes())?..];
    settings
        .split([' ', ':', '\t'])
        .find_map(|setting| {
            setting
                .strip_prefix("ft=")
                .or_else(|| setting.strip_prefix("filetype="))
                .or_else(|| setting.strip_prefix("syntax="))
        })
        .map(str::trim)
}

/// Where a Vim modeline's settings start in `line`: at its `vim:`, `vi:`
/// or `ex:`, in any case.
fn vim_settings(line: &[u8]) -> Option<usize> {
    find_ignore_case(line, b"vim:")
        .or_else(|| find_ignore_case(line, b"vi:"))
        .or_else(|| find_ignore_case(line, b"ex:"))
}

/// The label of `coding:` or `coding=` in `line`, as a word: Emacs's
/// variable and Python's cookie (not Vim's `fileencoding=`).
pub(crate) fn coding(line: &[u8]) -> Option<&[u8]> {
    let mut at = 0;
    while let Some(found) = find_ignore_case(&line[at..], b"coding") {
        let start = at + found;
        let word = start == 0 || !line[start - 1].is_ascii_alphanumeric();
        let rest = &line[start + 6..];
        if word && matches!(rest.first(), Some(b':' | b'=')) {
            return value_after(rest, &rest[..1]);
        }
        at = start + 6;
    }
    None
}

/// The label of a Vim modeline's `fileencoding=` (or `fenc=`) in `line`.
pub(crate) fn vim_fileencoding(line: &[u8]) -> Option<&[u8]> {
    let settings = &line[vim_settings(line)?..];
    value_after(settings, b"fileencoding=").or_else(|| value_after(settings, b"fenc="))
}

/// The value after `key` (which ends with `=` or `:`) in `text`: optional
/// blanks and a quote, then a label's characters. Declarations other than
/// modelines (`encoding="..."`, `charset=...`) are written the same way.
pub(crate) fn value_after<'a>(text: &'a [u8], key: &[u8]) -> Option<&'a [u8]> {
    let at = find_ignore_case(text, key)? + key.len();
    let rest = &text[at..];
    let rest = &rest[rest
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'"' | b'\''))
        .count()..];
    let length = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
        .count();
    (length > 0).then(|| &rest[..length])
}

/// Where `needle` first is in `haystack`, in any case.
pub(crate) fn find_ignore_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_gives_its_mode_and_its_coding() {
        let emacs = "# -*- mode: ruby; coding: latin-1 -*-";
        assert_eq!(mode(emacs), Some("ruby"));
        assert_eq!(coding(emacs.as_bytes()), Some(&b"latin-1"[..]));
        assert_eq!(mode(";; -*- python -*-"), Some("python"));
        assert_eq!(mode("-*- coding: utf-8 -*-"), None);
        let vim = "/* vim: set ft=c fileencoding=cp1250 ts=4 : */";
        assert_eq!(mode(vim), Some("c"));
        assert_eq!(vim_fileencoding(vim.as_bytes()), Some(&b"cp1250"[..]));
        assert_eq!(
            vim_fileencoding(b"# VIM: set fenc=euc_jp :"),
            Some(&b"euc_jp"[..])
        );
        assert_eq!(mode("# vi: filetype=sh"), Some("sh"));
        assert_eq!(coding(b"# encoding: x"), None, "not the word coding");
    }
}
