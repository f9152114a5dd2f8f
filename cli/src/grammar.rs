//! `rfc1738 grammar` and `rfc1738 diff-grammar`: a revision's BNF, and
//! what changed between two revisions.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use rfc1738::dialect::Dialect;

use crate::DIALECTS;

#[derive(Args)]
pub(crate) struct GrammarArgs {
    /// The revision: draft-jul93, draft-oct93, draft-03 or rfc1738 (the
    /// default).
    #[arg(long, value_name = "NAME", value_parser = DIALECTS, default_value = "rfc1738")]
    dialect: String,
}

#[derive(Args)]
pub(crate) struct DiffGrammarArgs {
    /// The earlier revision.
    #[arg(value_name = "A", value_parser = DIALECTS)]
    from: String,
    /// The later revision.
    #[arg(value_name = "B", value_parser = DIALECTS)]
    to: String,
}

fn dialect(name: &str) -> Dialect {
    Dialect::from_name(name).expect("clap accepts only the four names")
}

/// The grammar file of the revision, as the repository keeps it.
pub(crate) fn grammar(args: &GrammarArgs, out: &mut impl Write) -> ExitCode {
    let text = dialect(&args.dialect).grammar_text();
    let _ = out.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = writeln!(out);
    }
    ExitCode::SUCCESS
}

/// The productions of `A` that `B` lacks (`-`), those `B` adds (`+`), and
/// those whose normalized right-hand sides differ (`~`, with both), then a
/// count. Exit 0.
pub(crate) fn diff(args: &DiffGrammarArgs, out: &mut impl Write) -> ExitCode {
    let (from, to) = (dialect(&args.from), dialect(&args.to));
    let mut unchanged = 0;
    let (mut removed, mut added, mut changed) = (Vec::new(), Vec::new(), Vec::new());
    for &name in from.productions() {
        if !to.has(name) {
            removed.push(name);
        }
    }
    for &name in to.productions() {
        match (from.definition(name), to.definition(name)) {
            (None, _) => added.push(name),
            (Some(old), Some(new)) => {
                let (old, new) = (normalize(from, name, old), normalize(to, name, new));
                if old == new {
                    unchanged += 1;
                } else {
                    changed.push((name, old, new));
                }
            }
            (Some(_), None) => {}
        }
    }
    let width = [from.name().len(), to.name().len()]
        .into_iter()
        .max()
        .unwrap_or(0);
    for name in &removed {
        let rhs = normalize(from, name, from.definition(name).unwrap_or_default());
        let _ = writeln!(out, "- {name}  {rhs}");
    }
    for name in &added {
        let rhs = normalize(to, name, to.definition(name).unwrap_or_default());
        let _ = writeln!(out, "+ {name}  {rhs}");
    }
    for (name, old, new) in &changed {
        let _ = writeln!(out, "~ {name}");
        let _ = writeln!(out, "    {:width$}  {old}", from.name());
        let _ = writeln!(out, "    {:width$}  {new}", to.name());
    }
    let _ = writeln!(
        out,
        "{from} -> {to}: {} removed, {} added, {} changed, {unchanged} unchanged",
        removed.len(),
        added.len(),
        changed.len()
    );
    ExitCode::SUCCESS
}

/// The right-hand side of a definition as tokens joined by one space, so
/// that the notations compare: the name (and RFC 1738's `=`) dropped, RFC
/// 1738's comments dropped and its quoted literals spelled a character a
/// token as the drafts spell them (`"http://"` is `h t t p : / /`, `<">`
/// is `"`), and
/// `[`, `]`, `|`, `(`, `)` and `*` tokens of their own.
fn normalize(dialect: Dialect, name: &str, definition: &str) -> String {
    let rfc1738 = dialect == Dialect::Rfc1738;
    let rhs = definition
        .trim_start()
        .strip_prefix(name)
        .unwrap_or(definition);
    let rhs = match rfc1738 {
        true => rhs.trim_start().strip_prefix('=').unwrap_or(rhs),
        false => rhs,
    };
    // RFC 822's `<">`, the double quote, before quotes open literals.
    let rhs = match rfc1738 {
        true => rhs.replace("<\">", "\"\\\""),
        false => rhs.to_string(),
    };
    let mut tokens: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut chars = rhs.chars();
    let flush = |word: &mut String, tokens: &mut Vec<String>| {
        if !word.is_empty() {
            tokens.push(std::mem::take(word));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '"' if rfc1738 => {
                flush(&mut word, &mut tokens);
                while let Some(literal) = chars.next() {
                    match literal {
                        '"' => break,
                        '\\' => tokens.extend(chars.next().map(String::from)),
                        literal => tokens.push(literal.to_string()),
                    }
                }
            }
            ';' if rfc1738 => {
                flush(&mut word, &mut tokens);
                for skipped in chars.by_ref() {
                    if skipped == '\n' {
                        break;
                    }
                }
            }
            '[' | ']' | '|' | '(' | ')' | '*' => {
                flush(&mut word, &mut tokens);
                tokens.push(c.to_string());
            }
            c if c.is_whitespace() => flush(&mut word, &mut tokens),
            c => word.push(c),
        }
    }
    flush(&mut word, &mut tokens);
    tokens.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notations_compare() {
        assert_eq!(
            normalize(
                Dialect::Rfc1738,
                "hostport",
                "hostport       = host [ \":\" port ]"
            ),
            "host [ : port ]"
        );
        assert_eq!(
            normalize(
                Dialect::DraftOct93,
                "httpaddress",
                "httpaddress      h t t p : / / hostport [/ path ]"
            ),
            "h t t p : / / hostport [ / path ]"
        );
        assert_eq!(
            normalize(
                Dialect::Rfc1738,
                "urlpath",
                "urlpath        = *xchar    ; depends on protocol see section 3.1"
            ),
            "* xchar"
        );
        assert_eq!(
            normalize(Dialect::Rfc1738, "x", "x = \";\" | \"?\"\n    | y ; z"),
            "; | ? | y"
        );
        assert_eq!(
            normalize(Dialect::Rfc1738, "p", "p = \"<\" | <\">"),
            "< | \""
        );
    }
}
