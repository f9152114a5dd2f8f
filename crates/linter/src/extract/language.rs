//! The languages of source code and data whose comments and strings the
//! linter reads, by a file's name, its `#!` line or its modeline (the
//! names are rows of [`super::filetype`]).

use super::filetype;

/// A language whose comments and strings the linter reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// C, and C++ (raw strings `R"x(...)x"`).
    C,
    /// Java, Kotlin, Scala, C#, Dart, Swift: C's comments and strings,
    /// `$name` and `${...}` interpolation (Kotlin, Dart, Scala), text
    /// blocks.
    Java,
    /// Go: raw strings in backquotes.
    Go,
    /// Rust: raw strings `r#"..."#`, lifetimes that are no character.
    Rust,
    /// JavaScript and TypeScript: template literals, regular expressions.
    JavaScript,
    /// PHP: `#` comments too, `$var` interpolation, heredocs.
    Php,
    /// Python: prefixes, triple quotes, f-strings.
    Python,
    /// Ruby: `#{...}`, `%q()` and its kin, regular expressions, heredocs.
    Ruby,
    /// Shell scripts, and the files written as a shell's words
    /// (Dockerfiles, CMake, autoconf's inputs, Windows batch files): words,
    /// quotes and comments are all read as prose, the quotes delimiting,
    /// `$x`, `$(x)`, `${x}`, `%x%` and `@x@` placeholders.
    Shell,
    /// Makefiles: a shell's words, and a `%` that starts no escape is a
    /// pattern's stem (`$(patsubst git://h/%,https://h/%,...)`), which
    /// ends the URL as a placeholder does.
    Make,
    /// JSON (and JSON with comments).
    Json,
    /// TOML.
    Toml,
    /// YAML: read as prose, the quotes delimiting.
    Yaml,
    /// RTF, TeX and R's documentation (`.Rd`): read as prose, their
    /// groups and control words delimiting (`\href{url}{text}`).
    Rtf,
    /// gettext's catalogs (`.po`, `.pot`): `#` comments, C's strings.
    Po,
    /// Perl: `#` comments and POD, `'...'`, `"..."` with `$x` and `@x`
    /// interpolation, `q()`, `qq{}`, `qw//` with any delimiter, patterns
    /// (`m//`, `qr//`, `s///`) that hold no URL, heredocs, the data after
    /// `__END__` or `__DATA__` read as prose.
    Perl,
    /// PowerShell: `#` and `<# #>`, `"..."` with backtick escapes and
    /// `$x`, `${x}`, `$(...)`, `'...'` and here-strings.
    PowerShell,
    /// Lua: `--`, long brackets `[[...]]`, `[==[...]==]`, `--[[...]]`.
    Lua,
    /// SQL: `--`, `/* */`, `'...'` with `''` for a quote.
    Sql,
    /// Elixir: `#`, `"..."` and `"""` with `#{...}`, sigils (`~r` a
    /// pattern), `?x` characters.
    Elixir,
    /// Erlang: `%`, `"..."`, `$x` characters.
    Erlang,
    /// Haskell and Elm: `--`, `{- -}` nested, quasiquotes `[q|...|]`,
    /// Haddock's `<url label>`, `'x'` characters and `x'` names.
    Haskell,
    /// R: `#`, either quote, raw strings `r"(...)"`.
    R,
    /// Julia: `#`, `#= =#` nested, `"..."` and `"""` with `$x` and
    /// `$(...)`.
    Julia,
    /// Swift: C's comments (nested), `\(...)` interpolation, `"""`, raw
    /// strings `#"..."#`.
    Swift,
    /// Dart: either quote (three for lines), `$x` and `${...}`, raw
    /// strings `r'...'`.
    Dart,
    /// Groovy and Gradle: either quote, `"..."` with `$x` and `${...}`.
    Groovy,
    /// HCL (Terraform): `#`, `//`, `/* */`, `"..."` with `${...}`.
    Hcl,
    /// OCaml: `(* *)` nested, `{|...|}`.
    OCaml,
    /// F#: `//`, `(* *)`, verbatim and interpolated strings.
    FSharp,
    /// Visual Basic: `'` comments, `""` for a quote.
    Basic,
    /// Fortran (free form): `!` comments, either quote doubled.
    Fortran,
    /// Zig: `//`, `"..."` and `\\` lines.
    Zig,
    /// Solidity: C's comments, either quote.
    Solidity,
    /// Protocol Buffers' text format (`.txtpb`): `#` comments, either quote
    /// with C's escapes.
    ProtoText,
    /// INI files: `;` and `#` lines, sections, a key's value to its line's
    /// end.
    Ini,
    /// Java's properties: `#` and `!` lines, values with `\:`, `\uXXXX`
    /// and continued lines.
    Properties,
}

/// The language of a file, an interpreter or a mode, from the registry of
/// file types ([`super::filetype`]).
#[cfg_attr(not(feature = "code-readers"), allow(dead_code))]
impl Language {
    /// The language of a file by its extension or its name.
    pub fn of_name(name: &str) -> Option<Language> {
        filetype::by_name(name).and_then(|t| t.kind.language())
    }

    /// The language of an interpreter named by a `#!` line (`python3`,
    /// `ruby`, `node`, `bash`).
    pub fn of_interpreter(name: &str) -> Option<Language> {
        filetype::by_interpreter(name).and_then(|t| t.kind.language())
    }

    /// The language of an Emacs or Vim mode name, or an editor's
    /// languageId.
    pub fn of_mode(name: &str) -> Option<Language> {
        filetype::by_mode(name).and_then(|t| t.kind.language())
    }
}

/// How the code reader reads each language.
#[cfg_attr(not(feature = "code-readers"), allow(dead_code))]
impl Language {
    /// Whether the whole file is read as prose, its quotes delimiting.
    pub(crate) fn as_prose(self) -> bool {
        matches!(
            self,
            Language::Shell | Language::Make | Language::Yaml | Language::Rtf
        )
    }

    /// Whether its comments are `//` and `/* */`.
    pub(crate) fn slash_comments(self) -> bool {
        matches!(
            self,
            Language::C
                | Language::Java
                | Language::Go
                | Language::Rust
                | Language::JavaScript
                | Language::Php
                | Language::Json
        )
    }

    /// Whether its comments start with `#`.
    pub(crate) fn hash_comments(self) -> bool {
        matches!(
            self,
            Language::Python
                | Language::Ruby
                | Language::Php
                | Language::Toml
                | Language::Po
                | Language::Perl
        )
    }

    /// Whether its strings may be format strings (printf's `%s`). Julia's,
    /// Haskell's, Elixir's, Erlang's and Dart's are not where they are
    /// written (a test's `"http://host%name/"` is no `%n`).
    pub(crate) fn formats(self) -> bool {
        !matches!(
            self,
            Language::Json
                | Language::Toml
                | Language::Yaml
                | Language::Rtf
                | Language::Julia
                | Language::Haskell
                | Language::Elixir
                | Language::Erlang
                | Language::Dart
        )
    }
}
