//! gettext's catalogs: a message's strings, one a line, are one string,
//! and an entry's flags say whether it is a format string.

use super::lexer::Literal;
use super::Language;

/// How many of `literals`, from the first, are one string: gettext joins
/// a message's strings, one a line (`msgstr "...http://a.b/[my-"` then
/// `"slug]/"`), as a URL wrapped there is written.
pub(super) fn adjacent(text: &str, language: Language, literals: &[Literal]) -> usize {
    if language != Language::Po {
        return 1;
    }
    1 + literals
        .windows(2)
        .take_while(|pair| {
            text[pair[0].whole.end..pair[1].whole.start]
                .trim()
                .is_empty()
        })
        .count()
}

/// A gettext catalog's entries, each from the line after a blank line:
/// where it starts, and where its first line of flags marks it a format
/// string (`#, c-format`, `#, python-format`, ...), if one does. Read in
/// one pass: looked for again from every string, back to the blank line
/// before it, a catalog of many entries with no blank line between them
/// took time as the square of its length.
pub(super) struct Entries(Vec<(usize, Option<usize>)>);

impl Entries {
    pub(super) fn of(text: &str) -> Entries {
        let mut entries = vec![(0, None)];
        let mut at = 0;
        for line in text.split_inclusive('\n') {
            let start = at;
            at += line.len();
            if line == "\n" && start > 0 {
                entries.push((at, None));
                continue;
            }
            let flags = line.trim_end_matches(['\n', '\r']);
            let format = flags.starts_with("#,")
                && flags
                    .split([',', ' '])
                    .any(|flag| flag.ends_with("-format") && !flag.starts_with("no-"));
            if let Some((_, first @ None)) = entries.last_mut().filter(|_| format) {
                *first = Some(start);
            }
        }
        Entries(entries)
    }

    /// Whether the entry holding the byte `at` is flagged as a format
    /// string before `at`.
    pub(super) fn format_at(&self, at: usize) -> bool {
        let entry = self.0.partition_point(|(start, _)| *start <= at) - 1;
        self.0[entry].1.is_some_and(|flags| flags < at)
    }
}
