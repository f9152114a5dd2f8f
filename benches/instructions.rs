//! The workloads of `benches/parse.rs`, one per process, for counting
//! instructions with callgrind (`benches/callgrind.sh`): instruction counts
//! stay the same when the machine is busy, where times do not.
//!
//! `instructions WORKLOAD CORPUS` runs `WORKLOAD` (`parse`, `parses` (what
//! `parse` accepts, decided without the tree: `lint::parses`), `check_scheme`
//! (`check` of each line's scheme's production, `url` for another scheme:
//! what `parse` does without making the tree), `check_url`,
//! `url`, `fluent_uri`, `floor`, `check_url_DIALECT` (`dialect::check` of
//! `url` in a revision: `check_url_draft-jul93`), and for the prose `scan`,
//! `lint_text`)
//! once over every input of `CORPUS` (`kasztp_http_accepted`,
//! `node_files_accepted`, `kasztp_https_accepted`, `generated`,
//! `kasztp_http_all`, `node_files_all`, `generated_near_misses`,
//! `kasztp_http_near_misses`, the held-out lists of the ten schemes in
//! turn (`held_out_all_ten`) and with a third near misses
//! (`held_out_all_ten_near_misses`), the near misses of `generated` that `parse`
//! rejects (`generated_rejected`) and the lines they were made from
//! (`generated_rejected_originals`), the lines every revision accepts
//! (`generated_every_revision`, `kasztp_http_every_revision`) or rejects
//! (`near_misses_no_revision`), `prose`, or
//! `adversarial:NAME:SIZE`; `CORPUS@SCHEME` keeps the lines of `CORPUS`
//! that open with `SCHEME:`), inside
//! the function `instructions::measure`, the only one callgrind counts. It
//! prints the number of inputs and of bytes. Run by `cargo bench` (with no
//! workload), it does nothing.

use std::hint::black_box;

use rfc1738::{check, parse, Rule};

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/floor.rs"]
mod floor;

use floor::floor;

/// How many of `inputs` the workload accepts; the only function counted.
#[inline(never)]
fn measure(workload: &str, inputs: &[String], productions: &[Rule]) -> usize {
    let mut accepted = 0;
    match workload {
        "parse" => {
            for input in inputs {
                accepted += usize::from(black_box(parse(black_box(input)).is_ok()));
            }
        }
        "parses" => {
            for input in inputs {
                accepted += usize::from(black_box(rfc1738::lint::parses(black_box(input))));
            }
        }
        "check_scheme" => {
            for (input, &production) in inputs.iter().zip(productions) {
                accepted += usize::from(black_box(check(production, black_box(input)).is_ok()));
            }
        }
        "check_url" => {
            for input in inputs {
                accepted += usize::from(black_box(check(Rule::Url, black_box(input)).is_ok()));
            }
        }
        "url" => {
            for input in inputs {
                accepted += usize::from(black_box(url::Url::parse(black_box(input)).is_ok()));
            }
        }
        "fluent_uri" => {
            for input in inputs {
                let parsed = fluent_uri::Uri::parse(black_box(input.as_str()));
                accepted += usize::from(black_box(parsed.is_ok()));
            }
        }
        "floor" => {
            for input in inputs {
                accepted += usize::from(black_box(floor(black_box(input))));
            }
        }
        "scan" => {
            for input in inputs {
                accepted += black_box(rfc1738::scan::scan(black_box(input)).len());
            }
        }
        "lint_text" => {
            for input in inputs {
                accepted += black_box(rfc1738::lint::lint_text(black_box(input)).len());
            }
        }
        draft if draft.starts_with("check_url_") => {
            let name = draft.trim_start_matches("check_url_");
            let dialect = rfc1738::dialect::Dialect::from_name(name)
                .unwrap_or_else(|| panic!("unknown dialect {name}"));
            let options = rfc1738::Options::default();
            for input in inputs {
                let checked = rfc1738::dialect::check(dialect, "url", black_box(input), options);
                accepted += usize::from(black_box(checked.is_ok()));
            }
        }
        draft if draft.starts_with("check_http_") => {
            // The http production of the revision: `httpaddress` in the
            // drafts, `httpurl` in RFC 1738.
            let name = draft.trim_start_matches("check_http_");
            let dialect = rfc1738::dialect::Dialect::from_name(name)
                .unwrap_or_else(|| panic!("unknown dialect {name}"));
            let production = match dialect {
                rfc1738::dialect::Dialect::Rfc1738 => "httpurl",
                _ => "httpaddress",
            };
            let options = rfc1738::Options::default();
            for input in inputs {
                let checked =
                    rfc1738::dialect::check(dialect, production, black_box(input), options);
                accepted += usize::from(black_box(checked.is_ok()));
            }
        }
        other => panic!("unknown workload {other}"),
    }
    accepted
}

fn inputs(name: &str) -> Vec<String> {
    // `held_out@SCHEME`: the held-out list of `SCHEME`.
    if let Some(scheme) = name.strip_prefix("held_out@") {
        return corpus::held_out(scheme, 1000);
    }
    // The held-out lists of the ten in turn, as `benches/ratios.rs` times
    // them, and the same with a third near misses.
    if let Some(near_misses) = match name {
        "held_out_all_ten" => Some(false),
        "held_out_all_ten_near_misses" => Some(true),
        _ => None,
    } {
        let lists: Vec<Vec<String>> = corpus::SCHEMES
            .iter()
            .map(|scheme| corpus::held_out(scheme, 2000))
            .collect();
        return match near_misses {
            false => corpus::in_turn(&lists, 0, 2000),
            true => corpus::near_misses(&corpus::in_turn(&lists, 1000, 2000)),
        };
    }
    // `CORPUS@SCHEME`: the lines of `CORPUS` that open with `SCHEME:`.
    if let Some((corpus, scheme)) = name.split_once('@') {
        return corpus::with_scheme(&inputs(corpus), scheme);
    }
    match name {
        "kasztp_http_accepted" => corpus::accepted(&corpus::kasztp_http()),
        "node_files_accepted" => corpus::accepted(&corpus::node_files()),
        "kasztp_https_accepted" => corpus::accepted(&corpus::kasztp_https()),
        "kasztp_http_all" => corpus::kasztp_http(),
        "node_files_all" => corpus::node_files(),
        "generated" => corpus::generated(11 * 1000),
        "kasztp_http_every_revision" => {
            corpus::in_every_revision(&corpus::accepted(&corpus::kasztp_http()))
        }
        "generated_every_revision" => corpus::in_every_revision(&corpus::generated(11 * 1000)),
        "generated_near_misses" => corpus::near_misses(&corpus::generated(11 * 1000)),
        // The near misses `parse` rejects, and the lines they were made from.
        "generated_rejected" | "generated_rejected_originals" => {
            let originals = corpus::generated(11 * 1000);
            let misses = corpus::near_misses(&originals);
            originals
                .into_iter()
                .zip(misses)
                .filter(|(_, miss)| parse(miss).is_err())
                .map(|(original, miss)| match name {
                    "generated_rejected" => miss,
                    _ => original,
                })
                .collect()
        }
        "kasztp_http_near_misses" => corpus::near_misses(&corpus::accepted(&corpus::kasztp_http())),
        "near_misses_no_revision" => corpus::near_misses_in_no_revision(),
        "prose" => vec![corpus::prose(4 << 20)],
        other => {
            let parts: Vec<&str> = other.split(':').collect();
            let [_, input, size] = parts[..] else {
                panic!("unknown corpus {other}")
            };
            let input = corpus::ADVERSARIAL
                .iter()
                .find(|adversarial| adversarial.name == input)
                .unwrap_or_else(|| panic!("unknown adversarial input {input}"));
            vec![(input.build)(size.parse().expect("a size in bytes"))]
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [workload, corpus] = &args[..] else {
        // `cargo bench` runs every bench target with `--bench`.
        eprintln!("usage: instructions WORKLOAD CORPUS (see benches/callgrind.sh)");
        return;
    };
    let inputs = inputs(corpus);
    let bytes: usize = inputs.iter().map(String::len).sum();
    // Each line's scheme's production, found before the count begins.
    let productions: Vec<Rule> = inputs
        .iter()
        .map(|input| {
            let scheme = input.split(':').next().unwrap_or_default();
            Rule::from_name(&format!("{}url", scheme.to_ascii_lowercase())).unwrap_or(Rule::Url)
        })
        .collect();
    let accepted = measure(workload, &inputs, &productions);
    println!("inputs={} bytes={bytes} accepted={accepted}", inputs.len());
}
