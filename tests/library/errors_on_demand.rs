//! `parse` and `check` defer an error's diagnosis until the error is asked
//! something: what it then says must be what it would have said at once,
//! whoever asks first, from whichever thread, on a clone or the original.

use rfc1738::{check, check_with, parse, parse_with, Error, Options, Rule};

use crate::corpus;

/// Everything an error says, asked in one order.
fn said(error: &Error) -> String {
    format!(
        "{} @{} {}:{} {:?} {:?} {:?} {:?} [{}] {:?}",
        error,
        error.offset(),
        error.line(),
        error.column(),
        error.rule(),
        error.stack(),
        error.expected(),
        error.found(),
        error.stack_text(),
        error.matches_genericurl(),
    )
}

fn rejected() -> Vec<String> {
    let generated = corpus::generated(11 * 300);
    let rejected: Vec<String> = corpus::near_misses(&generated)
        .into_iter()
        .filter(|url| parse(url).is_err())
        .collect();
    assert!(rejected.len() > 100, "{}", rejected.len());
    rejected
}

#[test]
fn a_clone_made_before_the_diagnosis_says_what_the_original_says() {
    for url in rejected() {
        let error = parse(&url).unwrap_err();
        let clone = error.clone();
        let original = said(&error);
        assert_eq!(said(&clone), original, "{url}");
        // A clone of an error already asked keeps the answer.
        assert_eq!(said(&error.clone()), original, "{url}");
        assert_eq!(error, clone, "{url}");
        // Debug names the parts as it always did.
        let debug = format!("{error:?}");
        assert!(debug.starts_with("Error { offset: "), "{debug}");
        assert!(
            debug.contains(&format!("offset: {}", error.offset())),
            "{debug}"
        );
    }
}

#[test]
fn the_answer_does_not_depend_on_what_is_asked_first() {
    for url in rejected().iter().take(200) {
        let by_offset = parse(url).unwrap_err();
        let _ = by_offset.offset();
        let by_message = parse(url).unwrap_err();
        let _ = by_message.to_string();
        let by_debug = parse(url).unwrap_err();
        let _ = format!("{by_debug:?}");
        let by_genericurl = parse(url).unwrap_err();
        let _ = by_genericurl.matches_genericurl();
        let expected = said(&by_offset);
        for error in [&by_message, &by_debug, &by_genericurl] {
            assert_eq!(said(error), expected, "{url}");
        }
    }
}

#[test]
fn an_error_sent_to_another_thread_is_explained_there() {
    let urls = rejected();
    let errors: Vec<(&String, Error<'_>)> = urls
        .iter()
        .map(|url| (url, parse(url).unwrap_err()))
        .collect();
    let explained = std::thread::scope(|scope| {
        scope
            .spawn(move || {
                errors
                    .into_iter()
                    .map(|(url, error)| (url, said(&error)))
                    .collect::<Vec<_>>()
            })
            .join()
            .unwrap()
    });
    for (url, there) in explained {
        assert_eq!(there, said(&parse(url).unwrap_err()), "{url}");
    }
}

/// An error made owned says what the borrowing one says, and outlives the
/// text, whether or not it had been asked something before.
#[test]
fn an_owned_error_says_what_the_borrowing_one_says() {
    for url in rejected().iter().take(200) {
        let expected = said(&parse(url).unwrap_err());
        let unasked: Error<'static> = parse(url).unwrap_err().into_owned();
        let asked = parse(url).unwrap_err();
        let _ = asked.offset();
        let asked: Error<'static> = asked.into_owned();
        let text = url.clone();
        let outlives = check_with(Rule::Url, &text, Options::default()).map_err(Error::into_owned);
        drop(text);
        assert_eq!(said(&unasked), expected, "{url}");
        assert_eq!(said(&asked), expected, "{url}");
        assert_eq!(
            outlives.err().map(|error| said(&error)),
            check(Rule::Url, url).err().map(|error| said(&error)),
            "{url}"
        );
    }
}

#[test]
fn check_and_the_strict_options_defer_alike() {
    for (rule, text, options, message) in [
        (
            Rule::Hostname,
            "1.2.3",
            Options::default(),
            "1:5: expected alpha, found \"3\" (in hostname > toplabel)",
        ),
        (
            Rule::Url,
            "HTTP://h/",
            Options::strict(),
            "1:1: expected lowalpha, digit, \"+\", \"-\" or \".\", found \"H\" (in url > otherurl > genericurl > scheme)",
        ),
    ] {
        let error = check_with(rule, text, options).unwrap_err();
        assert_eq!(error.clone().to_string(), message);
        assert_eq!(error.to_string(), message);
    }
    let error = parse_with("HTTP://h/", Options::strict()).unwrap_err();
    assert_eq!(error.stack()[0], Rule::Url);
    assert!(parse("HTTP://h/").is_ok());
    assert!(check(Rule::Port, "80x").unwrap_err().offset() == 2);
}
