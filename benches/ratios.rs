//! `cargo bench --bench ratios`: the time of this crate's `parse` and
//! `check(Rule::Url)` as ratios to `fluent_uri::Uri::parse` and
//! `url::Url::parse`, with the contenders interleaved.
//!
//! criterion measures one contender after another, so a change in what the
//! shared machine is doing between two of them moves their ratio (by up to
//! a third, seen on the 2-core machine of BENCHMARKS.md). Here every round
//! times one pass of each contender over the whole list, in turn, and the
//! ratio is the median over all rounds of the two contenders' ratio in the
//! round: a slow spell slows every contender of the rounds it falls in
//! alike, and their ratio in those rounds stays.
//!
//! The generated list also scheme by scheme, each scheme's lines in a
//! list of their own: what each production costs, apart from the
//! mispredicted branches of a list that changes scheme at every line. Then
//! the held-out lists of each scheme (`corpus::held_out`: another seed,
//! other words, and logins as real telnet and ftp URLs have them), all ten
//! schemes in turn, and those with a third near misses.
//!
//! The held-out lists are 50,000 lines each: every round reads the same
//! list, and over a list of a thousand the processor's branch predictor
//! learns the lines' branches by heart, round after round, so a parser with
//! more branches than another looked faster than it is on lines it meets
//! once (BENCHMARKS.md, "Lists the branch predictor learns"). The kasztp
//! lists (43,123 lines) and the generated one (11,000) are long enough.
//!
//! Then the near misses again with every error asked where it went wrong:
//! what a rejection costs when its diagnosis is made; and the accepted
//! lines parsed with their host read off the result, as each crate's API
//! offers it.
//!
//! Then the same for the revisions of the grammar: each draft's check of
//! `url` against RFC 1738's, on the kasztp lines and the generated lines
//! every revision accepts, on the whole generated list (where the drafts
//! reject about half the lines, and explain each), and on the near misses
//! that every revision rejects (a rejection against a rejection); and
//! the lines every revision accepts scheme by scheme.
//!
//! `cargo bench --bench ratios -- ROUNDS` (default 101);
//! `-- ROUNDS held-out` times the held-out lists alone; `-- ROUNDS seed=N`
//! times the generated list and its near misses made from the seed N
//! instead, with the kasztp list, and nothing else (lists no change was
//! tuned on).

use std::hint::black_box;
use std::time::Duration;

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/turns.rs"]
mod turns;

type Contender<'c> = (&'c str, Box<dyn Fn(&[String]) -> usize + 'c>);

/// How many of `urls` this crate's `parse` accepts.
fn parses(urls: &[String]) -> usize {
    urls.iter()
        .filter(|url| rfc1738::parse(black_box(url)).is_ok())
        .count()
}

/// How many of `urls` parse and name a host: `host_length` parses a line
/// and reads the length of its host as its crate's API offers it.
fn with_host(urls: &[String], host_length: impl Fn(&str) -> Option<usize>) -> usize {
    urls.iter()
        .filter(|url| black_box(host_length(black_box(url))).is_some())
        .count()
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Times every contender on every list, interleaved, and prints the
/// median time a line of each, then each contender's ratio to the one at
/// `base` (above 1: faster than it): the median of the two's ratios round
/// by round. A shared machine's load moves a round's times by a third
/// and more; within a round the contenders run one after the other, under
/// about the same load, which their ratio cancels where the ratio of the
/// two medians, taken from different rounds, does not.
fn table(rounds: usize, lists: &[(&str, Vec<String>)], contenders: &[Contender<'_>], base: usize) {
    print!("{:<26} {:>7}", "list (median of rounds)", "lines");
    for (name, _) in contenders {
        print!(" {:>16}", format!("{name} ns"));
    }
    println!("   {} / each", contenders[base].0);
    for (name, urls) in lists {
        let mut times = turns::in_turn(rounds, contenders.len(), urls, |index, urls| {
            (contenders[index].1)(urls)
        });
        // The ratio of two contenders in each round, where both saw the
        // same load of the machine, and its median over the rounds.
        let ratios: Vec<f64> = (0..contenders.len())
            .map(|index| {
                let mut in_each: Vec<f64> = (0..rounds)
                    .map(|round| {
                        times[base][round].as_secs_f64() / times[index][round].as_secs_f64()
                    })
                    .collect();
                in_each.sort_by(f64::total_cmp);
                in_each[rounds / 2]
            })
            .collect();
        let medians: Vec<Duration> = times.iter_mut().map(|t| median(t)).collect();
        print!("{:<26} {:>7}", name, urls.len());
        for time in &medians {
            print!(" {:>16.1}", time.as_nanos() as f64 / urls.len() as f64);
        }
        print!("  ");
        for ratio in &ratios {
            print!(" {ratio:.2}x");
        }
        println!();
    }
}

/// The held-out `http` list cut to its first 100, 1,000, 10,000 lines and
/// whole: what reading a list again and again teaches the branch
/// predictor, which a short list's times show.
fn held_out_cut_short(rounds: usize, http: &[String], contenders: &[Contender<'_>]) {
    println!();
    println!("The held-out http list cut short: what a list read again and again teaches the branch predictor");
    let lengths: Vec<usize> = [100, 1000, 10_000, http.len()]
        .into_iter()
        .filter(|&lines| lines <= http.len())
        .collect();
    let names: Vec<String> = lengths
        .iter()
        .map(|lines| format!("http, first {lines}"))
        .collect();
    let cut: Vec<(&str, Vec<String>)> = names
        .iter()
        .zip(&lengths)
        .map(|(name, &lines)| (name.as_str(), http[..lines].to_vec()))
        .collect();
    table(rounds, &cut, contenders, 2);
}

fn main() {
    use rfc1738::dialect::{self, Dialect};
    // `cargo test --benches` runs this once, in a debug build: a few rounds.
    let bench = std::env::args().any(|arg| arg == "--bench");
    let rounds = std::env::args()
        .filter_map(|arg| arg.parse::<usize>().ok())
        .next()
        .unwrap_or(if bench { 101 } else { 3 });
    // `-- ROUNDS held-out`: the held-out lists alone.
    let held_out_only = std::env::args().any(|arg| arg == "held-out");
    let seed = std::env::args().find_map(|arg| arg.strip_prefix("seed=")?.parse::<u64>().ok());
    let kasztp = corpus::accepted(&corpus::kasztp_http());
    let generated = corpus::generated(11 * 1000);

    println!("RFC 1738: parse and check against fluent-uri and url");
    let contenders: Vec<Contender> = vec![
        ("parse", Box::new(parses)),
        (
            "check",
            Box::new(|urls: &[String]| {
                urls.iter()
                    .filter(|url| rfc1738::check(rfc1738::Rule::Url, black_box(url)).is_ok())
                    .count()
            }),
        ),
        (
            "fluent-uri",
            Box::new(|urls: &[String]| {
                urls.iter()
                    .filter(|url| fluent_uri::Uri::parse(black_box(url.as_str())).is_ok())
                    .count()
            }),
        ),
        (
            "url",
            Box::new(|urls: &[String]| {
                urls.iter()
                    .filter(|url| url::Url::parse(black_box(url)).is_ok())
                    .count()
            }),
        ),
    ];
    // A test run (a debug build, a few rounds) reads shorter lists.
    let held_out_lines = if bench { 50_000 } else { 1000 };
    let mut held_out: Vec<(&str, Vec<String>)> = corpus::SCHEMES
        .iter()
        .map(|&scheme| {
            let urls = corpus::held_out(scheme, held_out_lines);
            assert_eq!(corpus::accepted(&urls).len(), urls.len(), "{scheme}");
            (scheme, urls)
        })
        .collect();
    // The ten in turn, a tenth of each list, then the same with every third
    // line a near miss (the other half of each list).
    let lists: Vec<Vec<String>> = held_out.iter().map(|(_, urls)| urls.clone()).collect();
    let all_ten = corpus::in_turn(&lists, 0, held_out_lines);
    let near_misses =
        corpus::near_misses(&corpus::in_turn(&lists, held_out_lines / 2, held_out_lines));
    held_out.push(("all ten in turn", all_ten));
    held_out.push(("all ten, near misses", near_misses));
    if let Some(seed) = seed {
        let generated = corpus::generated_from(seed, 11 * 1000);
        println!("The generated list and its near misses from the seed {seed}");
        let lists = [
            ("kasztp_http_accepted", kasztp.clone()),
            ("kasztp_http_near_misses", corpus::near_misses(&kasztp)),
            ("generated", generated.clone()),
            (
                "generated_near_misses",
                corpus::near_misses_from(seed + 1, &generated),
            ),
        ];
        table(rounds, &lists, &contenders, 2);
        return;
    }
    if held_out_only {
        println!(
            "The held-out lists, scheme by scheme (logins as real telnet and ftp URLs have them)"
        );
        table(rounds, &held_out, &contenders, 2);
        held_out_cut_short(rounds, &held_out[0].1, &contenders);
        return;
    }
    let lists = [
        ("kasztp_http_accepted", kasztp.clone()),
        // The same list as written: `https` is no scheme of RFC 1738, so
        // these are `otherurl`s, read by the generic form.
        (
            "kasztp_https_accepted",
            corpus::accepted(&corpus::kasztp_https()),
        ),
        ("generated", generated.clone()),
        ("kasztp_http_near_misses", corpus::near_misses(&kasztp)),
        ("generated_near_misses", corpus::near_misses(&generated)),
    ];
    table(rounds, &lists, &contenders, 2);

    println!();
    println!("The generated list by scheme (each line's scheme in turn, in the list's order)");
    let mut by_scheme: Vec<(&str, Vec<String>)> = corpus::SCHEMES
        .iter()
        .chain(["generic form"].iter())
        .map(|&scheme| (scheme, Vec::new()))
        .collect();
    let schemes = by_scheme.len();
    for (index, url) in generated.iter().enumerate() {
        by_scheme[index % schemes].1.push(url.clone());
    }
    table(rounds, &by_scheme, &contenders, 2);

    println!();
    println!("The held-out lists, scheme by scheme (logins as real telnet and ftp URLs have them)");
    table(rounds, &held_out, &contenders, 2);

    held_out_cut_short(rounds, &held_out[0].1, &contenders);

    println!();
    println!("The near misses again, each error asked where it went wrong (its offset)");
    // The first table's `parse` and `fluent-uri`, beside the two that ask.
    let mut first = contenders.into_iter();
    let parse = first.next().expect("parse is the first contender");
    let fluent_uri = first.nth(1).expect("fluent-uri is the third contender");
    let asked: Vec<Contender> = vec![
        parse,
        (
            "parse+offset",
            Box::new(|urls: &[String]| {
                urls.iter()
                    .filter(|url| match rfc1738::parse(black_box(url)) {
                        Ok(_) => true,
                        Err(error) => black_box(error.offset()) == usize::MAX,
                    })
                    .count()
            }),
        ),
        (
            "check+offset",
            Box::new(|urls: &[String]| {
                urls.iter()
                    .filter(
                        |url| match rfc1738::check(rfc1738::Rule::Url, black_box(url)) {
                            Ok(()) => true,
                            Err(error) => black_box(error.offset()) == usize::MAX,
                        },
                    )
                    .count()
            }),
        ),
        fluent_uri,
    ];
    // The two lists of near misses, the last two of the first table.
    table(rounds, &lists[lists.len() - 2..], &asked, 3);

    println!();
    println!("Parse, then read the host off the result (its length), each as its API offers it");
    let hosts: Vec<Contender> = vec![
        ("parse", Box::new(parses)),
        (
            "parse+host",
            Box::new(|urls: &[String]| {
                with_host(urls, |url| {
                    let url = rfc1738::parse(url);
                    url.as_ref().ok()?.host().map(|host| host.as_str().len())
                })
            }),
        ),
        (
            "fluent-uri+host",
            Box::new(|urls: &[String]| {
                with_host(urls, |url| {
                    let uri = fluent_uri::Uri::parse(url);
                    uri.as_ref().ok()?.authority().map(|a| a.host().len())
                })
            }),
        ),
        (
            "url+host",
            Box::new(|urls: &[String]| {
                with_host(urls, |url| {
                    let url = url::Url::parse(url);
                    url.as_ref().ok()?.host_str().map(str::len)
                })
            }),
        ),
    ];
    // The accepted lines: kasztp's as http and as https (`otherurl`s), and
    // the generated ones.
    table(rounds, &lists[..3], &hosts, 2);

    println!();
    println!("The revisions: each one's check of `url` against RFC 1738's");
    let contenders: Vec<Contender> = Dialect::ALL
        .iter()
        .map(|&d| -> Contender {
            (
                d.name(),
                Box::new(move |urls: &[String]| {
                    urls.iter()
                        .filter(|url| {
                            dialect::check(d, "url", black_box(url), rfc1738::Options::default())
                                .is_ok()
                        })
                        .count()
                }),
            )
        })
        .collect();
    let base = Dialect::ALL
        .iter()
        .position(|&d| d == Dialect::Rfc1738)
        .expect("RFC 1738 is a revision");
    let generated_accepted = corpus::in_every_revision(&generated);
    let lists = [
        ("revisions_kasztp_http", corpus::in_every_revision(&kasztp)),
        ("revisions_generated_accepted", generated_accepted.clone()),
        ("revisions_generated", generated),
        (
            "revisions_rejected_by_all",
            corpus::near_misses_in_no_revision(),
        ),
    ];
    table(rounds, &lists, &contenders, base);

    println!();
    println!("The revisions on the generated lines every revision accepts, scheme by scheme");
    let by_scheme: Vec<(&str, Vec<String>)> = corpus::SCHEMES
        .iter()
        .map(|&scheme| (scheme, corpus::with_scheme(&generated_accepted, scheme)))
        .filter(|(_, lines)| !lines.is_empty())
        .collect();
    table(rounds, &by_scheme, &contenders, base);

    println!();
    println!("The revisions: each one's check of its http production (`httpaddress`; RFC 1738's `httpurl`)");
    let contenders: Vec<Contender> = Dialect::ALL
        .iter()
        .map(|&d| -> Contender {
            let production = match d {
                Dialect::Rfc1738 => "httpurl",
                _ => "httpaddress",
            };
            (
                d.name(),
                Box::new(move |urls: &[String]| {
                    urls.iter()
                        .filter(|url| {
                            dialect::check(
                                d,
                                production,
                                black_box(url),
                                rfc1738::Options::default(),
                            )
                            .is_ok()
                        })
                        .count()
                }),
            )
        })
        .collect();
    table(rounds, &lists[..1], &contenders, base);
}
