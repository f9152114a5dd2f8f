//! Columns built a row at a time with no call per value: the functions
//! that return many values a row (`rfc1738_parse`'s struct has 22 fields,
//! most of them NULL) spent more on Arrow's builders, whose `append_null`
//! is a call, than on reading the URL (BENCHMARKS.md).

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, PrimitiveArray, StringArray};
use datafusion::arrow::buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use datafusion::arrow::datatypes::ArrowPrimitiveType;
use datafusion::common::{exec_err, Result};

/// Which rows hold a value, a bit a row as Arrow keeps them.
pub(crate) struct Validity {
    bytes: Vec<u8>,
    len: usize,
}

impl Validity {
    pub(crate) fn with_capacity(rows: usize) -> Validity {
        Validity {
            bytes: Vec::with_capacity(rows.div_ceil(8)),
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, valid: bool) {
        let bit = self.len % 8;
        if bit == 0 {
            self.bytes.push(0);
        }
        if let Some(last) = self.bytes.last_mut() {
            *last |= u8::from(valid) << bit;
        }
        self.len += 1;
    }

    /// The null buffer; `None` when every row holds a value.
    pub(crate) fn finish(self) -> Option<NullBuffer> {
        let bits = BooleanBuffer::new(Buffer::from_vec(self.bytes), 0, self.len);
        let nulls = NullBuffer::new(bits);
        (nulls.null_count() > 0).then_some(nulls)
    }
}

/// A column of text (`Utf8`).
pub(crate) struct TextColumn {
    offsets: Vec<i32>,
    values: Vec<u8>,
    valid: Validity,
    /// Set when the text of the batch outgrew `Utf8`'s 32-bit offsets.
    overflow: bool,
}

impl TextColumn {
    pub(crate) fn with_capacity(rows: usize) -> TextColumn {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        TextColumn {
            offsets,
            values: Vec::new(),
            valid: Validity::with_capacity(rows),
            overflow: false,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, value: Option<&str>) {
        let text = value.unwrap_or_default().as_bytes();
        match i32::try_from(self.values.len() + text.len()) {
            Ok(end) => {
                self.values.extend_from_slice(text);
                self.offsets.push(end);
            }
            // The rest is not kept: the column is an error.
            Err(_) => {
                self.overflow = true;
                self.offsets.push(0);
            }
        }
        self.valid.push(value.is_some());
    }

    /// The column; an error when its text does not fit `Utf8` (more than
    /// 2 GiB in one batch), which a smaller batch size avoids.
    pub(crate) fn finish(self) -> Result<ArrayRef> {
        if self.overflow {
            return exec_err!(
                "more than 2 GiB of text in one batch of results; \
                 a smaller datafusion.execution.batch_size reads these rows"
            );
        }
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        let array = StringArray::try_new(offsets, self.values.into(), self.valid.finish())?;
        Ok(Arc::new(array))
    }
}

/// A column of numbers.
pub(crate) struct NumberColumn<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
    valid: Validity,
}

impl<T: ArrowPrimitiveType> NumberColumn<T> {
    pub(crate) fn with_capacity(rows: usize) -> NumberColumn<T> {
        NumberColumn {
            values: Vec::with_capacity(rows),
            valid: Validity::with_capacity(rows),
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, value: Option<T::Native>) {
        self.values.push(value.unwrap_or_default());
        self.valid.push(value.is_some());
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
        let mut text = TextColumn::with_capacity(2);
        for value in [Some("ab"), None, Some(""), Some("é")] {
            text.push(value);
        }
        let text = text.finish().unwrap();
        let text = text.as_string::<i32>();
        assert_eq!(
            text.iter().collect::<Vec<_>>(),
            [Some("ab"), None, Some(""), Some("é")]
        );
        let mut numbers = NumberColumn::<UInt16Type>::with_capacity(0);
        numbers.push(Some(80));
        numbers.push(None);
        let numbers = numbers.finish().unwrap();
        assert_eq!(numbers.null_count(), 1);
        let mut full = TextColumn::with_capacity(1);
        full.push(Some("x"));
        assert!(full.finish().unwrap().nulls().is_none());
        // Across bytes of the bitmap.
        let mut validity = Validity::with_capacity(0);
        let rows: Vec<bool> = (0..21).map(|row| row % 3 != 1).collect();
        rows.iter().for_each(|valid| validity.push(*valid));
        let nulls = validity.finish().unwrap();
        assert_eq!(nulls.iter().collect::<Vec<_>>(), rows);
    }

    #[test]
    fn too_much_text_is_an_error() {
        let mut text = TextColumn::with_capacity(1);
        text.overflow = true;
        let error = text.finish().unwrap_err().to_string();
        assert!(
            error.contains("more than 2 GiB of text in one batch"),
            "{error}"
        );
    }
}
