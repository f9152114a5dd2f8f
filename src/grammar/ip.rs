//! ```bnf
//! ; URL schemeparts for ip based protocols:
//! ip-schemepart  = "//" login [ "/" urlpath ]
//! ```
//!
//! The common Internet scheme syntax of section 3.1: `ip-schemepart`,
//! `login`, `hostport`, `host`, `hostname`, `domainlabel`, `toplabel`,
//! `alphadigit`, `hostnumber`, `port`, `user`, `password`, `urlpath`.

use core::num::NonZeroUsize;

use nom::IResult;

use crate::error::Expected;
use crate::grammar::chars::{Class, ALPHA, ALPHADIGIT, HOSTNAME, LABEL, USER, XCHAR};
use crate::grammar::cursor::{Backtrack, Cursor, Entry, GrammarError, Reading, Text};
use crate::grammar::misc::digits;
use crate::grammar::primitives::{
    after, eight_at, expect, last_eight, literal, one, opt_after, run, ONES,
};
use crate::rule::Rule;
use crate::tree::{
    Domainlabel, Host, Hostname, Hostnumber, Hostport, IpSchemepart, Login, Password, Port,
    Toplabel, Urlpath, User,
};

/// ```bnf
/// ip-schemepart  = "//" login [ "/" urlpath ]
/// ```
#[inline(always)]
pub fn ip_schemepart<'a, I: Text<'a>, E: GrammarError<I>>(
    input: I,
) -> IResult<I, IpSchemepart<'a>, E> {
    input.enter(
        Entry::Production(Rule::IpSchemepart),
        #[inline(always)]
        |start| {
            let (rest, _) = literal("//")(start)?;
            let (rest, login) = rest.call(login)?;
            let (rest, urlpath) = opt_after(rest, "/", urlpath);
            let place = start.place_to(&rest);
            Ok((
                rest,
                IpSchemepart {
                    place,
                    login,
                    urlpath,
                },
            ))
        },
    )
}

/// ```bnf
/// login          = [ user [ ":" password ] "@" ] hostport
/// ```
///
/// Neither `user` nor `password` can contain `@` or `:`, so the bracket is
/// tried first and given up whole when no `@` ends it: `host:21` is a host
/// and a port, not a user and a password. When no `@` follows the run of
/// user and password characters, the bracket cannot match and is not tried:
/// its failure (an `@` expected at the end of the run) would also outrun
/// and hide the error in the host. Outside the diagnostic pass, a login
/// that is a bare hostport is read hostport first (`bare_hostport_login`),
/// to the same tree.
#[inline(always)]
pub fn login<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Login<'a>, E> {
    input.enter(
        Entry::Production(Rule::Login),
        #[inline(always)]
        |start| {
            if !start.traced() {
                if let Some(bare) = bare_hostport_login(start) {
                    return Ok(bare);
                }
            }
            login_as_written(start)
        },
    )
}

/// The login that is a bare hostport, read hostport first, when what
/// follows the hostport shows that it is one: no character a user or
/// password may hold, nor an `@`. Then the run of such characters from the
/// start (the hostport's are among them) ends there without an `@`, and
/// [`login_as_written`] reads the same hostport alone. Most logins are a
/// bare hostport, and this spares them the look-ahead for an `@` (about a
/// seventh of `parse`'s instructions on an `https` list). `None` for any
/// other login; not for the diagnostic pass, whose errors follow the BNF.
#[inline(always)]
fn bare_hostport_login(start: Cursor<'_>) -> Option<(Cursor<'_>, Login<'_>)> {
    let (rest, hostport) = start.call(hostport).ok()?;
    if rest.bytes().first().is_some_and(|&b| continues_userinfo(b)) {
        return None;
    }
    let place = start.place_to(&rest);
    Some((
        rest,
        Login {
            place,
            user: None,
            password: None,
            hostport,
        },
    ))
}

/// `login` in the BNF's order: the bracket, then the hostport.
#[inline(always)]
fn login_as_written(start: Cursor<'_>) -> Reading<'_, Login<'_>> {
    // Where no `@` ends the run, the bracket cannot match.
    let (rest, user, password) = match at_sign_ends_userinfo(&start) {
        true => match userinfo(start) {
            Ok((rest, (user, password))) => (rest, Some(user), password),
            Err(_) => (start, None, None),
        },
        false => (start, None, None),
    };
    let (rest, hostport) = rest.call(hostport)?;
    let place = start.place_to(&rest);
    Ok((
        rest,
        Login {
            place,
            user,
            password,
            hostport,
        },
    ))
}

/// Whether an `@` follows the characters a user and password may hold.
#[inline(always)]
fn at_sign_ends_userinfo(input: &Cursor<'_>) -> bool {
    let bytes = input.bytes();
    let run = bytes.iter().position(|&b| !in_userinfo(b));
    run.is_some_and(|end| bytes[end] == b'@')
}

/// Whether `byte` may stand in a user or a password (`%` for their
/// escapes).
#[inline(always)]
fn in_userinfo(byte: u8) -> bool {
    USER.contains(byte) || byte == b':' || byte == b'%'
}

/// Whether `byte` could go on with, or end, a user and password: one of
/// their characters, or the `@` after them.
#[inline(always)]
fn continues_userinfo(byte: u8) -> bool {
    in_userinfo(byte) || byte == b'@'
}

/// `user [ ":" password ] "@"`, the bracket of `login`.
#[inline(always)]
fn userinfo(start: Cursor<'_>) -> Reading<'_, (User<'_>, Option<Password<'_>>)> {
    let (rest, user) = start.call(user)?;
    let (rest, password) = opt_after(rest, ":", password);
    let (rest, _) = literal("@")(rest)?;
    Ok((rest, (user, password)))
}

/// ```bnf
/// hostport       = host [ ":" port ]
/// ```
// Read out of line by `hostport_ends`, which hands back where the host and
// the hostport end; the node is made here, where it is used.
#[inline(always)]
pub fn hostport<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Hostport<'a>, E> {
    input.enter(
        Entry::Production(Rule::Hostport),
        #[inline(always)]
        |start| {
            let (text, at, base, flags) = start.into_words();
            match hostport_ends(text, at, base, flags) {
                Some(ends) => Ok(ends.read(start)),
                None => Err(nom::Err::Error(Backtrack)),
            }
        },
    )
}

/// Where a [`hostport`] ends, and its host: two words, which a call hands
/// back in registers. The node (104 bytes) was handed back through memory
/// and copied; the processor could not forward the stores of its fields to
/// the wider loads of the copy (BENCHMARKS.md, "Two words for a hostport").
#[derive(Clone, Copy)]
struct HostportEnds {
    /// The index in the cursor's text where the host ends, with
    /// [`HOSTNUMBER`] set for a `hostnumber`.
    host: usize,
    /// The index where the hostport ends: never 0, after a host.
    end: NonZeroUsize,
}

/// The bit of [`HostportEnds::host`] that marks a `hostnumber`: no index
/// into a `str` reaches it.
const HOSTNUMBER: usize = 1 << (usize::BITS - 1);

impl HostportEnds {
    /// The node of the hostport read from `start`, and the cursor after it.
    #[inline(always)]
    fn read<'a>(self, start: Cursor<'a>) -> (Cursor<'a>, Hostport<'a>) {
        let host_rest = start.skip((self.host & !HOSTNUMBER) - start.index());
        let rest = start.skip(self.end.get() - start.index());
        let place = start.place_to(&host_rest);
        let host = match self.host & HOSTNUMBER {
            0 => Host::Hostname(Hostname { place }),
            _ => Host::Hostnumber(Hostnumber { place }),
        };
        // The port's digits follow the colon after the host.
        let port = (rest.index() != host_rest.index())
            .then(|| Port::at(host_rest.skip(1).place_to(&rest)));
        let place = start.place_to(&rest);
        let node = Hostport { place, host, port };
        (rest, node)
    }
}

/// The reading of [`hostport`]: `host [ ":" port ]`, where its host and it
/// end. Out of line: one copy for the schemes that read a host and port,
/// where inlined in each it made the code of `parse` too large for the
/// instruction cache on a list that mixes the schemes (and the optimized
/// build of the benches took 149 s against 22).
/// It takes the cursor as words ([`Cursor::into_words`]).
#[inline(never)]
fn hostport_ends(text: &str, at: usize, base: usize, flags: u8) -> Option<HostportEnds> {
    let start = Cursor::from_words(text, at, base, flags);
    let (rest, host) = start.call(host).ok()?;
    let kind = match host {
        Host::Hostname(_) => 0,
        Host::Hostnumber(_) => HOSTNUMBER,
    };
    let rest_after_port = match literal(":")(rest) {
        Ok((colon, _)) => colon.call(port).map_or(rest, |(rest, _)| rest),
        Err(_) => rest,
    };
    Some(HostportEnds {
        host: rest.index() | kind,
        end: NonZeroUsize::new(rest_after_port.index())?,
    })
}

/// ```bnf
/// host           = hostname | hostnumber
/// ```
///
/// The two are disjoint (a `toplabel` starts with a letter, a `hostnumber`
/// ends in digits) and neither may be followed by `.`, a letter or a digit
/// in any production, so the first that matches is the one derivation.
#[inline(always)]
pub fn host<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Host<'a>, E> {
    input.enter(
        Entry::Production(Rule::Host),
        #[inline(always)]
        |start| match start.call(hostname) {
            Ok((rest, name)) => Ok((rest, Host::Hostname(name))),
            Err(_) => start
                .call(hostnumber)
                .map(|(rest, number)| (rest, Host::Hostnumber(number))),
        },
    )
}

/// ```bnf
/// hostname       = *[ domainlabel "." ] toplabel
/// ```
///
/// Not a greedy `many0`: `*[ domainlabel "." ]` would also eat the
/// `toplabel` (every toplabel is a domainlabel). A label is read as a
/// `domainlabel` only when a `.` and another label follow it; the last
/// label must be a `toplabel`. No production lets a host be followed by a
/// letter, digit, `-` or `.`, so reading each label to its longest is exact.
/// Each label is read once, on bytes; only the diagnostic pass enters
/// `domainlabel` and `toplabel`, whose errors it reports (the node keeps no
/// label: [`Hostname::domainlabels`] and [`Hostname::toplabel`] split them
/// again). The first pass reads a plain host (every dot between two
/// labels) eight characters at a time, and goes label by label only when
/// it is not plain.
#[inline(always)]
pub fn hostname<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Hostname<'a>, E> {
    input.enter(
        Entry::Production(Rule::Hostname),
        #[inline(always)]
        |start| {
            let (text, at) = start.text_and_index();
            let plain = match start.traced() {
                true => Plain::Undecided,
                false => plain_hostname(text, at),
            };
            // Both readings give the end, and the node is made once: made
            // in each, it was merged through memory.
            let rest = match plain {
                Plain::Ends(end) => start.skip(end),
                Plain::Fails => return Err(nom::Err::Error(Backtrack)),
                Plain::Undecided => hostname_by_labels(start)?,
            };
            let place = start.place_to(&rest);
            Ok((rest, Hostname { place }))
        },
    )
}

/// `hostname` label by label: the derivation [`hostname`] describes, with
/// the diagnostic pass entering `domainlabel` and `toplabel`; where it
/// ends. Out of line, once for every use of `hostname`: the first pass
/// comes here only for a host that is not plain.
#[inline(never)]
fn hostname_by_labels(start: Cursor<'_>) -> Result<Cursor<'_>, nom::Err<Backtrack>> {
    let mut at = start;
    loop {
        let bytes = at.bytes();
        let run = label_run(bytes);
        let dot_then_label = bytes.get(run) == Some(&b'.')
            && bytes.get(run + 1).is_some_and(|&b| ALPHADIGIT.contains(b));
        if dot_then_label {
            at = match at.traced() {
                true => at.read((domainlabel, literal(".")))?.0,
                false if is_label(bytes, run, &ALPHADIGIT) => at.skip(run + 1),
                false => return Err(nom::Err::Error(Backtrack)),
            };
            continue;
        }
        if bytes.get(run) == Some(&b'.') {
            // `label .` could have gone on with another label.
            expect(
                &at,
                run + 1,
                &[
                    Expected::Rule(Rule::Domainlabel),
                    Expected::Rule(Rule::Toplabel),
                ],
            );
        } else if bytes.first().is_some_and(|&b| ALPHA.contains(b)) {
            // A "." after a toplabel would have gone on with another
            // label. (After a label that cannot be a toplabel, the
            // error that helps is the toplabel's, at its start.)
            expect(&at, run, &[Expected::Literal(".")]);
        }
        let rest = match at.traced() {
            true => at.read(toplabel)?.0,
            false if is_label(bytes, run, &ALPHA) => at.skip(run),
            false => return Err(nom::Err::Error(Backtrack)),
        };
        return Ok(rest);
    }
}

/// What [`plain_hostname`] decided.
enum Plain {
    /// The hostname ends here.
    Ends(usize),
    /// No hostname starts here.
    Fails,
    /// Not a plain run of labels: the label loop decides.
    Undecided,
}

/// The hostname that starts at `from` in `text` when the run of label
/// characters and dots there is plain: no label empty or starting with
/// `-`, none ending in `-` before a dot, and the run ending in neither `.`
/// nor `-`. Then every dot is followed by another label, so the loop of
/// [`hostname`] would read every label of the run and end where the run
/// ends, or fail on a last label that is not a `toplabel`.
///
/// Eight characters at a time: their kinds, looked up in a table, give the
/// masks of the host's characters, dots and dashes (one bit a byte, the
/// lowest), and the pairs no plain host holds (`..`, `.-`, `-.`) are found
/// on the masks. A loop character by character cost some 16 instructions a
/// byte of host, and mispredicted its exit at every host; the label loop
/// took a branch at every label. The masks stay a bit a byte, where
/// gathering each into a byte took three multiplications an eight, one of
/// them between the look-ups and the test that ends the loop.
#[inline(always)]
fn plain_hostname(text: &[u8], from: usize) -> Plain {
    let mut at = from;
    // The lowest bit of byte `i` of these: the character before the `i`th
    // is a dot, a dash. The start reads as the position after a dot.
    let (mut after_dot, mut after_dash) = (1, 0);
    let mut odd = 0;
    let mut last_label = from;
    loop {
        let kinds = kinds_of_eight(text, at);
        let outside = !kinds & (ONES * u64::from(IN_HOST));
        // The bytes of the run of host characters, and the first after it.
        let within = outside ^ outside.wrapping_sub(1);
        let dots = kinds >> DOT.trailing_zeros() & ONES & within;
        let dashes = kinds >> DASH.trailing_zeros() & ONES & within;
        let (dot_before, dash_before) = (dots << 8 | after_dot, dashes << 8 | after_dash);
        odd |= dot_before & (dots | dashes) | dash_before & dots;
        if dots != 0 {
            last_label = at + 1 + (63 - dots.leading_zeros() as usize) / 8;
        }
        if outside != 0 {
            let run = outside.trailing_zeros() / 8;
            // The last character (or the start, for no host at all) must be
            // a label's.
            odd |= (dot_before | dash_before) >> (8 * run) & 1;
            let toplabel = text.get(last_label).is_some_and(|&b| ALPHA.contains(b));
            return match (odd, toplabel) {
                (0, true) => Plain::Ends(at + run as usize - from),
                (0, false) => Plain::Fails,
                _ => Plain::Undecided,
            };
        }
        (after_dot, after_dash) = (dots >> 56, dashes >> 56);
        at += 8;
    }
}

// The bits of a character's kind for `plain_hostname`.
const IN_HOST: u8 = 1;
const DASH: u8 = 2;
const DOT: u8 = 4;
/// The kind of every byte: `IN_HOST` for the characters of [`HOSTNAME`],
/// with `DASH` or `DOT` for those two; none (0) for the others.
const HOST_KIND: [u8; 256] = {
    let mut kinds = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        kinds[byte] = match byte as u8 {
            b'.' => IN_HOST | DOT,
            b'-' => IN_HOST | DASH,
            other if HOSTNAME.contains(other) => IN_HOST,
            _ => 0,
        };
        byte += 1;
    }
    kinds
};

/// The kinds of the eight bytes of `text` from `at` on, the first in the
/// lowest byte; past the end of the text, none.
#[inline(always)]
fn kinds_of_eight(text: &[u8], at: usize) -> u64 {
    let kinds = |eight: &[u8; 8]| {
        eight.iter().enumerate().fold(0, |kinds, (index, &byte)| {
            kinds | u64::from(HOST_KIND[usize::from(byte)]) << (8 * index)
        })
    };
    if let Some(eight) = eight_at(text, at) {
        return kinds(eight);
    }
    match last_eight(text) {
        // The text's last eight bytes, those before `at` shifted out.
        Some(last) => {
            let before = at + 8 - text.len();
            kinds(last).checked_shr(8 * before as u32).unwrap_or(0)
        }
        // A text shorter than eight bytes, padded with zeros (of no kind).
        None => {
            let rest = text.get(at..).unwrap_or_default();
            let mut padded = [0; 8];
            padded
                .iter_mut()
                .zip(rest)
                .for_each(|(pad, &byte)| *pad = byte);
            kinds(&padded)
        }
    }
}

/// Whether the `run` label characters at the start of `bytes` are a label
/// whose first character is in `first` and whose last is not `-`: what
/// [`label`] accepts, decided without recording.
#[inline(always)]
fn is_label(bytes: &[u8], run: usize, first: &Class) -> bool {
    run > 0 && first.contains(bytes[0]) && bytes[run - 1] != b'-'
}

/// How many label characters (`alphadigit | "-"`) `bytes` starts with.
#[inline(always)]
fn label_run(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|&&b| LABEL.contains(b)).count()
}

/// A label whose first character is in `first` and whose last is not `-`.
#[inline(always)]
fn label<'a>(
    start: Cursor<'a>,
    first: &'static Class,
) -> Reading<'a, (&'a str, crate::span::Span)> {
    one(first)(start)?;
    let run = label_run(start.bytes());
    // Where the run stops, another alphadigit or "-" could have continued it.
    expect(&start, run, LABEL.says);
    if start.bytes()[run - 1] == b'-' {
        return Err(nom::Err::Error(Backtrack));
    }
    let rest = start.skip(run);
    Ok((rest, start.upto(&rest)))
}

/// ```bnf
/// domainlabel    = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
/// ```
///
/// Read as one run of label characters, which must not end in `-`.
#[inline(always)]
pub fn domainlabel<'a, I: Text<'a>, E: GrammarError<I>>(
    input: I,
) -> IResult<I, Domainlabel<'a>, E> {
    input.enter(
        Entry::Production(Rule::Domainlabel),
        #[inline(always)]
        |start| {
            let (rest, (text, span)) = label(start, &ALPHADIGIT)?;
            Ok((rest, Domainlabel::new(text, span)))
        },
    )
}

/// ```bnf
/// toplabel       = alpha | alpha *[ alphadigit | "-" ] alphadigit
/// ```
///
/// Read as one run of label characters, which must not end in `-`.
#[inline(always)]
pub fn toplabel<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Toplabel<'a>, E> {
    input.enter(
        Entry::Production(Rule::Toplabel),
        #[inline(always)]
        |start| {
            let (rest, (text, span)) = label(start, &ALPHA)?;
            Ok((rest, Toplabel::new(text, span)))
        },
    )
}

/// ```bnf
/// alphadigit     = alpha | digit
/// ```
#[inline(always)]
pub fn alphadigit<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Alphadigit), one(&ALPHADIGIT))
}

/// ```bnf
/// hostnumber     = digits "." digits "." digits "." digits
/// ```
#[inline(always)]
pub fn hostnumber<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Hostnumber<'a>, E> {
    input.enter(
        Entry::Production(Rule::Hostnumber),
        #[inline(always)]
        |start| {
            let (rest, _) = start.call(digits)?;
            let (rest, _) = after(rest, ".", digits)?;
            let (rest, _) = after(rest, ".", digits)?;
            let (rest, _) = after(rest, ".", digits)?;
            let place = start.place_to(&rest);
            Ok((rest, Hostnumber { place }))
        },
    )
}

/// ```bnf
/// port           = digits
/// ```
#[inline(always)]
pub fn port<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Port<'a>, E> {
    input.enter(
        Entry::Production(Rule::Port),
        #[inline(always)]
        |start| {
            let (rest, digits) = start.call(digits)?;
            Ok((rest, Port::new(digits.as_str(), digits.span())))
        },
    )
}

/// ```bnf
/// user           = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
#[inline(always)]
pub fn user<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, User<'a>, E> {
    input.enter(
        Entry::Production(Rule::User),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&USER, 0)(start)?;
            Ok((rest, User::at(start.place_to(&rest))))
        },
    )
}

/// ```bnf
/// password       = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
#[inline(always)]
pub fn password<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Password<'a>, E> {
    input.enter(
        Entry::Production(Rule::Password),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&USER, 0)(start)?;
            Ok((rest, Password::at(start.place_to(&rest))))
        },
    )
}

/// ```bnf
/// urlpath        = *xchar    ; depends on protocol see section 3.1
/// ```
#[inline(always)]
pub fn urlpath<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Urlpath<'a>, E> {
    input.enter(
        Entry::Production(Rule::Urlpath),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&XCHAR, 0)(start)?;
            Ok((rest, Urlpath::at(start.place_to(&rest))))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use crate::test_strings::every_string_of;

    /// Whether `plain_hostname` decides `text`; where it does, it must
    /// decide what the label loop does, on `text` alone and after a prefix
    /// of host characters (which the reading of the text's last eight
    /// bytes must shift out).
    fn decided_as_by_labels(text: &str) -> bool {
        let decided = [0, 5, 11].map(|lead| {
            let whole = format!("{}{text}", &"ab.c-1.d-ef"[..lead]);
            let start = Cursor::new(&whole, 0, Options::default()).skip(lead);
            let by_labels = hostname_by_labels(start).map(|rest| rest.offset() - lead);
            match plain_hostname(whole.as_bytes(), lead) {
                Plain::Ends(end) => assert_eq!(by_labels, Ok(end), "{whole:?} from {lead}"),
                Plain::Fails => assert!(by_labels.is_err(), "{whole:?} from {lead}"),
                Plain::Undecided => return false,
            }
            true
        });
        assert!(decided.iter().all(|&d| d == decided[0]), "{text:?}");
        decided[0]
    }

    /// A login read hostport first is the login read in the BNF's order,
    /// on every string over characters that make or break a user, a
    /// password, a host and a port, and the `@` between them.
    #[test]
    fn a_bare_hostport_login_is_the_login_as_written() {
        let (mut bare, mut logins) = (0, 0);
        for bytes in every_string_of(b"a1.-:@;%/", 6) {
            let text = core::str::from_utf8(&bytes).expect("ASCII");
            let start = Cursor::new(text, 0, Options::default());
            let as_written = login_as_written(start).ok();
            let read = login::<_, Backtrack>(start).ok();
            assert_eq!(
                read.map(|(rest, login)| (rest.offset(), login)),
                as_written.map(|(rest, login)| (rest.offset(), login)),
                "{text:?}"
            );
            bare += usize::from(bare_hostport_login(start).is_some());
            logins += usize::from(as_written.is_some());
        }
        // Enough of both kinds: bare hostports, and logins with a user.
        assert!(bare > 2_000 && logins > bare + 2_000, "{bare} {logins}");
    }

    /// Where `plain_hostname` decides, it decides what the label loop does.
    #[test]
    fn a_plain_hostname_ends_where_the_label_loop_ends_it() {
        let (mut decided, mut undecided) = (0, 0);
        for bytes in every_string_of(b"a1-./@", 7) {
            match decided_as_by_labels(core::str::from_utf8(&bytes).expect("ASCII")) {
                true => decided += 1,
                false => undecided += 1,
            }
        }
        // Most strings of this alphabet are odd; enough of both.
        assert!(
            decided > 20_000 && undecided > 20_000,
            "{decided} {undecided}"
        );
    }

    /// The same over longer hosts (up to 16 bytes), after leading labels
    /// of every length, and followed by more text.
    #[test]
    fn a_long_plain_hostname_ends_where_the_label_loop_ends_it() {
        let (mut decided, mut undecided) = (0, 0);
        for middle in every_string_of(b"a1-.", 7) {
            let middle = core::str::from_utf8(&middle).expect("ASCII");
            for lead in 0..8 {
                for tail in ["", "/x", ":8"] {
                    let text = format!("{}{middle}z{tail}", "b".repeat(lead));
                    match decided_as_by_labels(&text) {
                        true => decided += 1,
                        false => undecided += 1,
                    }
                }
            }
        }
        assert!(
            decided > 10_000 && undecided > 10_000,
            "{decided} {undecided}"
        );
    }
}
