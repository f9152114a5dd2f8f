//! `cargo bench --bench ratios`: the time of this crate's `parse` and
//! `check(Rule::Url)` as ratios to `fluent_uri::Uri::parse` and
//! `url::Url::parse`, with the contenders interleaved.
//!
//! criterion measures one contender after another, so a change in what the
//! shared machine is doing between two of them moves their ratio (by up to
//! a third, seen on the 2-core machine of BENCHMARKS.md). Here every round
//! times one pass of each contender over the whole list, in turn, and the
//! ratio is that of the medians over all rounds: a slow spell slows every
//! contender of the rounds it falls in alike.
//!
//! `cargo bench --bench ratios -- ROUNDS` (default 101).

use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "support/corpus.rs"]
mod corpus;

type Contender = (&'static str, fn(&[String]) -> usize);

const CONTENDERS: [Contender; 4] = [
    ("rfc1738 parse", |urls| {
        urls.iter()
            .filter(|url| rfc1738::parse(black_box(url)).is_ok())
            .count()
    }),
    ("rfc1738 check", |urls| {
        urls.iter()
            .filter(|url| rfc1738::check(rfc1738::Rule::Url, black_box(url)).is_ok())
            .count()
    }),
    ("fluent-uri", |urls| {
        urls.iter()
            .filter(|url| fluent_uri::Uri::parse(black_box(url.as_str())).is_ok())
            .count()
    }),
    ("url", |urls| {
        urls.iter()
            .filter(|url| url::Url::parse(black_box(url)).is_ok())
            .count()
    }),
];

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    // `cargo test --benches` runs this once, in a debug build: a few rounds.
    let bench = std::env::args().any(|arg| arg == "--bench");
    let rounds = std::env::args()
        .filter_map(|arg| arg.parse::<usize>().ok())
        .next()
        .unwrap_or(if bench { 101 } else { 3 });
    let kasztp = corpus::accepted(&corpus::kasztp_http());
    let generated = corpus::generated(11 * 1000);
    let lists = [
        ("kasztp_http_accepted", kasztp.clone()),
        ("generated", generated.clone()),
        ("kasztp_http_near_misses", corpus::near_misses(&kasztp)),
        ("generated_near_misses", corpus::near_misses(&generated)),
    ];
    println!(
        "{:<26} {:>7} {:>14} {:>14} {:>14} {:>14}   ratios: fluent-uri / parse, fluent-uri / check, url / parse",
        "list (median of rounds)", "lines", "parse", "check", "fluent-uri", "url"
    );
    for (name, urls) in &lists {
        let mut times = vec![Vec::with_capacity(rounds); CONTENDERS.len()];
        for round in 0..rounds {
            // Each round starts with the next contender, so that none always
            // runs first, after the list was cold.
            for turn in 0..CONTENDERS.len() {
                let index = (round + turn) % CONTENDERS.len();
                let started = Instant::now();
                black_box((CONTENDERS[index].1)(black_box(urls)));
                times[index].push(started.elapsed());
            }
        }
        let medians: Vec<Duration> = times.iter_mut().map(|t| median(t)).collect();
        let per_line =
            |d: Duration| format!("{:.1} ns/line", d.as_nanos() as f64 / urls.len() as f64);
        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
        println!(
            "{:<26} {:>7} {:>14} {:>14} {:>14} {:>14}   {:.2}x {:.2}x {:.2}x",
            name,
            urls.len(),
            per_line(medians[0]),
            per_line(medians[1]),
            per_line(medians[2]),
            per_line(medians[3]),
            ratio(medians[2], medians[0]),
            ratio(medians[2], medians[1]),
            ratio(medians[3], medians[0]),
        );
    }
}
