//! Columns of a known number of rows, filled a value at a time: a NULL
//! costs nothing. `rfc1738_parse`'s struct has 22 fields, most of them
//! NULL for any one URL (an http URL has no gopher selector); Arrow's
//! builders, and the first columns of this file, paid a call or a push
//! for every NULL, which cost more than reading the URL (BENCHMARKS.md).

use std::fmt::{self, Write};
use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, ListArray, PrimitiveArray, StringBuilder};
use datafusion::arrow::buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use datafusion::arrow::datatypes::{ArrowPrimitiveType, DataType, Field, FieldRef};
use datafusion::common::{exec_err, Result};

use crate::strings;

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

/// The room the columns of a batch's parts need: its rows, and the bytes
/// of text of its URLs, which bound the text of any one part of them.
/// Counted once a batch, for all its columns: for `Utf8View` the count
/// reads every view, and the struct's 17 text columns each counted it
/// (benches/records/log.md, "Accessors that read in place").
#[derive(Clone, Copy)]
pub(crate) struct Room {
    rows: usize,
    text_bytes: usize,
}

impl Room {
    pub(crate) fn for_parts_of(urls: &dyn Array) -> Room {
        Room {
            rows: urls.len(),
            text_bytes: strings::text_bytes(urls),
        }
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
        TextColumn::with_capacity(rows, 0)
    }

    /// A column of a part of each URL of a batch: room for as much text
    /// as they hold, which their parts seldom exceed, so that the buffer
    /// is not grown (and copied) as the values come.
    pub(crate) fn for_parts_of(room: Room) -> TextColumn {
        TextColumn::with_capacity(room.rows, room.text_bytes)
    }

    fn with_capacity(rows: usize, bytes: usize) -> TextColumn {
        TextColumn {
            builder: StringBuilder::with_capacity(rows, bytes),
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
    /// struct and `rfc1738_normalize` the same either way). The crate's own
    /// build (`--profile bench`, the library only) took 17.2 to 20.4 s with
    /// this and `set_value`'s `inline(always)`, 17.6 to 18.5 s with
    /// `#[inline]`: no cost beyond the noise.
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
        self.pass_over_to(row);
        self.builder.append_value(text);
        self.appended = row + 1;
    }

    /// The rows before `row` not set yet are NULL.
    #[inline]
    fn pass_over_to(&mut self, row: usize) {
        if row > self.appended {
            self.builder.append_nulls(row - self.appended);
            self.appended = row;
        }
    }

    /// The text `value` displays as, for row `row`, as [`TextColumn::set`]
    /// takes it: written into the column, not into a `String` first.
    pub(crate) fn set_display(&mut self, row: usize, value: impl fmt::Display) {
        if row < self.appended || row >= self.rows || self.overflow {
            return;
        }
        self.pass_over_to(row);
        if self.write(value) {
            self.builder.append_value("");
            self.appended = row + 1;
        }
    }

    /// Writes `value` after the text of the value being made; false, and
    /// the column an error, when the text outgrows `Utf8`.
    fn write(&mut self, value: impl fmt::Display) -> bool {
        // A `String`'s writes do not fail.
        let _ = write!(self.builder, "{value}");
        self.overflow = self.builder.values_slice().len() > i32::MAX as usize;
        !self.overflow
    }

    /// The column; an error when its text does not fit `Utf8` (more than
    /// 2 GiB in one batch), which a smaller batch size avoids.
    pub(crate) fn finish(mut self) -> Result<ArrayRef> {
        if self.overflow {
            return too_much_text();
        }
        self.pass_over_to(self.rows);
        Ok(Arc::new(self.builder.finish()))
    }
}

/// A column of lists of text (`List<Utf8>`, items not NULL), set a row
/// at a time as [`TextColumn`] is: the rows passed over are NULL.
pub(crate) struct TextListColumn {
    /// Where each row's items begin in `items`, and where the last ends:
    /// one more than the rows appended so far.
    offsets: Vec<i32>,
    items: StringBuilder,
    valid: Validity,
    rows: usize,
    /// Set when the items' text outgrew `Utf8`'s 32-bit offsets.
    overflow: bool,
}

impl TextListColumn {
    /// The type of the array it makes.
    pub(crate) fn data_type() -> DataType {
        DataType::List(TextListColumn::item())
    }

    /// Its items: text, nullable as Arrow's list builders make them.
    fn item() -> FieldRef {
        Arc::new(Field::new_list_field(DataType::Utf8, true))
    }

    pub(crate) fn new(rows: usize) -> TextListColumn {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        TextListColumn {
            offsets,
            items: StringBuilder::new(),
            valid: Validity::new(rows),
            rows,
            overflow: false,
        }
    }

    /// The items of row `row`, after every row set before it; a row not
    /// after the last one set, or past the end, is ignored.
    pub(crate) fn set<'a>(&mut self, row: usize, items: impl IntoIterator<Item = &'a str>) {
        self.set_written(row, items, |column, item| column.write_str(item));
    }

    /// The items of row `row` as they display, as [`TextListColumn::set`]
    /// takes them.
    pub(crate) fn set_display<T: fmt::Display>(
        &mut self,
        row: usize,
        items: impl IntoIterator<Item = T>,
    ) {
        self.set_written(row, items, |column, item| write!(column, "{item}"));
    }

    /// Row `row`'s items, each written into the column by `write`.
    fn set_written<T>(
        &mut self,
        row: usize,
        items: impl IntoIterator<Item = T>,
        mut write: impl FnMut(&mut StringBuilder, T) -> fmt::Result,
    ) {
        let appended = self.offsets.len() - 1;
        if row < appended || row >= self.rows || self.overflow {
            return;
        }
        let mut count = self.offsets[appended];
        self.offsets.resize(row + 1, count);
        for item in items {
            // A `String`'s writes do not fail.
            let _ = write(&mut self.items, item);
            if self.items.values_slice().len() > i32::MAX as usize {
                self.overflow = true;
                return;
            }
            self.items.append_value("");
            count += 1;
        }
        self.offsets.push(count);
        self.valid.set(row);
    }

    pub(crate) fn finish(mut self) -> Result<ArrayRef> {
        if self.overflow {
            return too_much_text();
        }
        let count = self.offsets[self.offsets.len() - 1];
        self.offsets.resize(self.rows + 1, count);
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        Ok(Arc::new(ListArray::try_new(
            TextListColumn::item(),
            offsets,
            Arc::new(self.items.finish()),
            self.valid.finish(),
        )?))
    }
}

fn too_much_text<T>() -> Result<T> {
    exec_err!(
        "more than 2 GiB of text in one batch of results; \
         a smaller datafusion.execution.batch_size reads these rows"
    )
}

/// A column of numbers; a NULL row holds zero.
pub(crate) struct NumberColumn<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
    valid: Validity,
}

impl<T: ArrowPrimitiveType> NumberColumn<T> {
    /// The type of the array it makes.
    pub(crate) const DATA_TYPE: DataType = T::DATA_TYPE;

    /// A column of a part of each URL of a batch.
    pub(crate) fn for_parts_of(room: Room) -> NumberColumn<T> {
        NumberColumn::new(room.rows)
    }

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
    fn lists_in_order() {
        let rows: [Option<&[&str]>; 6] = [
            None,
            Some(&["a", "bc"]),
            Some(&[]),
            None,
            Some(&["é"]),
            None,
        ];
        let mut lists = TextListColumn::new(rows.len());
        for (row, items) in rows.iter().enumerate() {
            if let Some(items) = items {
                lists.set(row, items.iter().copied());
            }
        }
        lists.set(1, ["out of order"]); // ignored
        lists.set(6, ["past the end"]); // ignored
        let lists = lists.finish().unwrap();
        assert_eq!(lists.data_type(), &TextListColumn::data_type());
        let lists = lists.as_list::<i32>();
        let read: Vec<Option<Vec<String>>> = lists
            .iter()
            .map(|list| {
                let list = list?;
                let items = list.as_string::<i32>();
                Some(items.iter().map(|item| item.unwrap().to_owned()).collect())
            })
            .collect();
        let expected: Vec<Option<Vec<String>>> = rows
            .iter()
            .map(|items| items.map(|items| items.iter().map(|item| item.to_string()).collect()))
            .collect();
        assert_eq!(read, expected);
        let none = TextListColumn::new(2).finish().unwrap();
        assert_eq!(none.null_count(), 2);
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
