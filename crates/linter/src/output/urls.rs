//! `--format urls`: every URL found, `file:line:col-line:col: URL#fragment`,
//! one line each; no lint.

use std::io::{self, Write};

use rfc1738::scan::ScannedUrl;

use super::{Output, Report, Summary};
use crate::source::SourceText;

pub(super) struct Urls;

impl Output for Urls {
    fn finding(&mut self, _out: &mut dyn Write, _report: &Report<'_>) -> io::Result<()> {
        Ok(())
    }

    fn url(
        &mut self,
        out: &mut dyn Write,
        file: &str,
        doc: &SourceText,
        url: &ScannedUrl,
    ) -> io::Result<()> {
        let whole = url.span_with_fragment();
        let start = doc.position(whole.start);
        let end = doc.end_position(whole, start);
        write!(
            out,
            "{file}:{}:{}-{}:{}: {}",
            start.line, start.column, end.line, end.column, url.text
        )?;
        if let Some(fragment) = &url.fragment {
            write!(out, "#{}", fragment.text)?;
        }
        writeln!(out)
    }

    fn finish(&mut self, _out: &mut dyn Write, _summary: &Summary) -> io::Result<()> {
        Ok(())
    }
}
