//! `dialect::check` allocates nothing when the string matches: a counting
//! global allocator (this test binary's own) watches it on strings generated
//! from every production of every draft, in both modes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

#[path = "support/draft_oracle.rs"]
mod draft_oracle;

use draft_oracle::{Oracles, Rng};
use rfc1738::dialect::{self, Dialect};
use rfc1738::Options;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every call is passed on to `System` unchanged; the counting
// touches only a thread-local `Cell`, which does not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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
                    let before = ALLOCATIONS.with(Cell::get);
                    let accepted = dialect::check(dialect, production, text, options).is_ok();
                    let made = ALLOCATIONS.with(Cell::get) - before;
                    assert!(accepted, "{dialect} {production} {text:?}");
                    assert_eq!(made, 0, "{dialect} {production} {text:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 6000);
}
