//! The string arguments: which Arrow types the functions take, and each
//! row's text, whatever the array's layout.

use datafusion::arrow::array::{Array, ArrayAccessor, AsArray, ByteView, OffsetSizeTrait};
use datafusion::arrow::buffer::{BooleanBuffer, Buffer};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, plan_err, Result};

/// The types the functions are called with, unchanged when they are one
/// of the three string layouts (or NULL), so that no cast is planned in
/// front of a constant rule or revision (it would hide the constant from
/// the planner, which must check the name); a dictionary of strings is
/// read as its values. Anything else, or a wrong number of arguments, is a
/// planning error.
pub(crate) fn coerce(
    function: &str,
    parameters: &[&str],
    required: usize,
    arg_types: &[DataType],
) -> Result<Vec<DataType>> {
    if arg_types.len() < required || arg_types.len() > parameters.len() {
        return plan_err!(
            "{function} takes {} ({}), not {} argument{}",
            arity(required, parameters.len()),
            parameters.join(", "),
            arg_types.len(),
            if arg_types.len() == 1 { "" } else { "s" }
        );
    }
    arg_types
        .iter()
        .zip(parameters)
        .map(|(data_type, parameter)| match data_type {
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View | DataType::Null => {
                Ok(data_type.clone())
            }
            DataType::Dictionary(_, values) if is_string(values) => Ok(values.as_ref().clone()),
            other => plan_err!("{function}: the {parameter} must be a string, not {other}"),
        })
        .collect()
}

fn is_string(data_type: &DataType) -> bool {
    matches!(
        data_type,
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
    )
}

/// "one argument", "one to three arguments".
fn arity(required: usize, most: usize) -> String {
    const WORDS: [&str; 4] = ["no", "one", "two", "three"];
    let word = |n: usize| WORDS.get(n).copied().unwrap_or("many");
    if required == most {
        format!(
            "{} argument{}",
            word(most),
            if most == 1 { "" } else { "s" }
        )
    } else {
        format!("{} to {} arguments", word(required), word(most))
    }
}

/// Calls `each` with the text of every row of `array` in order, `None`
/// for a NULL; the array is one of the types [`coerce`] lets through.
pub(crate) fn for_each<'a>(
    array: &'a dyn Array,
    mut each: impl FnMut(Option<&'a str>),
) -> Result<()> {
    match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().iter().for_each(each),
        DataType::LargeUtf8 => array.as_string::<i64>().iter().for_each(each),
        DataType::Utf8View => array.as_string_view().iter().for_each(each),
        DataType::Null => (0..array.len()).for_each(|_| each(None)),
        other => return exec_err!("expected strings, found {other}"),
    }
    Ok(())
}

/// A bit for each row of `array`, `verdict` of its text; a NULL row's bit
/// is false (the caller passes the input's null buffer through as the
/// result's). No builder and no call per row beyond `verdict`'s.
pub(crate) fn collect_bool(
    array: &dyn Array,
    verdict: impl Fn(&str) -> bool,
) -> Result<BooleanBuffer> {
    fn bits<'a>(
        texts: impl ArrayAccessor<Item = &'a str>,
        verdict: impl Fn(&str) -> bool,
    ) -> BooleanBuffer {
        let nulls = texts.logical_nulls();
        BooleanBuffer::collect_bool(texts.len(), |row| {
            nulls.as_ref().is_none_or(|nulls| nulls.is_valid(row)) && verdict(texts.value(row))
        })
    }
    Ok(match array.data_type() {
        DataType::Utf8 => bits(array.as_string::<i32>(), verdict),
        DataType::LargeUtf8 => bits(array.as_string::<i64>(), verdict),
        DataType::Utf8View => bits(array.as_string_view(), verdict),
        DataType::Null => BooleanBuffer::new_unset(array.len()),
        other => return exec_err!("expected strings, found {other}"),
    })
}

/// The longest text a view holds in itself (Arrow's `MAX_INLINE_VIEW_LEN`).
pub(crate) const INLINE: u32 = 12;

/// A row's text and where it lies among the data buffers of its array,
/// as a view of a `Utf8View` array would point to it: the buffer's index
/// and the offset in it. `at` is `None` for a text held in its view (12
/// bytes or fewer) and for one beyond a view's 32-bit offsets.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Located<'a> {
    pub text: &'a str,
    pub at: Option<(u32, u32)>,
}

impl Located<'_> {
    /// The buffer and offset of `part`, when it is a slice of this text
    /// that lies in a buffer (so that a view can point to it, not copy it).
    #[inline]
    pub(crate) fn place_of(&self, part: &str) -> Option<(u32, u32)> {
        let (buffer, offset) = self.at?;
        let start = (part.as_ptr() as usize).checked_sub(self.text.as_ptr() as usize)?;
        let within = start + part.len() <= self.text.len();
        // The text lies in a buffer of less than 4 GiB: `for_each_located`
        // locates only such texts, so the sum fits.
        within.then(|| (buffer, offset + start as u32))
    }
}

/// Whether a view can point into `buffer` (Arrow's view builder takes no
/// buffer of 4 GiB or more).
fn pointable(buffer: &Buffer) -> bool {
    u32::try_from(buffer.len()).is_ok_and(|len| len < u32::MAX)
}

/// The data buffers of `array` for the views of a result to point into,
/// indexed as [`for_each_located`] locates the rows' texts: a `Utf8View`
/// array's own, or the value buffer of a `Utf8` or `LargeUtf8` array. A
/// buffer of 4 GiB or more is left out (empty in its place): its texts
/// are copied.
pub(crate) fn data_buffers(array: &dyn Array) -> Vec<Buffer> {
    let usable = |buffer: &Buffer| match pointable(buffer) {
        true => buffer.clone(),
        false => Buffer::from_vec(Vec::<u8>::new()),
    };
    match array.data_type() {
        DataType::Utf8 => vec![usable(array.as_string::<i32>().values())],
        DataType::LargeUtf8 => vec![usable(array.as_string::<i64>().values())],
        DataType::Utf8View => array
            .as_string_view()
            .data_buffers()
            .iter()
            .map(usable)
            .collect(),
        _ => Vec::new(),
    }
}

/// Calls `each` with every row of `array` in order and where its text
/// lies among [`data_buffers`], `None` for a NULL.
pub(crate) fn for_each_located<'a>(
    array: &'a dyn Array,
    mut each: impl FnMut(Option<Located<'a>>),
) -> Result<()> {
    fn offsets<'a, O: OffsetSizeTrait>(
        array: &'a dyn Array,
        each: &mut impl FnMut(Option<Located<'a>>),
    ) {
        let texts = array.as_string::<O>();
        let offsets = texts.value_offsets();
        // Every text ends within the buffer, so within 4 GiB.
        let usable = pointable(texts.values());
        for (row, text) in texts.iter().enumerate() {
            each(text.map(|text| Located {
                text,
                at: usable.then(|| (0, offsets[row].as_usize() as u32)),
            }));
        }
    }
    match array.data_type() {
        DataType::Utf8 => offsets::<i32>(array, &mut each),
        DataType::LargeUtf8 => offsets::<i64>(array, &mut each),
        DataType::Utf8View => {
            let texts = array.as_string_view();
            let buffers = texts.data_buffers();
            for (text, view) in texts.iter().zip(texts.views()) {
                each(text.map(|text| {
                    let view = ByteView::from(*view);
                    let held = view.length <= INLINE;
                    let usable = !held && pointable(&buffers[view.buffer_index as usize]);
                    Located {
                        text,
                        at: usable.then_some((view.buffer_index, view.offset)),
                    }
                }));
            }
        }
        DataType::Null => (0..array.len()).for_each(|_| each(None)),
        other => return exec_err!("expected strings, found {other}"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use datafusion::arrow::array::{LargeStringArray, NullArray, StringArray, StringViewArray};

    #[test]
    fn every_layout_gives_the_same_rows() {
        let rows = [
            Some("a"),
            None,
            Some(""),
            Some("é and a long text past twelve bytes"),
        ];
        let arrays: [Box<dyn Array>; 3] = [
            Box::new(StringArray::from(rows.to_vec())),
            Box::new(LargeStringArray::from(rows.to_vec())),
            Box::new(StringViewArray::from(rows.to_vec())),
        ];
        for array in arrays {
            let mut seen = Vec::new();
            for_each(array.as_ref(), |text| seen.push(text.map(str::to_owned))).unwrap();
            let expected: Vec<Option<String>> =
                rows.iter().map(|row| row.map(str::to_owned)).collect();
            assert_eq!(seen, expected, "{}", array.data_type());
        }
        let mut count = 0;
        for_each(&NullArray::new(3), |text| {
            count += usize::from(text.is_none())
        })
        .unwrap();
        assert_eq!(count, 3);
    }

    #[test]
    fn wrong_types_and_counts_are_planning_errors() {
        let parameters = ["url", "rule", "revision"];
        let error = coerce("f", &parameters, 1, &[]).unwrap_err().to_string();
        assert!(
            error.contains("f takes one to three arguments (url, rule, revision), not 0 arguments"),
            "{error}"
        );
        let error = coerce("f", &parameters[..1], 1, &[DataType::Int64])
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("f: the url must be a string, not Int64"),
            "{error}"
        );
        let dictionary =
            DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8View));
        assert_eq!(
            coerce("f", &parameters, 1, &[dictionary, DataType::Utf8]).unwrap(),
            [DataType::Utf8View, DataType::Utf8]
        );
    }
}
