//! The languages whose syntax is declared, each on a snippet written as
//! its projects write it.

use super::*;

#[test]
fn powershell_backticks_interpolation_and_here_strings() {
    let source = "# See https://learn.microsoft.com/powershell/\n<# .LINK\n  https://github.com/PowerShell/PowerShell\n#>\n\
        $uri = \"https://api.github.com/repos/$owner/$($repo.Name)/releases\"\n\
        $q = \"https://example.com/path`?x=1\"\n$s = 'https://example.com/it''s'\n\
        $h = @\"\nhttps://example.org/$user/page\n\"@\n";
    assert_eq!(
        texts(source, Language::PowerShell),
        [
            "https://learn.microsoft.com/powershell/",
            "https://github.com/PowerShell/PowerShell",
            "https://api.github.com/repos/${x}/${x}/releases",
            "https://example.com/path?x=1",
            "https://example.com/it's",
            "https://example.org/${x}/page",
        ]
    );
}

#[test]
fn lua_long_brackets() {
    let source =
        "-- https://www.lua.org/manual/5.4/\n--[==[ long\n https://example.com/long ]==]\n\
        local u = \"https://example.com/\" .. name\nlocal w = [[https://example.net/a]]\n\
        local x = [==[http://example.com/]]==]\nlocal d = \"http://a.b/\\126x\"\n";
    assert_eq!(
        texts(source, Language::Lua),
        [
            "https://www.lua.org/manual/5.4/",
            "https://example.com/long",
            // Joined to a name: what the program appends stands in its place.
            "https://example.com/${x}",
            "https://example.net/a",
            "http://example.com/",
            "http://a.b/~x",
        ]
    );
}

#[test]
fn sql_doubles_its_quotes() {
    let source = "-- https://www.postgresql.org/docs/\n/* https://example.com/b */\n\
        INSERT INTO links VALUES ('https://example.com/it''s', 'http://a.b/c');\n";
    assert_eq!(
        texts(source, Language::Sql),
        [
            "https://www.postgresql.org/docs/",
            "https://example.com/b",
            "https://example.com/it's",
            "http://a.b/c",
        ]
    );
}

#[test]
fn elixir_erlang_haskell() {
    let elixir =
        "# https://hexdocs.pm/elixir/\n@moduledoc \"\"\"\nSee https://example.com/docs\n\"\"\"\n\
        def url(id), do: \"https://api.example.com/#{id}/items\"\n@re ~r/https?:\\/\\/x\\.com/\n\
        c = ?\"; valid?(\"https://a.b/\") and ~s(http://c.d/#{e})\n";
    assert_eq!(
        texts(elixir, Language::Elixir),
        [
            "https://hexdocs.pm/elixir/",
            "https://example.com/docs",
            "https://api.example.com/${x}/items",
            "https://a.b/",
            "http://c.d/${x}",
        ]
    );
    let erlang = "%% https://www.erlang.org/doc/\nQ = $\", U = \"http://example.com/~user\".\n";
    assert_eq!(
        texts(erlang, Language::Erlang),
        ["https://www.erlang.org/doc/", "http://example.com/~user"]
    );
    let haskell = "-- | See <https://hackage.haskell.org/package/base the docs>\n\
        {- {- nested -} https://example.com/block -}\nc = '\"'; f' = \"https://example.com/a\\&b\"\n\
        q = [r|http://example.org/raw|]\nxs = [x|x <- ys]\n";
    assert_eq!(
        texts(haskell, Language::Haskell),
        [
            "https://hackage.haskell.org/package/base",
            "https://example.com/block",
            "https://example.com/ab",
            "http://example.org/raw",
        ]
    );
}

#[test]
fn r_julia_swift_dart_groovy() {
    let r = "# https://cran.r-project.org/\nu <- 'https://a.b/c'\nv <- r\"(http://x.y/\\m)\"\n";
    assert_eq!(
        texts(r, Language::R),
        [
            "https://cran.r-project.org/",
            "https://a.b/c",
            r"http://x.y/\m"
        ]
    );
    let julia =
        "#= https://example.com/block =#\nc = '\"'\nu = \"https://example.com/$user/$(repo)\"\n\
        x = \"cost \\$5 at http://example.org/\"\n";
    assert_eq!(
        texts(julia, Language::Julia),
        [
            "https://example.com/block",
            "https://example.com/${x}/${x}",
            "http://example.org/",
        ]
    );
    let swift = "let u = \"https://example.com/\\(user)/repos\"\nlet r = #\"https://a.b/\\m\"#\n";
    assert_eq!(
        texts(swift, Language::Swift),
        ["https://example.com/${x}/repos", r"https://a.b/\m"]
    );
    let dart = "const url = 'https://pub.dev/packages/$name';\nfinal r = r'https://a.b/$c';\n";
    assert_eq!(
        texts(dart, Language::Dart),
        ["https://pub.dev/packages/${x}", "https://a.b/${x}"]
    );
    let groovy = "maven { url 'https://plugins.gradle.org/m2/' }\ndef u = \"https://x.y/${v}/\"\n";
    assert_eq!(
        texts(groovy, Language::Groovy),
        ["https://plugins.gradle.org/m2/", "https://x.y/${x}/"]
    );
}

#[test]
fn keys_and_values() {
    let ini =
        "; https://example.com/ini\n[remote \"origin\"]\nurl = https://github.com/foo/bar.git\n";
    let found = read(ini, Language::Ini);
    assert_eq!(found[1].0, "https://github.com/foo/bar.git");
    assert_eq!(found[1].2, Applicability::Unsafe, "a value is data");
    // sqlalchemy's tox.ini: `\#` writes the `#` that would open a comment;
    // a backslash before anything else stays in the URL.
    let tox = "[testenv]\ndeps = git+https://github.com/a/b.git\\#egg=b\nother = http://a.b/c\\y\n";
    let found = read(tox, Language::Ini);
    assert_eq!(found[0].0, "git+https://github.com/a/b.git#egg=b");
    assert_eq!(found[0].1, "git+https://github.com/a/b.git\\#egg=b");
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[1].0, "http://a.b/c\\y");
    let properties = "# https://example.com/props\nurl=http\\://example.com/path\n\
        long = https://example.com/a/\\\n       b/c\n";
    assert_eq!(
        texts(properties, Language::Properties),
        [
            "https://example.com/props",
            "http://example.com/path",
            "https://example.com/a/b/c",
        ]
    );
}

/// 64 KB of what opens a piece and never closes it, in
/// each declared language: read in well under a second when linear.
#[test]
fn hostile_inputs_stay_linear() {
    let languages = [
        Language::PowerShell,
        Language::Lua,
        Language::Sql,
        Language::Elixir,
        Language::Erlang,
        Language::Haskell,
        Language::R,
        Language::Julia,
        Language::Swift,
        Language::Dart,
        Language::Groovy,
        Language::Hcl,
        Language::OCaml,
        Language::FSharp,
        Language::Basic,
        Language::Fortran,
        Language::Zig,
        Language::Solidity,
        Language::ProtoText,
        Language::Ini,
        Language::Properties,
    ];
    let pieces = [
        "[[",
        "--[[",
        "[=[",
        "{-",
        "[a|",
        "#=",
        "(*",
        "~s(",
        "r\"(",
        "#\"",
        "\"",
        "'",
        "\\\n",
        "$(",
        "\\(",
        "<#",
        "@\"",
        "a=\\",
        "<https://a ",
    ];
    for piece in pieces {
        let text = format!("\"http://a/\n{}", piece.repeat(64 * 1024 / piece.len()));
        for language in languages {
            let started = std::time::Instant::now();
            for found in urls(&text, language, true) {
                let span = found.url.span_with_fragment();
                assert!(span.end <= text.len(), "{piece:?} {language:?}");
            }
            assert!(
                started.elapsed().as_secs() < 5,
                "{piece:?} {language:?}: {:?}",
                started.elapsed()
            );
        }
    }
}

#[test]
fn haddock_examples_and_links() {
    let source = "-- >>> [uri|http://www.google.com/|]\n-- <http://www.ietf.org/rfc/rfc3986.txt IETF RFC 3986>\n";
    assert_eq!(
        texts(source, Language::Haskell),
        [
            "http://www.google.com/",
            "http://www.ietf.org/rfc/rfc3986.txt"
        ]
    );
    let julia = "t(\"http://host%name/fo\")\n";
    assert_eq!(texts(julia, Language::Julia), ["http://host%name/fo"]);
}
