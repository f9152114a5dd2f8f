//! gettext's catalogs: a translation is prose, a format string's is not
//! fixed, and a message's strings, one a line, are one string.

use super::*;

#[test]
fn a_catalog_entry_is_fixed_unless_it_is_a_format() {
    let po = "msgid \"a\"\nmsgstr \"see http://a.b/~c\"\n\n#, c-format\nmsgid \"b %s\"\nmsgstr \"see http://a.b/~d %s\"\n";
    let fixable: Vec<Applicability> = read(po, Language::Po).into_iter().map(|f| f.2).collect();
    assert_eq!(fixable, [Applicability::Safe, Applicability::Never]);
}

/// A catalog of many entries and no blank line between them: each
/// string's entry was looked for back to the blank line before it, and
/// 800 kB took 16 s in a release build; the entries are read in one pass
/// now. A format string's flag marks its entry's strings after it, to the
/// next blank line.
#[test]
fn a_catalog_without_blank_lines_stays_linear() {
    let count = 20_000;
    let po: String = (0..count)
        .map(|i| format!("msgid \"x{i}\"\nmsgstr \"http://a.b/~{i}\"\n"))
        .collect();
    let found = read(&po, Language::Po);
    assert_eq!(found.len(), count);
    assert!(found.iter().all(|found| found.2 == Applicability::Safe));
    let flagged = "msgstr \"http://a.b/~\"\n#, c-format\nmsgstr \"http://a.b/~\"\n\nmsgstr \"http://a.b/~\"\n";
    let fixes: Vec<Applicability> = read(flagged, Language::Po)
        .into_iter()
        .map(|f| f.2)
        .collect();
    assert_eq!(
        fixes,
        [
            Applicability::Safe,
            Applicability::Never,
            Applicability::Safe
        ]
    );
}

/// wagtail's catalogs: gettext joins a message's strings, one a line,
/// and a URL wrapped between two of them is one URL (its placeholder
/// `[my-slug]` whole); a fix maps to each part where it is written.
#[test]
fn a_catalogs_strings_of_one_message_are_one_string() {
    let po = "msgid \"\"\n\"An http://domain.com/blog/[my-\"\n\"slug]/ url\"\nmsgstr \"\"\n\"see http://a.b/~\"\n  \"c/d\"\n\nmsgid \"x\"\nmsgstr \"http://e.f/\"\n";
    let found = read(po, Language::Po);
    let texts: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(
        texts,
        [
            "http://domain.com/blog/[my-slug]/",
            "http://a.b/~c/d",
            "http://e.f/"
        ]
    );
    // As written: the two parts and what stands between them.
    assert_eq!(found[1].1, "http://a.b/~\"\n  \"c/d");
    assert_eq!(found[1].2, Applicability::Safe);
}

/// searxng's catalogs: an obsolete entry (`#~`) is a comment holding a
/// string, whose `\"` after a URL's fragment ends the fragment as it ends
/// a URL without one.
#[test]
fn an_escaped_quote_ends_a_fragment() {
    let po = "#~ \"href=\\\"http://en.wikipedia.org/wiki/HTTP#Request_methods\\\"\"\n#~ \"href=\\\"http://a.b/c\\\"\"\n";
    let found = read(po, Language::Po);
    let texts: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(
        texts,
        [
            "http://en.wikipedia.org/wiki/HTTP#Request_methods",
            "http://a.b/c"
        ]
    );
}
