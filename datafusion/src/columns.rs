//! Columns of a known number of rows, filled a value at a time: a NULL
//! costs nothing. `rfc1738_parse`'s struct has 22 fields, most of them
//! NULL for any one URL (an http URL has no gopher selector); Arrow's
//! builders, and the first columns of this file, paid a call or a push
//! for every NULL, which cost more than reading the URL (BENCHMARKS.md).

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, PrimitiveArray, StringBuilder};
use datafusion::arrow::buffer::{BooleanBuffer, Buffer, NullBuffer, ScalarBuffer};
use datafusion::arrow::datatypes::{ArrowPrimitiveType, DataType};
use datafusion::common::{exec_err, Result};

/// Which rows hold a value, a bit a row as Arrow keeps them; every row
/// NULL until it is set.
pub(crate) struct Validity {
    bytes: Vec<u8>,
    rows: usize,
}

impl Validity {
    pub(crate) fn new(rows: usize) -> Validity {
        Validity {
            bytes: vec![0; rows.div_ceil(8)],
            rows,
        }
    }

    /// Row `row` holds a value; a row past the end is ignored.
    #[inline]
    pub(crate) fn set(&mut self, row: usize) {
        if let Some(byte) = self.bytes.get_mut(row / 8) {
            *byte |= 1 << (row % 8);
        }
    }

    /// The null buffer; `None` when every row holds a value.
    pub(crate) fn finish(self) -> Option<NullBuffer> {
        let bits = BooleanBuffer::new(Buffer::from_vec(self.bytes), 0, self.rows);
        let nulls = NullBuffer::new(bits);
        (nulls.null_count() > 0).then_some(nulls)
    }
}

/// A column of text (`Utf8`). Its rows are set in increasing order; the
/// rows passed over are NULL, appended in bulk when the next value (or
/// the end) comes. Arrow's builder holds the text: its array is made
/// without checking the UTF-8 again (the values are `&str`), which
/// `StringArray::try_new` over a column of our own did, at 3% of
/// `rfc1738_parse`'s time (BENCHMARKS.md).
pub(crate) struct TextColumn {
    builder: StringBuilder,
    rows: usize,
    /// The rows appended so far, values and NULLs.
    appended: usize,
    /// Set when the text of the batch outgrew `Utf8`'s 32-bit offsets.
    overflow: bool,
}

impl TextColumn {
    /// The type of the array it makes.
    pub(crate) const DATA_TYPE: DataType = DataType::Utf8;

    pub(crate) fn new(rows: usize) -> TextColumn {
        TextColumn {
            builder: StringBuilder::with_capacity(rows, 0),
            rows,
            appended: 0,
            overflow: false,
        }
    }

    /// The text of row `row`, after every row set before it; a row not
    /// after the last one set, or past the end, is a caller's error, and
    /// is ignored. Inlined into each field's `set_value`: with `#[inline]`
    /// alone, one field in memory (`rfc1738_parse(url, 'host')`) took 0.875
    /// and 0.879 s for 10 million URLs against 0.833 and 0.844 (the whole
    /// struct and `rfc1738_normalize` the same either way).
    #[inline(always)]
    pub(crate) fn set(&mut self, row: usize, text: &str) {
        debug_assert!(
            row >= self.appended && row < self.rows,
            "row {row} set out of order"
        );
        if row < self.appended || row >= self.rows {
            return;
        }
        // Checked here, so that the builder's own check (a panic) never
        // fires: the rest is not kept, and the column is an error.
        if self.builder.values_slice().len() + text.len() > i32::MAX as usize {
            self.overflow = true;
            return;
        }
        self.builder.append_nulls(row - self.appended);
        self.builder.append_value(text);
        self.appended = row + 1;
    }

    /// The column; an error when its text does not fit `Utf8` (more than
    /// 2 GiB in one batch), which a smaller batch size avoids.
    pub(crate) fn finish(mut self) -> Result<ArrayRef> {
        if self.overflow {
            return exec_err!(
                "more than 2 GiB of text in one batch of results; \
                 a smaller datafusion.execution.batch_size reads these rows"
            );
        }
        self.builder.append_nulls(self.rows - self.appended);
        Ok(Arc::new(self.builder.finish()))
    }
}

/// A column of numbers; a NULL row holds zero.
pub(crate) struct NumberColumn<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
    valid: Validity,
}

impl<T: ArrowPrimitiveType> NumberColumn<T> {
    /// The type of the array it makes.
    pub(crate) const DATA_TYPE: DataType = T::DATA_TYPE;

    pub(crate) fn new(rows: usize) -> NumberColumn<T> {
        NumberColumn {
            values: vec![T::Native::default(); rows],
            valid: Validity::new(rows),
        }
    }

    /// The number of row `row`; a row past the end is ignored.
    #[inline]
    pub(crate) fn set(&mut self, row: usize, value: T::Native) {
        if let Some(slot) = self.values.get_mut(row) {
            *slot = value;
            self.valid.set(row);
        }
    }

    pub(crate) fn finish(self) -> Result<ArrayRef> {
        let values = ScalarBuffer::from(self.values);
        Ok(Arc::new(PrimitiveArray::<T>::new(
            values,
            self.valid.finish(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use datafusion::arrow::array::{Array, AsArray};
    use datafusion::arrow::datatypes::UInt16Type;

    #[test]
    fn values_and_nulls_in_order() {
        let rows = [Some("ab"), None, Some(""), Some("é"), None, None];
        let mut text = TextColumn::new(rows.len());
        for (row, value) in rows.iter().enumerate() {
            if let Some(value) = value {
                text.set(row, value);
            }
        }
        let text = text.finish().unwrap();
        assert_eq!(text.as_string::<i32>().iter().collect::<Vec<_>>(), rows);
        // NULL from the first row, and a column of NULLs only.
        let mut late = TextColumn::new(3);
        late.set(2, "z");
        let late = late.finish().unwrap();
        assert_eq!(
            late.as_string::<i32>().iter().collect::<Vec<_>>(),
            [None, None, Some("z")]
        );
        let empty = TextColumn::new(2).finish().unwrap();
        assert_eq!(empty.null_count(), 2);
        let mut numbers = NumberColumn::<UInt16Type>::new(3);
        numbers.set(1, 80);
        numbers.set(3, 1); // past the end: ignored
        let numbers = numbers.finish().unwrap();
        let numbers = numbers.as_primitive::<UInt16Type>();
        assert_eq!(numbers.iter().collect::<Vec<_>>(), [None, Some(80), None]);
        let mut full = TextColumn::new(1);
        full.set(0, "x");
        assert!(full.finish().unwrap().nulls().is_none());
        // Across bytes of the bitmap.
        let mut validity = Validity::new(21);
        let rows: Vec<bool> = (0..21).map(|row| row % 3 != 1).collect();
        for (row, valid) in rows.iter().enumerate() {
            if *valid {
                validity.set(row);
            }
        }
        validity.set(21); // past the end: ignored
        let nulls = validity.finish().unwrap();
        assert_eq!(nulls.iter().collect::<Vec<_>>(), rows);
    }

    #[test]
    fn too_much_text_is_an_error() {
        let mut text = TextColumn::new(1);
        text.overflow = true;
        let error = text.finish().unwrap_err().to_string();
        assert!(
            error.contains("more than 2 GiB of text in one batch"),
            "{error}"
        );
    }
}
