//! A parse allocates nothing, whether it accepts or rejects: a counting
//! global allocator (this test binary's own) watches `parse` and `check`
//! over the real-world corpora of `benches/data/`, the generated corpus of
//! all ten schemes and the generic form, their near misses, and the
//! adversarial inputs. Only an error asked why allocates (its diagnosis).

use std::hint::black_box;

use rfc1738::{check, parse, Rule, Url};

use crate::corpus;

use crate::counting_alloc::allocations;
/// Parses and checks every URL of `urls`, which must all be valid, and
/// returns the allocations of the parses and of the checks.
fn allocations_of_success(urls: &[String]) -> (usize, usize) {
    let parses = allocations(|| {
        for url in urls {
            let parsed = parse(url);
            assert!(parsed.is_ok(), "{url}");
            black_box(parsed.ok());
        }
    });
    let checks = allocations(|| {
        for url in urls {
            let checked = check(Rule::Url, url);
            assert!(checked.is_ok(), "{url}");
            black_box(checked.ok());
        }
    });
    (parses, checks)
}

#[test]
fn the_counter_counts() {
    // The control: without it a broken counter would pass every test here.
    let made = allocations(|| {
        black_box(vec![1u8; 16]);
    });
    assert_eq!(made, 1);
    // An error owns its stack and expectations, so the error path does
    // allocate: the counter sees the parses it watches.
    let made = allocations(|| {
        black_box(parse("http://exa mple.com/").unwrap_err().offset());
    });
    assert!(made > 1);
}

/// Without `std` an error is explained when it is made (there is no
/// `OnceLock` to keep a later answer in).
#[cfg(feature = "std")]
#[test]
fn a_rejection_allocates_nothing_until_asked() {
    for url in ["http://exa mple.com/", "ftp://h/f;type=x", "mailto:", "1x"] {
        let parse_error = allocations(|| {
            black_box(parse(black_box(url)).unwrap_err());
        });
        let check_error = allocations(|| {
            black_box(check(Rule::Hostname, black_box(url)).unwrap_err());
        });
        assert_eq!((parse_error, check_error), (0, 0), "{url}");
        // Asked once, the error works out its diagnosis; asked again, it
        // answers from what it kept.
        let error = parse(url).unwrap_err();
        let first = allocations(|| {
            black_box(error.stack().len());
        });
        let again = allocations(|| {
            black_box((error.offset(), error.stack().len()));
        });
        assert!(first > 0, "{url}");
        assert_eq!(again, 0, "{url}");
    }
}

#[test]
fn real_world_urls_parse_without_allocating() {
    for (name, urls) in [
        (
            "kasztp (https:// rewritten to http://)",
            corpus::kasztp_http(),
        ),
        ("kasztp as is (https)", corpus::kasztp_https()),
        ("node_files", corpus::node_files()),
    ] {
        let valid = corpus::accepted(&urls);
        // Most of each list is RFC 1738; the counts are in BENCHMARKS.md.
        assert!(valid.len() * 10 > urls.len() * 7, "{name}: {}", valid.len());
        assert_eq!(allocations_of_success(&valid), (0, 0), "{name}");
    }
}

#[test]
fn every_scheme_parses_without_allocating() {
    let urls = corpus::generated(11 * 200);
    let mut seen = std::collections::BTreeSet::new();
    for url in &urls {
        let parsed = parse(url).unwrap_or_else(|error| panic!("{url}: {error}"));
        let scheme = url.split(':').next().unwrap();
        let expected = match parsed {
            Url::Http(_) => "http",
            Url::Ftp(_) => "ftp",
            Url::News(_) => "news",
            Url::Nntp(_) => "nntp",
            Url::Telnet(_) => "telnet",
            Url::Gopher(_) => "gopher",
            Url::Wais(_) => "wais",
            Url::Mailto(_) => "mailto",
            Url::File(_) => "file",
            Url::Prospero(_) => "prospero",
            Url::Other(_) => "other",
        };
        if corpus::SCHEMES.contains(&scheme) {
            assert_eq!(expected, scheme, "{url}");
        } else {
            assert_eq!(expected, "other", "{url}");
        }
        seen.insert(expected);
    }
    assert_eq!(seen.len(), 11, "{seen:?}");
    assert_eq!(allocations_of_success(&urls), (0, 0));
}

/// The lists of the benchmarks with a third near misses (benches/ratios.rs):
/// every line, accepted or not, parsed and checked without allocating.
#[cfg(feature = "std")]
#[test]
fn near_misses_are_rejected_without_allocating() {
    for (name, urls) in [
        (
            "kasztp near misses",
            corpus::near_misses(&corpus::accepted(&corpus::kasztp_http())),
        ),
        (
            "generated near misses",
            corpus::near_misses(&corpus::generated(11 * 1000)),
        ),
    ] {
        let rejected = urls.iter().filter(|url| parse(url).is_err()).count();
        // Enough of each list fails for the count to mean something.
        assert!(rejected * 20 > urls.len(), "{name}: {rejected}");
        let made = allocations(|| {
            for url in &urls {
                black_box(parse(black_box(url)).is_ok());
                black_box(check(Rule::Url, black_box(url)).is_ok());
            }
        });
        assert_eq!(made, 0, "{name}");
    }
}

#[test]
fn adversarial_inputs_parse_without_allocating() {
    for input in corpus::ADVERSARIAL.iter().filter(|input| input.parses) {
        let url = (input.build)(100 << 10);
        assert_eq!(
            allocations_of_success(std::slice::from_ref(&url)),
            (0, 0),
            "{}",
            input.name
        );
    }
}

#[test]
fn adversarial_inputs_are_what_they_claim() {
    for input in &corpus::ADVERSARIAL {
        for size in [1 << 10, 100 << 10] {
            let url = (input.build)(size);
            assert!(url.len() <= size && url.len() + 4 > size, "{}", input.name);
            assert_eq!(parse(&url).is_ok(), input.parses, "{}", input.name);
            assert_eq!(
                check(Rule::Url, &url).is_ok(),
                input.is_url,
                "{}",
                input.name
            );
        }
    }
}

#[test]
fn walking_the_tree_does_not_allocate() {
    let url = "http://www.ics.uci.edu:80/pub/ietf/uri/rfc1738.txt?q";
    let made = allocations(|| {
        let Ok(Url::Http(http)) = parse(url) else {
            panic!("an http URL")
        };
        let rfc1738::tree::Host::Hostname(hostname) = http.hostport.host else {
            panic!("a hostname")
        };
        assert_eq!(hostname.domainlabels().count(), 3);
        assert_eq!(http.hpath.unwrap().segments().count(), 4);
    });
    assert_eq!(made, 0);
}
