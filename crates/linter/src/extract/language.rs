//! The languages of source code and data whose comments and strings the
//! linter reads, by a file's name, its `#!` line or its modeline.

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
    /// Shell scripts: words, quotes and comments are all read as prose, the
    /// quotes delimiting.
    Shell,
    /// JSON (and JSON with comments).
    Json,
    /// TOML.
    Toml,
    /// YAML: read as prose, the quotes delimiting.
    Yaml,
    /// RTF: read as prose, its groups and control words delimiting.
    Rtf,
    /// gettext's catalogs (`.po`, `.pot`): `#` comments, C's strings.
    Po,
    /// Perl: `#` comments and POD, `'...'`, `"..."` with `$x` and `@x`
    /// interpolation, `q()`, `qq{}`, `qw//` with any delimiter, patterns
    /// (`m//`, `qr//`, `s///`) that hold no URL, heredocs, the data after
    /// `__END__` or `__DATA__` read as prose.
    Perl,
}

#[cfg_attr(not(feature = "code-readers"), allow(dead_code))]
impl Language {
    /// The language of a file by its extension (lower case) or its name.
    pub fn of_name(name: &str) -> Option<Language> {
        let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
        match base {
            "Rakefile" | "Gemfile" | "Guardfile" | "Podfile" | "Vagrantfile" | "Brewfile"
            | "Capfile" | "Fastfile" | "Dangerfile" | "Berksfile" => return Some(Language::Ruby),
            "Pipfile" | "Cargo.lock" | "poetry.lock" => return Some(Language::Toml),
            ".bashrc" | ".bash_profile" | ".profile" | ".zshrc" | "PKGBUILD" | "configure" => {
                return Some(Language::Shell)
            }
            _ => {}
        }
        let extension = base.rsplit_once('.')?.1.to_ascii_lowercase();
        Some(match extension.as_str() {
            "c" | "h" | "cc" | "cpp" | "cxx" | "c++" | "hh" | "hpp" | "hxx" | "h++" | "ino"
            | "m" | "mm" | "cu" | "cuh" => Language::C,
            "java" | "kt" | "kts" | "scala" | "sc" | "cs" | "dart" | "swift" | "groovy"
            | "gradle" => Language::Java,
            "go" => Language::Go,
            "rs" => Language::Rust,
            "js" | "mjs" | "cjs" | "jsx" | "ts" | "mts" | "cts" | "tsx" | "vue" | "svelte" => {
                Language::JavaScript
            }
            "php" | "phtml" => Language::Php,
            "py" | "pyi" | "pyw" | "pyx" | "pxd" | "bzl" | "star" => Language::Python,
            "rb" | "rake" | "gemspec" | "ru" | "podspec" | "thor" | "jbuilder" => Language::Ruby,
            "sh" | "bash" | "zsh" | "ksh" | "dash" | "bats" | "fish" => Language::Shell,
            "json" | "jsonc" | "json5" | "geojson" | "webmanifest" | "har" | "ipynb" | "map" => {
                Language::Json
            }
            "toml" => Language::Toml,
            "yaml" | "yml" => Language::Yaml,
            "rtf" => Language::Rtf,
            "po" | "pot" => Language::Po,
            "pl" | "pm" | "t" | "px" | "psgi" | "pod" | "perl" | "ph" => Language::Perl,
            _ => return None,
        })
    }

    /// The language of an interpreter named by a `#!` line (`python3`,
    /// `ruby`, `node`, `bash`).
    pub fn of_interpreter(name: &str) -> Option<Language> {
        let name = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        Some(match name {
            "python" | "pypy" => Language::Python,
            "ruby" | "jruby" => Language::Ruby,
            "node" | "nodejs" | "deno" | "bun" | "ts-node" => Language::JavaScript,
            "php" => Language::Php,
            "perl" => Language::Perl,
            "sh" | "bash" | "zsh" | "ksh" | "dash" | "ash" | "mksh" | "fish" => Language::Shell,
            _ => return None,
        })
    }

    /// The language of an Emacs or Vim mode name.
    pub fn of_mode(name: &str) -> Option<Language> {
        Some(match name.to_ascii_lowercase().as_str() {
            "c" | "c++" | "cpp" | "objc" => Language::C,
            "java" | "kotlin" | "scala" | "csharp" | "cs" | "dart" | "swift" | "groovy" => {
                Language::Java
            }
            "go" => Language::Go,
            "rust" => Language::Rust,
            "javascript" | "js" | "typescript" | "ts" => Language::JavaScript,
            "php" => Language::Php,
            "python" => Language::Python,
            "ruby" => Language::Ruby,
            "perl" | "cperl" => Language::Perl,
            "sh" | "shell-script" | "bash" | "zsh" => Language::Shell,
            "json" => Language::Json,
            "toml" => Language::Toml,
            "yaml" => Language::Yaml,
            _ => return None,
        })
    }
}

/// How the code reader reads each language.
#[cfg_attr(not(feature = "code-readers"), allow(dead_code))]
impl Language {
    /// Whether the whole file is read as prose, its quotes delimiting.
    pub(crate) fn as_prose(self) -> bool {
        matches!(self, Language::Shell | Language::Yaml | Language::Rtf)
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

    /// Whether its strings may be format strings (printf's `%s`).
    pub(crate) fn formats(self) -> bool {
        !matches!(
            self,
            Language::Json | Language::Toml | Language::Yaml | Language::Rtf
        )
    }
}
