//! `--table NAME=PATH`: a file or a folder of files, registered by its
//! kind.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use datafusion::prelude::{CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionContext};

/// A table as the command line names it.
#[derive(Clone, Debug)]
pub(crate) struct TableArg {
    name: String,
    path: PathBuf,
}

impl FromStr for TableArg {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (name, path) = match text.split_once('=') {
            Some((name, path)) => (name.to_owned(), PathBuf::from(path)),
            None => {
                let path = PathBuf::from(text);
                let name = path
                    .file_name()
                    .and_then(|name| name.to_str())
                    .map(|name| name.split('.').next().unwrap_or(name).to_owned())
                    .unwrap_or_default();
                (name, path)
            }
        };
        if name.is_empty() {
            return Err(format!("{text:?} names no table: give NAME=PATH"));
        }
        if path.as_os_str().is_empty() {
            return Err(format!("{text:?} names no file: give NAME=PATH"));
        }
        Ok(TableArg { name, path })
    }
}

impl fmt::Display for TableArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.name, self.path.display())
    }
}

/// The kinds of files a table may be made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Parquet,
    Csv,
    Json,
}

/// The kind of a file, by its extension in any case (returned as written:
/// DataFusion selects a folder's files by it).
fn kind(path: &Path) -> Option<(Kind, String)> {
    let extension = path.extension()?.to_str()?;
    let kind = match extension.to_ascii_lowercase().as_str() {
        "parquet" => Kind::Parquet,
        "csv" => Kind::Csv,
        "json" | "ndjson" | "jsonl" => Kind::Json,
        _ => return None,
    };
    Some((kind, extension.to_owned()))
}

/// The kinds and extensions of the files under a folder, hidden files and
/// folders left out as DataFusion leaves them out.
fn kinds_under(folder: &Path, found: &mut BTreeSet<(Kind, String)>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let path = entry.path();
        let hidden = entry
            .file_name()
            .to_str()
            .is_some_and(|name| name.starts_with('.') || name.starts_with('_'));
        if hidden {
            continue;
        }
        if entry.file_type()?.is_dir() {
            kinds_under(&path, found)?;
        } else if let Some(kind) = kind(&path) {
            found.insert(kind);
        }
    }
    Ok(())
}

/// Registers the table, or says why it cannot be read.
pub(crate) async fn register(ctx: &SessionContext, table: &TableArg) -> Result<(), String> {
    let metadata = std::fs::metadata(&table.path).map_err(|error| error.to_string())?;
    let (kind, extension, location) = if metadata.is_dir() {
        let mut found = BTreeSet::new();
        kinds_under(&table.path, &mut found).map_err(|error| error.to_string())?;
        let kinds: Vec<(Kind, String)> = found.into_iter().collect();
        match kinds.as_slice() {
            [(kind, extension)] => {
                let mut location = table.path.to_string_lossy().into_owned();
                if !location.ends_with('/') {
                    location.push('/');
                }
                (*kind, extension.clone(), location)
            }
            [] => {
                return Err(
                    "the folder holds no .parquet, .csv, .json, .ndjson or .jsonl file".to_owned(),
                )
            }
            several => {
                let extensions: Vec<String> = several
                    .iter()
                    .map(|(_, extension)| format!(".{extension}"))
                    .collect();
                return Err(format!(
                    "the folder holds files of several kinds ({}): a table is made of one",
                    extensions.join(", ")
                ));
            }
        }
    } else {
        let (kind, extension) = kind(&table.path).ok_or_else(|| {
            "not a .parquet, .csv, .json, .ndjson or .jsonl file, nor a folder of them".to_owned()
        })?;
        (kind, extension, table.path.to_string_lossy().into_owned())
    };
    let extension = format!(".{extension}");
    let name = table.name.as_str();
    let registered = match kind {
        Kind::Parquet => {
            let options = ParquetReadOptions::default().file_extension(&extension);
            ctx.register_parquet(name, &location, options).await
        }
        Kind::Csv => {
            let options = CsvReadOptions::new()
                .has_header(true)
                .file_extension(&extension);
            ctx.register_csv(name, &location, options).await
        }
        Kind::Json => {
            let options = JsonReadOptions::default().file_extension(&extension);
            ctx.register_json(name, &location, options).await
        }
    };
    registered.map_err(|error| error.to_string())
}
