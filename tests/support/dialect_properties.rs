//! The property of the fuzz target `dialects`, shared with
//! `tests/library/fuzz_regressions.rs`. Include it next to `draft_oracle.rs`, as a
//! sibling module named `draft_oracle`.
#![allow(dead_code)]

use std::sync::OnceLock;

use rfc1738::dialect::{self, Dialect, DialectError, Node};
use rfc1738::Options;

use super::draft_oracle::{self, Oracles};

fn oracles() -> &'static Oracles {
    static ORACLES: OnceLock<Oracles> = OnceLock::new();
    ORACLES.get_or_init(Oracles::load)
}

/// The three drafts, as the library and as the mechanical reader name them.
const DRAFTS: [(Dialect, draft_oracle::Dialect); 3] = [
    (Dialect::DraftJul93, draft_oracle::Dialect::Jul93),
    (Dialect::DraftOct93, draft_oracle::Dialect::Oct93),
    (Dialect::Draft03, draft_oracle::Dialect::Draft03),
];

/// Target `dialects`: for every production of every draft, in both modes,
/// `dialect::check` never panics and agrees with the mechanical reading of
/// the grammar file; an error lies inside the input; an accepted string's
/// tree spans it whole, and every node holds the text of its span, inside
/// its parent, after its previous sibling.
pub fn dialects(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (ours, theirs) in DRAFTS {
        for strict in [true, false] {
            let options = Options::default().with_strict(strict);
            for production in ours.productions() {
                let checked = dialect::check(ours, production, text, options);
                let expected = oracles().matches(theirs, production, text, strict);
                assert_eq!(
                    checked.is_ok(),
                    expected,
                    "{ours} {production} strict={strict} {text:?}: check says {checked:?}, \
                     the grammar file says {expected}"
                );
                match checked {
                    Ok(()) => {
                        let tree = dialect::tree(ours, production, text, options)
                            .expect("tree accepts what check accepts");
                        assert_eq!((tree.span.start, tree.span.end), (0, text.len()));
                        assert_eq!(tree.text, text);
                        nodes_nest(&tree, text);
                    }
                    Err(DialectError::Mismatch(mismatch)) => {
                        assert!(mismatch.offset() <= text.len(), "{mismatch}");
                    }
                    Err(other) => panic!("{ours} {production}: {other}"),
                }
            }
        }
    }
}

fn nodes_nest(node: &Node<'_>, text: &str) {
    assert_eq!(text.get(node.span.range()), Some(node.text), "{node}");
    let mut previous_end = node.span.start;
    for child in &node.children {
        assert!(
            previous_end <= child.span.start && child.span.end <= node.span.end,
            "{} is not inside {} after {previous_end}",
            child.name,
            node.name
        );
        previous_end = child.span.end;
        nodes_nest(child, text);
    }
}
