//! `rfc1738-sql`: SQL over files of URLs, with the RFC 1738 functions, on
//! all the cores of this machine or on a Ballista cluster.

use std::io::{IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, ValueEnum};
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::runtime_env::RuntimeEnvBuilder;
use datafusion::physical_plan::execute_stream;
use datafusion::prelude::{SessionConfig, SessionContext};
use datafusion::sql::parser::DFParser;
use futures::StreamExt;

mod output;
mod progress;
mod tables;

/// Runs SQL over Parquet, CSV and NDJSON files of URLs, with the functions
/// of RFC 1738's grammar (rfc1738_check, rfc1738_parse, rfc1738_error,
/// rfc1738_normalize, rfc1738_revisions, ...). Results are streamed;
/// errors exit with code 2.
#[derive(Parser)]
#[command(name = "rfc1738-sql", version, about)]
struct Args {
    /// A table: a Parquet (.parquet), CSV (.csv, with a header line) or
    /// NDJSON (.json, .ndjson, .jsonl) file, or a folder of files of one of
    /// these kinds. NAME defaults to the file's name without its extension.
    #[arg(long = "table", value_name = "NAME=PATH")]
    tables: Vec<tables::TableArg>,
    /// How to write the results: `table` for people (a table of at most 1000
    /// rows at a time), `csv` (nested values as text), `json` (one object a
    /// line).
    #[arg(long, value_enum, default_value_t = output::Format::Table)]
    format: output::Format,
    /// The most memory the query may hold (sorts and aggregations spill to
    /// disk beyond it, or the query fails): `512MiB`, `4GiB`, ... Default:
    /// half of this machine's memory.
    #[arg(long, value_name = "SIZE", value_parser = rfc1738_datafusion::parse_size)]
    memory_limit: Option<u64>,
    /// How many partitions to run at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    partitions: Option<NonZeroUsize>,
    /// Send the query to the Ballista scheduler at URL (`df://host:50050`)
    /// instead of running it here; the files must be at the same paths on
    /// the executors.
    #[arg(long, value_name = "URL")]
    cluster: Option<String>,
    /// A progress line on standard error: `auto` when it is a terminal and
    /// the query has run for a second, `always` (a line a second), `never`.
    #[arg(long, value_enum, default_value_t = Progress::Auto)]
    progress: Progress,
    /// The SQL to run: one statement or several separated by `;` (the
    /// results of each are written in turn). None or `-`: read it from
    /// standard input.
    query: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Progress {
    Auto,
    Always,
    Never,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => return fail(&format!("cannot start the runtime: {error}")),
    };
    match runtime.block_on(run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => fail(&message),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("rfc1738-sql: error: {message}");
    ExitCode::from(2)
}

/// Why a run stopped early.
enum Failure {
    /// Standard output was closed (`| head`): nothing more to do.
    Closed,
    /// An error to report.
    Message(String),
}

impl From<DataFusionError> for Failure {
    fn from(error: DataFusionError) -> Self {
        Failure::Message(error.to_string())
    }
}

impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Self {
        match error.kind() {
            std::io::ErrorKind::BrokenPipe => Failure::Closed,
            _ => Failure::Message(format!("cannot write the results: {error}")),
        }
    }
}

async fn run(args: Args) -> Result<(), Failure> {
    let sql = match args.query.as_deref() {
        Some(query) if query != "-" => query.to_owned(),
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|error| Failure::Message(format!("cannot read the query: {error}")))?;
            text
        }
    };
    let statements = DFParser::parse_sql(&sql)?;
    if statements.is_empty() {
        return Err(Failure::Message("no SQL statement to run".to_owned()));
    }
    let ctx = session(&args).await?;
    for table in &args.tables {
        tables::register(&ctx, table)
            .await
            .map_err(|error| Failure::Message(format!("--table {table}: {error}")))?;
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for statement in statements {
        let plan = ctx.state().statement_to_plan(statement).await?;
        let frame = ctx.execute_logical_plan(plan).await?;
        let plan = frame.create_physical_plan().await?;
        let mut writer = output::Writer::new(args.format, plan.schema());
        let ticker = progress::Ticker::start(Arc::clone(&plan), progress_mode(args.progress));
        let mut stream = execute_stream(Arc::clone(&plan), ctx.task_ctx())?;
        while let Some(batch) = stream.next().await {
            let batch = batch?;
            ticker.add_rows_out(batch.num_rows());
            writer.write(&mut out, &batch)?;
        }
        writer.finish(&mut out)?;
        ticker.finish();
    }
    out.flush()?;
    Ok(())
}

fn progress_mode(progress: Progress) -> progress::Mode {
    match progress {
        Progress::Never => progress::Mode::Off,
        Progress::Always => progress::Mode::Lines,
        Progress::Auto if std::io::stderr().is_terminal() => progress::Mode::Terminal,
        Progress::Auto => progress::Mode::Off,
    }
}

/// The session: here with a memory pool and the functions, or on a
/// Ballista cluster.
async fn session(args: &Args) -> Result<SessionContext, Failure> {
    if let Some(url) = &args.cluster {
        if args.memory_limit.is_some() {
            return Err(Failure::Message(
                "--memory-limit applies to this machine; on a cluster, give each executor its own \
                 (rfc1738-ballista executor --memory-limit)"
                    .to_owned(),
            ));
        }
        return Ok(rfc1738_datafusion::cluster::connect(url).await?);
    }
    let limit = match args.memory_limit {
        Some(limit) => limit,
        None => default_memory_limit(),
    };
    let runtime = RuntimeEnvBuilder::new()
        .with_memory_limit(usize::try_from(limit).unwrap_or(usize::MAX), 1.0)
        .build_arc()?;
    let mut config = SessionConfig::new().with_information_schema(true);
    if let Some(partitions) = args.partitions {
        config = config.with_target_partitions(partitions.get());
    }
    let ctx = SessionContext::new_with_config_rt(config, runtime);
    rfc1738_datafusion::register(&ctx);
    Ok(ctx)
}

/// Half of the memory of this machine, or of this process's control
/// group when that is smaller.
fn default_memory_limit() -> u64 {
    use sysinfo::{MemoryRefreshKind, RefreshKind, System};
    let system = System::new_with_specifics(
        RefreshKind::nothing().with_memory(MemoryRefreshKind::nothing().with_ram()),
    );
    let total = match system.cgroup_limits() {
        Some(limits) => limits.total_memory.min(system.total_memory()),
        None => system.total_memory(),
    };
    (total / 2).max(256 << 20)
}
