//! The file types the linter knows, one row each: the names and extensions
//! that tell a file's type, the interpreters of its `#!` line, the mode
//! names of its modeline and of an editor's languageId, how it is read
//! ([`Kind`]) and how a comment is written in it (for the suppression a
//! code action inserts). Every lookup by name, interpreter or mode reads
//! this table, and so do the help text and the table of
//! docs/linter-files.md (a test compares them), so a new file type is one
//! row here and, when it needs one, a reader.
//!
//! Two rules are not rows: a template's suffix is looked through
//! (`README.md.erb` is Markdown), and a man page's section is any
//! extension of a digit and up to two letters (`.3p`, `.1m`): [`Kind::of`].

use super::{Kind, Language};

/// How a comment is written in a file: the text before and after one, and
/// whether one may end a line of code (else it takes a line of its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommentSyntax {
    /// What opens a comment (`"// "`).
    pub open: &'static str,
    /// What closes it (`" -->"`), empty when the line's end does.
    pub close: &'static str,
    /// Whether a comment may follow code on its line.
    pub trailing: bool,
}

const fn comment(open: &'static str, close: &'static str) -> Option<CommentSyntax> {
    Some(CommentSyntax {
        open,
        close,
        trailing: true,
    })
}

/// A comment that takes a line of its own: where a value may hold the
/// comment's opener (`;` in INI) or a comment must start a line.
const fn own_line(open: &'static str, close: &'static str) -> Option<CommentSyntax> {
    Some(CommentSyntax {
        open,
        close,
        trailing: false,
    })
}

const MARKUP: Option<CommentSyntax> = comment("<!-- ", " -->");
const SLASHES: Option<CommentSyntax> = comment("// ", "");
const HASH: Option<CommentSyntax> = comment("# ", "");
const DASHES: Option<CommentSyntax> = comment("-- ", "");
const PERCENT: Option<CommentSyntax> = comment("% ", "");
const SEMICOLON: Option<CommentSyntax> = comment("; ", "");
const BLOCK: Option<CommentSyntax> = comment("/* ", " */");

/// A file type: a row of [`FILE_TYPES`].
#[derive(Clone, Copy, Debug)]
pub struct FileType {
    /// Its name, as the documentation says it.
    pub name: &'static str,
    /// How it is read.
    pub kind: Kind,
    /// Its extensions, in lower case, without the dot.
    pub extensions: &'static [&'static str],
    /// Whole file names that tell it (`Rakefile`), as written.
    pub file_names: &'static [&'static str],
    /// The interpreters a `#!` line names (`python` for `python3.11`).
    pub interpreters: &'static [&'static str],
    /// Emacs's and Vim's mode names and editors' languageIds, in lower case.
    pub modes: &'static [&'static str],
    /// How a comment is written; `None` where there is none (JSON).
    pub comment: Option<CommentSyntax>,
}

const fn row(name: &'static str, kind: Kind, extensions: &'static [&'static str]) -> FileType {
    FileType {
        name,
        kind,
        extensions,
        file_names: &[],
        interpreters: &[],
        modes: &[],
        comment: None,
    }
}

impl FileType {
    const fn names(mut self, file_names: &'static [&'static str]) -> FileType {
        self.file_names = file_names;
        self
    }

    const fn interpreters(mut self, interpreters: &'static [&'static str]) -> FileType {
        self.interpreters = interpreters;
        self
    }

    const fn modes(mut self, modes: &'static [&'static str]) -> FileType {
        self.modes = modes;
        self
    }

    const fn comment(mut self, comment: Option<CommentSyntax>) -> FileType {
        self.comment = comment;
        self
    }
}

const fn code(language: Language) -> Kind {
    Kind::Code(language)
}

/// Every file type the linter knows. Those read as plain text are here for
/// their comments (a suppression's code action) and so that the
/// documentation says what is read how.
pub const FILE_TYPES: &[FileType] = &[
    row(
        "Markdown",
        Kind::Markdown,
        &["md", "markdown", "mdown", "mkd"],
    )
    .modes(&["markdown"])
    .comment(MARKUP),
    row("HTML", Kind::Html, &["html", "htm", "xhtml"])
        .modes(&["html", "xhtml"])
        .comment(MARKUP),
    row(
        "C and C++, Objective-C, CUDA, Windows resource scripts",
        code(Language::C),
        &[
            "c", "h", "cc", "cpp", "cxx", "c++", "hh", "hpp", "hxx", "h++", "ino", "m", "mm", "cu",
            "cuh", "rc",
        ],
    )
    .modes(&[
        "c",
        "c++",
        "cpp",
        "objc",
        "objective-c",
        "objective-cpp",
        "cuda",
    ])
    .comment(SLASHES),
    row("Java", code(Language::Java), &["java"])
        .modes(&["java"])
        .comment(SLASHES),
    row("Kotlin", code(Language::Java), &["kt", "kts"])
        .modes(&["kotlin"])
        .comment(SLASHES),
    row("Scala", code(Language::Java), &["scala", "sc", "sbt"])
        .modes(&["scala"])
        .comment(SLASHES),
    row("C#", code(Language::Java), &["cs"])
        .modes(&["csharp", "cs"])
        .comment(SLASHES),
    row("Dart", code(Language::Dart), &["dart"])
        .modes(&["dart"])
        .comment(SLASHES),
    row("Swift", code(Language::Swift), &["swift"])
        .modes(&["swift"])
        .comment(SLASHES),
    row(
        "Groovy and Gradle",
        code(Language::Groovy),
        &["groovy", "gradle"],
    )
    .modes(&["groovy"])
    .comment(SLASHES),
    row("Go", code(Language::Go), &["go"])
        .modes(&["go"])
        .comment(SLASHES),
    row("Rust", code(Language::Rust), &["rs"])
        .modes(&["rust"])
        .comment(SLASHES),
    row(
        "JavaScript",
        code(Language::JavaScript),
        &["js", "mjs", "cjs", "jsx"],
    )
    .interpreters(&["node", "nodejs", "deno", "bun"])
    .modes(&["javascript", "js", "javascriptreact"])
    .comment(SLASHES),
    row(
        "TypeScript",
        code(Language::JavaScript),
        &["ts", "mts", "cts", "tsx"],
    )
    .interpreters(&["ts-node"])
    .modes(&["typescript", "ts", "typescriptreact"])
    .comment(SLASHES),
    row(
        "Vue and Svelte",
        code(Language::JavaScript),
        &["vue", "svelte"],
    )
    .modes(&["vue", "svelte"])
    .comment(SLASHES),
    row("PHP", code(Language::Php), &["php", "phtml"])
        .interpreters(&["php"])
        .modes(&["php"])
        .comment(SLASHES),
    row(
        "Python",
        code(Language::Python),
        &["py", "pyi", "pyw", "pyx", "pxd", "bzl", "star"],
    )
    .interpreters(&["python", "pypy"])
    .modes(&["python"])
    .comment(HASH),
    row(
        "Ruby",
        code(Language::Ruby),
        &["rb", "rake", "gemspec", "ru", "podspec", "thor", "jbuilder"],
    )
    .names(&[
        "Rakefile",
        "Gemfile",
        "Guardfile",
        "Podfile",
        "Vagrantfile",
        "Brewfile",
        "Capfile",
        "Fastfile",
        "Dangerfile",
        "Berksfile",
    ])
    .interpreters(&["ruby", "jruby"])
    .modes(&["ruby"])
    .comment(HASH),
    row(
        "Perl",
        code(Language::Perl),
        &["pl", "pm", "t", "px", "psgi", "pod", "perl", "ph"],
    )
    .interpreters(&["perl"])
    .modes(&["perl", "cperl"])
    .comment(HASH),
    row(
        "shell scripts",
        code(Language::Shell),
        &[
            "sh",
            "bash",
            "zsh",
            "zsh-theme",
            "ksh",
            "dash",
            "bats",
            "fish",
        ],
    )
    .names(&[
        ".bashrc",
        ".bash_profile",
        ".profile",
        ".zshrc",
        "PKGBUILD",
        "configure",
    ])
    .interpreters(&["sh", "bash", "zsh", "ksh", "dash", "ash", "mksh", "fish"])
    .modes(&["sh", "shell-script", "shellscript", "bash", "zsh"])
    .comment(HASH),
    row(
        "JSON",
        code(Language::Json),
        &["json", "geojson", "webmanifest", "har", "ipynb", "map"],
    )
    .modes(&["json"]),
    row(
        "JSON with comments",
        code(Language::Json),
        &["jsonc", "json5"],
    )
    .modes(&["jsonc"])
    .comment(SLASHES),
    row("TOML", code(Language::Toml), &["toml"])
        .names(&["Pipfile", "Cargo.lock", "poetry.lock"])
        .modes(&["toml"])
        .comment(HASH),
    row("YAML", code(Language::Yaml), &["yaml", "yml"])
        .modes(&["yaml"])
        .comment(HASH),
    row("RTF", code(Language::Rtf), &["rtf"]),
    row("gettext catalogs", code(Language::Po), &["po", "pot"])
        .modes(&["po"])
        .comment(own_line("# ", "")),
    row(
        "man pages",
        Kind::Roff,
        &["man", "mdoc", "roff", "nroff", "troff"],
    )
    .modes(&["nroff", "groff", "roff"])
    .comment(own_line(".\\\" ", "")),
    row("reStructuredText", Kind::ReStructuredText, &["rst", "rest"])
        .modes(&["restructuredtext", "rst"])
        .comment(own_line(".. ", "")),
    row("AsciiDoc", Kind::AsciiDoc, &["adoc", "asciidoc", "asc"])
        .modes(&["asciidoc"])
        .comment(own_line("// ", "")),
    row("Texinfo", Kind::Texinfo, &["texi", "texinfo", "txi"])
        .modes(&["texinfo"])
        .comment(own_line("@c ", "")),
    row("Makefiles", code(Language::Make), &["mk", "am"])
        .names(&["Makefile", "makefile", "GNUmakefile", "Makefile.in"])
        .modes(&["makefile", "make"])
        .comment(HASH),
    row("Dockerfiles", code(Language::Shell), &["dockerfile"])
        .names(&["Dockerfile", "Containerfile"])
        .modes(&["dockerfile"])
        .comment(HASH),
    row("CMake", code(Language::Shell), &["cmake"])
        .names(&["CMakeLists.txt"])
        .modes(&["cmake"])
        .comment(HASH),
    row("autoconf and m4", code(Language::Shell), &["ac", "m4"])
        .modes(&["autoconf", "m4"])
        .comment(comment("dnl ", "")),
    row(
        "Windows batch files",
        code(Language::Shell),
        &["bat", "cmd"],
    )
    .modes(&["bat", "batch", "dosbatch"])
    .comment(own_line("REM ", "")),
    row(
        "PowerShell",
        code(Language::PowerShell),
        &["ps1", "psm1", "psd1"],
    )
    .interpreters(&["pwsh"])
    .modes(&["powershell", "ps1"])
    .comment(HASH),
    row(
        "Lua and Teal",
        code(Language::Lua),
        &["lua", "rockspec", "tl"],
    )
    .interpreters(&["lua", "luajit"])
    .modes(&["lua"])
    .comment(DASHES),
    row("SQL", code(Language::Sql), &["sql"])
        .modes(&["sql"])
        .comment(DASHES),
    row("Elixir", code(Language::Elixir), &["ex", "exs"])
        .interpreters(&["elixir"])
        .modes(&["elixir"])
        .comment(HASH),
    row("Erlang", code(Language::Erlang), &["erl", "hrl"])
        .names(&["rebar.config"])
        .interpreters(&["escript"])
        .modes(&["erlang"])
        .comment(PERCENT),
    row("Haskell and Elm", code(Language::Haskell), &["hs", "elm"])
        .interpreters(&["runhaskell", "runghc"])
        .modes(&["haskell", "elm"])
        .comment(DASHES),
    row("R", code(Language::R), &["r"])
        .interpreters(&["Rscript"])
        .modes(&["r"])
        .comment(HASH),
    row("Julia", code(Language::Julia), &["jl"])
        .interpreters(&["julia"])
        .modes(&["julia"])
        .comment(HASH),
    row(
        "HCL and Terraform",
        code(Language::Hcl),
        &["tf", "tfvars", "hcl"],
    )
    .modes(&["terraform", "hcl"])
    .comment(HASH),
    row("OCaml", code(Language::OCaml), &["ml", "mli"])
        .interpreters(&["ocaml"])
        .modes(&["ocaml"])
        .comment(comment("(* ", " *)")),
    row("F#", code(Language::FSharp), &["fs", "fsi", "fsx"])
        .modes(&["fsharp"])
        .comment(SLASHES),
    row("Visual Basic", code(Language::Basic), &["vb", "vbs", "bas"])
        .modes(&["vb", "vbscript"])
        .comment(comment("' ", "")),
    row(
        "Fortran",
        code(Language::Fortran),
        &["f90", "f95", "f03", "f08"],
    )
    .modes(&["fortran"])
    .comment(comment("! ", "")),
    row("Zig", code(Language::Zig), &["zig"])
        .modes(&["zig"])
        .comment(SLASHES),
    row("Solidity", code(Language::Solidity), &["sol"])
        .modes(&["solidity"])
        .comment(SLASHES),
    row(
        "Protocol Buffers' text format",
        code(Language::ProtoText),
        &["txtpb", "textproto", "pbtxt", "textpb"],
    )
    .comment(HASH),
    row("INI", code(Language::Ini), &["ini", "cfg"])
        .names(&[".editorconfig", ".gitconfig", ".gitmodules"])
        .modes(&["ini"])
        .comment(own_line("; ", "")),
    row(
        "Java properties",
        code(Language::Properties),
        &["properties"],
    )
    .modes(&["properties", "jproperties"])
    .comment(own_line("# ", "")),
    row(
        "XML and its kin",
        Kind::Xml,
        &[
            "xml", "svg", "xsd", "xsl", "xslt", "plist", "csproj", "vbproj", "fsproj", "props",
            "targets", "nuspec", "resx", "wsdl", "rss", "atom", "xlf", "xliff",
        ],
    )
    .modes(&["xml", "svg", "xsl"])
    .comment(MARKUP),
    // Code whose comments and strings no lexer here tells apart: read as
    // a shell's words are, prose whose quotes delimit, never fixed (a fix
    // could land in a string of the program); docs/linter-files.md says
    // why each has no lexer.
    row("Protocol Buffers", code(Language::Shell), &["proto"]).comment(SLASHES),
    row(
        "languages with `#` comments",
        code(Language::Shell),
        &["awk", "tcl", "cr", "coffee", "graphql", "gql", "nix"],
    )
    .modes(&["awk", "tcl", "nix", "coffeescript"])
    .comment(HASH),
    row(
        "languages with `--` comments",
        code(Language::Shell),
        &["ada", "adb", "ads"],
    )
    .modes(&["ada"])
    .comment(DASHES),
    row(
        "TeX and R documentation",
        code(Language::Rtf),
        &["tex", "latex", "ltx", "sty", "cls", "rd"],
    )
    .modes(&["tex", "latex", "rd"])
    .comment(PERCENT),
    row(
        "Lisps and assembly",
        code(Language::Shell),
        &[
            "lisp", "lsp", "cl", "el", "scm", "ss", "rkt", "clj", "cljs", "cljc", "edn", "asm", "s",
        ],
    )
    .modes(&["lisp", "emacs-lisp", "scheme", "racket", "clojure"])
    .comment(SEMICOLON),
    row("CSS", code(Language::Shell), &["css", "scss", "less"])
        .modes(&["css", "scss", "less"])
        .comment(BLOCK),
    row("plain text", Kind::Text, &["txt", "text"])
        .modes(&["plaintext", "text"])
        .comment(comment("", "")),
];

/// The base name of a path: what follows its last `/` or `\`.
fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// The suffixes of templates a tool fills in, looked through to the name
/// before them when it has an extension (`README.md.erb` is Markdown).
pub const TEMPLATE_SUFFIXES: &[&str] = &[
    ".erb",
    ".j2",
    ".jinja",
    ".jinja2",
    ".tpl",
    ".tmpl",
    ".template",
    ".in",
    ".liquid",
    ".mustache",
    ".hbs",
    ".dist",
    ".example",
    ".sample",
];

/// The file type of a path by its whole name, then by its extension (in
/// any case). `None` for a name neither tells.
pub fn by_name(path: &str) -> Option<&'static FileType> {
    let base = base_name(path);
    if let Some(found) = FILE_TYPES.iter().find(|t| t.file_names.contains(&base)) {
        return Some(found);
    }
    let extension = base
        .rsplit_once('.')
        .filter(|(stem, _)| !stem.is_empty())?
        .1;
    by_extension(&extension.to_ascii_lowercase())
}

/// The file type of an extension in lower case, without the dot.
pub fn by_extension(extension: &str) -> Option<&'static FileType> {
    FILE_TYPES
        .iter()
        .find(|t| t.extensions.contains(&extension))
}

/// The file type of the interpreter a `#!` line names, its version
/// ignored (`python3.11`, `perl5.36`).
pub fn by_interpreter(program: &str) -> Option<&'static FileType> {
    let name = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    FILE_TYPES.iter().find(|t| t.interpreters.contains(&name))
}

/// The file type of an Emacs or Vim mode, or an editor's languageId, in
/// any case.
pub fn by_mode(mode: &str) -> Option<&'static FileType> {
    let mode = mode.to_ascii_lowercase();
    FILE_TYPES.iter().find(|t| t.modes.contains(&mode.as_str()))
}

/// What a kind of file is read for, as docs/linter-files.md says it.
pub fn reading(kind: Kind) -> &'static str {
    match kind {
        Kind::Text => "the appendix of RFC 1738 (plain text)",
        Kind::Markdown => "Markdown's links, autolinks, definitions and prose",
        Kind::Html => "HTML's URL attributes",
        Kind::Code(Language::Shell) => "every word, quotes and expansions delimiting",
        Kind::Code(Language::Make) => {
            "every word, quotes and expansions delimiting, `%` a pattern's stem"
        }
        Kind::Code(Language::Yaml) => "every scalar, its quotes delimiting",
        Kind::Code(Language::Rtf) => "prose, its groups and control words delimiting",
        Kind::Code(Language::Json | Language::Toml) => "string values",
        Kind::Code(Language::Po) => "comments and translations",
        Kind::Code(Language::Ini | Language::Properties) => "comments and values",
        Kind::Code(_) => "comments and string literals",
        Kind::Roff => "the text as `man` shows it",
        Kind::ReStructuredText | Kind::AsciiDoc => "prose and link forms; literals are code",
        Kind::Texinfo => "the text as its reader shows it: `@@` read, commands' braces delimiting",
        Kind::Xml => "text and attribute values, character references decoded, CDATA as written",
    }
}

/// The table of docs/linter-files.md: a row a file type.
pub fn markdown_table() -> String {
    let mut table = String::from("| file type | names | what is read |\n| --- | --- | --- |\n");
    for file_type in FILE_TYPES {
        let mut names: Vec<String> = file_type
            .extensions
            .iter()
            .map(|extension| format!("`.{extension}`"))
            .collect();
        names.extend(file_type.file_names.iter().map(|name| format!("`{name}`")));
        names.extend(
            file_type
                .interpreters
                .iter()
                .map(|program| format!("`#!` {program}")),
        );
        table.push_str(&format!(
            "| {} | {} | {} |\n",
            file_type.name.replace('|', "\\|"),
            names.join(", "),
            reading(file_type.kind)
        ));
    }
    table
}

/// The file types read by a reader of their own, for the help text: their
/// names, in the table's order.
pub fn read_by_a_reader() -> Vec<&'static str> {
    FILE_TYPES
        .iter()
        .filter(|t| t.kind != Kind::Text)
        .map(|t| t.name)
        .collect()
}

#[cfg(test)]
mod tests;
