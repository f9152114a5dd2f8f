//! The languages whose lexical syntax is declared rather than written as
//! a lexer of its own: a table each of their comments, their string
//! literals (quotes, escapes, interpolation) and the few forms that are
//! theirs alone, all read by one lexer ([`super::declared`]).

use super::{Escapes, Interpolation, Language};

/// A kind of string literal: its quotes and how its content reads.
pub(super) struct Quote {
    pub(super) open: &'static str,
    pub(super) close: &'static str,
    pub(super) escapes: Escapes,
    pub(super) interpolation: Interpolation,
    /// Whether it may hold a line break.
    pub(super) multiline: bool,
    /// Whether its closing quote written twice is a quote (SQL's `''`).
    pub(super) doubled: bool,
}

const fn quote(
    open: &'static str,
    close: &'static str,
    escapes: Escapes,
    interpolation: Interpolation,
    multiline: bool,
) -> Quote {
    Quote {
        open,
        close,
        escapes,
        interpolation,
        multiline,
        doubled: false,
    }
}

impl Quote {
    const fn doubled(mut self) -> Quote {
        self.doubled = true;
        self
    }
}

/// A form of one language or a few, which no table of quotes says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form {
    /// Lua's long brackets: strings `[[...]]`, `[==[...]==]` and
    /// comments `--[[...]]`.
    LongBrackets,
    /// R's raw strings: `r"(...)"`, `R'[...]'`, `r"--{...}--"`.
    RawR,
    /// Haskell's quasiquotes `[name|...|]`.
    QuasiQuotes,
    /// Haddock's links in comments, `<url label>`: the label is no part
    /// of the URL.
    Haddock,
    /// A `'` that opens a character literal (`'"'`) unless it follows a
    /// name (Haskell's `x'`, Julia's transpose `a'`).
    CharQuote,
    /// A byte that opens a character literal of one character after it
    /// (Erlang's `$"`, Elixir's `?"`), unless it follows a name.
    CharPrefix(u8),
    /// Elixir's sigils: `~s(...)`, `~S"..."`, `~r/.../` (a pattern).
    Sigils,
    /// Swift's raw strings `#"..."#`.
    HashRaw,
    /// A name may end with `?` or `!` (Elixir's `valid?`).
    NameMarks,
    /// Keys and values, a line each (INI, Java's properties): a value is
    /// a literal to its line's end, a line of its own a comment when it
    /// starts with one of these bytes.
    Values(&'static [u8]),
}

/// A language's lexical syntax.
pub(super) struct Syntax {
    /// What opens a comment to the line's end.
    pub(super) line: &'static [&'static str],
    /// What opens and closes a block comment.
    pub(super) blocks: &'static [(&'static str, &'static str)],
    /// Whether block comments nest.
    pub(super) nested: bool,
    /// Its string literals, longer openings first.
    pub(super) quotes: &'static [Quote],
    pub(super) forms: &'static [Form],
}

impl Syntax {
    pub(super) fn has(&self, form: Form) -> bool {
        self.forms.contains(&form)
    }
}

const FULL: Escapes = Escapes::Full {
    keep_unknown: false,
};
const KEEP: Escapes = Escapes::Full { keep_unknown: true };
const NONE: Interpolation = Interpolation::None;

const POWERSHELL: Syntax = Syntax {
    line: &["#"],
    blocks: &[("<#", "#>")],
    nested: false,
    quotes: &[
        quote(
            "@\"",
            "\n\"@",
            Escapes::Backtick,
            Interpolation::DollarParen,
            true,
        ),
        quote("@'", "\n'@", Escapes::None, NONE, true),
        quote(
            "\"",
            "\"",
            Escapes::Backtick,
            Interpolation::DollarParen,
            true,
        )
        .doubled(),
        quote("'", "'", Escapes::Doubled, NONE, true).doubled(),
    ],
    forms: &[],
};

const LUA: Syntax = Syntax {
    line: &["--"],
    blocks: &[],
    nested: false,
    quotes: &[
        quote("\"", "\"", FULL, NONE, false),
        quote("'", "'", FULL, NONE, false),
    ],
    forms: &[Form::LongBrackets],
};

const SQL: Syntax = Syntax {
    line: &["--"],
    blocks: &[("/*", "*/")],
    nested: false,
    quotes: &[quote("'", "'", Escapes::Doubled, NONE, true).doubled()],
    forms: &[],
};

const ELIXIR: Syntax = Syntax {
    line: &["#"],
    blocks: &[],
    nested: false,
    quotes: &[
        quote("\"\"\"", "\"\"\"", FULL, Interpolation::Hash, true),
        quote("'''", "'''", FULL, Interpolation::Hash, true),
        quote("\"", "\"", FULL, Interpolation::Hash, true),
        quote("'", "'", FULL, Interpolation::Hash, true),
    ],
    forms: &[Form::Sigils, Form::CharPrefix(b'?'), Form::NameMarks],
};

const ERLANG: Syntax = Syntax {
    line: &["%"],
    blocks: &[],
    nested: false,
    quotes: &[
        quote("\"\"\"", "\"\"\"", Escapes::None, NONE, true),
        quote("\"", "\"", FULL, NONE, true),
        quote("'", "'", FULL, NONE, true),
    ],
    forms: &[Form::CharPrefix(b'$')],
};

const HASKELL: Syntax = Syntax {
    line: &["--"],
    blocks: &[("{-", "-}")],
    nested: true,
    quotes: &[
        quote("\"\"\"", "\"\"\"", FULL, NONE, true),
        quote("\"", "\"", FULL, NONE, false),
    ],
    forms: &[Form::QuasiQuotes, Form::Haddock, Form::CharQuote],
};

const R: Syntax = Syntax {
    line: &["#"],
    blocks: &[],
    nested: false,
    quotes: &[
        quote("\"", "\"", FULL, NONE, true),
        quote("'", "'", FULL, NONE, true),
    ],
    forms: &[Form::RawR],
};

const JULIA: Syntax = Syntax {
    line: &["#"],
    blocks: &[("#=", "=#")],
    nested: true,
    quotes: &[
        quote("\"\"\"", "\"\"\"", FULL, Interpolation::DollarParen, true),
        quote("\"", "\"", FULL, Interpolation::DollarParen, true),
    ],
    forms: &[Form::CharQuote],
};

const SWIFT: Syntax = Syntax {
    line: &["//"],
    blocks: &[("/*", "*/")],
    nested: true,
    quotes: &[
        quote(
            "\"\"\"",
            "\"\"\"",
            FULL,
            Interpolation::BackslashParen,
            true,
        ),
        quote("\"", "\"", FULL, Interpolation::BackslashParen, false),
    ],
    forms: &[Form::HashRaw],
};

/// Dart's and Groovy's strings: either quote, three of them for lines,
/// `$name` and `${...}`; Dart's raw strings `r'...'`.
const DART: Syntax = Syntax {
    line: &["//"],
    blocks: &[("/*", "*/")],
    nested: false,
    quotes: &[
        quote("r'''", "'''", Escapes::None, NONE, true),
        quote("r\"\"\"", "\"\"\"", Escapes::None, NONE, true),
        quote("r'", "'", Escapes::None, NONE, false),
        quote("r\"", "\"", Escapes::None, NONE, false),
        quote("'''", "'''", FULL, Interpolation::Dollar, true),
        quote("\"\"\"", "\"\"\"", FULL, Interpolation::Dollar, true),
        quote("'", "'", FULL, Interpolation::Dollar, false),
        quote("\"", "\"", FULL, Interpolation::Dollar, false),
    ],
    forms: &[],
};

/// Groovy's single-quoted strings do not interpolate.
const GROOVY: Syntax = Syntax {
    line: &["//"],
    blocks: &[("/*", "*/")],
    nested: false,
    quotes: &[
        quote("'''", "'''", FULL, NONE, true),
        quote("\"\"\"", "\"\"\"", FULL, Interpolation::Dollar, true),
        quote("'", "'", FULL, NONE, false),
        quote("\"", "\"", FULL, Interpolation::Dollar, false),
    ],
    forms: &[],
};

/// HCL (Terraform): `${...}` templates; its heredocs are read as code.
const HCL: Syntax = Syntax {
    line: &["#", "//"],
    blocks: &[("/*", "*/")],
    nested: false,
    quotes: &[quote("\"", "\"", FULL, Interpolation::DollarBrace, false)],
    forms: &[],
};

/// OCaml: `(* *)` nests; `'a` is a type variable, `'x'` a character;
/// `{|...|}` is raw.
const OCAML: Syntax = Syntax {
    line: &[],
    blocks: &[("(*", "*)")],
    nested: true,
    quotes: &[
        quote("{|", "|}", Escapes::None, NONE, true),
        quote("\"", "\"", KEEP, NONE, true),
    ],
    forms: &[Form::CharQuote],
};

/// F#: OCaml's comments and C#'s strings (verbatim `@"..."`, `"""`).
const FSHARP: Syntax = Syntax {
    line: &["//"],
    blocks: &[("(*", "*)")],
    nested: true,
    quotes: &[
        quote("\"\"\"", "\"\"\"", Escapes::None, NONE, true),
        quote("@\"", "\"", Escapes::Doubled, NONE, true).doubled(),
        quote("$\"", "\"", KEEP, Interpolation::Brace, true),
        quote("\"", "\"", KEEP, NONE, true),
    ],
    forms: &[Form::CharQuote],
};

/// Visual Basic: `'` comments, `""` for a quote.
const BASIC: Syntax = Syntax {
    line: &["'"],
    blocks: &[],
    nested: false,
    quotes: &[quote("\"", "\"", Escapes::Doubled, NONE, false).doubled()],
    forms: &[],
};

/// Fortran (free form): `!` comments, either quote doubled.
const FORTRAN: Syntax = Syntax {
    line: &["!"],
    blocks: &[],
    nested: false,
    quotes: &[
        quote("\"", "\"", Escapes::Doubled, NONE, false).doubled(),
        quote("'", "'", Escapes::Doubled, NONE, false).doubled(),
    ],
    forms: &[],
};

/// Zig: its `\\` lines are raw strings.
const ZIG: Syntax = Syntax {
    line: &["//"],
    blocks: &[],
    nested: false,
    quotes: &[
        quote("\\\\", "\n", Escapes::None, NONE, false),
        quote("\"", "\"", FULL, NONE, false),
    ],
    forms: &[Form::CharQuote],
};

/// Solidity: C's comments, either quote a string.
const SOLIDITY: Syntax = Syntax {
    line: &["//"],
    blocks: &[("/*", "*/")],
    nested: false,
    quotes: &[
        quote("\"", "\"", FULL, NONE, false),
        quote("'", "'", FULL, NONE, false),
    ],
    forms: &[],
};

/// Protocol Buffers' text format: `#` comments, either quote a string
/// with C's escapes (a descriptor's comments are strings with `\n`).
const PROTO_TEXT: Syntax = Syntax {
    line: &["#"],
    blocks: &[],
    nested: false,
    quotes: &[
        quote("\"", "\"", FULL, NONE, false),
        quote("'", "'", FULL, NONE, false),
    ],
    forms: &[],
};

/// INI: a value to its line's end, where `\#` and `\;` write the marks
/// that open a comment on a line of their own (tox's `git+https://
/// a.b/c.git\#egg=c`).
const INI: Syntax = Syntax {
    line: &[],
    blocks: &[],
    nested: false,
    quotes: &[quote("", "", Escapes::Marks(b";#"), NONE, false)],
    forms: &[Form::Values(b";#")],
};

/// Java's properties: `\:`, `\=`, `\uXXXX` and a `\` that continues
/// the value on the next line.
const PROPERTIES: Syntax = Syntax {
    line: &[],
    blocks: &[],
    nested: false,
    quotes: &[quote("", "", FULL, NONE, true)],
    forms: &[Form::Values(b"#!")],
};

/// The declared syntax of a language, `None` for one with a lexer of its
/// own.
pub(super) fn of(language: Language) -> Option<&'static Syntax> {
    Some(match language {
        Language::PowerShell => &POWERSHELL,
        Language::Lua => &LUA,
        Language::Sql => &SQL,
        Language::Elixir => &ELIXIR,
        Language::Erlang => &ERLANG,
        Language::Haskell => &HASKELL,
        Language::R => &R,
        Language::Julia => &JULIA,
        Language::Swift => &SWIFT,
        Language::Dart => &DART,
        Language::Groovy => &GROOVY,
        Language::Hcl => &HCL,
        Language::OCaml => &OCAML,
        Language::FSharp => &FSHARP,
        Language::Basic => &BASIC,
        Language::Fortran => &FORTRAN,
        Language::Zig => &ZIG,
        Language::Solidity => &SOLIDITY,
        Language::ProtoText => &PROTO_TEXT,
        Language::Ini => &INI,
        Language::Properties => &PROPERTIES,
        _ => return None,
    })
}
