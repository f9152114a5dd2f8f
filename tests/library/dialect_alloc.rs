//! `dialect::check` allocates nothing when the string matches: a counting
//! global allocator (this test binary's own) watches it on strings generated
//! from every production of every draft, in both modes.

use crate::counting_alloc;
use crate::draft_oracle;

use crate::draft_oracle::{Oracles, Rng};
use rfc1738::dialect::{self, Dialect};
use rfc1738::Options;

#[test]
fn an_accepted_string_costs_no_allocation() {
    let oracles = Oracles::load();
    let mut rng = Rng::new(0xa110c);
    let drafts = [
        (Dialect::DraftJul93, draft_oracle::Dialect::Jul93),
        (Dialect::DraftOct93, draft_oracle::Dialect::Oct93),
        (Dialect::Draft03, draft_oracle::Dialect::Draft03),
    ];
    let mut checked = 0;
    for (dialect, theirs) in drafts {
        for production in dialect.productions() {
            for strict in [true, false] {
                let options = Options::default().with_strict(strict);
                let strings: Vec<String> = (0..20)
                    .map(|_| oracles.generate(theirs, production, &mut rng, !strict))
                    .collect();
                for text in &strings {
                    let mut accepted = false;
                    let made = counting_alloc::allocations(|| {
                        accepted = dialect::check(dialect, production, text, options).is_ok();
                    });
                    assert!(accepted, "{dialect} {production} {text:?}");
                    assert_eq!(made, 0, "{dialect} {production} {text:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 6000);
}
