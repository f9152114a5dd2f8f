//! `benches/parse_beside.sh OLD`: this tree's `parse` beside the `parse` of
//! an older commit (the crate renamed `rfc1738_old`) and fluent-uri's, in
//! one process, taking turns round by round over the long lists: what a
//! change of the grammar's reading gains or loses, in time, where
//! `benches/ratios.rs` can only compare against the other crates.
//!
//! A shared machine's load moves a round's times by a tenth and more;
//! each round runs the three one after the other, so the ratio of two in
//! the same round sees the same load. The figure is the median of those
//! ratios, with its quartiles: a change inside them is no change. The
//! same commit beside itself is the measure of what is no change: two
//! copies of one code at other addresses (BENCHMARKS.md, "A change beside
//! the commit before it").

// The corpus names the feature `dialect` of the benches that include it.
#![allow(unexpected_cfgs)]

#[path = "corpus.rs"]
mod corpus;
#[path = "turns.rs"]
mod turns;

use std::hint::black_box;
use std::time::Duration;

type Contender = (&'static str, fn(&[String]) -> usize);

fn new(urls: &[String]) -> usize {
    urls.iter()
        .filter(|url| rfc1738::parse(black_box(url)).is_ok())
        .count()
}

fn old(urls: &[String]) -> usize {
    urls.iter()
        .filter(|url| rfc1738_old::parse(black_box(url)).is_ok())
        .count()
}

fn fluent(urls: &[String]) -> usize {
    urls.iter()
        .filter(|url| fluent_uri::Uri::parse(black_box(url.as_str())).is_ok())
        .count()
}

/// The median and quartiles of `values`.
fn quartiles(mut values: Vec<f64>) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let at = |fraction: f64| values[((values.len() - 1) as f64 * fraction) as usize];
    (at(0.5), at(0.25), at(0.75))
}

fn main() {
    let rounds = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(31);
    let filter = std::env::args().nth(2).unwrap_or_default();
    let lines = 50_000;
    let kasztp = corpus::accepted(&corpus::kasztp_http());
    let generated = corpus::generated(11 * 1000);
    let mut lists: Vec<(String, Vec<String>)> = vec![
        ("kasztp_http_accepted".into(), kasztp.clone()),
        // `otherurl`s, whose logins are all bare hostports.
        (
            "kasztp_https_accepted".into(),
            corpus::accepted(&corpus::kasztp_https()),
        ),
        (
            "kasztp_http_near_misses".into(),
            corpus::near_misses(&kasztp),
        ),
        ("generated".into(), generated.clone()),
        (
            "generated_near_misses".into(),
            corpus::near_misses(&generated),
        ),
    ];
    let held_out: Vec<Vec<String>> = corpus::SCHEMES
        .iter()
        .map(|scheme| corpus::held_out(scheme, lines))
        .collect();
    lists.push((
        "held-out, all ten in turn".into(),
        corpus::in_turn(&held_out, 0, lines),
    ));
    lists.push((
        "held-out, near misses".into(),
        corpus::near_misses(&corpus::in_turn(&held_out, lines / 2, lines)),
    ));
    for (scheme, urls) in corpus::SCHEMES.iter().zip(&held_out) {
        lists.push((format!("held-out {scheme}"), urls.clone()));
    }
    let contenders: [Contender; 3] = [("new", new), ("old", old), ("fluent-uri", fluent)];
    println!(
        "{:<27} {:>6} {:>7} {:>7} {:>7}   {:<22} {:>9} {:>9}",
        "list (ns a line, medians)",
        "lines",
        "new",
        "old",
        "fluent",
        "old / new [quartiles]",
        "fluent/new",
        "fluent/old"
    );
    for (name, urls) in lists.iter().filter(|(name, _)| name.contains(&filter)) {
        assert_eq!(
            new(urls),
            old(urls),
            "{name}: the two trees accept the same lines"
        );
        let times = turns::in_turn(rounds, contenders.len(), urls, |index, urls| {
            (contenders[index].1)(urls)
        });
        let ratio = |over: usize, under: usize| {
            quartiles(
                (0..rounds)
                    .map(|round| {
                        times[over][round].as_secs_f64() / times[under][round].as_secs_f64()
                    })
                    .collect(),
            )
        };
        let per_line = |times: &[Duration]| {
            quartiles(times.iter().map(Duration::as_secs_f64).collect()).0 * 1e9 / urls.len() as f64
        };
        let (old_new, low, high) = ratio(1, 0);
        println!(
            "{:<27} {:>6} {:>7.1} {:>7.1} {:>7.1}   {:.3} [{:.3}, {:.3}]   {:>9.2} {:>9.2}",
            name,
            urls.len(),
            per_line(&times[0]),
            per_line(&times[1]),
            per_line(&times[2]),
            old_new,
            low,
            high,
            ratio(2, 0).0,
            ratio(2, 1).0,
        );
    }
}
