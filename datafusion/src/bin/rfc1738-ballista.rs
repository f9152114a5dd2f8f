//! `rfc1738-ballista`: a Ballista scheduler or executor that has the RFC
//! 1738 functions, for `rfc1738-sql --cluster`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use ballista_executor::executor_process::{start_executor_process, ExecutorProcessConfig};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_process::start_server;
use clap::{Args, Parser, Subcommand};
use rfc1738_datafusion::cluster::{executor_functions, scheduler_session};

/// Runs a Ballista scheduler or executor with the RFC 1738 functions
/// (rfc1738_check, rfc1738_parse, ...) registered. Start one scheduler,
/// then executors that connect to it, then send queries with
/// `rfc1738-sql --cluster df://HOST:PORT`. Set RUST_LOG=info for logs.
#[derive(Parser)]
#[command(name = "rfc1738-ballista", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The scheduler: plans queries into stages and hands tasks to executors.
    Scheduler(SchedulerArgs),
    /// An executor: runs tasks, reads the files, serves its shuffle output.
    Executor(ExecutorArgs),
}

#[derive(Args)]
struct SchedulerArgs {
    /// The address to listen on (0.0.0.0 for every interface).
    #[arg(long, default_value = "127.0.0.1")]
    bind_host: String,
    /// The port clients and executors connect to.
    #[arg(long, default_value_t = 50050)]
    port: u16,
    /// The host name other machines reach this one by.
    #[arg(long, default_value = "localhost")]
    external_host: String,
}

#[derive(Args)]
struct ExecutorArgs {
    /// The address to listen on (0.0.0.0 for every interface).
    #[arg(long, default_value = "127.0.0.1")]
    bind_host: String,
    /// The host name other executors and clients reach this one by
    /// (default: the address the scheduler sees).
    #[arg(long)]
    external_host: Option<String>,
    /// The port of the executor's Arrow Flight service (its shuffle data).
    #[arg(long, default_value_t = 50051)]
    port: u16,
    /// The port of the executor's gRPC service.
    #[arg(long, default_value_t = 50052)]
    grpc_port: u16,
    /// The scheduler's host.
    #[arg(long, default_value = "localhost")]
    scheduler_host: String,
    /// The scheduler's port.
    #[arg(long, default_value_t = 50050)]
    scheduler_port: u16,
    /// How many tasks to run at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    concurrent_tasks: Option<usize>,
    /// Where to keep shuffle files (default: a new temporary folder).
    #[arg(long, value_name = "DIR")]
    work_dir: Option<PathBuf>,
    /// The most memory the executor's tasks may hold together: `4GiB`, ...
    /// (default: Ballista's share of this machine's memory).
    #[arg(long, value_name = "SIZE", value_parser = rfc1738_datafusion::parse_size)]
    memory_limit: Option<u64>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => return fail(&format!("cannot start the runtime: {error}")),
    };
    let result = runtime.block_on(async {
        match cli.command {
            Command::Scheduler(args) => scheduler(args).await,
            Command::Executor(args) => executor(args).await,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("rfc1738-ballista: error: {message}");
    ExitCode::from(2)
}

async fn scheduler(args: SchedulerArgs) -> Result<(), String> {
    let config = SchedulerConfig {
        bind_host: args.bind_host,
        bind_port: args.port,
        external_host: args.external_host,
        override_session_builder: Some(Arc::new(scheduler_session)),
        ..SchedulerConfig::default()
    };
    let address: SocketAddr = format!("{}:{}", config.bind_host, config.bind_port)
        .parse()
        .map_err(|error| format!("--bind-host {}: {error}", config.bind_host))?;
    let cluster = BallistaCluster::new_from_config(&config)
        .await
        .map_err(|error| error.to_string())?;
    eprintln!("rfc1738-ballista: scheduler listening on {address}");
    start_server(cluster, address, Arc::new(config))
        .await
        .map_err(|error| error.to_string())
}

async fn executor(args: ExecutorArgs) -> Result<(), String> {
    let mut config = ExecutorProcessConfig {
        bind_host: args.bind_host,
        external_host: args.external_host,
        port: args.port,
        grpc_port: args.grpc_port,
        scheduler_host: args.scheduler_host,
        scheduler_port: args.scheduler_port,
        memory_pool_size: args.memory_limit,
        override_function_registry: Some(executor_functions()),
        ..ExecutorProcessConfig::default()
    };
    if let Some(tasks) = args.concurrent_tasks {
        config.vcores = tasks.max(1);
    }
    // Ballista's own default folder is removed as soon as it is made; a
    // folder that lives as long as the executor is made here instead.
    let temporary;
    let work_dir = match args.work_dir {
        Some(dir) => dir,
        None => {
            temporary = tempfile::tempdir().map_err(|error| format!("--work-dir: {error}"))?;
            temporary.path().to_owned()
        }
    };
    config.work_dir = Some(work_dir.to_string_lossy().into_owned());
    eprintln!(
        "rfc1738-ballista: executor on {}:{} (flight) and {} (grpc), scheduler {}:{}",
        config.bind_host,
        config.port,
        config.grpc_port,
        config.scheduler_host,
        config.scheduler_port
    );
    start_executor_process(Arc::new(config))
        .await
        .map_err(|error| error.to_string())
}
