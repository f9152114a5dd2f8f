//! Writes the files of the linter's benchmarks (BENCHMARKS.md, "Linting
//! files"): `cargo run -p rfc1738-cli --release --example lint_bench_data -- DIR [MB]`.
//!
//! - `prose.txt`: prose with a URL every 2 KB or so;
//! - `dense.txt`: URLs in every form of RFC 1738's appendix, with every kind
//!   of problem;
//! - `dense.md`: Markdown dense with links, badges, reference definitions,
//!   autolinks, bare URLs, inline HTML and code spans;
//! - `long-line.txt`: a URL followed by 100,000 `~` (100,000 findings on
//!   one line).

#[path = "../tests/support/lint_data.rs"]
mod lint_data;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().unwrap_or_else(|| "target/lint-bench".into()));
    let megabytes: usize = match args.next().map(|mb| mb.parse()) {
        None => 20,
        Some(Ok(mb)) => mb,
        Some(Err(error)) => {
            eprintln!("error: the size in MB: {error}");
            std::process::exit(2);
        }
    };
    let size = megabytes * 1_000_000;
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("prose.txt"), lint_data::prose_text(size))?;
    std::fs::write(dir.join("dense.txt"), lint_data::dense_text(size))?;
    std::fs::write(dir.join("dense.md"), lint_data::dense_markdown(size))?;
    std::fs::write(dir.join("long-line.txt"), lint_data::long_line(100_000))?;
    println!(
        "wrote {}: prose.txt dense.txt dense.md ({megabytes} MB each), long-line.txt",
        dir.display()
    );
    Ok(())
}
