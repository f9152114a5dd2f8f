//! The results, written as they come: a table for people, CSV or JSON
//! lines.

use std::io::{self, Write};
use std::sync::Arc;

use clap::ValueEnum;
use datafusion::arrow::array::{Array, ArrayRef, RecordBatch, StringArray};
use datafusion::arrow::csv;
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::arrow::error::ArrowError;
use datafusion::arrow::json::writer::{make_encoder, LineDelimited};
use datafusion::arrow::json::{EncoderOptions, WriterBuilder};
use datafusion::arrow::util::pretty::{pretty_format_batches, pretty_format_batches_with_schema};

/// The rows of one table, at most: a table is printed when it is full, so
/// that memory does not grow with the result.
pub(crate) const TABLE_ROWS: usize = 1000;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    Table,
    Csv,
    Json,
}

/// Writes one statement's results.
pub(crate) struct Writer {
    format: Format,
    schema: SchemaRef,
    /// `table`: the rows not yet printed, fewer than [`TABLE_ROWS`].
    pending: Vec<RecordBatch>,
    pending_rows: usize,
    /// Whether anything was written (the header of a CSV, a first table).
    started: bool,
}

impl Writer {
    pub(crate) fn new(format: Format, schema: SchemaRef) -> Writer {
        Writer {
            format,
            schema,
            pending: Vec::new(),
            pending_rows: 0,
            started: false,
        }
    }

    pub(crate) fn write(&mut self, out: &mut impl Write, batch: &RecordBatch) -> io::Result<()> {
        if self.schema.fields().is_empty() {
            // A statement that returns nothing (`CREATE`, `SET`).
            return Ok(());
        }
        match self.format {
            Format::Table => {
                let mut rest = batch.clone();
                while self.pending_rows + rest.num_rows() >= TABLE_ROWS {
                    let room = TABLE_ROWS - self.pending_rows;
                    self.pending.push(rest.slice(0, room));
                    self.pending_rows = TABLE_ROWS;
                    self.print_table(out)?;
                    rest = rest.slice(room, rest.num_rows() - room);
                }
                if rest.num_rows() > 0 {
                    self.pending_rows += rest.num_rows();
                    self.pending.push(rest);
                }
            }
            Format::Csv => {
                let batch = flatten(batch).map_err(io_error)?;
                csv::WriterBuilder::new()
                    .with_header(!self.started)
                    .build(&mut *out)
                    .write(&batch)
                    .map_err(io_error)?;
                self.started = true;
            }
            Format::Json => {
                if batch.num_rows() > 0 {
                    let mut writer = WriterBuilder::new()
                        .with_explicit_nulls(true)
                        .build::<_, LineDelimited>(&mut *out);
                    writer.write(batch).map_err(io_error)?;
                    writer.finish().map_err(io_error)?;
                }
            }
        }
        Ok(())
    }

    /// Writes what is left: the last table, or the header alone when there
    /// was no row.
    pub(crate) fn finish(mut self, out: &mut impl Write) -> io::Result<()> {
        if self.schema.fields().is_empty() {
            return Ok(());
        }
        match self.format {
            Format::Table if !self.pending.is_empty() || !self.started => self.print_table(out),
            Format::Csv if !self.started => {
                let empty = RecordBatch::new_empty(Arc::clone(&self.schema));
                self.write(out, &empty)
            }
            _ => Ok(()),
        }
    }

    fn print_table(&mut self, out: &mut impl Write) -> io::Result<()> {
        match self.pending.is_empty() {
            true => {
                let table = pretty_format_batches_with_schema(Arc::clone(&self.schema), &[]);
                writeln!(out, "{}", table.map_err(io_error)?)?;
            }
            false => writeln!(
                out,
                "{}",
                pretty_format_batches(&self.pending).map_err(io_error)?
            )?,
        }
        self.pending.clear();
        self.pending_rows = 0;
        self.started = true;
        Ok(())
    }
}

/// An Arrow error of writing as the I/O error it is (a closed pipe stays
/// a closed pipe), any other as an I/O error that says it.
fn io_error(error: ArrowError) -> io::Error {
    match error {
        ArrowError::IoError(_, error) => error,
        other => io::Error::other(other),
    }
}

/// The batch with every nested column (a struct, a list) as JSON text,
/// which CSV can hold: `{"scheme":"http","user":null,...}`, `["a","b"]`.
fn flatten(batch: &RecordBatch) -> Result<RecordBatch, ArrowError> {
    if !batch
        .schema()
        .fields()
        .iter()
        .any(|field| field.data_type().is_nested())
    {
        return Ok(batch.clone());
    }
    let options = EncoderOptions::default().with_explicit_nulls(true);
    let mut fields = Vec::with_capacity(batch.num_columns());
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(batch.num_columns());
    for (field, column) in batch.schema().fields().iter().zip(batch.columns()) {
        if field.data_type().is_nested() {
            let mut encoder = make_encoder(field, column.as_ref(), &options)?;
            let mut json = Vec::new();
            let text: StringArray = (0..column.len())
                .map(|row| {
                    if encoder.is_null(row) {
                        return None;
                    }
                    json.clear();
                    encoder.encode(row, &mut json);
                    Some(String::from_utf8_lossy(&json).into_owned())
                })
                .collect();
            fields.push(Field::new(field.name(), DataType::Utf8, true));
            columns.push(Arc::new(text));
        } else {
            fields.push(field.as_ref().clone());
            columns.push(Arc::clone(column));
        }
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
}
