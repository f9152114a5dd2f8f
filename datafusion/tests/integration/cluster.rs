//! A Ballista cluster on this machine, on loopback: a scheduler and two
//! executors of `rfc1738-ballista`, and queries over a folder of Parquet
//! files sent with `rfc1738-sql --cluster`, which must print what the
//! local engine prints.

use std::fs::File;
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

use crate::cli::write_parquet;
use crate::support::{sql, Output};
use crate::urls;

/// The servers, stopped when the test ends however it ends.
struct Cluster {
    children: Vec<Child>,
    logs: TempDir,
    port: u16,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Cluster {
    fn start() -> Cluster {
        let logs = tempfile::tempdir().unwrap();
        // Five free ports: the scheduler's, and two for each executor.
        let listeners: Vec<TcpListener> = (0..5)
            .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
            .collect();
        let ports: Vec<u16> = listeners
            .iter()
            .map(|listener| listener.local_addr().unwrap().port())
            .collect();
        drop(listeners);
        let mut cluster = Cluster {
            children: Vec::new(),
            logs,
            port: ports[0],
        };
        let scheduler = [
            "scheduler",
            "--bind-host",
            "127.0.0.1",
            "--external-host",
            "127.0.0.1",
            "--port",
        ];
        cluster.spawn("scheduler", &scheduler, &[ports[0]]);
        cluster.wait_for_port(ports[0]);
        for (index, pair) in ports[1..].chunks(2).enumerate() {
            let work = cluster.logs.path().join(format!("work-{index}"));
            std::fs::create_dir(&work).unwrap();
            let args = [
                "executor".to_owned(),
                "--bind-host=127.0.0.1".to_owned(),
                "--external-host=127.0.0.1".to_owned(),
                "--scheduler-host=127.0.0.1".to_owned(),
                format!("--scheduler-port={}", ports[0]),
                format!("--port={}", pair[0]),
                format!("--grpc-port={}", pair[1]),
                "--concurrent-tasks=2".to_owned(),
                format!("--work-dir={}", work.display()),
            ];
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            cluster.spawn(&format!("executor-{index}"), &args, &[]);
            cluster.wait_for_port(pair[0]);
        }
        cluster
    }

    fn spawn(&mut self, name: &str, args: &[&str], ports: &[u16]) {
        let log = File::create(self.logs.path().join(format!("{name}.log"))).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_rfc1738-ballista"))
            .args(args)
            .args(ports.iter().map(u16::to_string))
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap();
        self.children.push(child);
    }

    fn wait_for_port(&mut self, port: u16) {
        let end = Instant::now() + Duration::from_secs(60);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            for child in &mut self.children {
                if let Some(status) = child.try_wait().unwrap() {
                    panic!("a server stopped ({status}):\n{}", self.logs());
                }
            }
            assert!(
                Instant::now() < end,
                "nothing listens on {port}:\n{}",
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Every server's log, for a failure's message.
    fn logs(&self) -> String {
        let mut text = String::new();
        for entry in std::fs::read_dir(self.logs.path()).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|extension| extension == "log") {
                let log = std::fs::read_to_string(&path).unwrap_or_default();
                let tail: Vec<&str> = log.lines().rev().take(40).collect();
                text.push_str(&format!("== {}\n", path.display()));
                for line in tail.into_iter().rev() {
                    text.push_str(line);
                    text.push('\n');
                }
            }
        }
        text
    }

    /// `rfc1738-sql --cluster` with these arguments.
    fn sql(&self, args: &[&str]) -> Output {
        let url = format!("df://127.0.0.1:{}", self.port);
        let mut all = vec!["--cluster", url.as_str()];
        all.extend_from_slice(args);
        sql(&all, None)
    }
}

/// Every function, aggregated per scheme, and the failures one by one:
/// the rows travel between the executors (a shuffle for the groups, a
/// sort) before they reach the client.
const QUERIES: [&str; 2] = [
    "SELECT rfc1738_parse(url)['scheme'] AS scheme, source, count(*) AS urls, \
       sum(CASE WHEN rfc1738_check(url) THEN 1 ELSE 0 END) AS valid, \
       sum(CASE WHEN rfc1738_check_strict(url, 'url', 'draft-03') THEN 1 ELSE 0 END) AS in_draft_03, \
       count(rfc1738_error(url, 'httpurl')) AS not_httpurl, \
       count(rfc1738_error_strict(url)) AS errors, \
       count(DISTINCT rfc1738_normalize(url)) AS normalized, \
       sum(array_length(rfc1738_revisions(url))) AS revisions \
     FROM urls GROUP BY 1, 2 ORDER BY 1, 2",
    "SELECT url, rfc1738_error(url)['message'] AS error FROM urls \
     WHERE NOT rfc1738_check(url) ORDER BY url",
];

fn folder_of_parquet_files(folder: &Path) {
    let rows = urls::sample();
    for (index, part) in rows.chunks(rows.len().div_ceil(4)).enumerate() {
        write_parquet(&folder.join(format!("part-{index}.parquet")), part);
    }
}

#[test]
fn a_cluster_on_loopback_answers_as_the_local_engine() {
    let data = tempfile::tempdir().unwrap();
    folder_of_parquet_files(data.path());
    let table = format!("urls={}", data.path().display());
    let cluster = Cluster::start();
    for query in QUERIES {
        let local = sql(&["--table", &table, "--format", "csv", query], None).ok();
        assert!(local.stdout.lines().count() > 10, "{}", local.stdout);
        // The executors register with the scheduler as they start: the
        // first query may find none yet, so it is tried for a minute.
        let end = Instant::now() + Duration::from_secs(60);
        let remote = loop {
            let remote = cluster.sql(&["--table", &table, "--format", "csv", query]);
            if remote.code == Some(0) || Instant::now() > end {
                break remote;
            }
            std::thread::sleep(Duration::from_secs(1));
        };
        assert_eq!(remote.code, Some(0), "{remote:?}\n{}", cluster.logs());
        assert_eq!(remote.stdout, local.stdout, "{query}\n{}", cluster.logs());
    }
}
