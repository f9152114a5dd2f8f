//! `rfc1738_error`: where and why a string does not match a production,
//! as a struct.

use std::sync::{Arc, LazyLock};

use datafusion::arrow::array::{Array, ArrayRef, StructArray};
use datafusion::arrow::datatypes::{Field, Fields, UInt32Type, UInt64Type};
use datafusion::common::Result;

use crate::columns::{NumberColumn, TextColumn, TextListColumn, Validity};
use crate::grammar::{Diagnosis, Target};
use crate::strings;

/// The fields of the struct `rfc1738_error` returns, in order.
pub static FIELDS: LazyLock<Fields> = LazyLock::new(|| {
    Fields::from(vec![
        // Byte offset of the error, from 0.
        Field::new("offset", NumberColumn::<UInt64Type>::DATA_TYPE, true),
        // Line, from 1.
        Field::new("line", NumberColumn::<UInt32Type>::DATA_TYPE, true),
        // Column, from 1, in characters.
        Field::new("column", NumberColumn::<UInt64Type>::DATA_TYPE, true),
        // What the grammar accepts there, as the error message names it.
        Field::new("expected", TextListColumn::data_type(), true),
        // The character there; NULL at the end of the input.
        Field::new("found", TextColumn::DATA_TYPE, true),
        // The productions open there, outermost first.
        Field::new("stack", TextListColumn::data_type(), true),
        // The whole message, as the `rfc1738` command prints it.
        Field::new("message", TextColumn::DATA_TYPE, true),
    ])
});

/// A column a field, in the order of [`FIELDS`]. Most strings match, so
/// most rows are NULL, which these columns pass over at no cost (Arrow's
/// builders took a call per field for each: 10% of the profile).
struct Columns {
    offset: NumberColumn<UInt64Type>,
    line: NumberColumn<UInt32Type>,
    column: NumberColumn<UInt64Type>,
    expected: TextListColumn,
    found: TextColumn,
    stack: TextListColumn,
    message: TextColumn,
    valid: Validity,
}

impl Columns {
    fn new(rows: usize) -> Columns {
        Columns {
            offset: NumberColumn::new(rows),
            line: NumberColumn::new(rows),
            column: NumberColumn::new(rows),
            expected: TextListColumn::new(rows),
            found: TextColumn::new(rows),
            stack: TextListColumn::new(rows),
            message: TextColumn::new(rows),
            valid: Validity::new(rows),
        }
    }

    /// The diagnosis of row `row`, after those of the rows before it.
    fn set(&mut self, row: usize, diagnosis: &Diagnosis<'_>) {
        self.offset.set(row, diagnosis.offset() as u64);
        self.line.set(row, diagnosis.line());
        self.column.set(row, diagnosis.column() as u64);
        self.expected.set_display(row, diagnosis.expected());
        if let Some(found) = diagnosis.found() {
            self.found.set(row, found.encode_utf8(&mut [0; 4]));
        }
        self.stack.set(row, diagnosis.stack());
        self.message.set_display(row, diagnosis);
        self.valid.set(row);
    }

    fn finish(self) -> Result<StructArray> {
        let columns: Vec<ArrayRef> = vec![
            self.offset.finish()?,
            self.line.finish()?,
            self.column.finish()?,
            self.expected.finish()?,
            self.found.finish()?,
            self.stack.finish()?,
            self.message.finish()?,
        ];
        Ok(StructArray::try_new(
            FIELDS.clone(),
            columns,
            self.valid.finish(),
        )?)
    }
}

/// The error of each string of `urls` against `target`; NULL for a NULL
/// and for a string that matches.
pub(crate) fn evaluate(urls: &dyn Array, target: &Target) -> Result<ArrayRef> {
    let mut columns = Columns::new(urls.len());
    strings::for_each_text(urls, |row, text| {
        if let Some(diagnosis) = target.diagnose(text) {
            columns.set(row, &diagnosis);
        }
    })?;
    Ok(Arc::new(columns.finish()?))
}
