//! `cargo bench --bench parse`: this crate's `parse` and `check(Rule::Url)`
//! side by side with `url::Url::parse`, `fluent_uri::Uri::parse` and a
//! floor (a loop that only looks every byte up in a 256-entry table), on
//! the same inputs in one run; then the adversarial inputs at 1 KB, 100 KB
//! and 10 MB. `benches/report.py` turns criterion's estimates into the
//! ratios of BENCHMARKS.md.
//!
//! The kasztp list is read with `https://` rewritten to `http://` (RFC 1738
//! has no `https`; see `benches/support/corpus.rs`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use rfc1738::{check, parse, Rule};

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/floor.rs"]
mod floor;

use floor::floor;

/// Whether this is a smoke test (`cargo test --benches`, which runs every
/// benchmark once, in a debug build) rather than `cargo bench`: then the
/// corpora are thinned and the 10 MB inputs left out.
fn smoke() -> bool {
    !std::env::args().any(|arg| arg == "--bench")
}

/// The five contenders, each over every URL of a list.
fn contenders(c: &mut Criterion, group_name: &str, urls: &[String]) {
    let thinned: Vec<String>;
    let urls = if smoke() {
        thinned = urls.iter().step_by(100).cloned().collect();
        &thinned[..]
    } else {
        urls
    };
    let mut group = c.benchmark_group(group_name);
    group
        .throughput(Throughput::Elements(urls.len() as u64))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(30);
    group.bench_function("rfc1738_parse", |b| {
        b.iter(|| {
            for url in urls {
                black_box(parse(black_box(url)).is_ok());
            }
        })
    });
    group.bench_function("rfc1738_check_url", |b| {
        b.iter(|| {
            for url in urls {
                black_box(check(Rule::Url, black_box(url)).is_ok());
            }
        })
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            for url in urls {
                black_box(url::Url::parse(black_box(url)).is_ok());
            }
        })
    });
    group.bench_function("fluent_uri", |b| {
        b.iter(|| {
            for url in urls {
                black_box(fluent_uri::Uri::parse(black_box(url.as_str())).is_ok());
            }
        })
    });
    group.bench_function("floor", |b| {
        b.iter(|| {
            for url in urls {
                black_box(floor(black_box(url)));
            }
        })
    });
    group.finish();
}

fn real_world(c: &mut Criterion) {
    let kasztp = corpus::kasztp_http();
    let node = corpus::node_files();
    // The success path: the URLs rfc1738::parse accepts (the other parsers
    // accept them too).
    contenders(c, "kasztp_http_accepted", &corpus::accepted(&kasztp));
    contenders(c, "node_files_accepted", &corpus::accepted(&node));
    // The list as it is: `https` URLs, which RFC 1738 reads as `otherurl`.
    contenders(
        c,
        "kasztp_https_accepted",
        &corpus::accepted(&corpus::kasztp_https()),
    );
    // Whole lists, rejects and all: each reject costs this crate a second,
    // traced pass and an `Error`.
    contenders(c, "kasztp_http_all", &kasztp);
    contenders(c, "node_files_all", &node);
}

fn generated(c: &mut Criterion) {
    let generated = corpus::generated(11 * 1000);
    contenders(c, "generated", &generated);
    // A third of the lines near misses: what a rejected line costs.
    contenders(c, "generated_near_misses", &corpus::near_misses(&generated));
    let kasztp = corpus::accepted(&corpus::kasztp_http());
    contenders(c, "kasztp_http_near_misses", &corpus::near_misses(&kasztp));
}

/// `dialect::check` of `url` in each revision beside RFC 1738's `check`,
/// on the same URLs: the URLs of the kasztp list that every revision
/// accepts, and the generated corpus as it is (most of its schemes are
/// not the drafts'), so acceptance and rejection are both measured.
fn revisions(c: &mut Criterion) {
    use rfc1738::dialect::{self, Dialect};
    let kasztp = corpus::accepted(&corpus::kasztp_http());
    let lists = [
        ("revisions_kasztp_http", corpus::in_every_revision(&kasztp)),
        ("revisions_generated", corpus::generated(11 * 1000)),
    ];
    for (name, urls) in &lists {
        let urls: Vec<&String> = if smoke() {
            urls.iter().step_by(100).collect()
        } else {
            urls.iter().collect()
        };
        let mut group = c.benchmark_group(*name);
        group
            .throughput(Throughput::Elements(urls.len() as u64))
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3))
            .sample_size(30);
        for dialect in Dialect::ALL {
            group.bench_function(dialect.name(), |b| {
                b.iter(|| {
                    for url in &urls {
                        let checked = dialect::check(
                            dialect,
                            "url",
                            black_box(url),
                            rfc1738::Options::default(),
                        );
                        black_box(checked.is_ok());
                    }
                })
            });
        }
        group.finish();
    }
}

fn adversarial(c: &mut Criterion) {
    for input in &corpus::ADVERSARIAL {
        let mut group = c.benchmark_group(format!("adversarial_{}", input.name));
        group
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(10);
        for size in corpus::SIZES {
            if smoke() && size > 100 << 10 {
                continue;
            }
            let text = (input.build)(size);
            group.throughput(Throughput::Bytes(text.len() as u64));
            group.bench_with_input(BenchmarkId::new("rfc1738_parse", size), &text, |b, text| {
                b.iter(|| black_box(parse(black_box(text)).is_ok()))
            });
            group.bench_with_input(
                BenchmarkId::new("rfc1738_check_url", size),
                &text,
                |b, text| b.iter(|| black_box(check(Rule::Url, black_box(text)).is_ok())),
            );
            group.bench_with_input(BenchmarkId::new("floor", size), &text, |b, text| {
                b.iter(|| black_box(floor(black_box(text))))
            });
        }
        group.finish();
    }
}

/// The linter's text scan (issue 5, `rfc1738::scan::scan`) and the whole
/// lint (`rfc1738::lint::lint_text`: the scan, then every URL parsed and
/// checked) over a large document of prose with few URLs, in MB/s, beside
/// the floor.
fn scan(c: &mut Criterion) {
    let prose = corpus::prose(if smoke() { 64 << 10 } else { 4 << 20 });
    let mut group = c.benchmark_group("scan_prose");
    group
        .throughput(Throughput::Bytes(prose.len() as u64))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);
    group.bench_function("rfc1738_scan", |b| {
        b.iter(|| black_box(rfc1738::scan::scan(black_box(&prose)).len()))
    });
    group.bench_function("rfc1738_lint_text", |b| {
        b.iter(|| black_box(rfc1738::lint::lint_text(black_box(&prose)).len()))
    });
    group.bench_function("floor", |b| b.iter(|| black_box(floor(black_box(&prose)))));
    group.finish();
}

criterion_group!(benches, real_world, generated, revisions, adversarial, scan);
criterion_main!(benches);
