//! The functions' throughput through DataFusion, beside the library's own
//! rate and beside DataFusion's `regexp_like`, on a Parquet file of the
//! repository's URL lists; and the files it runs on.
//!
//! ```sh
//! cargo bench --manifest-path datafusion/Cargo.toml --bench throughput -- make /tmp/urls.parquet   # 10,000,000 rows, Snappy
//! cargo bench --manifest-path datafusion/Cargo.toml --bench throughput -- make /tmp/urls-lz4.parquet --compression lz4
//! cargo bench --manifest-path datafusion/Cargo.toml --bench throughput -- run /tmp/urls.parquet --runs 5
//! cargo bench --manifest-path datafusion/Cargo.toml --bench throughput -- run /tmp/urls.parquet --only 'rfc1738_parse in memory'
//! cargo bench --manifest-path datafusion/Cargo.toml --bench throughput -- sample datafusion/data/urls.parquet
//! ```
//!
//! `run` times, in turn, `--runs` times: the library's `parse` and
//! `check(Rule::Url, ..)` on one core over the file's URLs held in memory,
//! then each query through DataFusion on every core and on one, and
//! prints the medians, the ratios, the processor time each took (to see
//! how many cores it had) and the machine's load.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::{Parser, Subcommand};
use datafusion::arrow::array::{Array, ArrayRef, AsArray, RecordBatch, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::error::Result;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::parquet::basic::{Compression, ZstdLevel};
use datafusion::parquet::file::properties::WriterProperties;
use datafusion::parquet::schema::types::ColumnPath;
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};

#[path = "../tests/support/urls.rs"]
mod urls;

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Write the benchmark's table: rounds of the repository's lists.
    Make {
        file: PathBuf,
        #[arg(long, default_value_t = 10_000_000)]
        rows: usize,
        /// The pages' compression: the benchmark's figures are Snappy's
        /// (what Parquet writers use by default); `lz4` and `none` show
        /// what the scan's decompression costs.
        #[arg(long, value_enum, default_value_t = Codec::Snappy)]
        compression: Codec,
    },
    /// Write the shipped sample (`data/urls.parquet`).
    Sample { file: PathBuf },
    /// Measure.
    Run {
        file: PathBuf,
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// Only the query of this name (repeatable; all by default), to
        /// profile one: the library's loops run either way.
        #[arg(long)]
        only: Vec<String>,
        /// A DataFusion setting for the queries' sessions, as `SET` takes
        /// it (`datafusion.execution.batch_size=32768`; repeatable).
        #[arg(long, value_parser = setting)]
        set: Vec<(String, String)>,
    },
}

fn setting(text: &str) -> std::result::Result<(String, String), String> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| format!("{text:?}: KEY=VALUE"))?;
    Ok((key.to_owned(), value.to_owned()))
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Codec {
    Snappy,
    Lz4,
    None,
}

impl Codec {
    fn compression(self) -> Compression {
        match self {
            Codec::Snappy => Compression::SNAPPY,
            Codec::Lz4 => Compression::LZ4_RAW,
            Codec::None => Compression::UNCOMPRESSED,
        }
    }
}

/// An RFC 1738-shaped regular expression: `scheme ":" *xchar`, which is
/// exactly the language of `url` (every scheme's production is a part of
/// `genericurl`'s), scheme names in any case as the default mode reads
/// them. Its count must equal `rfc1738_check`'s.
const URL_REGEX: &str =
    r"^[a-zA-Z0-9+.-]+:([a-zA-Z0-9$_.+!*'(),;/?:@&=-]|%[0-9a-fA-F][0-9a-fA-F])*$";

/// The queries, each a count over the whole table: `urls` is the Parquet
/// file, `mem` the same URLs held in memory as `Utf8View` batches of 8,192
/// rows (what is left is the functions' own cost and DataFusion's per
/// batch). The answers of the queries that are checks or parses must be
/// the library's.
const QUERIES: [(&str, &str); 17] = [
    (
        "rfc1738_check",
        "SELECT count(*) FROM urls WHERE rfc1738_check(url)",
    ),
    (
        "rfc1738_parse",
        "SELECT count(rfc1738_parse(url)) FROM urls",
    ),
    (
        "rfc1738_parse, one field",
        "SELECT count(rfc1738_parse(url, 'host')) FROM urls",
    ),
    (
        "regexp_like",
        "SELECT count(*) FROM urls WHERE regexp_like(url, '@')",
    ),
    ("scan only", "SELECT sum(octet_length(url)) FROM urls"),
    (
        "rfc1738_check in memory",
        "SELECT count(*) FROM mem WHERE rfc1738_check(url)",
    ),
    (
        "rfc1738_parse in memory",
        "SELECT count(rfc1738_parse(url)) FROM mem",
    ),
    (
        "rfc1738_parse, one field, in memory",
        "SELECT count(rfc1738_parse(url, 'host')) FROM mem",
    ),
    (
        "rfc1738_parse(url)['host'], in memory",
        "SELECT count(rfc1738_parse(url)['host']) FROM mem",
    ),
    (
        "rfc1738_parse, two fields, in memory",
        "SELECT count(rfc1738_parse(url)['scheme']), count(rfc1738_parse(url)['host']) FROM mem",
    ),
    (
        "rfc1738_parse, three fields, in memory",
        "SELECT count(rfc1738_parse(url)['scheme']), count(rfc1738_parse(url)['host']), \
         count(rfc1738_parse(url)['path']) FROM mem",
    ),
    (
        "scan only in memory",
        "SELECT sum(octet_length(url)) FROM mem",
    ),
    (
        "rfc1738_error in memory",
        "SELECT count(rfc1738_error(url)) FROM mem",
    ),
    (
        "rfc1738_normalize in memory",
        "SELECT count(rfc1738_normalize(url)) FROM mem",
    ),
    (
        "rfc1738_error",
        "SELECT count(rfc1738_error(url)) FROM urls",
    ),
    (
        "rfc1738_normalize",
        "SELECT count(rfc1738_normalize(url)) FROM urls",
    ),
    (
        "rfc1738_revisions",
        "SELECT sum(cardinality(rfc1738_revisions(url))) FROM urls",
    ),
];

/// The URLs as a table in memory, in `partitions` partitions of batches of
/// the session's size (8,192 rows unless `--set` says otherwise).
fn register_memory(ctx: &SessionContext, list: &[String], partitions: usize) -> Result<()> {
    let batch_size = ctx.state().config().batch_size();
    let schema = Arc::new(Schema::new(vec![Field::new(
        "url",
        DataType::Utf8View,
        false,
    )]));
    let mut parts = vec![Vec::new(); partitions];
    for (index, chunk) in list.chunks(batch_size).enumerate() {
        let urls: ArrayRef = Arc::new(StringViewArray::from_iter_values(chunk));
        parts[index % partitions].push(RecordBatch::try_new(Arc::clone(&schema), vec![urls])?);
    }
    ctx.register_table("mem", Arc::new(MemTable::try_new(schema, parts)?))?;
    Ok(())
}

fn write(file: &Path, compression: Compression, batches: impl Iterator<Item = Vec<urls::Row>>) {
    let properties = WriterProperties::builder()
        .set_compression(compression)
        // Real URL columns have too many values for a dictionary: the
        // scan decodes them as plain strings.
        .set_column_dictionary_enabled(ColumnPath::from("url"), false)
        .build();
    let out = File::create(file).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
    let mut writer = ArrowWriter::try_new(out, urls::schema(), Some(properties)).expect("a writer");
    let mut written = 0;
    for rows in batches {
        writer.write(&urls::batch(&rows)).expect("written");
        written += rows.len();
    }
    writer.close().expect("closed");
    eprintln!("{}: {written} rows", file.display());
}

fn make(file: &Path, rows: usize, compression: Compression) {
    let mut left = rows;
    let rounds = (0..).map_while(|index| {
        (left > 0).then(|| {
            let mut round = urls::round(index);
            round.truncate(left);
            left -= round.len();
            round
        })
    });
    write(file, compression, rounds);
}

/// The processor seconds the process has used, and the page faults it
/// has taken that read no disk (the kernel's `minflt`: fresh memory
/// zeroed and mapped, what an allocator that hands memory back to the
/// system costs at the next allocation).
fn counters() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let number = |index: usize| {
        fields
            .get(index)
            .and_then(|t| t.parse::<f64>().ok())
            .unwrap_or(f64::NAN)
    };
    // minflt, utime and stime are fields 10, 14 and 15 of the line, 8,
    // 12 and 13 here; the kernel counts time in 100ths of a second.
    ((number(11) + number(12)) / 100.0, number(7))
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

/// How many URLs of `list` pass `test`, the list cut in `cores` shares,
/// each counted on a thread of its own.
fn on_every_core(list: &[String], cores: usize, test: impl Fn(&str) -> bool + Sync) -> i64 {
    let share = list.len().div_ceil(cores.max(1)).max(1);
    std::thread::scope(|scope| {
        let counts: Vec<_> = list
            .chunks(share)
            .map(|urls| {
                let test = &test;
                scope.spawn(move || urls.iter().filter(|url| test(url)).count())
            })
            .collect();
        counts
            .into_iter()
            .map(|count| count.join().expect("a counting thread"))
            .sum::<usize>() as i64
    })
}

/// One timing: wall seconds, processor seconds, page faults, and the answer.
struct Timing {
    wall: f64,
    cpu: f64,
    /// Page faults (`counters`).
    faults: f64,
    answer: i64,
}

impl Timing {
    /// What the process did from `start` to now.
    fn since(start: Start, answer: i64) -> Timing {
        let (cpu, faults) = counters();
        Timing {
            wall: start.at.elapsed().as_secs_f64(),
            cpu: cpu - start.cpu,
            faults: faults - start.faults,
            answer,
        }
    }
}

/// The clock and the process's counters when a loop or query began.
struct Start {
    at: Instant,
    cpu: f64,
    faults: f64,
}

impl Start {
    fn now() -> Start {
        let (cpu, faults) = counters();
        Start {
            at: Instant::now(),
            cpu,
            faults,
        }
    }
}

/// Every run's figures of one loop or query.
struct Samples {
    name: String,
    walls: Vec<f64>,
    cpus: Vec<f64>,
    faults: Vec<f64>,
}

impl Samples {
    fn named(name: &str) -> Samples {
        Samples {
            name: name.to_owned(),
            walls: Vec::new(),
            cpus: Vec::new(),
            faults: Vec::new(),
        }
    }
}

fn time(work: impl FnOnce() -> i64) -> Timing {
    let start = Start::now();
    let answer = work();
    Timing::since(start, answer)
}

async fn query(ctx: &SessionContext, sql: &str) -> Result<i64> {
    let batches = ctx.sql(sql).await?.collect().await?;
    let column = batches[0].column(0);
    Ok(match column.data_type() {
        datafusion::arrow::datatypes::DataType::Int64 => column
            .as_primitive::<datafusion::arrow::datatypes::Int64Type>()
            .value(0),
        _ => column
            .as_primitive::<datafusion::arrow::datatypes::UInt64Type>()
            .value(0) as i64,
    })
}

async fn session(
    file: &Path,
    partitions: usize,
    settings: &[(String, String)],
) -> Result<SessionContext> {
    let mut config = SessionConfig::new().with_target_partitions(partitions);
    for (key, value) in settings {
        config.options_mut().set(key, value)?;
    }
    let ctx = SessionContext::new_with_config(config);
    rfc1738_datafusion::register(&ctx);
    ctx.register_parquet(
        "urls",
        file.to_string_lossy().as_ref(),
        ParquetReadOptions::default(),
    )
    .await?;
    Ok(ctx)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

async fn run(
    file: &Path,
    runs: usize,
    only: &[String],
    settings: &[(String, String)],
) -> Result<()> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let everywhere = session(file, cores, settings).await?;
    let one = session(file, 1, settings).await?;
    // As `Utf8View` whatever the session reads the file as (`--set
    // datafusion.execution.parquet.schema_force_view_types=false`).
    let list: Vec<String> = everywhere
        .sql("SELECT arrow_cast(url, 'Utf8View') FROM urls")
        .await?
        .collect()
        .await?
        .iter()
        .flat_map(|batch| {
            let column = batch.column(0);
            (0..column.len())
                .map(|row| column.as_string_view().value(row).to_owned())
                .collect::<Vec<_>>()
        })
        .collect();
    let rows = list.len() as f64;
    // A quote in SQL's string is written twice.
    let regex_query = QUERIES[3].1.replace('@', &URL_REGEX.replace('\'', "''"));
    register_memory(&everywhere, &list, cores)?;
    register_memory(&one, &list, 1)?;
    println!(
        "{} URLs, {cores} cores, load before: {}",
        list.len(),
        load()
    );
    let mut timings: Vec<Samples> = Vec::new();
    let mut record = |name: &str, timing: &Timing| {
        let index = match timings.iter().position(|samples| samples.name == name) {
            Some(index) => index,
            None => {
                timings.push(Samples::named(name));
                timings.len() - 1
            }
        };
        let samples = &mut timings[index];
        samples.walls.push(timing.wall);
        samples.cpus.push(timing.cpu);
        samples.faults.push(timing.faults);
    };
    for run in 0..runs {
        let parse = time(|| {
            list.iter()
                .filter(|url| rfc1738::parse(url).is_ok())
                .count() as i64
        });
        record("library parse, 1 core", &parse);
        let check = time(|| {
            list.iter()
                .filter(|url| rfc1738::check(rfc1738::Rule::Url, url).is_ok())
                .count() as i64
        });
        record("library check, 1 core", &check);
        // What `rfc1738_parse(url, 'host')` asks of the library: a parse,
        // then the host read off the tree.
        let host = time(|| {
            list.iter()
                .filter(|url| match &rfc1738::parse(url) {
                    Ok(url) => url.host().is_some(),
                    Err(_) => false,
                })
                .count() as i64
        });
        record("library parse and host, 1 core", &host);
        // The library on every core, a share of the list a thread: what
        // "per core, on all cores" compares the partitioned queries with,
        // since cores that run together slow each other down (the cache
        // and memory they share, and this machine's other tenants).
        let everywhere_parse =
            time(|| on_every_core(&list, cores, |url| rfc1738::parse(url).is_ok()));
        assert_eq!(
            everywhere_parse.answer, parse.answer,
            "one parse on any core count"
        );
        record(&format!("library parse, {cores} cores"), &everywhere_parse);
        let mut answers = Vec::new();
        for (ctx, cores_used) in [(&everywhere, cores), (&one, 1)] {
            for (name, sql) in QUERIES {
                if !only.is_empty() && !only.iter().any(|wanted| wanted == name) {
                    continue;
                }
                let sql = if name == "regexp_like" {
                    regex_query.as_str()
                } else {
                    sql
                };
                let start = Start::now();
                let answer = query(ctx, sql).await?;
                let timing = Timing::since(start, answer);
                record(&format!("{name}, {cores_used} partition(s)"), &timing);
                answers.push((name, timing.answer));
            }
        }
        for (name, value) in &answers {
            let mut same = answers.iter().filter(|other| other.0 == *name);
            assert!(
                same.all(|other| other.1 == *value),
                "{name}: one answer on any core count"
            );
        }
        let answer = |wanted: &str| {
            answers
                .iter()
                .find(|(name, _)| *name == wanted)
                .map(|a| a.1)
        };
        // What each query that ran must count.
        let expected = [
            (
                "rfc1738_check",
                check.answer,
                "rfc1738_check counts as check",
            ),
            ("rfc1738_check in memory", check.answer, "in memory too"),
            ("rfc1738_parse in memory", parse.answer, "in memory too"),
            ("regexp_like", check.answer, "the regex is url's language"),
            (
                "rfc1738_parse",
                parse.answer,
                "rfc1738_parse counts as parse",
            ),
            (
                "rfc1738_parse, one field",
                host.answer,
                "a host where the library reads one",
            ),
            (
                "rfc1738_parse, one field, in memory",
                host.answer,
                "in memory too",
            ),
            (
                "rfc1738_parse(url)['host'], in memory",
                host.answer,
                "and taken from the struct",
            ),
            (
                "rfc1738_parse, two fields, in memory",
                parse.answer,
                "a scheme where the library parses",
            ),
            (
                "rfc1738_parse, three fields, in memory",
                parse.answer,
                "a scheme where the library parses",
            ),
            (
                "rfc1738_normalize",
                parse.answer,
                "normalized where the library parses",
            ),
            ("rfc1738_normalize in memory", parse.answer, "in memory too"),
            (
                "rfc1738_error",
                list.len() as i64 - check.answer,
                "an error where the library's check of url fails",
            ),
            (
                "rfc1738_error in memory",
                list.len() as i64 - check.answer,
                "in memory too",
            ),
        ];
        for (name, count, why) in expected {
            if let Some(answer) = answer(name) {
                assert_eq!(answer, count, "{why}");
            }
        }
        println!("run {} of {runs} done, load: {}", run + 1, load());
    }
    println!();
    println!("| what | median s | URLs/s | processor s | URLs per processor-second | page faults per 1,000 URLs |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    // name -> (URLs a second, URLs a processor-second).
    let mut rates = Vec::new();
    for Samples {
        name,
        walls,
        cpus,
        faults,
    } in &mut timings
    {
        let (wall, cpu, faults) = (median(walls), median(cpus), median(faults));
        println!(
            "| {name} | {wall:.3} | {:.0} | {cpu:.2} | {:.0} | {:.1} |",
            rows / wall,
            rows / cpu,
            faults * 1000.0 / rows
        );
        rates.push((name.clone(), rows / wall, rows / cpu));
    }
    let rate = |name: &str| {
        let found = rates.iter().find(|rate| rate.0 == name);
        found.map_or((f64::NAN, f64::NAN), |rate| (rate.1, rate.2))
    };
    let library = rate("library parse, 1 core");
    let library_everywhere = rate(&format!("library parse, {cores} cores"));
    println!();
    println!("against the library's parse on one core (per core: the rate over the cores; per processor-second: what each processor-second of the query did), and {cores} partitions against the library on {cores} cores:");
    for (name, _) in QUERIES {
        let all = rate(&format!("{name}, {cores} partition(s)"));
        let single = rate(&format!("{name}, 1 partition(s)"));
        if all.0.is_nan() && single.0.is_nan() {
            continue; // not run (`--only`)
        }
        println!(
            "- {name}: {cores} partitions {:.2} per core, {:.2} per processor-second; 1 partition {:.2}, {:.2}; {cores} partitions against the library on {cores} cores {:.2}, {:.2}",
            all.0 / cores as f64 / library.0,
            all.1 / library.1,
            single.0 / library.0,
            single.1 / library.1,
            all.0 / library_everywhere.0,
            all.1 / library_everywhere.1,
        );
    }
    let with_host = rate("library parse and host, 1 core");
    for name in [
        "rfc1738_parse, one field",
        "rfc1738_parse, one field, in memory",
        "rfc1738_parse(url)['host'], in memory",
    ] {
        let all = rate(&format!("{name}, {cores} partition(s)"));
        let single = rate(&format!("{name}, 1 partition(s)"));
        if !all.0.is_nan() || !single.0.is_nan() {
            println!(
                "- {name}, against the library's parse and host: {:.2} per processor-second on {cores} partitions, {:.2} on 1",
                all.1 / with_host.1,
                single.1 / with_host.1
            );
        }
    }
    let check = |partitions: usize| rate(&format!("rfc1738_check, {partitions} partition(s)"));
    let regex = |partitions: usize| rate(&format!("regexp_like, {partitions} partition(s)"));
    println!(
        "- rfc1738_check against regexp_like: {:.2}x on {cores} partitions, {:.2}x on one",
        check(cores).0 / regex(cores).0,
        check(1).0 / regex(1).0
    );
    println!("load after: {}", load());
    Ok(())
}

#[tokio::main]
async fn main() -> Result<()> {
    // `cargo bench` adds `--bench`.
    let args = std::env::args().filter(|arg| arg != "--bench");
    match Cli::parse_from(args).command {
        Some(Command::Make {
            file,
            rows,
            compression,
        }) => make(&file, rows, compression.compression()),
        Some(Command::Sample { file }) => write(
            &file,
            Compression::ZSTD(ZstdLevel::try_new(9).expect("a level")),
            std::iter::once(urls::sample()),
        ),
        Some(Command::Run {
            file,
            runs,
            only,
            set,
        }) => run(&file, runs, &only, &set).await?,
        None => eprintln!("throughput: make, sample or run (see benches/throughput.rs)"),
    }
    Ok(())
}
