//! The fixes of a whole file applied, pass by pass (a fix can bring out
//! another finding), in the file's own encoding: each fix an edit of the
//! file's bytes, every other byte unchanged. For `--fix`, `--diff` and the
//! language server's "fix all".

use std::io;

use crate::baseline::Ledger;
use crate::extract::Kind;
use crate::fix;
use crate::pipeline::{Collector, FileLint};
use crate::settings::Settings;
use crate::source::SourceText;

/// The most times fixes are applied to a file, each time to the result of
/// the last (one is usually enough; a second brings out findings the first
/// hid).
const MAX_FIX_PASSES: usize = 4;

/// `bytes` with the fixes applied until none is left (a fix can bring out
/// another finding: an ftp typecode is checked once the URL parses), and
/// the number of fixes applied. The findings `ledger`'s baseline holds are
/// not fixed. A file that cannot be written back exactly is left as it is
/// ([`fix_file`] says why).
pub fn fix_all(
    bytes: &[u8],
    file: &str,
    kind: Kind,
    settings: &Settings,
    ledger: Option<&Ledger>,
) -> io::Result<(Vec<u8>, usize)> {
    let fixed = fix_file(bytes, file, kind, settings, ledger)?;
    Ok((fixed.bytes, fixed.applied))
}

/// What [`fix_file`] made of a file.
pub struct Fixed {
    /// The file's bytes, fixed.
    pub bytes: Vec<u8>,
    /// The fixes applied.
    pub applied: usize,
    /// Why fixes were found but not applied: the file cannot be written
    /// back exactly in its encoding.
    pub refused: Option<String>,
}

/// [`fix_all`], in the file's own encoding: each fix is an edit of the
/// file's bytes, its replacement encoded as the file is, every other byte
/// unchanged. A file whose decoding was lossy (undecodable bytes, or an
/// encoding that does not give the same bytes back) is not fixed.
pub fn fix_file(
    bytes: &[u8],
    file: &str,
    kind: Kind,
    settings: &Settings,
    ledger: Option<&Ledger>,
) -> io::Result<Fixed> {
    let mut doc = SourceText::new(bytes.to_vec());
    let encoding = doc.encoding();
    let exact = doc.round_trips(bytes);
    let mut fixed = Fixed {
        bytes: bytes.to_vec(),
        applied: 0,
        refused: None,
    };
    for pass in 0..MAX_FIX_PASSES {
        if pass > 0 {
            // In the encoding of the first reading: the fixes must not
            // change what the detector makes of the file.
            doc = SourceText::in_encoding(fixed.bytes.clone(), encoding);
        }
        let mut collector = Collector::with_unsafe_fixes(settings.unsafe_fixes);
        let mut ledger = ledger.map(Ledger::fresh);
        FileLint::new(file, &doc, settings, &mut collector)
            .with_ledger(ledger.as_mut())
            .whole(kind)?;
        if collector.is_empty() {
            break;
        }
        let encoded = collector
            .edits()
            .map(|(start, end, content)| Some((start, end, encoding.encode(content)?)));
        let applied = if exact {
            fix::apply(&fixed.bytes, encoded)
        } else {
            None
        };
        let Some(bytes) = applied else {
            fixed.refused = Some(format!(
                "read as {}, it cannot be written back byte for byte (some bytes could not be decoded)",
                encoding.name()
            ));
            break;
        };
        fixed.applied += collector.len();
        fixed.bytes = bytes;
    }
    Ok(fixed)
}
