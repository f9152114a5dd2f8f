//! Contenders timed in turn over one list: shared by `benches/ratios.rs`
//! and the harness of `benches/parse_beside.sh` (each includes this file
//! with `#[path]`).

use std::hint::black_box;
use std::time::{Duration, Instant};

/// The time of each of `contenders` contenders over `urls` (`run(index,
/// urls)` runs the one at `index`), `rounds` times: every contender once a
/// round, one after the other. Each round starts with the next contender,
/// so that none always runs first, after the list was cold, and a change
/// of the shared machine's load falls on every contender of the rounds it
/// lasts. The times of each contender, round by round.
pub fn in_turn(
    rounds: usize,
    contenders: usize,
    urls: &[String],
    run: impl Fn(usize, &[String]) -> usize,
) -> Vec<Vec<Duration>> {
    let mut times = vec![Vec::with_capacity(rounds); contenders];
    for round in 0..rounds {
        for turn in 0..contenders {
            let index = (round + turn) % contenders;
            let started = Instant::now();
            black_box(run(index, black_box(urls)));
            times[index].push(started.elapsed());
        }
    }
    times
}
