//! The examples of `datafusion/README.md`, run: each `sh` block that
//! feeds `rfc1738-sql` a query (`<<'SQL' ... SQL`) must print the `text`
//! block that follows it, exactly.

use datafusion::arrow::array::AsArray;
use datafusion::prelude::{ParquetReadOptions, SessionContext};

use crate::support::{sample_parquet, sql};
use crate::urls;

/// One example: the arguments, the query, the output shown.
struct Example {
    args: Vec<String>,
    query: String,
    output: String,
}

/// The code blocks of a Markdown text: their info string and their text.
fn code_blocks(markdown: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let mut text = String::new();
        for line in lines.by_ref() {
            if line == "```" {
                break;
            }
            text.push_str(line);
            text.push('\n');
        }
        blocks.push((info.to_owned(), text));
    }
    blocks
}

fn examples() -> Vec<Example> {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let blocks = code_blocks(&readme);
    let mut examples = Vec::new();
    for (index, (info, text)) in blocks.iter().enumerate() {
        let Some(command) = text.strip_prefix("rfc1738-sql ") else {
            continue;
        };
        let Some((first, rest)) = command.split_once(" <<'SQL'\n") else {
            continue;
        };
        assert_eq!(info, "sh", "{text}");
        let query = rest
            .strip_suffix("SQL\n")
            .unwrap_or_else(|| panic!("no SQL line ends {text}"));
        let (info, output) = blocks
            .get(index + 1)
            .unwrap_or_else(|| panic!("no output after {text}"));
        assert_eq!(info, "text", "the output of {text}");
        examples.push(Example {
            args: first.split_whitespace().map(str::to_owned).collect(),
            query: query.to_owned(),
            output: output.clone(),
        });
    }
    examples
}

#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let examples = examples();
    assert!(examples.len() >= 5, "{} examples", examples.len());
    for example in examples {
        let args: Vec<&str> = example.args.iter().map(String::as_str).collect();
        let output = sql(&args, Some(&example.query)).ok();
        assert_eq!(output.stdout, example.output, "{}", example.query);
    }
}

/// `data/urls.parquet` holds what `urls::sample()` makes, so that the
/// README's answers are the lists' (`cargo bench --manifest-path datafusion/Cargo.toml
/// --bench throughput -- sample datafusion/data/urls.parquet` makes it
/// again).
#[tokio::test]
async fn the_shipped_sample_holds_the_rows_of_the_lists() {
    let ctx = SessionContext::new();
    let path = sample_parquet().display().to_string();
    ctx.register_parquet("urls", &path, ParquetReadOptions::default())
        .await
        .unwrap();
    let batches = ctx
        .sql("SELECT url, source FROM urls")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let mut rows = Vec::new();
    for batch in &batches {
        let (url, source) = (
            batch.column(0).as_string_view(),
            batch.column(1).as_string_view(),
        );
        for row in 0..batch.num_rows() {
            rows.push((url.value(row).to_owned(), source.value(row).to_owned()));
        }
    }
    let expected: Vec<(String, String)> = urls::sample()
        .into_iter()
        .map(|row| (row.url, row.source.to_owned()))
        .collect();
    assert_eq!(rows.len(), expected.len());
    assert!(rows == expected, "data/urls.parquet is not urls::sample()");
}
