//! U020 valid-in-earlier-revision (opt-in): a URL RFC 1738 rejects that the
//! grammar of an earlier revision accepts (`rfc1738::dialect`), found at
//! the URL's start, before the findings inside it.

use rfc1738::dialect::Dialect;
use rfc1738::lint::{Code, Finding};
use rfc1738::scan::ScannedUrl;

/// The finding that names the revisions before RFC 1738 that accept `url`;
/// `None` when RFC 1738 accepts it, or no earlier revision does.
pub fn finding(url: &ScannedUrl) -> Option<Finding> {
    if rfc1738::parse(&url.text).is_ok() {
        return None;
    }
    let report = rfc1738::dialect::revisions(&url.text);
    let earlier: Vec<String> = report
        .verdicts
        .iter()
        .filter(|verdict| verdict.dialect != Dialect::Rfc1738)
        .filter_map(|verdict| {
            let top = verdict.accepted_as?;
            let what = match verdict.alternatives.is_empty() {
                true => top.to_string(),
                false => verdict.alternatives.join(", "),
            };
            Some(format!("{} ({what})", verdict.dialect))
        })
        .collect();
    let list = match earlier.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => return None,
    };
    Some(Finding::new(
        Code::ValidInEarlierRevision,
        url.span,
        format!("RFC 1738 rejects this URL, but it is valid under {list}"),
    ))
}
