//! Format strings and globs: what printf's `%%` is in the string a program
//! formats, and the ranges a program's URL glob expands.

use super::*;

/// Loki's `ruler_test.go`: in a format (it has a conversion, `%s`),
/// `%%7B` is what makes `%7B`, an escape; in a string that is no format,
/// `%%41` stays two percents that start no escape, and a `%%` before no
/// digits stays a percent before no escape in a format too.
#[test]
fn a_formats_doubled_percent_is_one_percent_sign() {
    let go = r#"u := fmt.Sprintf("http://h:8080/explore?left=%%7B%%22q%%22%%3A%%5B%s%%5D%%7D", x)"#;
    let found = read(go, Language::Go);
    assert_eq!(
        found[0].0,
        "http://h:8080/explore?left=%7B%22q%22%3A%5B${x}%5D%7D"
    );
    // Each `%` of the value is mapped back to its `%%`.
    assert_eq!(found[0].1, &go[18..go.len() - 5]);
    let plain = r#"a := "http://h/%%41"; b := fmt.Sprintf("http://h/%%zz/%d", n)"#;
    assert_eq!(
        texts(plain, Language::Go),
        ["http://h/%%41", "http://h/%zz/${x}"]
    );
    // `%%` after a conversion is not the end of a `%s%` variable.
    let python = r#"u = "http://h/?q=%s%%20%d" % (a, b)"#;
    assert_eq!(texts(python, Language::Python), ["http://h/?q=${x}%20${x}"]);
    // A language whose strings are no printf formats where they are written
    // keeps its `%%`.
    let elixir = r#"u = "http://h/%%41/%s""#;
    assert_eq!(texts(elixir, Language::Elixir), ["http://h/%%41/${x}"]);
}

/// terraform's `mock_source.go`: Go's explicit argument indexes.
#[test]
fn gos_indexed_verbs_are_conversions() {
    let go = r#"u := fmt.Sprintf("http://%[1]s/p-%[2]s/%[3]s_%-[2]*[1]d.zip", h, v, o)"#;
    assert_eq!(
        texts(go, Language::Go),
        ["http://${x}/p-${x}/${x}_${x}.zip"]
    );
    // A bracket that holds no index is the URL's.
    let not_index = r#"u := fmt.Sprintf("http://h/%[1x]s/%s", a, b)"#;
    assert_eq!(texts(not_index, Language::Go), ["http://h/%[1x]s/${x}"]);
}

/// curl's tests (`tests/http/test_02_download.py`): a glob's range whose
/// end is the program's value is one placeholder; httr2's
/// `regexp = "http://u:p@127.0.0.1:[0-9]+/"` is still a pattern, though
/// its class reads as a range.
#[test]
fn a_globs_range_is_a_placeholder_and_a_class_still_a_pattern() {
    let python = "u = f'https://{host}/data.json?[0-{count-1}]'";
    assert_eq!(
        texts(python, Language::Python),
        ["https://${x}/data.json?${x}"]
    );
    let r = r#"expect_error(f(), regexp = "http://u:p@127.0.0.1:[0-9]+/")"#;
    assert_eq!(texts(r, Language::R), Vec::<String>::new());
}

/// ktor's `OkHttpFormatTest.kt`: Kotlin's `"""` is a raw string, so a
/// pattern's `\?` in it says pattern, and its URL is none.
#[test]
fn a_raw_triple_quoted_string_keeps_its_backslashes() {
    let kotlin = r#"val a = Regex("""<-- 200 OK http://localhost\?a=1 \(\d+ms\)""")
val b = """http://a.b/\u0041"""
val c = "http://a.b/\u0041""#;
    // The raw string's `\u0041` is not decoded: another level's escape,
    // it ends the URL; the plain string's is an `A`.
    assert_eq!(
        texts(kotlin, Language::Java),
        ["http://a.b/", "http://a.b/A"]
    );
}
