use super::*;

/// The URLs of a source text: as read, and where each is written.
fn read(text: &str, language: Language) -> Vec<(String, String, Applicability)> {
    urls(text, language, false)
        .into_iter()
        .map(|extracted| {
            let url = extracted.url;
            let mut read = url.text.clone();
            if let Some(fragment) = &url.fragment {
                read = format!("{read}#{}", fragment.text);
            }
            (
                read,
                text[url.span_with_fragment().range()].to_owned(),
                extracted.fix,
            )
        })
        .collect()
}

fn texts(text: &str, language: Language) -> Vec<String> {
    read(text, language)
        .into_iter()
        .map(|(read, _, _)| read)
        .collect()
}

#[test]
fn escapes_are_decoded_and_mapped_back() {
    let source = r#"let a = "http://a.b/\x7euser\n"; let b = 'http://c.d/\\@e.f';"#;
    let found = read(source, Language::JavaScript);
    assert_eq!(found[0].0, "http://a.b/~user");
    assert_eq!(found[0].1, r"http://a.b/\x7euser");
    assert_eq!(found[1].0, r"http://c.d/\@e.f");
    assert_eq!(found[1].1, r"http://c.d/\\@e.f");
    let java = r#"String u = "http://a.b/?q\u003dx";"#;
    assert_eq!(texts(java, Language::Java), ["http://a.b/?q=x"]);
}

#[test]
fn code_outside_comments_and_strings_is_not_read() {
    let source = "x = http://not.a/url; // see http://a.b/c.\n/* and <http://d.e/> */";
    assert_eq!(texts(source, Language::C), ["http://a.b/c", "http://d.e/"]);
}

#[test]
fn interpolation_is_a_placeholder() {
    let escaped = r#"url "https://brew.sh/foo-\#{arch}.dmg""#;
    assert_eq!(
        texts(escaped, Language::Ruby),
        ["https://brew.sh/foo-${x}.dmg"]
    );
    let ruby = r#"url = "https://github.com/#{user}/#{repo}#readme""#;
    let found = read(ruby, Language::Ruby);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "https://github.com/${x}/${x}#readme");
    assert_eq!(found[0].1, "https://github.com/#{user}/#{repo}#readme");
    assert_eq!(
        found[0].2,
        Applicability::Never,
        "a template is never fixed"
    );
    let js = "fetch(`https://api.x.com/${id}/items`)";
    assert_eq!(
        texts(js, Language::JavaScript),
        ["https://api.x.com/${x}/items"]
    );
    let python = "f'https://x.com/{user}/{{literal}}'";
    assert_eq!(
        texts(python, Language::Python),
        ["https://x.com/${x}/{literal}"]
    );
    let c = r#"printf("file://%s\\", path); snprintf(b, n, "http://%.*s:%p/", 3, h, p);"#;
    assert_eq!(
        texts(c, Language::C),
        [r"file://${x}\", "http://${x}:${x}/"]
    );
    let rust = r#"format!("file://{host}{path}")"#;
    assert_eq!(texts(rust, Language::Rust), ["file://${x}${x}"]);
}

#[test]
fn patterns_and_regular_expressions_hold_no_url() {
    let ruby = r#"a = %r{\Ahttps://github\.com/}; b = /https:\/\/x\.y/; c = "https://ok.com/""#;
    assert_eq!(texts(ruby, Language::Ruby), ["https://ok.com/"]);
    let python = r#"re.compile(r"^https://github\.com/([^/]+)$")"#;
    assert!(texts(python, Language::Python).is_empty());
    let js = r#"const r = /^https?:\/\/[^/]+/i; const u = 'https://a.b/';"#;
    assert_eq!(texts(js, Language::JavaScript), ["https://a.b/"]);
    // PHP's patterns open with a delimiter (composer's Filesystem.php).
    let php = r#"<?php $p = Preg::replace('{^file://}i', '', $path); $u = 'file:///x';"#;
    assert_eq!(texts(php, Language::Php), ["file:///x"]);
}

#[test]
fn a_comment_is_prose_and_its_code_spans_are_code() {
    let ruby = "# Download `https://example.com/foo.tar.gz` or see 'https://a.b/c'.\nx = 1";
    assert_eq!(texts(ruby, Language::Ruby), ["https://a.b/c"]);
    let with_code: Vec<_> = urls(ruby, Language::Ruby, true)
        .into_iter()
        .map(|e| (e.url.text, e.fix == Applicability::Safe))
        .collect();
    assert_eq!(
        with_code,
        [
            ("https://example.com/foo.tar.gz".to_owned(), false),
            ("https://a.b/c".to_owned(), true)
        ]
    );
}

#[test]
fn comments_hold_code_and_documentation_links() {
    let ruby = "# url \"https://u.c/#{version}/x\"\n# {https://github.com/a/b#c}\n# {https://d.e/f text}\n";
    assert_eq!(
        texts(ruby, Language::Ruby),
        [
            "https://u.c/${version}/x",
            "https://github.com/a/b#c",
            "https://d.e/f"
        ]
    );
    let js = "/** See {@link https://a.b/c} and https://d.e/{id}. */";
    assert_eq!(
        texts(js, Language::JavaScript),
        ["https://a.b/c", "https://d.e/{id}"]
    );
}

/// acme.sh's deploy/docker.sh: a shell expands a name right after a
/// letter, which the scanner alone reads as VMS's `disk$user`.
#[test]
fn a_shell_expands_a_name_right_after_a_letter() {
    let shell = "_cux_url=\"http://localhost$_endpoint\"\nU=http://h/$DIR/x$V1/y\n";
    assert_eq!(
        texts(shell, Language::Shell),
        ["http://localhost", "http://h/$DIR/x"]
    );
}

#[test]
fn shell_expansions_and_regular_expressions() {
    let shell = "R=\"${URL#https://github.com/}\"\n[[ \"$U\" =~ https://([[:alnum:]]+)@x.com/ ]]\nD=${D:-https://a.b/c}\n";
    assert_eq!(
        texts(shell, Language::Shell),
        ["https://github.com/", "https://a.b/c"]
    );
}

/// ansible-lint's test of a Jinja expression over a folded scalar's lines.
#[test]
fn a_jinja_expression_folded_over_yaml_lines_is_a_placeholder() {
    let yaml = "cases:\n  case1: >-\n    http://foo.com/{{\n      case1 }}\n  case2: >-\n    http://bar.com/{{\n    case2 }}/x\n";
    assert_eq!(
        texts(yaml, Language::Yaml),
        // Read folded, as YAML reads the scalar.
        [
            "http://foo.com/{{       case1 }}",
            "http://bar.com/{{     case2 }}/x"
        ]
    );
}

/// hugo's tests' expected output and undici's log line: a `|` separates a
/// string's fields; a value that is the URL keeps it, and so does a query.
#[test]
fn a_bar_separates_the_fields_of_a_strings_value() {
    let go = concat!(
        "a := \"List|Hello|https://example.com/a/|\"\n",
        "b := `T1: https://e.com/h.txt|/h.txt|text/plain`\n",
        "c := \"http://bar.com/bad|uri\"\n",
        "d := \"fonts: https://f.example/css?family=Roboto|Lato\"\n",
    );
    assert_eq!(
        texts(go, Language::Go),
        [
            "https://example.com/a/",
            "https://e.com/h.txt",
            "http://bar.com/bad|uri",
            "https://f.example/css?family=Roboto|Lato"
        ]
    );
}

/// ohmyzsh's scripts: a pattern's alternatives, an expansion nested in
/// another, zsh's flags and prompt escapes are the shell's, not a URL's.
#[test]
fn zsh_patterns_flags_and_prompt_escapes_are_no_part_of_a_url() {
    let zsh = concat!(
        "case $remote_url in\n",
        "  https://github.com/ohmyzsh/ohmyzsh(|.git)) found=1 ;;\n",
        "esac\n",
        "repo=${${remote_url#https://github.com/}%.git}\n",
        "url=\"${(j://:)${(s:/:)urls[$1]}[1,2]}\"\n",
        "local repo=\"${${@[(r)(ssh://*|git://*|ftp(s)#://*|http(s)#://*|*@*)(.git/#)#]}:-$_}\"\n",
        "PROMPT='%{$fg[white]%}git://%{$fg_bold[white]%}'\n",
        "curl https://a.b/c|grep x\n",
        "find . -name '*.md' | xargs -I {} curl -T {} https://d.e/{} ${}\n",
    );
    assert_eq!(
        texts(zsh, Language::Shell),
        [
            "https://github.com/ohmyzsh/ohmyzsh",
            "https://github.com/",
            "ssh://*",
            "git://*",
            "https://a.b/c",
            // xargs's `{}`, read as the placeholder `$_`.
            "https://d.e/$_"
        ]
    );
}

/// erlang.mk's line (ninenines/cowboy): Make's `%` is the stem a pattern
/// matched, where a shell's `%` is a character of the URL.
#[test]
fn a_makefile_pattern_stem_ends_the_url() {
    let make =
        "query_repo_git = $(patsubst git://github.com/%,https://github.com/%,$(call q,$1))\n\
                %.html: %.md\n\tcurl -o $@ https://a.b/x%41y/%\n";
    assert_eq!(
        texts(make, Language::Make),
        [
            "git://github.com/",
            "https://github.com/",
            "https://a.b/x%41y/"
        ]
    );
    let shell = "curl https://a.b/100%\n";
    assert_eq!(texts(shell, Language::Shell), ["https://a.b/100%"]);
}

/// req's `@moduledoc ~S"""` (wojtekmach/req, lib/req.ex): a sigil read
/// as written holds an example's string, whose `\"` escapes its quote; so
/// does a string holding JSON, once its own escapes are decoded.
#[test]
fn a_backslash_before_a_quote_in_a_string_escapes_it() {
    let elixir = "@moduledoc ~S\"\"\"\n    {:ok, [data: \"{\\\"url\\\": \\\"http://httpbingo.org/stream/2\\\", ...}\"]}\n\"\"\"\n";
    assert_eq!(
        texts(elixir, Language::Elixir),
        ["http://httpbingo.org/stream/2"]
    );
    let python = "body = \"{\\\\\\\"url\\\\\\\": \\\\\\\"http://a.b/c\\\\\\\"}\"\n";
    assert_eq!(texts(python, Language::Python), ["http://a.b/c"]);
}

/// httr2's man/resp_link_url.Rd: Rd writes `%` as `\%` (a `%` alone
/// starts a comment), as TeX does; the URL is read with the `%` it means,
/// found where it is written, and not fixed.
#[test]
fn a_control_symbol_writes_its_character() {
    let rd = "\\examples{\n'<https://api.github.com/search/code?q=addClass+user\\%3Amozilla&page=2>; rel=\"next\"'\n}\n% see http://a.b/c\\_d\n";
    let found = read(rd, Language::Rtf);
    assert_eq!(
        found
            .iter()
            .map(|(read, written, fix)| (read.as_str(), written.as_str(), *fix))
            .collect::<Vec<_>>(),
        [
            (
                "https://api.github.com/search/code?q=addClass+user%3Amozilla&page=2",
                "https://api.github.com/search/code?q=addClass+user\\%3Amozilla&page=2",
                Applicability::Never
            ),
            ("http://a.b/c_d", "http://a.b/c\\_d", Applicability::Never),
        ]
    );
}

/// undici's web platform tests' expectations: a JSON message inside a
/// JSON string, whose newline reads `\\n` once the outer string's
/// escapes are read; the URL ends before it. A backslash before another
/// letter is still the URL's.
#[test]
fn another_strings_escape_ends_the_url() {
    let json = "{\"message\": \"{\\\"error\\\": \\\"loading http://web-platform.test:8000/echo.py:\\\\n  Traceback\\\"}\", \"b\": \"http://a.b/c\\\\m\"}";
    assert_eq!(
        texts(json, Language::Json),
        ["http://web-platform.test:8000/echo.py", "http://a.b/c\\m"]
    );
}

#[test]
fn only_a_string_that_is_the_url_is_fixed() {
    let python = "a = 'http://x.y/~u'\nb = 'see http://x.y/~v'\nc = 'http://x.y/~w' % d\n";
    let fixable: Vec<Applicability> = read(python, Language::Python)
        .into_iter()
        .map(|f| f.2)
        .collect();
    // The literal is a program's: its fix is applied only when asked.
    assert_eq!(
        fixable,
        [
            Applicability::Unsafe,
            Applicability::Never,
            Applicability::Never
        ]
    );
}

#[test]
fn perl_is_read_as_perl() {
    // From Mojolicious, LWP and Test::Nginx: escapes, interpolation,
    // quote-like operators, patterns, POD and data.
    let perl = concat!(
        "my $u = \"ftp://user\\@host.example/path\";\n",
        "my $t = $ua->get(\"http://127.0.0.1:$port/hello\");\n",
        "like $x, qr,^http://www\\.perl\\.(org|co)\\.uk/,;\n",
        "$url = URI->new('news:comp.lang.perl.misc')->crack;\n",
        "my %h = (a => q{http://a.example/b}, q => 1);\n",
        "\n=head1 SEE\n\nL<http://d.example/e>\n\n  my $c = {listen => ['http://*:80']};\n\n=cut\n",
        "__DATA__\n--- config\n    proxy_pass http://127.0.0.1:$server_port/x;\n",
        "--- error_log eval\nqr{upstream: \"http://0\\.0\\.0\\.1:80/t\"}\n",
    );
    assert_eq!(
        texts(perl, Language::Perl),
        [
            "ftp://user@host.example/path",
            "http://127.0.0.1:${x}/hello",
            "news:comp.lang.perl.misc",
            "http://a.example/b",
            "http://d.example/e",
            "http://*:80",
            "http://127.0.0.1:$server_port/x",
        ]
    );
    assert_eq!(Language::of_name("lib/Mojo/URL.pm"), Some(Language::Perl));
    assert_eq!(Language::of_interpreter("perl5.36"), Some(Language::Perl));
    // `\x{7e}` is Perl's way to write `~`.
    let tilde = "my $h = \"http://a.example/\\x{7e}u/\";\n";
    assert_eq!(texts(tilde, Language::Perl), ["http://a.example/~u/"]);
    // A substitution's replacement opened by a character beyond ASCII is
    // none, and the lexer stays on a character's boundary (a fuzzer's
    // input, which panicked).
    let wide = "\\s{a/copyas.html}㊦㊦㊦{b}, \\url{http://example.com/x}}\n";
    let _ = texts(wide, Language::Perl);
    let wide = "s{a}㊦b㊦; $u = 'http://c.example/';\n";
    assert_eq!(texts(wide, Language::Perl), ["http://c.example/"]);
}

#[test]
fn heredocs_and_percent_literals() {
    let ruby = "x = <<~EOS\n  see https://a.b/#{c}\nEOS\ny = %w[http://d.e/ f]\nz = a % b\n";
    assert_eq!(
        texts(ruby, Language::Ruby),
        ["https://a.b/${x}", "http://d.e/"]
    );
    // Homebrew's tests: a cask's Ruby code in a heredoc that does not
    // interpolate; its `#{version}` is the code's interpolation, not the
    // start of a fragment.
    let cask = "expect_offense <<~'CASK'\n  url \"https://a.b/foo-#{version}-#{Hardware::CPU.arch}.zip\"\nCASK\n";
    assert_eq!(
        texts(cask, Language::Ruby),
        ["https://a.b/foo-${x}-${x}.zip"]
    );
    let php = "<?php\n$a = <<<EOT\nhttp://a.b/$name/x\nEOT;\n$b = 'http://c.d/$e';\n";
    // A single-quoted `$e` is not interpolated, but is a template's
    // placeholder all the same (as `$version` in a manifest's data).
    assert_eq!(
        texts(php, Language::Php),
        ["http://a.b/${x}/x", "http://c.d/${x}"]
    );
}

#[test]
fn raw_strings_keep_their_backslashes() {
    let rust =
        r###"let a = r#"http://a.b/\d"#; let b = 'x'; let c: &'static str = "http://c.d/";"###;
    assert_eq!(texts(rust, Language::Rust), ["http://c.d/"]);
    let go = "s := `http://a.b/c` + \"http://d.e/\\x41\"";
    assert_eq!(texts(go, Language::Go), ["http://a.b/c", "http://d.e/A"]);
    let cpp = r#"auto s = R"x(http://a.b/"q")x";"#;
    assert_eq!(texts(cpp, Language::C), ["http://a.b/"]);
}

#[test]
fn shell_and_yaml_read_words_with_quotes_delimiting() {
    let printf = "printf \"see: https://a.b/c\\\\n\"\n";
    assert_eq!(
        read(printf, Language::Shell),
        [(
            "https://a.b/c".to_owned(),
            "https://a.b/c".to_owned(),
            Applicability::Never
        )]
    );
    let rtf =
        "{\\field{\\*\\fldinst{HYPERLINK \"https://a.b/\"}}{\\fldrslt \\ul https://a.b/}}\\ul";
    assert_eq!(texts(rtf, Language::Rtf), ["https://a.b/", "https://a.b/"]);
    let shell = "curl -fsSL 'https://a.b/install.sh' | sh # from https://c.d/\n";
    assert_eq!(
        texts(shell, Language::Shell),
        ["https://a.b/install.sh", "https://c.d/"]
    );
    let yaml = "homepage: \"https://a.b/\"\nurl: https://c.d/e\n";
    assert_eq!(
        texts(yaml, Language::Yaml),
        ["https://a.b/", "https://c.d/e"]
    );
}

/// Inputs of deep repetition, 64 KB each, in every language: every
/// URL's span lies in the text (and each reading stays linear: a
/// quadratic one takes minutes here; the fuzz targets' hostile seeds
/// go to a megabyte).
#[test]
fn hostile_inputs_in_every_language() {
    let pieces = [
        "\"#{",
        "${",
        "/*",
        "'",
        "%q(",
        "<<~A\n",
        "r#\"",
        "`",
        "\\",
        "{",
        "%",
        "/",
        "=~ ",
        "{https:",
        "\"http://a/",
        "#",
        "'''",
        "\\x7e",
        "\\u{",
        "?",
        "(/",
        "f\"{",
    ];
    let languages = [
        Language::C,
        Language::Java,
        Language::Go,
        Language::Rust,
        Language::JavaScript,
        Language::Php,
        Language::Python,
        Language::Ruby,
        Language::Shell,
        Language::Json,
        Language::Toml,
        Language::Yaml,
        Language::Rtf,
    ];
    for piece in pieces {
        let text = piece.repeat(64 * 1024 / piece.len());
        for language in languages {
            for found in urls(&text, language, true) {
                let span = found.url.span_with_fragment();
                assert!(span.end <= text.len(), "{piece:?} {language:?}");
                assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
            }
        }
    }
}

#[test]
fn no_url_is_read_across_a_code_span_of_wider_characters() {
    let python = "# <URL:ftp://a/\u{c4}\u{c4}`\u{c4}\u{c4}`\u{c4}/c>\n";
    for found in urls(python, Language::Python, false) {
        let span = found.url.span_with_fragment();
        assert!(python.is_char_boundary(span.start) && python.is_char_boundary(span.end));
        assert!(!found.url.text.contains(' '), "{:?}", found.url.text);
    }
}

#[test]
fn catalogs_and_code_in_comments() {
    let po = "#~ msgid \"You are not allowed to goto \\\"mailto:\\\" URLs\"\nmsgstr \"see http://a.b/%s\"\n";
    assert_eq!(texts(po, Language::Po), ["http://a.b/${x}"]);
    let c = "/* \"LYNXDOWNLOAD://M=1/F=%s\\\">Save</a>\" */";
    assert_eq!(texts(c, Language::C), ["LYNXDOWNLOAD://M=1/F=%s"]);
    // vapor's commented-out tests: Swift's interpolation, as in its strings.
    let swift = "//   url: \"http://\\(ip):\\(port)/hello\",\n/* get(\"ws://h:\\(port)/echo\") */";
    assert_eq!(
        texts(swift, Language::Swift),
        ["http://$(ip):$(port)/hello", "ws://h:$(port)/echo"]
    );
    // Elsewhere `\(` is a backslash.
    assert_eq!(
        texts("// http://a.b/\\(c)", Language::C),
        ["http://a.b/\\(c)"]
    );
}

#[test]
fn languages_by_name() {
    assert_eq!(Language::of_name("lib/a.rb"), Some(Language::Ruby));
    assert_eq!(Language::of_name("Rakefile"), Some(Language::Ruby));
    assert_eq!(Language::of_name("x.TSX"), Some(Language::JavaScript));
    assert_eq!(Language::of_name("notes.txt"), None);
    assert_eq!(
        Language::of_interpreter("python3.11"),
        Some(Language::Python)
    );
    assert_eq!(Language::of_mode("Ruby"), Some(Language::Ruby));
}

#[test]
fn byte_escapes_that_spell_utf8_are_one_character() {
    // Go's test of a Japanese Wikipedia URL spells キャ in bytes: no
    // backslash is in the URL, whose bare reading ends at the first
    // character past ASCII, as in prose (the scanner's rule).
    let go = "u := \"http://ja.wikipedia.org/wiki/\\xe3\\x82\\xad\\xe3\\x83\\xa3\"\n";
    assert_eq!(texts(go, Language::Go), ["http://ja.wikipedia.org/wiki/"]);
    let decoded = urls(go, Language::Go, false);
    assert_eq!(decoded[0].url.span.end, go.find("\\xe3").unwrap());
    // In brackets, where a URL keeps what is past ASCII, the bytes are the
    // characters they spell (a fix encodes them as %E3%82%AD...).
    let bracketed = "u := \"<URL:http://a.example/\\xe3\\x82\\xad>\"\n";
    assert_eq!(
        texts(bracketed, Language::Go),
        ["http://a.example/\u{30ad}"]
    );
    let python = "u = '<URL:http://a.example/\\xe3\\x82\\xad>'\n";
    assert_eq!(
        texts(python, Language::Python),
        ["http://a.example/\u{e3}\u{82}\u{ad}"]
    );
    // Bytes that are no UTF-8 are the characters of their values; Python's
    // `\xe3` is the character U+00E3 either way.
    let c = "s = \"http://a.example/p\\xe9\";\n";
    assert_eq!(texts(c, Language::C), ["http://a.example/p"]);
}

mod catalogs;
mod declared;
mod escapes;
mod formats;

#[test]
fn a_string_joined_to_a_name_ends_in_a_placeholder() {
    let lua = r#"local u = "ftp://luasocket:password@" .. host"#;
    let found = read(lua, Language::Lua);
    assert_eq!(found[0].0, "ftp://luasocket:password@${x}");
    assert_eq!(found[0].1, r#"ftp://luasocket:password@" .. host"#);
    assert_eq!(found[0].2, Applicability::Never);
    let js = "u = \"http://a.b/?q=\" +\n    encode(x); v = \"http://c.d/\" + \"e\"; w = \"http://f.g/\" += 1";
    assert_eq!(
        texts(js, Language::JavaScript),
        ["http://a.b/?q=${x}", "http://c.d/", "http://f.g/"]
    );
    let php = r#"$u = "http://" . $host . "/x"; $v = "http://a.b/".PATH;"#;
    assert_eq!(
        texts(php, Language::Php),
        ["http://${x}", "http://a.b/${x}"]
    );
    // A dot after a Python string is a method's, not a join.
    assert_eq!(
        texts(r#"u = "http://a.b/c".strip()"#, Language::Python),
        ["http://a.b/c"]
    );
}

#[test]
fn erlang_format_directives_are_placeholders() {
    let erlang =
        r#"ct:print("report: file://~s~n", [R]), X = "http://a.b/~joe", Y = "http://a.b/~erlang"."#;
    assert_eq!(
        texts(erlang, Language::Erlang),
        ["file://${x}${x}", "http://a.b/~joe", "http://a.b/~erlang"]
    );
}
