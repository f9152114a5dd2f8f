//! `rfc1738 conformance run --extract -- COMMAND`: runs an extractor
//! against `extract.json`. A request gives a case's text and its kind,
//! `{"id": ..., "kind": "plain"|"markdown", "text": ...}`; the answer lists
//! the URLs found, `{"urls": [{"url": ..., "span": [start, end], "fragment":
//! [start, end] | null}, ...]}`, byte offsets into the text. A case agrees
//! when the answer has exactly its URLs: the same strings, spans and
//! fragments (in any order). Exit 0: every case agrees (or, with
//! `--expected-failures`, fails as listed); 1: a case disagrees; 2: the
//! extractor failed, hung or answered out of protocol.

use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;
use serde_json::{json, Value};

use super::expected;
use super::extract::{ExtractCase, ExtractSuite, ExtractedUrl, Kind};
use super::process::{self, Protocol};
use super::run::{end, timeout, Ending, RunArgs};
use super::tallies::Tallies;

/// What `run --extract` does with the options `run` shares.
pub(crate) fn run(args: &RunArgs, out: &mut impl Write) -> Result<ExitCode, String> {
    let suite = ExtractSuite::of(args.suite.as_deref())?;
    let asked: Vec<ExtractCase> = suite
        .cases
        .into_iter()
        .filter(|case| args.kinds.is_empty() || args.kinds.iter().any(|k| k == case.kind.name()))
        .collect();
    if asked.is_empty() {
        return Err("no case matches the options".into());
    }
    let listed = args
        .expected_failures
        .as_deref()
        .map(expected::Listed::read)
        .transpose()?;
    let describe = |index: usize| {
        let case = &asked[index];
        format!("{} {} {}", case.id, case.kind.name(), case.feature)
    };
    let protocol = Protocol {
        requests: asked
            .iter()
            .map(|case| json!({"id": case.id, "kind": case.kind, "text": case.text}).to_string())
            .collect(),
        describe: &describe,
        parse: &parse,
        expected: "{\"urls\": [{\"url\": \"...\", \"span\": [START, END], \"fragment\": [START, END] or null}, ...]}",
        line_limit: 1 << 20,
        timeout: timeout(args.timeout)?,
    };
    let answers = process::converse(&args.command, protocol)
        .map_err(|message| format!("{}: {message}", args.command.join(" ")))?;
    let report = Report::of(&asked, answers);
    let ending = Ending {
        failing: report.disagreements.iter().map(|d| d.id).collect(),
        asked: asked.iter().map(|case| case.id.as_str()).collect(),
        what: "extraction cases",
        command: "run --extract",
        suite_version: &suite.suite_version,
        json: report.to_json(&args.command),
        human: report.to_human(&args.command, listed.as_ref()),
    };
    end(args, listed.as_ref(), ending, out)
}

/// An answer: the URLs found, or why it is out of protocol.
fn parse(line: &str) -> Result<Vec<ExtractedUrl>, String> {
    let value: Value = serde_json::from_str(line).map_err(|error| format!("not JSON ({error})"))?;
    let urls = value
        .as_object()
        .ok_or("not a JSON object")?
        .get("urls")
        .and_then(Value::as_array)
        .ok_or("no array \"urls\"")?;
    let span = |value: &Value, what: &str| -> Result<[usize; 2], String> {
        let pair = value
            .as_array()
            .filter(|pair| pair.len() == 2)
            .ok_or(format!("\"{what}\" is not [start, end]"))?;
        let number = |v: &Value| {
            v.as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or(format!("\"{what}\" holds a number that is no byte offset"))
        };
        let (start, end) = (number(&pair[0])?, number(&pair[1])?);
        match start <= end {
            true => Ok([start, end]),
            false => Err(format!("\"{what}\" ends before it starts")),
        }
    };
    let mut found = Vec::new();
    for item in urls {
        let object = item.as_object().ok_or("a URL that is not an object")?;
        let url = object
            .get("url")
            .and_then(Value::as_str)
            .ok_or("a URL without its string \"url\"")?;
        let span_value = object.get("span").ok_or("a URL without its \"span\"")?;
        let fragment = match object.get("fragment") {
            None | Some(Value::Null) => None,
            Some(value) => Some(span(value, "fragment")?),
        };
        found.push(ExtractedUrl {
            url: url.to_string(),
            span: span(span_value, "span")?,
            fragment,
        });
    }
    Ok(found)
}

/// Counts of agreement for one feature of one kind.
#[derive(Default, Clone, Copy, Serialize)]
struct Tally {
    cases: usize,
    cases_agree: usize,
    /// URLs the cases list.
    urls: usize,
    /// Of them, those the answers have with the same string, span and
    /// fragment.
    urls_found: usize,
    /// URLs the answers have that the cases do not.
    urls_extra: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.cases += other.cases;
        self.cases_agree += other.cases_agree;
        self.urls += other.urls;
        self.urls_found += other.urls_found;
        self.urls_extra += other.urls_extra;
    }
}

#[derive(Serialize)]
struct Disagreement<'a> {
    id: &'a str,
    kind: &'static str,
    feature: &'a str,
    text: &'a str,
    expected: &'a [ExtractedUrl],
    answer: Vec<ExtractedUrl>,
    source: &'a str,
}

struct Report<'a> {
    /// Per kind, per feature in the order first asked.
    tallies: Vec<(Kind, Vec<(&'a str, Tally)>)>,
    disagreements: Vec<Disagreement<'a>>,
}

impl<'a> Report<'a> {
    fn of(asked: &'a [ExtractCase], answers: Vec<Vec<ExtractedUrl>>) -> Report<'a> {
        let mut tallies: Tallies<Kind, Tally> = Tallies::new();
        let mut disagreements = Vec::new();
        for (case, mut answer) in asked.iter().zip(answers) {
            answer.sort();
            let mut expected = case.urls.clone();
            expected.sort();
            let found = expected.iter().filter(|url| answer.contains(url)).count();
            let this = Tally {
                cases: 1,
                cases_agree: usize::from(answer == expected),
                urls: expected.len(),
                urls_found: found,
                urls_extra: answer.iter().filter(|url| !expected.contains(url)).count(),
            };
            tallies.entry(case.kind, &case.feature).add(&this);
            if answer != expected {
                disagreements.push(Disagreement {
                    id: &case.id,
                    kind: case.kind.name(),
                    feature: &case.feature,
                    text: &case.text,
                    expected: &case.urls,
                    answer,
                    source: &case.source,
                });
            }
        }
        Report {
            tallies: tallies.sorted(),
            disagreements,
        }
    }

    fn to_json(&self, command: &[String]) -> Value {
        let kinds: Vec<Value> = self
            .tallies
            .iter()
            .map(|(kind, features)| {
                let features: Vec<Value> = features
                    .iter()
                    .map(|(feature, tally)| {
                        let mut row = json!(tally);
                        row["feature"] = json!(feature);
                        row
                    })
                    .collect();
                json!({"kind": kind.name(), "features": features})
            })
            .collect();
        json!({
            "command": command,
            "cases_differ": self.disagreements.len(),
            "kinds": kinds,
            "disagreements": self.disagreements,
        })
    }

    fn to_human(&self, command: &[String], listed: Option<&expected::Listed>) -> String {
        let mut out = format!("URL extraction by `{}`\n", command.join(" "));
        for (kind, features) in &self.tallies {
            let mut total = Tally::default();
            features.iter().for_each(|(_, tally)| total.add(tally));
            out.push_str(&format!(
                "\n{}: {} of {} cases agree; {} of {} URLs found, {} more answered\n",
                kind.name(),
                total.cases_agree,
                total.cases,
                total.urls_found,
                total.urls,
                total.urls_extra
            ));
            out.push_str(&format!(
                "  {:<16} {:>9} {:>9} {:>7}\n",
                "feature", "cases", "URLs", "extra"
            ));
            for (feature, t) in features {
                out.push_str(&format!(
                    "  {feature:<16} {:>9} {:>9} {:>7}\n",
                    format!("{}/{}", t.cases_agree, t.cases),
                    format!("{}/{}", t.urls_found, t.urls),
                    t.urls_extra
                ));
            }
        }
        if !self.disagreements.is_empty() {
            out.push_str(&format!(
                "\ndisagreements ({}):\n",
                self.disagreements.len()
            ));
        }
        let shown = |urls: &[ExtractedUrl]| -> String {
            let items: Vec<String> = urls
                .iter()
                .map(|found| {
                    let fragment = found
                        .fragment
                        .map(|[s, e]| format!(" #{s}..{e}"))
                        .unwrap_or_default();
                    format!(
                        "{:?} {}..{}{fragment}",
                        found.url, found.span[0], found.span[1]
                    )
                })
                .collect();
            format!("[{}]", items.join(", "))
        };
        for d in &self.disagreements {
            let mark = match listed {
                Some(listed) if listed.contains(d.id) => " [expected failure]",
                _ => "",
            };
            out.push_str(&format!(
                "  {} {} {} {:?}:\n    expected {}\n    answered {}\n    ({}){mark}\n",
                d.id,
                d.kind,
                d.feature,
                d.text,
                shown(d.expected),
                shown(&d.answer),
                d.source
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_out_of_protocol_say_why() {
        assert_eq!(parse(r#"{"urls": []}"#).unwrap(), []);
        let found =
            parse(r#"{"urls": [{"url": "a:b", "span": [1, 4], "fragment": null}]}"#).unwrap();
        assert_eq!(found[0].span, [1, 4]);
        for (answer, why) in [
            ("[]", "not a JSON object"),
            (r#"{"url": []}"#, "no array \"urls\""),
            (r#"{"urls": [{"span": [0, 1]}]}"#, "without its string"),
            (
                r#"{"urls": [{"url": "a", "span": [2, 1]}]}"#,
                "ends before it starts",
            ),
            (
                r#"{"urls": [{"url": "a", "span": [0, -1]}]}"#,
                "no byte offset",
            ),
            (
                r#"{"urls": [{"url": "a", "span": [0, 1], "fragment": 3}]}"#,
                "is not [start, end]",
            ),
        ] {
            let error = parse(answer).unwrap_err();
            assert!(error.contains(why), "{answer}: {error}");
        }
    }
}
