//! A string joined by an operator to what the program appends: a
//! placeholder of the URL stands for it.

use super::Language;
use rfc1738::Span;

/// The operator that joins the string ending at `end` to the operand after
/// it, with the operand's first character: `+` (most languages), `..`
/// (Lua), `++` (Erlang, Haskell), `<>` (Elixir), `||` (SQL), `^` (OCaml),
/// `&` (Visual Basic), `*` (Julia), `.` (PHP, Perl). An operand is a name,
/// a variable or a call; a line break may come between.
pub(super) fn joined_after(text: &str, end: usize, language: Language) -> Option<Span> {
    let rest = &text[end..];
    let operator_at = rest.len() - rest.trim_start().len();
    let after = &rest[operator_at..];
    let dot = matches!(language, Language::Php | Language::Perl);
    let operator = ["++", "..", "<>", "||", "+", "^", "&", "*"]
        .into_iter()
        .find(|operator| after.starts_with(operator))
        .or_else(|| (dot && after.starts_with('.')).then_some("."))?;
    // `+=`, `..=`, `&&`, `**`, a spread `...`: no join.
    let next = after.as_bytes().get(operator.len()).copied();
    if matches!(next, Some(b'=' | b'.' | b'&' | b'*' | b'+')) {
        return None;
    }
    let spaced = &after[operator.len()..];
    let operand_start =
        end + operator_at + operator.len() + spaced.len() - spaced.trim_start().len();
    let operand = &text[operand_start..];
    let first = operand.chars().next()?;
    // Another string joined on continues the URL as written, wrapped
    // (`"https://a.b:443" +` then `"/path"` on the next line): that is
    // no placeholder, and the first string is read as it is.
    let starts_operand = first.is_alphabetic() || matches!(first, '_' | '$' | '@' | '(' | '[');
    if !starts_operand {
        return None;
    }
    // The placeholder is the operator and the operand's name (`.. host`,
    // `+ $user`), or its first character when it is no name.
    let name = first.len_utf8()
        + operand[first.len_utf8()..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(operand.len() - first.len_utf8());
    let name = if first.is_alphanumeric() || matches!(first, '_' | '$' | '@') {
        name
    } else {
        first.len_utf8()
    };
    Some(Span::new(end + operator_at, operand_start + name))
}
