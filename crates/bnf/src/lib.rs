//! The grammar texts of the four revisions (`grammar/*.bnf`) read as
//! expression trees: every production's alternatives, optional parts,
//! repetitions and literals, for the tools that enumerate or draw them
//! (the conformance generator, the railroad diagrams).
//!
//! Two notations. RFC 1738's (`grammar/rfc1738.bnf`, read as
//! `grammar/README.md` says): quoted literals, `[ ]` optional, `n*`
//! repetition, `<">` the quote character, the unquoted `/` of `gopherurl`
//! the literal `/` (erratum 5118). The drafts' (`grammar/draft-*.bnf`, read
//! as `grammar/DRAFTS.md` says): no quotes, `[ ]` optional, repetition by
//! right recursion, single characters as tokens, `space` and `vline`, a
//! bracket or bar that is a whole alternative is the character (D2-D5).
//!
//! This reader only shapes what the tools show; no verdict on a string
//! comes from it (those are the library's, and in the tests those of the
//! independent readers of `tests/support/`).

#![deny(missing_docs)]

use std::fmt;

use rfc1738::dialect::Dialect;

/// The right-hand side of a production.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// `a | b | ...`
    Alt(Vec<Expr>),
    /// `a b ...`; empty for the drafts' `void`.
    Seq(Vec<Expr>),
    /// `[ a ]`
    Opt(Box<Expr>),
    /// `n*a` or `n*[ a ]`: `min` or more.
    Rep {
        /// The fewest repetitions.
        min: usize,
        /// What is repeated.
        inner: Box<Expr>,
    },
    /// Text matched as written.
    Lit(String),
    /// A scheme keyword (`"ftp://"`, the drafts' `h t t p` before `:`):
    /// ASCII case is ignored in it in the default mode.
    Keyword(String),
    /// A production.
    Ref(String),
}

/// The productions of one revision, in the order of its text.
pub struct Grammar {
    /// Each production's name and right-hand side.
    pub productions: Vec<(String, Expr)>,
}

impl Grammar {
    /// The grammar of a revision, from the text the library keeps
    /// ([`Dialect::grammar_text`]), read in its revision's notation.
    pub fn of(dialect: Dialect) -> Result<Grammar, String> {
        match dialect {
            Dialect::Rfc1738 => Grammar::rfc1738(dialect.grammar_text()),
            _ => Grammar::draft(dialect.grammar_text()),
        }
    }

    /// The right-hand side of the production `name`.
    pub fn get(&self, name: &str) -> Option<&Expr> {
        self.productions
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, expr)| expr)
    }

    /// RFC 1738's notation: `name = ...`, continued on indented lines;
    /// comments, prose and page furniture skipped.
    pub fn rfc1738(text: &str) -> Result<Grammar, String> {
        let mut bodies: Vec<(String, String)> = Vec::new();
        let mut open = false;
        for line in text.lines() {
            let trimmed = line.trim();
            let furniture =
                trimmed.starts_with("Berners-Lee, Masinter") || trimmed.starts_with("RFC 1738 ");
            if trimmed.is_empty() || trimmed.starts_with(';') || furniture {
                continue;
            }
            let indented = line.starts_with(char::is_whitespace);
            match line.split_once('=') {
                Some((name, body)) if !indented && is_rfc_name(name.trim_end()) => {
                    bodies.push((name.trim_end().to_string(), body.to_string()));
                    open = true;
                }
                _ if indented && open => {
                    let last = bodies.last_mut().ok_or("a continuation of nothing")?;
                    last.1.push(' ');
                    last.1.push_str(line);
                }
                _ => open = false,
            }
        }
        let productions = bodies
            .into_iter()
            .map(|(name, body)| {
                let expr = parse(rfc_tokens(&body)?).map_err(|e| format!("{name}: {e}"))?;
                Ok((name, expr))
            })
            .collect::<Result<_, String>>()?;
        Ok(Grammar { productions })
    }

    /// A draft's notation: `name  right-hand side` on one line, `;`
    /// comments (the corrections' printed text among them) skipped.
    pub fn draft(text: &str) -> Result<Grammar, String> {
        let mut productions = Vec::new();
        for line in text.lines() {
            if line.trim().is_empty() || line.starts_with(';') {
                continue;
            }
            let (name, body) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let tokens = draft_tokens(body)?;
            let expr = match tokens.is_empty() {
                // `void`: the empty string.
                true => Expr::Seq(Vec::new()),
                false => parse(tokens).map_err(|e| format!("{name}: {e}"))?,
            };
            productions.push((name.to_string(), keywords(expr)));
        }
        Ok(Grammar { productions })
    }
}

fn is_rfc_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-_".contains(c))
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Lit(String),
    Name(String),
    Repeat(usize),
    Open,
    Close,
    Bar,
}

fn rfc_tokens(body: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut rest = body;
    while let Some(c) = rest.chars().next() {
        let mut len = c.len_utf8();
        match c {
            _ if c.is_whitespace() => {}
            // A comment runs to the end of the production's text.
            ';' => break,
            '"' => {
                let end = rest[1..].find('"').ok_or("an unclosed quote")? + 1;
                tokens.push(Token::Lit(rest[1..end].to_string()));
                len = end + 1;
            }
            // RFC 822's notation for the quote character.
            '<' if rest.starts_with("<\">") => {
                tokens.push(Token::Lit("\"".into()));
                len = 3;
            }
            // Erratum 5118: the unquoted `/` of `gopherurl` is "/".
            '/' => tokens.push(Token::Lit("/".into())),
            '[' => tokens.push(Token::Open),
            ']' => tokens.push(Token::Close),
            '|' => tokens.push(Token::Bar),
            '*' => tokens.push(Token::Repeat(0)),
            _ if c.is_ascii_digit() => {
                let digits =
                    rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if !rest[digits..].starts_with('*') {
                    return Err(format!("a number without `*`: {rest}"));
                }
                tokens.push(Token::Repeat(
                    rest[..digits].parse().map_err(|_| "a count")?,
                ));
                len = digits + 1;
            }
            _ if c.is_ascii_alphabetic() => {
                len = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || "+-_".contains(c)))
                    .unwrap_or(rest.len());
                tokens.push(Token::Name(rest[..len].to_string()));
            }
            _ => return Err(format!("unexpected {c:?}")),
        }
        rest = &rest[len..];
    }
    Ok(tokens)
}

/// D2: a word of two or more letters, digits and `-`, starting with a
/// letter, is a production name.
fn is_draft_name(word: &str) -> bool {
    word.len() >= 2
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// D2 and D5: `[`, `]` and `|` are tokens even against another character;
/// a `|` right after a separating `|` is the vertical line, and a bracket
/// that forms a whole alternative is the bracket character.
fn draft_tokens(body: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let word = |chunk: &str| match chunk {
        "space" => Ok(Token::Lit(" ".into())),
        "vline" => Ok(Token::Lit("|".into())),
        _ if is_draft_name(chunk) => Ok(Token::Name(chunk.to_string())),
        _ if chunk.chars().count() == 1 => Ok(Token::Lit(chunk.to_string())),
        _ => Err(format!("{chunk:?} is neither a name nor a character")),
    };
    for chunk in body.split_whitespace() {
        let mut start = 0;
        for (at, c) in chunk.char_indices() {
            let token = match c {
                '[' => Token::Open,
                ']' => Token::Close,
                '|' => Token::Bar,
                _ => continue,
            };
            if start < at {
                tokens.push(word(&chunk[start..at])?);
            }
            tokens.push(token);
            start = at + 1;
        }
        if start < chunk.len() {
            tokens.push(word(&chunk[start..])?);
        }
    }
    let mut after_bar = false;
    for token in &mut tokens {
        after_bar = match token {
            Token::Bar if after_bar => {
                *token = Token::Lit("|".into());
                false
            }
            Token::Bar => true,
            _ => false,
        };
    }
    let whole: Vec<bool> = (0..tokens.len())
        .map(|i| {
            matches!(tokens[i], Token::Open | Token::Close)
                && (i == 0 || tokens[i - 1] == Token::Bar)
                && tokens.get(i + 1).is_none_or(|t| *t == Token::Bar)
        })
        .collect();
    for (token, whole) in tokens.iter_mut().zip(whole) {
        if whole {
            let bracket = if *token == Token::Open { "[" } else { "]" };
            *token = Token::Lit(bracket.into());
        }
    }
    Ok(tokens)
}

/// `alt = seq { "|" seq }`, `seq = item { item }`, `item = [n]* item |
/// "[" alt "]" | literal | name`.
fn parse(tokens: Vec<Token>) -> Result<Expr, String> {
    let mut parser = Parser { tokens, at: 0 };
    let expr = parser.alt()?;
    match parser.tokens.get(parser.at) {
        None => Ok(expr),
        Some(token) => Err(format!("unexpected {token:?} at token {}", parser.at)),
    }
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn alt(&mut self) -> Result<Expr, String> {
        let mut branches = vec![self.seq()?];
        while self.tokens.get(self.at) == Some(&Token::Bar) {
            self.at += 1;
            branches.push(self.seq()?);
        }
        Ok(match branches.len() {
            1 => branches.remove(0),
            _ => Expr::Alt(branches),
        })
    }

    fn seq(&mut self) -> Result<Expr, String> {
        let mut items = Vec::new();
        while let Some(item) = self.item()? {
            items.push(item);
        }
        Ok(match items.len() {
            0 => return Err(format!("an empty alternative at token {}", self.at)),
            1 => items.remove(0),
            _ => Expr::Seq(items),
        })
    }

    fn item(&mut self) -> Result<Option<Expr>, String> {
        let Some(token) = self.tokens.get(self.at).cloned() else {
            return Ok(None);
        };
        self.at += 1;
        Ok(Some(match token {
            Token::Bar | Token::Close => {
                self.at -= 1;
                return Ok(None);
            }
            Token::Lit(text) if is_keyword_literal(&text) => Expr::Keyword(text),
            Token::Lit(text) => Expr::Lit(text),
            Token::Name(name) => Expr::Ref(name),
            Token::Repeat(min) => {
                let inner = self.item()?.ok_or("a repetition of nothing")?;
                // `*[ a ]` repeats `a`: the brackets mark the repeated part.
                let inner = match inner {
                    Expr::Opt(inner) => *inner,
                    other => other,
                };
                Expr::Rep {
                    min,
                    inner: Box::new(inner),
                }
            }
            Token::Open => {
                let inner = self.alt()?;
                if self.tokens.get(self.at) != Some(&Token::Close) {
                    return Err(format!("an unclosed [ before token {}", self.at));
                }
                self.at += 1;
                Expr::Opt(Box::new(inner))
            }
        }))
    }
}

/// RFC 1738's scheme literals: letters, then `:` (`"ftp://"`, `"mailto:"`).
fn is_keyword_literal(text: &str) -> bool {
    let letters = text.len()
        - text
            .trim_start_matches(|c: char| c.is_ascii_lowercase())
            .len();
    letters >= 2 && text[letters..].starts_with(':')
}

/// D4: in a draft, a run of two or more single letters directly followed
/// by `:` is a scheme keyword (`h t t p :` is the keyword `http`, then `:`).
fn keywords(expr: Expr) -> Expr {
    match expr {
        Expr::Alt(items) => Expr::Alt(items.into_iter().map(keywords).collect()),
        Expr::Opt(inner) => Expr::Opt(Box::new(keywords(*inner))),
        Expr::Seq(items) => {
            let mut out: Vec<Expr> = Vec::new();
            let mut run = String::new();
            for item in items.into_iter().map(keywords) {
                match &item {
                    Expr::Lit(c) if c.len() == 1 && c.as_bytes()[0].is_ascii_alphabetic() => {
                        run.push_str(c);
                        continue;
                    }
                    Expr::Lit(colon) if colon == ":" && run.len() >= 2 => {
                        out.push(Expr::Keyword(std::mem::take(&mut run)));
                    }
                    _ => out.extend(run.drain(..).map(|c| Expr::Lit(c.to_string()))),
                }
                out.push(item);
            }
            out.extend(run.drain(..).map(|c| Expr::Lit(c.to_string())));
            Expr::Seq(out)
        }
        other => other,
    }
}

/// The expression in the notation of RFC 1738, for the cases' sources.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |f: &mut fmt::Formatter<'_>, items: &[Expr], separator: &str| {
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    f.write_str(separator)?;
                }
                write!(f, "{item}")?;
            }
            Ok(())
        };
        match self {
            Expr::Alt(items) => join(f, items, " | "),
            Expr::Seq(items) if items.is_empty() => f.write_str("void"),
            Expr::Seq(items) => {
                for (index, item) in items.iter().enumerate() {
                    if index > 0 {
                        f.write_str(" ")?;
                    }
                    match item {
                        Expr::Alt(_) => write!(f, "( {item} )")?,
                        _ => write!(f, "{item}")?,
                    }
                }
                Ok(())
            }
            Expr::Opt(inner) => write!(f, "[ {inner} ]"),
            Expr::Rep { min, inner } => {
                let count = if *min == 0 {
                    String::new()
                } else {
                    min.to_string()
                };
                match inner.as_ref() {
                    Expr::Ref(_) => write!(f, "{count}*{inner}"),
                    _ => write!(f, "{count}*[ {inner} ]"),
                }
            }
            Expr::Lit(text) | Expr::Keyword(text) => write!(f, "{text:?}"),
            Expr::Ref(name) => f.write_str(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_revision_reads_with_its_count_of_productions() {
        for (dialect, count) in Dialect::ALL.into_iter().zip([53, 58, 66, 67]) {
            let grammar = Grammar::of(dialect).unwrap();
            let names: Vec<&str> = grammar
                .productions
                .iter()
                .map(|(n, _)| n.as_str())
                .collect();
            assert_eq!(names.len(), count, "{dialect}");
            assert_eq!(names, dialect.productions(), "{dialect}");
        }
    }

    #[test]
    fn the_notations_read_as_the_grammar_files_say() {
        let rfc = Grammar::rfc1738(rfc1738::GRAMMAR).unwrap();
        assert_eq!(
            rfc.get("hostport").unwrap().to_string(),
            "host [ \":\" port ]"
        );
        assert_eq!(
            rfc.get("user").unwrap().to_string(),
            "*[ uchar | \";\" | \"?\" | \"&\" | \"=\" ]"
        );
        assert_eq!(rfc.get("urlpath").unwrap().to_string(), "*xchar");
        assert_eq!(
            rfc.get("punctuation").unwrap().to_string(),
            "\"<\" | \">\" | \"#\" | \"%\" | \"\\\"\""
        );
        assert!(
            matches!(rfc.get("ftpurl"), Some(Expr::Seq(items)) if items[0] == Expr::Keyword("ftp://".into()))
        );
        let jul = Grammar::draft(Dialect::DraftJul93.grammar_text()).unwrap();
        assert_eq!(
            jul.get("variant").unwrap().to_string(),
            "\"{\" | \"}\" | \"|\" | \"|\" | \"[\" | \"]\" | \"\\\\\" | \"^\" | \"~\""
        );
        assert_eq!(
            jul.get("httpaddress").unwrap().to_string(),
            "\"http\" \":\" \"/\" \"/\" hostport [ \"/\" path ] [ \"?\" search ]"
        );
        assert!(
            matches!(jul.get("httpaddress"), Some(Expr::Seq(items)) if items[0] == Expr::Keyword("http".into()))
        );
        assert_eq!(jul.get("void").unwrap().to_string(), "void");
    }
}
