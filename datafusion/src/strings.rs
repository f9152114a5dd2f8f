//! The string arguments: which Arrow types the functions take, and each
//! row's text, whatever the array's layout.

use datafusion::arrow::array::{Array, ArrayAccessor, AsArray, OffsetSizeTrait};
use datafusion::arrow::buffer::BooleanBuffer;
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

/// The bytes of text in `array`'s rows, NULLs' included: a bound on
/// the text of any part of them (zero for anything else than strings).
pub(crate) fn text_bytes(array: &dyn Array) -> usize {
    fn span<O: OffsetSizeTrait>(offsets: &[O]) -> usize {
        match (offsets.first(), offsets.last()) {
            (Some(first), Some(last)) => (*last - *first).as_usize(),
            _ => 0,
        }
    }
    match array.data_type() {
        DataType::Utf8 => span(array.as_string::<i32>().value_offsets()),
        DataType::LargeUtf8 => span(array.as_string::<i64>().value_offsets()),
        DataType::Utf8View => array.as_string_view().total_bytes_len(),
        _ => 0,
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

/// Calls `each` with the index and the text of every row of `array` that
/// is not NULL, in order.
pub(crate) fn for_each_text<'a>(
    array: &'a dyn Array,
    mut each: impl FnMut(usize, &'a str),
) -> Result<()> {
    let mut row = 0;
    for_each(array, |text| {
        if let Some(text) = text {
            each(row, text);
        }
        row += 1;
    })
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
            let mut texts = Vec::new();
            for_each_text(array.as_ref(), |row, text| {
                texts.push((row, text.to_owned()))
            })
            .unwrap();
            let expected: Vec<(usize, String)> = rows
                .iter()
                .enumerate()
                .filter_map(|(row, text)| Some((row, (*text)?.to_owned())))
                .collect();
            assert_eq!(texts, expected, "{}", array.data_type());
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
