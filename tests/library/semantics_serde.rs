//! The JSON form of the semantic values (feature `serde`).
#![cfg(feature = "serde")]

use rfc1738::{parse, Url};
use serde_json::{json, to_value};

#[test]
fn decoded_values_are_strings_or_octets() {
    let Ok(Url::Ftp(url)) = parse("ftp://h.com/a%20b/%FF") else {
        panic!()
    };
    assert_eq!(to_value(url.cwds()).unwrap(), json!(["a b"]));
    assert_eq!(to_value(url.name()).unwrap(), json!([255]));
}

#[test]
fn ftp_commands() {
    let Ok(Url::Ftp(url)) = parse("ftp://myname@host.dom/%2Fetc/motd;type=i") else {
        panic!()
    };
    assert_eq!(
        to_value(url.commands()).unwrap(),
        json!([
            {"command": "USER", "argument": "myname"},
            {"command": "PASS", "argument": null},
            {"command": "CWD", "argument": "/etc"},
            {"command": "TYPE", "argument": "I"},
            {"command": "RETR", "argument": "motd"},
        ])
    );
}

#[test]
fn gopher_plus_forms() {
    let form = |text: &str| {
        let Ok(Url::Gopher(url)) = parse(text) else {
            panic!("{text}")
        };
        to_value(url.gopher_plus()).unwrap()
    };
    assert_eq!(
        form("gopher://h.org/1x%09%09+"),
        json!({"form": "default_view"})
    );
    assert_eq!(
        form("gopher://h.org/1x%09%09?"),
        json!({"form": "ask_form"})
    );
    assert_eq!(
        form("gopher://h.org/1x%09%09$+ABSTRACT"),
        json!({"form": "attributes", "scope": "directory", "names": ["+ABSTRACT"]})
    );
    assert_eq!(
        form("gopher://h.org/1x%09%09+text/plain%20En_US"),
        json!({"form": "alternate_view", "view": "text/plain", "language": "En_US"})
    );
    assert_eq!(form("gopher://h.org/1x"), json!(null));
    // Regression: a newtype variant holding a string or octets could not
    // be serialized with the "form" tag.
    assert_eq!(
        form("gopher://h.org/1x%09%09abc"),
        json!({"form": "other", "string": "abc"})
    );
    assert_eq!(
        form("gopher://h.org/1x%09%09%FF"),
        json!({"form": "other", "string": [255]})
    );
}

#[test]
fn news_targets_and_prospero_fields() {
    let Ok(Url::News(url)) = parse("news:a%40b@c.d") else {
        panic!()
    };
    assert_eq!(
        to_value(url.target()).unwrap(),
        json!({"kind": "article", "message_id": "a@b@c.d"})
    );
    let Ok(Url::News(url)) = parse("news:alt.test") else {
        panic!()
    };
    assert_eq!(
        to_value(url.target()).unwrap(),
        json!({"kind": "group", "name": "alt.test"})
    );
    let Ok(Url::News(url)) = parse("news:*") else {
        panic!()
    };
    assert_eq!(
        to_value(url.target()).unwrap(),
        json!({"kind": "all_groups"})
    );
    let Ok(Url::Prospero(url)) = parse("prospero://h.com/x;V=3") else {
        panic!()
    };
    assert_eq!(
        to_value(url.fields()).unwrap(),
        json!([{"name": "V", "value": "3"}])
    );
}

#[test]
fn the_tree_serializes() {
    let url = parse("ftp://h.com/x").unwrap();
    let value = to_value(url).unwrap();
    assert_eq!(
        value["Ftp"]["login"]["hostport"]["host"]["Hostname"]["text"],
        "h.com"
    );
    // Each node has its text and span as two fields of its own, whichever
    // way it keeps them.
    assert_eq!(
        value["Ftp"]["fpath"],
        serde_json::json!({"text": "x", "span": {"start": 12, "end": 13}})
    );
}
