//! `rfc1738 grammar --dialect NAME` prints the revision's grammar file.

use std::process::Command;

fn grammar(args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .arg("grammar")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

fn file(name: &str) -> String {
    let path = format!("{}/../grammar/{name}.bnf", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn each_revision_prints_its_grammar_file() {
    for name in ["draft-jul93", "draft-oct93", "draft-03", "rfc1738"] {
        let (code, text) = grammar(&["--dialect", name]);
        assert_eq!(code, Some(0), "{name}");
        assert_eq!(text, file(name), "{name}");
    }
}

#[test]
fn the_default_is_rfc1738() {
    assert_eq!(grammar(&[]), (Some(0), file("rfc1738")));
}

#[test]
fn diff_grammar_from_july_to_october_1993() {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["diff-grammar", "draft-jul93", "draft-oct93"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "\
- fileaddress  f t p : / / host / path
- variant  { | } | | | | | [ | ] | \\ | ^ | ~
+ uri  url
+ ftpaddress  f t p : / / login / path
+ nntpaddress  n n t p : group / digits
+ mailtoaddress  m a i l t o : xalphas @ hostname
+ login  [ user [ : password ] @ ] hostport
+ password  xalphas
+ national  { | } | vline | [ | ] | \\ | ^ | ~
~ fragmentaddress
    draft-jul93  url [ # fragmentid ]
    draft-oct93  uri [ # fragmentid ]
~ url
    draft-jul93  generic | httpaddress | fileaddress | newsaddress | prosperoaddress | telnetaddress | gopheraddress | waisaddress | afsaddress
    draft-oct93  generic | httpaddress | ftpaddress | newsaddress | nntpaddress | prosperoaddress | telnetaddress | gopheraddress | waisaddress | mailtoaddress
~ waisdoc
    draft-jul93  w a i s : / / hostport / database / wtype / digits / path
    draft-oct93  w a i s : / / hostport / database / wtype / path
~ telnetaddress
    draft-jul93  t e l n e t : / / [ user @ ] hostport
    draft-oct93  t e l n e t : / / login
draft-jul93 -> draft-oct93: 2 removed, 7 added, 4 changed, 47 unchanged
"
    );
}
