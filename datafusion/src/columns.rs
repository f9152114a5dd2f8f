//! Columns built a row at a time with no call per value: the functions
//! that return many values a row (`rfc1738_parse`'s struct has 22 fields,
//! most of them NULL) spent more on Arrow's builders, whose `append_null`
//! is a call, than on reading the URL (BENCHMARKS.md).

use std::sync::Arc;

use datafusion::arrow::array::{
    new_null_array, ArrayRef, PrimitiveArray, StringViewBuilder, UInt64Array,
};
use datafusion::arrow::buffer::{BooleanBuffer, Buffer, NullBuffer, ScalarBuffer};
use datafusion::arrow::compute::take;
use datafusion::arrow::datatypes::{ArrowPrimitiveType, DataType};
use datafusion::arrow::error::ArrowError;
use datafusion::common::{internal_err, Result};

use crate::strings::{Located, INLINE};

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

/// A column of text (`Utf8View`) whose views point into the input's own
/// buffers where a value is a slice of the row's URL (the host, the port,
/// a path without escapes): only a text made anew (decoded, in lower
/// case) is copied, and a text of 12 bytes or fewer is held in its view.
///
/// Arrow's builder makes the values and checks only the UTF-8 of the
/// slices it points to (a finished array checked whole would check every
/// view of every row, NULL or not: a quarter of `rfc1738_parse`'s time,
/// by `perf`). It is given no NULL (its `append_null` was 14% of the
/// time): the rows pick their values by index, as `take` does, which
/// copies the views and keeps the buffers.
pub(crate) struct ViewColumn {
    values: StringViewBuilder,
    /// Each row's index among the values (any for a NULL).
    rows: Vec<u64>,
    /// How many values: the builder's `len` is a call (6% of the time).
    values_len: u64,
    valid: Validity,
    /// A view the builder refused: a slice located wrong, which is a bug.
    refused: Option<ArrowError>,
}

impl ViewColumn {
    /// A column whose views may point into `input`, the buffers
    /// [`data_buffers`](crate::strings::data_buffers) gives.
    pub(crate) fn new(rows: usize, input: &[Buffer]) -> ViewColumn {
        let mut values = StringViewBuilder::with_capacity(rows);
        for buffer in input {
            values.append_block(buffer.clone());
        }
        ViewColumn {
            values,
            rows: Vec::with_capacity(rows),
            values_len: 0,
            valid: Validity::with_capacity(rows),
            refused: None,
        }
    }

    /// A row's value: a slice of `url` (pointed to where it lies in the
    /// input's buffers), or any other text (copied unless short).
    #[inline]
    pub(crate) fn push(&mut self, value: Option<&str>, url: Option<&Located<'_>>) {
        self.rows.push(self.values_len);
        self.valid.push(value.is_some());
        let Some(text) = value else {
            return;
        };
        self.values_len += 1;
        let place = url.and_then(|url| url.place_of(text));
        match place {
            Some((buffer, offset)) if text.len() > INLINE as usize => {
                let length = text.len() as u32;
                if let Err(error) = self.values.try_append_view(buffer, offset, length) {
                    self.refused.get_or_insert(error);
                    self.values.append_value("");
                }
            }
            _ => self.values.append_value(text),
        }
    }

    pub(crate) fn finish(mut self) -> Result<ArrayRef> {
        if let Some(error) = self.refused {
            return internal_err!("a view of a URL's part was refused: {error}");
        }
        let values = self.values.finish();
        Ok(match self.valid.finish() {
            None => Arc::new(values),
            Some(nulls) if nulls.null_count() == nulls.len() => {
                new_null_array(&DataType::Utf8View, nulls.len())
            }
            Some(nulls) => {
                let rows = UInt64Array::new(self.rows.into(), Some(nulls));
                take(&values, &rows, None)?
            }
        })
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
    use datafusion::arrow::array::{
        Array, AsArray, LargeStringArray, StringArray, StringViewArray,
    };
    use datafusion::arrow::datatypes::UInt16Type;

    use crate::strings::{data_buffers, for_each_located};

    const LONG: &str = "é and a long text past twelve bytes";

    fn texts(array: &ArrayRef) -> Vec<Option<&str>> {
        array.as_string_view().iter().collect()
    }

    #[test]
    fn values_and_nulls_in_order() {
        let mut text = ViewColumn::new(2, &[]);
        let rows = [Some("ab"), None, Some(""), Some(LONG), Some("é")];
        for value in rows {
            text.push(value, None);
        }
        let text = text.finish().unwrap();
        assert_eq!(texts(&text), rows);
        // The one long text, made anew, in a buffer of the column's own.
        let buffers = text.as_string_view().data_buffers();
        assert_eq!(buffers.len(), 1);
        assert_eq!(buffers[0].len(), LONG.len());
        let mut numbers = NumberColumn::<UInt16Type>::with_capacity(0);
        numbers.push(Some(80));
        numbers.push(None);
        let numbers = numbers.finish().unwrap();
        assert_eq!(numbers.null_count(), 1);
        let mut full = ViewColumn::new(1, &[]);
        full.push(Some("x"), None);
        assert!(full.finish().unwrap().nulls().is_none());
        let mut empty = ViewColumn::new(3, &[]);
        (0..3).for_each(|_| empty.push(None, None));
        let empty = empty.finish().unwrap();
        assert_eq!(
            (empty.data_type(), empty.null_count()),
            (&DataType::Utf8View, 3)
        );
        // Across bytes of the bitmap.
        let mut validity = Validity::with_capacity(0);
        let rows: Vec<bool> = (0..21).map(|row| row % 3 != 1).collect();
        rows.iter().for_each(|valid| validity.push(*valid));
        let nulls = validity.finish().unwrap();
        assert_eq!(nulls.iter().collect::<Vec<_>>(), rows);
    }

    /// Each row's text after its scheme (`http://`), and the scheme in
    /// upper case (made anew), from each layout, sliced as DataFusion may
    /// pass an array: the slices are views of the input's buffers, not
    /// copies, and only the made texts are in the column's own buffer.
    #[test]
    fn slices_of_the_input_point_into_its_buffers() {
        let urls = [
            Some("http://a.example.com/a/long/path"),
            Some("http://short"),
            None,
            Some("http://h\u{e4}.example.org/\u{e9}t\u{e9}"),
            Some("http://another.example.net/"),
        ];
        let arrays: [ArrayRef; 3] = [
            Arc::new(StringArray::from(urls.to_vec())),
            Arc::new(LargeStringArray::from(urls.to_vec())),
            Arc::new(StringViewArray::from(urls.to_vec())),
        ];
        for array in arrays {
            let array = array.slice(1, urls.len() - 1);
            let input = data_buffers(array.as_ref());
            let mut rest = ViewColumn::new(array.len(), &input);
            let mut made = ViewColumn::new(array.len(), &input);
            for_each_located(array.as_ref(), |url| {
                let text = url.map(|url| url.text);
                rest.push(text.map(|text| &text[7..]), url.as_ref());
                let upper = text.map(|text| format!("{} in upper case", text[..4].to_uppercase()));
                made.push(upper.as_deref(), url.as_ref());
            })
            .unwrap();
            let (rest, made) = (rest.finish().unwrap(), made.finish().unwrap());
            let expected: Vec<Option<&str>> = urls[1..]
                .iter()
                .map(|url| url.map(|url| &url[7..]))
                .collect();
            assert_eq!(texts(&rest), expected, "{}", array.data_type());
            let buffers = rest.as_string_view().data_buffers();
            assert_eq!(buffers.len(), input.len(), "no text copied");
            for (output, input) in buffers.iter().zip(&input) {
                assert_eq!(output.as_ptr(), input.as_ptr());
            }
            assert_eq!(made.as_string_view().value(0), "HTTP in upper case");
            let own = made.as_string_view().data_buffers().last().unwrap().len();
            assert_eq!(own, 3 * "HTTP in upper case".len());
        }
    }

    /// A text that is not a slice of its URL, or a URL that lies beyond a
    /// view's offsets, is copied.
    #[test]
    fn other_texts_are_copied() {
        let url = Located {
            text: "http://host.example/",
            at: Some((0, 100)),
        };
        assert_eq!(url.place_of(&url.text[7..]), Some((0, 107)));
        // The same text elsewhere (a literal would be the same one).
        let copy = String::from(url.text);
        assert_eq!(url.place_of(&copy), None);
        let beyond = Located { at: None, ..url };
        assert_eq!(beyond.place_of(&url.text[7..]), None);
        let mut column = ViewColumn::new(1, &[]);
        column.push(Some(&beyond.text[7..]), Some(&beyond));
        let column = column.finish().unwrap();
        assert_eq!(texts(&column), [Some("host.example/")]);
    }

    /// A part located outside the input's buffers fails the batch with an
    /// internal error, not a panic nor a wrong text.
    #[test]
    fn a_view_out_of_its_buffer_is_an_error() {
        let url = Located {
            text: "http://host.example/",
            at: Some((0, 100)),
        };
        let mut column = ViewColumn::new(1, &[Buffer::from_vec(url.text.as_bytes().to_vec())]);
        column.push(Some(&url.text[7..]), Some(&url));
        let error = column.finish().unwrap_err().to_string();
        assert!(
            error.contains("a view of a URL's part was refused"),
            "{error}"
        );
    }
}
