//! A URL template linted as a URL: each placeholder replaced by a value
//! that fits where it stands, so that the rules check the rest, and the
//! findings mapped back to the template.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use alloc::borrow::Cow;

use crate::scan::template::placeholders;
use crate::span::Span;

/// The values tried for a placeholder, in order: a letter fits a host
/// name, a path, a search or a user; a digit fits a port; a path after a
/// host starts with a slash (`file://{host}{path}`).
const VALUES: [&str; 3] = ["x", "0", "/x"];

/// The most placeholders given their second value, each after a parse of
/// the whole URL: a template has a port or two, and a URL of thousands of
/// placeholders stays linear.
const MAX_RETRIES: usize = 8;

/// A text with its placeholders replaced.
pub(super) struct Filled<'a> {
    /// The text the rules read.
    pub(super) text: Cow<'a, str>,
    /// Each placeholder: where it is in the template, and where its value
    /// is in [`Filled::text`].
    pub(super) places: Vec<(Span, Span)>,
}

impl<'a> Filled<'a> {
    /// `template` with each placeholder replaced by the first value of
    /// [`VALUES`] with which the URL's grammar gets past it (when
    /// `grammar` is set; a fragment has none), or by the first value.
    pub(super) fn new(template: &'a str, grammar: bool) -> Filled<'a> {
        let mut found = placeholders(template).peekable();
        if found.peek().is_none() {
            return Filled {
                text: Cow::Borrowed(template),
                places: Vec::new(),
            };
        }
        let found: Vec<Span> = found.collect();
        let mut choice = vec![0; found.len()];
        let mut retries = 0;
        loop {
            let filled = Filled::with(template, &found, &choice);
            if !grammar || retries == MAX_RETRIES {
                return filled;
            }
            retries += 1;
            // The placeholder the grammar stops in or right after, if it
            // does, gets its next value: at most three passes a
            // placeholder.
            let stuck = crate::parse(&filled.text).err().and_then(|error| {
                let offset = error.offset();
                filled
                    .places
                    .iter()
                    .rposition(|(_, value)| value.start <= offset && offset <= value.end)
            });
            match stuck {
                Some(index) if choice[index] + 1 < VALUES.len() => choice[index] += 1,
                _ => return filled,
            }
        }
    }

    fn with(template: &'a str, found: &[Span], choice: &[usize]) -> Filled<'a> {
        let mut text = String::with_capacity(template.len());
        let mut places = Vec::with_capacity(found.len());
        let mut at = 0;
        for (place, value) in found.iter().zip(choice) {
            text.push_str(&template[at..place.start]);
            let start = text.len();
            text.push_str(VALUES[*value]);
            places.push((*place, Span::new(start, text.len())));
            at = place.end;
        }
        text.push_str(&template[at..]);
        Filled {
            text: Cow::Owned(text),
            places,
        }
    }

    /// The span in the template of a span of the filled text; `None` when
    /// it touches a placeholder's value (what the rules find there is about
    /// the value, not the template).
    pub(super) fn template_span(&self, span: Span) -> Option<Span> {
        // The placeholders whose value ends at or before the span's start
        // (found by a binary search: a URL of many placeholders and many
        // findings stays linear); the next one must not touch the span.
        let before = self
            .places
            .partition_point(|(_, value)| value.end <= span.start);
        if let Some((_, value)) = self.places.get(before) {
            if value.start < span.end || value.start <= span.start {
                return None;
            }
        }
        let Some((place, value)) = before.checked_sub(1).map(|last| self.places[last]) else {
            return Some(span);
        };
        // Each value is shorter than its placeholder, or as long: the shift
        // at a place is the difference of where the two texts have got to.
        let shift = place.end - value.end;
        Some(Span::new(span.start + shift, span.end + shift))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_placeholder_gets_a_value_that_fits_where_it_stands() {
        let filled = Filled::new("http://{host}:{port}/a/{id}", true);
        assert_eq!(filled.text, "http://x:0/a/x");
        assert!(crate::parse(&filled.text).is_ok());
        assert_eq!(filled.places[1].0, Span::new(14, 20));
    }

    #[test]
    fn spans_map_back_around_the_values() {
        let filled = Filled::new("http://a/{{ id }}/~x", true);
        assert_eq!(filled.text, "http://a/x/~x");
        // The "~" after the placeholder.
        assert_eq!(
            filled.template_span(Span::new(11, 12)),
            Some(Span::new(18, 19))
        );
        assert_eq!(filled.template_span(Span::new(9, 10)), None);
        assert_eq!(filled.template_span(Span::new(0, 4)), Some(Span::new(0, 4)));
    }
}
