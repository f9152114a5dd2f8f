//! `rfc1738_error`: where and why a string does not match a production,
//! as a struct.

use std::sync::{Arc, LazyLock};

use datafusion::arrow::array::{
    Array, ArrayRef, ListBuilder, NullBufferBuilder, StringBuilder, StructArray, UInt32Builder,
    UInt64Builder,
};
use datafusion::arrow::datatypes::{DataType, Field, Fields};
use datafusion::common::Result;

use crate::grammar::{Diagnosis, Target};
use crate::strings;

/// A list of strings, as `ListBuilder<StringBuilder>` makes it.
pub(crate) fn string_list() -> DataType {
    DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true)))
}

/// The fields of the struct `rfc1738_error` returns, in order.
pub static FIELDS: LazyLock<Fields> = LazyLock::new(|| {
    Fields::from(vec![
        // Byte offset of the error, from 0.
        Field::new("offset", DataType::UInt64, true),
        // Line, from 1.
        Field::new("line", DataType::UInt32, true),
        // Column, from 1, in characters.
        Field::new("column", DataType::UInt64, true),
        // What the grammar accepts there, as the error message names it.
        Field::new("expected", string_list(), true),
        // The character there; NULL at the end of the input.
        Field::new("found", DataType::Utf8, true),
        // The productions open there, outermost first.
        Field::new("stack", string_list(), true),
        // The whole message, as the `rfc1738` command prints it.
        Field::new("message", DataType::Utf8, true),
    ])
});

struct Builder {
    offset: UInt64Builder,
    line: UInt32Builder,
    column: UInt64Builder,
    expected: ListBuilder<StringBuilder>,
    found: StringBuilder,
    stack: ListBuilder<StringBuilder>,
    message: StringBuilder,
    nulls: NullBufferBuilder,
    /// The found character's UTF-8, reused from row to row.
    character: [u8; 4],
}

impl Builder {
    fn new(rows: usize) -> Builder {
        Builder {
            offset: UInt64Builder::default(),
            line: UInt32Builder::default(),
            column: UInt64Builder::default(),
            expected: ListBuilder::new(StringBuilder::new()),
            found: StringBuilder::new(),
            stack: ListBuilder::new(StringBuilder::new()),
            message: StringBuilder::new(),
            nulls: NullBufferBuilder::new(rows),
            character: [0; 4],
        }
    }

    fn append(&mut self, diagnosis: &Diagnosis) {
        self.offset.append_value(diagnosis.offset as u64);
        self.line.append_value(diagnosis.line);
        self.column.append_value(diagnosis.column as u64);
        self.expected
            .append_value(diagnosis.expected.iter().map(Some));
        let found = diagnosis
            .found
            .map(|character| &*character.encode_utf8(&mut self.character));
        self.found.append_option(found);
        self.stack.append_value(diagnosis.stack.iter().map(Some));
        self.message.append_value(&diagnosis.message);
        self.nulls.append_non_null();
    }

    fn append_null(&mut self) {
        self.offset.append_null();
        self.line.append_null();
        self.column.append_null();
        self.expected.append_null();
        self.found.append_null();
        self.stack.append_null();
        self.message.append_null();
        self.nulls.append_null();
    }

    fn finish(mut self) -> StructArray {
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.offset.finish()),
            Arc::new(self.line.finish()),
            Arc::new(self.column.finish()),
            Arc::new(self.expected.finish()),
            Arc::new(self.found.finish()),
            Arc::new(self.stack.finish()),
            Arc::new(self.message.finish()),
        ];
        StructArray::new(FIELDS.clone(), columns, self.nulls.finish())
    }
}

/// The error of each string of `urls` against `target`; NULL for a NULL
/// and for a string that matches.
pub(crate) fn evaluate(urls: &dyn Array, target: &Target) -> Result<ArrayRef> {
    let mut builder = Builder::new(urls.len());
    strings::for_each(urls, |text| {
        match text.and_then(|text| target.diagnose(text)) {
            Some(diagnosis) => builder.append(&diagnosis),
            None => builder.append_null(),
        }
    })?;
    Ok(Arc::new(builder.finish()))
}
