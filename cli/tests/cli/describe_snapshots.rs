//! `rfc1738 describe` on the examples of section 3 of RFC 1738, for people:
//! one reviewed snapshot each, in `cli/tests/snapshots/`.

use std::process::Command;

/// A name for the snapshot, and the URL: the examples RFC 1738 gives in
/// section 3, and one URL for each scheme it gives none for.
const EXAMPLES: &[(&str, &str)] = &[
    ("3_1_empty_user", "ftp://@host.com/"),
    ("3_1_no_user", "ftp://host.com/"),
    ("3_1_empty_password", "ftp://foo:@host.com/"),
    ("3_2_2_root_etc_motd", "ftp://myname@host.dom/%2Fetc/motd"),
    ("3_2_2_etc_motd", "ftp://myname@host.dom/etc/motd"),
    ("3_2_2_null_cwd_etc_motd", "ftp://myname@host.dom//etc/motd"),
    ("3_2_3_typecode_d", "ftp://ftp.isi.edu/in-notes/;type=d"),
    (
        "3_3_http",
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
    ),
    ("3_4_1_gopher_top", "gopher://gopher.micro.umn.edu"),
    ("3_4_2_gopher_search", "gopher://h.org/7search%09rfc%201738"),
    (
        "3_4_7_gopher_attributes",
        "gopher://h.org/0x%09%09!+ABSTRACT%20+SMELL",
    ),
    (
        "3_4_8_gopher_view",
        "gopher://h.org/0doc%09%09+application/postscript%20Es_ES",
    ),
    (
        "3_4_9_gopher_form",
        "gopher://h.org/1sel%09%09+%091%0D%0A+-1%0D%0Aone%0D%0Atwo%0D%0A.%0D%0A",
    ),
    ("3_5_mailto", "mailto:user%25relay@host.example"),
    ("3_6_news_group", "news:comp.infosystems.www.misc"),
    ("3_6_news_all", "news:*"),
    (
        "3_7_nntp",
        "nntp://news.example.com/comp.infosystems.www.misc/42",
    ),
    ("3_8_telnet", "telnet://guest:visitor@host.example:2323/"),
    (
        "3_9_wais_index",
        "wais://quake.think.com/wais-discussion-archives?lynch",
    ),
    ("3_9_wais_doc", "wais://h.com/db/TEXT/0%2012%FF"),
    (
        "3_10_file",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
    ),
    (
        "3_11_prospero",
        "prospero://host.dom//pros/name;OBJECT-VERSION=3",
    ),
];

#[test]
fn section_3_examples() {
    for (name, url) in EXAMPLES {
        let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .args(["describe", url])
            .output()
            .unwrap();
        assert!(output.status.success(), "{url}");
        let text = String::from_utf8(output.stdout).unwrap();
        // The snapshots kept their names and folder when this file became
        // a module of the one test binary.
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../snapshots");
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| insta::assert_snapshot!(format!("describe_snapshots__{name}"), text));
    }
}
