//! `rfc1738-sql` end to end: the kinds of files and folders, the output
//! formats, the query on standard input, the errors (exit code 2), the
//! memory limit and the progress line.

use std::fs::File;
use std::path::Path;

use datafusion::arrow::csv;
use datafusion::arrow::json::LineDelimitedWriter;
use datafusion::parquet::arrow::ArrowWriter;
use tempfile::TempDir;

use crate::support::{sample_parquet, sql};
use crate::urls::{self, Row};

/// The first `count` rows of the sample, in `urls` order.
fn some_rows(count: usize) -> Vec<Row> {
    urls::sample().into_iter().take(count).collect()
}

/// The rows as CSV, NDJSON and Parquet files in a new folder:
/// `urls.csv`, `urls.ndjson`, `urls.parquet`, and `parts/` (three
/// Parquet files).
fn files(rows: &[Row]) -> TempDir {
    let folder = tempfile::tempdir().unwrap();
    let batch = urls::batch(rows);
    let mut writer = csv::Writer::new(File::create(folder.path().join("urls.csv")).unwrap());
    writer.write(&batch).unwrap();
    let mut writer =
        LineDelimitedWriter::new(File::create(folder.path().join("urls.ndjson")).unwrap());
    writer.write(&batch).unwrap();
    writer.finish().unwrap();
    write_parquet(&folder.path().join("urls.parquet"), rows);
    std::fs::create_dir(folder.path().join("parts")).unwrap();
    for (index, part) in rows.chunks(rows.len().div_ceil(3)).enumerate() {
        write_parquet(
            &folder.path().join(format!("parts/part-{index}.parquet")),
            part,
        );
    }
    folder
}

pub fn write_parquet(path: &Path, rows: &[Row]) {
    let mut writer =
        ArrowWriter::try_new(File::create(path).unwrap(), urls::schema(), None).unwrap();
    writer.write(&urls::batch(rows)).unwrap();
    writer.close().unwrap();
}

/// Per source, the URLs and how many the library accepts: the answer to
/// [`PER_SOURCE`], as CSV.
fn per_source(rows: &[Row]) -> String {
    let mut counts = std::collections::BTreeMap::<&str, (usize, usize)>::new();
    for row in rows {
        let entry = counts.entry(row.source).or_default();
        entry.0 += 1;
        entry.1 += usize::from(rfc1738::check(rfc1738::Rule::Url, &row.url).is_ok());
    }
    let mut csv = "source,urls,valid\n".to_owned();
    for (source, (urls, valid)) in counts {
        csv.push_str(&format!("{source},{urls},{valid}\n"));
    }
    csv
}

const PER_SOURCE: &str = "SELECT source, count(*) AS urls, \
     sum(CASE WHEN rfc1738_check(url) THEN 1 ELSE 0 END) AS valid \
     FROM t GROUP BY source ORDER BY source";

#[test]
fn every_kind_of_file_gives_the_same_answer() {
    let rows = some_rows(1500);
    let folder = files(&rows);
    let expected = per_source(&rows);
    for name in ["urls.csv", "urls.ndjson", "urls.parquet", "parts"] {
        let table = format!("t={}", folder.path().join(name).display());
        let output = sql(&["--table", &table, "--format", "csv", PER_SOURCE], None).ok();
        assert_eq!(output.stdout, expected, "{name}");
    }
    // The shipped sample, named after its file.
    let table = sample_parquet().display().to_string();
    let output = sql(
        &[
            "--table",
            &table,
            "--format",
            "csv",
            &PER_SOURCE.replace("FROM t", "FROM urls"),
        ],
        None,
    )
    .ok();
    assert_eq!(output.stdout, per_source(&urls::sample()));
}

#[test]
fn the_three_formats() {
    let query = "SELECT url, rfc1738_check(url) AS ok, rfc1738_revisions(url) AS revisions, \
         rfc1738_parse(url)['host'] AS host FROM (VALUES ('http://h.com/a'), ('http://h/a b'), (NULL)) AS t(url)";
    let table = sql(&[query], None).ok().stdout;
    assert_eq!(
        table,
        "\
+----------------+-------+-----------------------------------------------+-------+
| url            | ok    | revisions                                     | host  |
+----------------+-------+-----------------------------------------------+-------+
| http://h.com/a | true  | [draft-jul93, draft-oct93, draft-03, rfc1738] | h.com |
| http://h/a b   | false | [draft-jul93, draft-oct93]                    |       |
|                |       |                                               |       |
+----------------+-------+-----------------------------------------------+-------+
"
    );
    let csv = sql(&["--format", "csv", query], None).ok().stdout;
    assert_eq!(
        csv,
        "\
url,ok,revisions,host
http://h.com/a,true,\"[\"\"draft-jul93\"\",\"\"draft-oct93\"\",\"\"draft-03\"\",\"\"rfc1738\"\"]\",h.com
http://h/a b,false,\"[\"\"draft-jul93\"\",\"\"draft-oct93\"\"]\",
,,,
"
    );
    let json = sql(&["--format", "json", query], None).ok().stdout;
    assert_eq!(
        json,
        "\
{\"url\":\"http://h.com/a\",\"ok\":true,\"revisions\":[\"draft-jul93\",\"draft-oct93\",\"draft-03\",\"rfc1738\"],\"host\":\"h.com\"}
{\"url\":\"http://h/a b\",\"ok\":false,\"revisions\":[\"draft-jul93\",\"draft-oct93\"],\"host\":null}
{\"url\":null,\"ok\":null,\"revisions\":null,\"host\":null}
"
    );
    // No row: a table's or a CSV's header, no JSON line.
    let empty = "SELECT 1 AS one WHERE false";
    assert_eq!(
        sql(&[empty], None).ok().stdout,
        "+-----+\n| one |\n+-----+\n+-----+\n"
    );
    assert_eq!(sql(&["--format", "csv", empty], None).ok().stdout, "one\n");
    assert_eq!(sql(&["--format", "json", empty], None).ok().stdout, "");
}

#[test]
fn a_long_result_is_printed_as_tables_of_a_thousand_rows() {
    let table = format!("urls={}", sample_parquet().display());
    let output = sql(&["--table", &table, "SELECT url FROM urls"], None).ok();
    let headers = output
        .stdout
        .lines()
        .filter(|line| line.starts_with("| url "))
        .count();
    let rows = urls::sample().len();
    assert_eq!(headers, rows.div_ceil(1000));
    // Every row is there, once: a header, three borders and one line a
    // row per table.
    assert_eq!(output.stdout.lines().count(), rows + 4 * headers);
}

#[test]
fn statements_that_return_nothing_print_nothing() {
    let script = format!(
        "CREATE EXTERNAL TABLE u STORED AS PARQUET LOCATION '{}';\n\
         SET datafusion.execution.batch_size = 1024;\n\
         SELECT count(*) AS n FROM u WHERE rfc1738_check(url);",
        sample_parquet().display()
    );
    let valid = urls::sample()
        .iter()
        .filter(|row| rfc1738::check(rfc1738::Rule::Url, &row.url).is_ok())
        .count();
    for format in ["table", "csv", "json"] {
        let output = sql(&["--format", format], Some(&script)).ok();
        let expected = match format {
            "table" => format!("+------+\n| n    |\n+------+\n| {valid} |\n+------+\n"),
            "csv" => format!("n\n{valid}\n"),
            _ => format!("{{\"n\":{valid}}}\n"),
        };
        assert_eq!(output.stdout, expected, "{format}");
    }
}

#[test]
fn the_query_on_standard_input() {
    let query = "SELECT rfc1738_normalize('HTTP://h.com/%7e') AS n;\nSELECT 2 AS two";
    let expected = "n\nhttp://h.com/%7E\ntwo\n2\n";
    assert_eq!(sql(&["--format", "csv"], Some(query)).ok().stdout, expected);
    assert_eq!(
        sql(&["--format", "csv", "-"], Some(query)).ok().stdout,
        expected
    );
}

#[test]
fn errors_are_messages_with_exit_code_2() {
    let folder = files(&some_rows(10));
    let mixed = folder.path();
    let csv = format!("t={}", folder.path().join("urls.csv").display());
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["SELEC 1".into()],
            "rfc1738-sql: error: SQL error: ParserError(\"Expected: an SQL statement, found: SELEC",
        ),
        (
            vec!["".into()],
            "rfc1738-sql: error: no SQL statement to run",
        ),
        (
            vec!["SELECT * FROM nowhere".into()],
            "table 'datafusion.public.nowhere' not found",
        ),
        (
            vec!["--table".into(), csv.clone(), "SELECT nope FROM t".into()],
            "No field named nope",
        ),
        (
            vec![
                "--table".into(),
                csv.clone(),
                "SELECT rfc1738_check(url, 'nope') FROM t".into(),
            ],
            "rfc1738_check: rfc1738 has no production \"nope\"; its productions are:",
        ),
        (
            vec![
                "--table".into(),
                "t=/no/such/file.parquet".into(),
                "SELECT 1".into(),
            ],
            "--table t=/no/such/file.parquet: No such file or directory",
        ),
        (
            vec![
                "--table".into(),
                format!("t={}", mixed.display()),
                "SELECT 1".into(),
            ],
            "the folder holds files of several kinds (.parquet, .csv, .ndjson): a table is made of one",
        ),
        (
            vec!["--table".into(), "t=Cargo.toml".into(), "SELECT 1".into()],
            "not a .parquet, .csv, .json, .ndjson or .jsonl file, nor a folder of them",
        ),
        (
            vec!["--table".into(), "=x.csv".into(), "SELECT 1".into()],
            "\"=x.csv\" names no table: give NAME=PATH",
        ),
        (
            vec!["--memory-limit".into(), "lots".into(), "SELECT 1".into()],
            "invalid value 'lots' for '--memory-limit <SIZE>'",
        ),
        (
            vec!["--format".into(), "xml".into(), "SELECT 1".into()],
            "invalid value 'xml' for '--format <FORMAT>'",
        ),
        (
            vec![
                "--cluster".into(),
                "df://127.0.0.1:1".into(),
                "--memory-limit".into(),
                "1GiB".into(),
                "SELECT 1".into(),
            ],
            "--memory-limit applies to this machine; on a cluster, give each executor its own",
        ),
    ];
    for (args, message) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let stderr = sql(&args, None).usage_error();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // A file that is not what its name says fails when it is read.
    let fake = folder.path().join("fake.parquet");
    std::fs::write(&fake, "not parquet").unwrap();
    let table = format!("t={}", fake.display());
    let stderr = sql(&["--table", &table, "SELECT * FROM t"], None).usage_error();
    assert!(
        stderr.starts_with("rfc1738-sql: error: --table t="),
        "{stderr}"
    );
}

#[test]
fn the_memory_limit_bounds_what_a_query_may_hold() {
    let table = format!("urls={}", sample_parquet().display());
    // Every distinct URL and its count, sorted: held in memory.
    let query = "SELECT url, count(*) AS n FROM urls GROUP BY url ORDER BY n DESC, url LIMIT 3";
    let roomy = sql(
        &[
            "--table",
            &table,
            "--memory-limit",
            "256MiB",
            "--format",
            "csv",
            query,
        ],
        None,
    )
    .ok();
    assert_eq!(roomy.stdout.lines().count(), 4);
    let stderr = sql(&["--table", &table, "--memory-limit", "16KiB", query], None).usage_error();
    assert!(stderr.contains("Resources exhausted"), "{stderr}");
}

#[test]
fn the_progress_line_counts_the_rows_read() {
    let table = format!("urls={}", sample_parquet().display());
    let output = sql(
        &[
            "--table",
            &table,
            "--progress",
            "always",
            "--format",
            "csv",
            "SELECT count(*) AS n FROM urls WHERE rfc1738_check(url)",
        ],
        None,
    )
    .ok();
    let rows = urls::sample().len();
    let last = output.stderr.lines().last().unwrap_or_default();
    let expected = format!(
        "rfc1738-sql: {} rows read of {} (100%), 1 rows out, ",
        thousands(rows),
        thousands(rows)
    );
    assert!(last.starts_with(&expected), "{:?}", output.stderr);
    // Not a terminal: no progress unless asked.
    let quiet = sql(&["--table", &table, "SELECT count(*) FROM urls"], None).ok();
    assert_eq!(quiet.stderr, "");
}

fn thousands(number: usize) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[test]
fn a_closed_output_ends_the_run_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let table = format!("urls={}", sample_parquet().display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738-sql"))
        .args([
            "--table",
            &table,
            "--format",
            "json",
            "SELECT rfc1738_parse(url) AS p FROM urls",
        ])
        .current_dir(crate::support::repository())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("{\"p\":"), "{first}");
    // The rest of the output goes to a closed pipe.
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty());
}
