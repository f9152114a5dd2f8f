//! How the vectors' files are laid out: a JSON object whose array has one
//! item a line, so that a change to the suite shows as a readable diff.

use serde::Serialize;

/// A JSON object of the `fields` (strings) and the array `key` of `items`,
/// one item a line, so that a change shows as a readable diff.
pub(crate) fn one_a_line<T: Serialize>(fields: &[(&str, &str)], key: &str, items: &[T]) -> String {
    let mut out = String::from("{");
    for (name, value) in fields {
        out.push_str(&format!("{}:{},", json(name), json(value)));
    }
    out.push_str(&format!("{}:[\n", json(key)));
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push_str(",\n");
        }
        out.push_str(&json(item));
    }
    out.push_str("\n]}\n");
    out
}

/// `value` as compact JSON.
pub(crate) fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("the vectors are plain data")
}
