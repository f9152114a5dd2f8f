//! The repository's URL lists as rows of a table (`url`, `source`): the
//! shipped sample (`data/urls.parquet`), the tests' inputs and the 10
//! million rows of the throughput benchmark are all made here. Included
//! with `#[path]` by the tests and by `benches/throughput.rs`.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};

// The inputs of the library's benchmarks, as they are: the lists of
// `benches/data` and the generator (`generate`, `Rng`, `near_misses`).
// Its `dialect` cfgs are the library's feature, unknown to this crate.
#[allow(unexpected_cfgs)]
#[path = "../../../benches/support/corpus.rs"]
mod corpus;

/// One row: the URL and the list it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub url: String,
    pub source: &'static str,
}

/// The schema of the rows' table.
pub fn schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("url", DataType::Utf8, false),
        Field::new("source", DataType::Utf8, false),
    ]))
}

/// The rows as one batch of [`schema`].
pub fn batch(rows: &[Row]) -> RecordBatch {
    let urls: ArrayRef = Arc::new(StringArray::from_iter_values(
        rows.iter().map(|row| &row.url),
    ));
    let sources: ArrayRef = Arc::new(StringArray::from_iter_values(
        rows.iter().map(|row| row.source),
    ));
    RecordBatch::try_new(schema(), vec![urls, sources]).expect("the rows fit the schema")
}

fn repository_file(relative: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The whole URLs printed in RFC 1738 and its drafts, as the fixtures of
/// the library's tests hold them (`tests/fixtures/examples.tsv`, its `url`
/// rows, and `tests/fixtures/draft_examples.tsv`), in the order of the
/// files, each once; but the two that the fixtures mark as altered by a
/// domain injected into the source text (`tests/fixtures/README.md`).
pub fn examples() -> Vec<String> {
    let mut urls: Vec<String> = Vec::new();
    let unescape = |text: &str| {
        text.replace("\\n", "\n")
            .replace("\\t", "\t")
            .replace("\\\\", "\\")
    };
    let mut read = |file: &str, url_column: &str, keep: &dyn Fn(&[&str], &[&str]) -> bool| {
        let text = repository_file(file);
        let mut lines = text.lines().filter(|line| !line.starts_with('#'));
        let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
        let column = header
            .iter()
            .position(|name| *name == url_column)
            .expect("a url column");
        for line in lines {
            let fields: Vec<&str> = line.split('\t').collect();
            let url = unescape(fields[column]);
            if keep(&header, &fields) && !urls.contains(&url) {
                urls.push(url);
            }
        }
    };
    read("tests/fixtures/examples.tsv", "url", &|header, fields| {
        let column = |wanted: &str| {
            let index = header.iter().position(|name| *name == wanted);
            index
                .and_then(|index| fields.get(index))
                .copied()
                .unwrap_or_default()
        };
        column("production") == "url"
            && !column("note").starts_with("altered by the injected domain")
    });
    read("tests/fixtures/draft_examples.tsv", "url", &|_, _| true);
    urls
}

/// `count` URLs of `benches/support/corpus.rs`'s generator: in turn the
/// ten schemes and the generic form, from `seed` (the library's benchmarks
/// use `corpus::SEED`).
pub fn generated(seed: u64, count: usize) -> Vec<String> {
    let mut rng = corpus::Rng::new(seed);
    (0..count)
        .map(|index| {
            let scheme = match corpus::SCHEMES.get(index % 11) {
                Some(scheme) => *scheme,
                None => rng.pick(&corpus::OTHER_SCHEMES),
            };
            corpus::generate(&mut rng, scheme)
        })
        .collect()
}

/// `urls` with every third one a near miss (`corpus::near_misses`: one
/// character inserted, deleted or replaced), as rows: `near_miss` where
/// the URL was changed, `source` where it was not.
fn with_near_misses(urls: &[String], source: &'static str) -> Vec<Row> {
    corpus::near_misses(urls)
        .into_iter()
        .zip(urls)
        .map(|(url, original)| Row {
            source: if url == *original {
                source
            } else {
                "near_miss"
            },
            url,
        })
        .collect()
}

fn rows(urls: Vec<String>, source: &'static str) -> Vec<Row> {
    urls.into_iter().map(|url| Row { url, source }).collect()
}

/// Every `step`-th item, from the first.
fn every<T: Clone>(items: &[T], step: usize) -> Vec<T> {
    items.iter().step_by(step).cloned().collect()
}

/// The shipped sample, `data/urls.parquet` (3,458 rows): every 40th URL of
/// kasztp.txt and of node_files.txt, 1,100 generated URLs, the near misses
/// of a third of those, and every example URL of the five documents.
pub fn sample() -> Vec<Row> {
    let mut sample = with_near_misses(&every(&corpus::kasztp_https(), 40), "kasztp");
    sample.extend(rows(every(&corpus::node_files(), 40), "node_files"));
    sample.extend(with_near_misses(
        &generated(corpus::SEED, 1_100),
        "generated",
    ));
    sample.extend(rows(examples(), "examples"));
    sample
}

/// Round `index` of the benchmark's table (about 202,000 rows): kasztp.txt
/// and node_files.txt whole, 110,000 generated URLs from a seed of the
/// round's own, every third of which (and every third of kasztp) a near
/// miss.
pub fn round(index: u64) -> Vec<Row> {
    let mut round = with_near_misses(&corpus::kasztp_https(), "kasztp");
    round.extend(rows(corpus::node_files(), "node_files"));
    round.extend(with_near_misses(
        &generated(corpus::SEED + index, 110_000),
        "generated",
    ));
    round
}
