//! Columns built a row at a time with no call per value: the functions
//! that return many values a row (`rfc1738_parse`'s struct has 22 fields,
//! most of them NULL) spent more on Arrow's builders, whose `append_null`
//! is a call, than on reading the URL (BENCHMARKS.md).

use std::sync::Arc;

use datafusion::arrow::array::{make_view, ArrayRef, ByteView, PrimitiveArray, StringViewArray};
use datafusion::arrow::buffer::{BooleanBuffer, Buffer, NullBuffer, ScalarBuffer};
use datafusion::arrow::datatypes::ArrowPrimitiveType;
use datafusion::common::{exec_err, Result};

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
/// case) is copied, into a buffer of the column's own, and a text of 12
/// bytes or fewer is held in its view.
pub(crate) struct ViewColumn {
    views: Vec<u128>,
    valid: Validity,
    /// The texts made anew, longer than a view holds.
    made: Vec<u8>,
    /// Set when the texts made anew outgrew a view's 32-bit offsets.
    overflow: bool,
}

impl ViewColumn {
    pub(crate) fn with_capacity(rows: usize) -> ViewColumn {
        ViewColumn {
            views: Vec::with_capacity(rows),
            valid: Validity::with_capacity(rows),
            made: Vec::new(),
            overflow: false,
        }
    }

    /// A row's value: a slice of `url` (pointed to where it lies in the
    /// input's buffers), or any other text (copied unless short).
    #[inline]
    pub(crate) fn push(&mut self, value: Option<&str>, url: Option<&Located<'_>>) {
        let view = match value {
            None => 0,
            Some(text) => match url.and_then(|url| url.place_of(text)) {
                Some((buffer, offset)) => make_view(text.as_bytes(), buffer, offset),
                None => self.made(text),
            },
        };
        self.views.push(view);
        self.valid.push(value.is_some());
    }

    /// The view of a text that is not in the input's buffers; its buffer
    /// index is a placeholder, set to the made buffer's in `finish`.
    fn made(&mut self, text: &str) -> u128 {
        let bytes = text.as_bytes();
        if bytes.len() <= INLINE as usize {
            return make_view(bytes, 0, 0);
        }
        let Ok(offset) = u32::try_from(self.made.len()) else {
            self.overflow = true;
            return 0;
        };
        self.made.extend_from_slice(bytes);
        make_view(bytes, MADE, offset)
    }

    /// The column, its views pointing into `input` (the buffers
    /// [`for_each_located`](crate::strings::for_each_located) returned) and
    /// into the text made anew. An error when more than 4 GiB of text was
    /// made in one batch, which a smaller batch size avoids.
    pub(crate) fn finish(mut self, input: &[Buffer]) -> Result<ArrayRef> {
        if self.overflow {
            return exec_err!(
                "more than 4 GiB of text made in one batch of results; \
                 a smaller datafusion.execution.batch_size reads these rows"
            );
        }
        let mut buffers = input.to_vec();
        if !self.made.is_empty() {
            let index = u32::try_from(buffers.len()).unwrap_or(u32::MAX);
            for view in &mut self.views {
                let mut located = ByteView::from(*view);
                if located.length > INLINE && located.buffer_index == MADE {
                    located.buffer_index = index;
                    *view = located.as_u128();
                }
            }
            buffers.push(Buffer::from_vec(self.made));
        }
        let array = StringViewArray::try_new(self.views.into(), buffers, self.valid.finish())?;
        Ok(Arc::new(array))
    }
}

/// The buffer index of a made text's view until `finish` knows it: no
/// input has this many buffers.
const MADE: u32 = u32::MAX;

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
    use datafusion::arrow::array::{Array, AsArray, LargeStringArray, StringArray};
    use datafusion::arrow::datatypes::UInt16Type;

    use crate::strings::for_each_located;

    const LONG: &str = "é and a long text past twelve bytes";

    fn texts(array: &ArrayRef) -> Vec<Option<&str>> {
        array.as_string_view().iter().collect()
    }

    #[test]
    fn values_and_nulls_in_order() {
        let mut text = ViewColumn::with_capacity(2);
        let rows = [Some("ab"), None, Some(""), Some(LONG), Some("é")];
        for value in rows {
            text.push(value, None);
        }
        let text = text.finish(&[]).unwrap();
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
        let mut full = ViewColumn::with_capacity(1);
        full.push(Some("x"), None);
        assert!(full.finish(&[]).unwrap().nulls().is_none());
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
            let mut rest = ViewColumn::with_capacity(array.len());
            let mut made = ViewColumn::with_capacity(array.len());
            let input = for_each_located(array.as_ref(), |url| {
                let text = url.map(|url| url.text);
                rest.push(text.map(|text| &text[7..]), url.as_ref());
                let upper = text.map(|text| format!("{} in upper case", text[..4].to_uppercase()));
                made.push(upper.as_deref(), url.as_ref());
            })
            .unwrap();
            let (rest, made) = (rest.finish(&input).unwrap(), made.finish(&input).unwrap());
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
        let mut column = ViewColumn::with_capacity(1);
        column.push(Some(&beyond.text[7..]), Some(&beyond));
        let column = column.finish(&[]).unwrap();
        assert_eq!(texts(&column), [Some("host.example/")]);
    }

    #[test]
    fn too_much_text_is_an_error() {
        let mut text = ViewColumn::with_capacity(1);
        text.overflow = true;
        let error = text.finish(&[]).unwrap_err().to_string();
        assert!(
            error.contains("more than 4 GiB of text made in one batch"),
            "{error}"
        );
    }
}
