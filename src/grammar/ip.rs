//! ```bnf
//! ; URL schemeparts for ip based protocols:
//! ip-schemepart  = "//" login [ "/" urlpath ]
//! ```
//!
//! The common Internet scheme syntax of section 3.1: `ip-schemepart`,
//! `login`, `hostport`, `host`, `hostname`, `domainlabel`, `toplabel`,
//! `alphadigit`, `hostnumber`, `port`, `user`, `password`, `urlpath`.

use core::num::NonZeroUsize;

use crate::error::Expected;
use crate::grammar::chars::{Class, ALPHA, ALPHADIGIT, LABEL, USER, USERINFO, XCHAR};
use core::marker::PhantomData;

use crate::grammar::cursor::{Backtrack, Cursor, Inlining, Parsed};
use crate::grammar::fast::{
    find_byte, hostport_by_automaton, login_by_automata, plain_hostname, run_scan, run_scan_inline,
    HostportAt, LoginAt, Plain,
};
use crate::grammar::misc::digits;
use crate::grammar::notation::{
    alt, backtrack, expect, map, one_of, opt, preceded, tag, take_while, terminated,
};
use crate::grammar::production::{enter, named, production, runs, unnamed};
use crate::rule::Rule;
use crate::tree::{
    Domainlabel, Host, Hostname, Hostnumber, Hostport, IpSchemepart, Login, Password, Port,
    Toplabel, Urlpath, User,
};

production! {
    /// ```bnf
    /// ip-schemepart  = "//" login [ "/" urlpath ]
    /// ```
    ip_schemepart(start) -> IpSchemepart<'a>, named(Rule::IpSchemepart),
    {
        let (rest, _) = tag("//")(start)?;
        let (rest, login) = login::read(rest)?;
        let (rest, urlpath) = opt(preceded(tag("/"), #[inline(always)] |s| urlpath::read(s)))(rest)?;
        Ok((rest, IpSchemepart { place: start.place_to(&rest), login, urlpath }))
    }
}

production! {
    /// ```bnf
    /// login          = [ user [ ":" password ] "@" ] hostport
    /// ```
    ///
    /// Neither `user` nor `password` can contain `@` or `:`, so the bracket is
    /// tried first and given up whole when no `@` ends it: `host:21` is a host
    /// and a port, not a user and a password. When no `@` follows the run of
    /// user and password characters, the bracket cannot match and is not tried:
    /// its failure (an `@` expected at the end of the run) would also outrun
    /// and hide the error in the host. Outside the diagnostic pass, the
    /// bracket is read first only where its `@` is just ahead, and otherwise
    /// the hostport first (`login_hostport_first`), to the same tree.
    login(start) -> Login<'a>, named(Rule::Login),
    {
        if start.diagnosing() {
            return login_as_written(start);
        }
        let (text, at) = start.text_and_index();
        match login_by_automata(text, at) {
            LoginAt::Bracket { at_sign, colon } => {
                let (userinfo, after) = userinfo_nodes(start, at_sign - at, colon.map(|colon| colon - at));
                if let Some(ends) = hostport_by_automaton(text, at_sign + 1) {
                    let (rest, hostport) = HostportEnds::from(ends).read(after);
                    return Ok(login_node(start, userinfo, rest, hostport));
                }
                login_with(start, userinfo, after)
            }
            LoginAt::Bare(ends) => {
                let (rest, hostport) = HostportEnds::from(ends).read(start);
                Ok(login_node(start, (None, None), rest, hostport))
            }
            LoginAt::Undecided => login_hostport_first(start),
        }
    }
}

// Outside the diagnostic pass, `login` is read to the same tree as
// `login_as_written` (the diagnostic pass reads that one, whose errors
// follow the BNF) by two automata side by side (`fast::login_by_automata`),
// the bracket's and the hostport's, a step a byte with no branch but the
// loop's: the bracket and its `@` are found in the same pass that reads a
// bare hostport (BENCHMARKS.md, "A login by automata"). What they leave
// undecided (a `hostnumber`, a host that ends in a dot) is read hostport
// first, as before them: most logins are a bare hostport, which needs no
// look for an `@` after it.

/// `login` read hostport first: when no character a user or password may
/// hold, nor an `@`, follows the hostport, the login is that hostport;
/// otherwise the bracket is looked for from where the hostport stopped.
#[inline(always)]
fn login_hostport_first<'a, M: Inlining>(start: Cursor<'a, M>) -> Parsed<'a, Login<'a>, M> {
    let hostport = hostport::read(start);
    let hostport_end = match &hostport {
        Ok((rest, _)) => *rest,
        Err(_) => start,
    };
    if hostport_end
        .bytes()
        .first()
        .is_some_and(|&b| continues_userinfo(b))
    {
        // The run of a user, a `:` and a password goes on from where the
        // hostport stopped: the hostport's characters are all among them.
        let (text, from) = hostport_end.text_and_index();
        if let Some((userinfo, after)) = userinfo_before(start, run_scan(text, from, &USERINFO)) {
            return login_with(start, userinfo, after);
        }
    }
    let (rest, hostport) = hostport?;
    Ok(login_node(start, (None, None), rest, hostport))
}

/// A login's user and password, each there or not.
type Userinfo<'a> = (Option<User<'a>>, Option<Password<'a>>);

/// The bracket of `login` (`user [ ":" password ] "@"`) at `start`, when it
/// matches with its `@` at `at_sign` (an index in the cursor's text): the
/// user and the password, and the cursor after the `@`.
///
/// It matches exactly when the text up to the `@` is a run of the
/// characters a user, a `:` and a password may hold (and whole escapes)
/// with at most one `:` (neither a user nor a password holds one, and each
/// stops where that run stops): then the user is the run up to its `:`
/// and the password the rest, with no second reading of either.
#[inline(always)]
fn userinfo_before<'a, M: Inlining>(
    start: Cursor<'a, M>,
    at_sign: usize,
) -> Option<(Userinfo<'a>, Cursor<'a, M>)> {
    let (text, from) = start.text_and_index();
    if text.get(at_sign) != Some(&b'@') {
        return None;
    }
    let run = text.get(from..at_sign).unwrap_or_default();
    if run_scan_inline(run, &USERINFO) != run.len() {
        return None;
    }
    let colon = find_byte(run, 0, b':');
    if colon.is_some_and(|colon| find_byte(run, colon + 1, b':').is_some()) {
        return None;
    }
    Some(userinfo_nodes(start, run.len(), colon))
}

/// The bracket's user and password from `start`, its `@` `run` bytes on and
/// the `:` before its password `colon` bytes on (when it has one), and the
/// cursor after the `@`.
// Inlined: called, it cost a held-out telnet URL 860 instructions
// against 743 (`benches/callgrind.sh parse held_out@telnet`).
#[inline(always)]
fn userinfo_nodes<'a, M: Inlining>(
    start: Cursor<'a, M>,
    run: usize,
    colon: Option<usize>,
) -> (Userinfo<'a>, Cursor<'a, M>) {
    let run_end = start.skip(run);
    let user_end = colon.map_or(run_end, |colon| start.skip(colon));
    let user = User::at(start.place_to(&user_end));
    let password = colon.map(|_| Password::at(user_end.skip(1).place_to(&run_end)));
    ((Some(user), password), run_end.skip(1))
}

/// The login from `start` of `userinfo`, and the hostport read at `at`.
#[inline(always)]
fn login_with<'a, M: Inlining>(
    start: Cursor<'a, M>,
    userinfo: Userinfo<'a>,
    at: Cursor<'a, M>,
) -> Parsed<'a, Login<'a>, M> {
    let (rest, hostport) = hostport::read(at)?;
    Ok(login_node(start, userinfo, rest, hostport))
}

/// The node of the login from `start` to `rest`.
#[inline(always)]
fn login_node<'a, M: Inlining>(
    start: Cursor<'a, M>,
    (user, password): Userinfo<'a>,
    rest: Cursor<'a, M>,
    hostport: Hostport<'a>,
) -> (Cursor<'a, M>, Login<'a>) {
    let place = start.place_to(&rest);
    let login = Login {
        place,
        user,
        password,
        hostport,
    };
    (rest, login)
}

/// `login` in the BNF's order: the bracket, then the hostport.
#[inline(always)]
fn login_as_written<M: Inlining>(start: Cursor<'_, M>) -> Parsed<'_, Login<'_>, M> {
    // Where no `@` ends the run, the bracket cannot match (it fails where
    // the run ends): the first pass does not try it. The diagnostic pass
    // tries it where an `@` comes before the path, so that a character a
    // user or password may not hold (`ftp://user:pa ss@host/`) is reported
    // there, not as a bad host or port before it; with no `@` ahead, its
    // failure would only hide the error in the host.
    let bracket = match start.diagnosing() {
        true => at_sign_before_path(&start),
        false => at_sign_ends_userinfo(&start),
    };
    let (rest, userinfo) = match bracket {
        true => match userinfo(start) {
            Ok((rest, (user, password))) => (rest, (Some(user), password)),
            Err(_) => (start, (None, None)),
        },
        false => (start, (None, None)),
    };
    login_with(start, userinfo, rest)
}

/// Whether an `@` follows the characters a user and password may hold.
#[inline(always)]
fn at_sign_ends_userinfo<M: Inlining>(input: &Cursor<'_, M>) -> bool {
    let bytes = input.bytes();
    let run = bytes.iter().position(|&b| !in_userinfo(b));
    run.is_some_and(|end| bytes[end] == b'@')
}

/// Whether an `@` comes before the first `/` (neither a login nor its host
/// holds one): where the diagnostic pass tries the bracket.
fn at_sign_before_path<M: Inlining>(input: &Cursor<'_, M>) -> bool {
    let bytes = input.bytes();
    let path = bytes.iter().position(|&b| b == b'/').unwrap_or(bytes.len());
    bytes[..path].contains(&b'@')
}

/// Whether `byte` may stand in a user or a password (`%` for their
/// escapes).
#[inline]
fn in_userinfo(byte: u8) -> bool {
    USER.contains(byte) || byte == b':' || byte == b'%'
}

/// Whether `byte` could go on with, or end, a user and password: one of
/// their characters, or the `@` after them.
#[inline]
fn continues_userinfo(byte: u8) -> bool {
    in_userinfo(byte) || byte == b'@'
}

/// `user [ ":" password ] "@"`, the bracket of `login`.
#[inline(always)]
fn userinfo<M: Inlining>(start: Cursor<'_, M>) -> Parsed<'_, (User<'_>, Option<Password<'_>>), M> {
    let (rest, user) = user::read(start)?;
    let (rest, password) = opt(preceded(
        tag(":"),
        #[inline(always)]
        |s| password::read(s),
    ))(rest)?;
    let (rest, _) = match password {
        // An `@` missing after a password is reported in the password,
        // whose run ended there and could have gone on, not in the login.
        Some(_) => enter(rest, named(Rule::Password), tag("@"))?,
        None => tag("@")(rest)?,
    };
    Ok((rest, (user, password)))
}

production! {
    /// ```bnf
    /// hostport       = host [ ":" port ]
    /// ```
    // Read out of line by `hostport_ends`, which hands back where the host and
    // the hostport end; the node is made here, where it is used.
    hostport(start) -> Hostport<'a>, named(Rule::Hostport),
    {
        let (text, at, base, flags, notes) = start.into_words();
        match hostport_ends(text, at, base, flags, notes, PhantomData::<M>) {
            Some(ends) => Ok(ends.read(start)),
            None => backtrack(),
        }
    }
}

/// Where a [`hostport`] ends, and its host: two words, which a call hands
/// back in registers. The node (104 bytes) was handed back through memory
/// and copied; the processor could not forward the stores of its fields to
/// the wider loads of the copy (benches/records/log.md, "Two words for a hostport").
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

impl From<HostportAt> for HostportEnds {
    /// The ends of a hostport the automaton read: its host a `hostname`,
    /// after which the hostport ends (never at 0, after a host).
    #[inline]
    fn from(ends: HostportAt) -> HostportEnds {
        HostportEnds {
            host: ends.host,
            end: NonZeroUsize::new(ends.end).unwrap_or(NonZeroUsize::MIN),
        }
    }
}

impl HostportEnds {
    /// The node of the hostport read from `start`, and the cursor after it.
    #[inline(always)]
    fn read<'a, M: Inlining>(self, start: Cursor<'a, M>) -> (Cursor<'a, M>, Hostport<'a>) {
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
/// instruction cache on a list that mixes the schemes. It takes the cursor
/// as words ([`Cursor::into_words`]).
#[inline(never)]
fn hostport_ends<'a, M: Inlining>(
    text: &'a str,
    at: usize,
    base: usize,
    flags: u8,
    notes: M::Notes<'a>,
    _: PhantomData<M>,
) -> Option<HostportEnds> {
    let start = Cursor::<M>::from_words(text, at, base, flags, notes);
    let (rest, host) = host::read(start).ok()?;
    let kind = match host {
        Host::Hostname(_) => 0,
        Host::Hostnumber(_) => HOSTNUMBER,
    };
    let (rest_after_port, _) = opt(preceded(
        tag(":"),
        #[inline(always)]
        |s| port::read(s),
    ))(rest)
    .ok()?;
    Some(HostportEnds {
        host: rest.index() | kind,
        end: NonZeroUsize::new(rest_after_port.index())?,
    })
}

production! {
    /// ```bnf
    /// host           = hostname | hostnumber
    /// ```
    ///
    /// The two are disjoint (a `toplabel` starts with a letter, a `hostnumber`
    /// ends in digits) and neither may be followed by `.`, a letter or a digit
    /// in any production, so the first that matches is the one derivation.
    host(start) -> Host<'a>, named(Rule::Host),
    {
        alt((
            map(#[inline(always)] |s| hostname::read(s), Host::Hostname),
            map(#[inline(always)] |s| hostnumber::read(s), Host::Hostnumber),
        ))(start)
    }
}

production! {
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
    /// labels) eight characters at a time (`fast::plain_hostname`), and goes
    /// label by label only when it is not plain.
    hostname(start) -> Hostname<'a>, named(Rule::Hostname),
    {
        let (text, at) = start.text_and_index();
        let plain = match start.diagnosing() {
            true => Plain::Undecided,
            false => plain_hostname(text, at),
        };
        // Both readings give the end, and the node is made once: made
        // in each, it was merged through memory.
        let rest = match plain {
            Plain::Ends(end) => start.skip(end),
            Plain::Fails => return backtrack(),
            Plain::Undecided => hostname_by_labels(start)?,
        };
        let place = start.place_to(&rest);
        Ok((rest, Hostname { place }))
    }
}

/// `hostname` label by label: the derivation [`hostname`] describes, with
/// the diagnostic pass entering `domainlabel` and `toplabel`; where it
/// ends. Out of line, once for every use of `hostname`: the first pass
/// comes here only for a host that is not plain.
#[inline(never)]
fn hostname_by_labels<M: Inlining>(
    start: Cursor<'_, M>,
) -> Result<Cursor<'_, M>, nom::Err<Backtrack>> {
    let mut at = start;
    loop {
        let bytes = at.bytes();
        let run = label_run(bytes);
        let dot_then_label = bytes.get(run) == Some(&b'.')
            && bytes.get(run + 1).is_some_and(|&b| ALPHADIGIT.contains(b));
        if dot_then_label {
            at = match at.diagnosing() {
                true => {
                    terminated(
                        #[inline(always)]
                        |s| domainlabel::read(s),
                        tag("."),
                    )(at)?
                    .0
                }
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
        let rest = match at.diagnosing() {
            true => toplabel::read(at)?.0,
            false if is_label(bytes, run, &ALPHA) => at.skip(run),
            false => return Err(nom::Err::Error(Backtrack)),
        };
        return Ok(rest);
    }
}

/// Whether the `run` label characters at the start of `bytes` are a label
/// whose first character is in `first` and whose last is not `-`: what
/// [`label`] accepts, decided without recording.
fn is_label(bytes: &[u8], run: usize, first: &Class) -> bool {
    run > 0 && first.contains(bytes[0]) && bytes[run - 1] != b'-'
}

/// How many label characters (`alphadigit | "-"`) `bytes` starts with.
fn label_run(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|&&b| LABEL.contains(b)).count()
}

/// A label whose first character is in `first` and whose last is not `-`.
fn label<'a, M: Inlining>(
    start: Cursor<'a, M>,
    first: &'static Class,
) -> Parsed<'a, (&'a str, crate::span::Span), M> {
    one_of(first)(start)?;
    let run = label_run(start.bytes());
    // Where the run stops, another alphadigit or "-" could have continued it.
    expect(&start, run, LABEL.expected());
    if start.bytes()[run - 1] == b'-' {
        return backtrack();
    }
    let rest = start.skip(run);
    Ok((rest, start.upto(&rest)))
}

production! {
    /// ```bnf
    /// domainlabel    = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
    /// ```
    ///
    /// Read as one run of label characters, which must not end in `-`.
    domainlabel(start) -> Domainlabel<'a>, named(Rule::Domainlabel),
    {
        let (rest, (text, span)) = label(start, &ALPHADIGIT)?;
        Ok((rest, Domainlabel::new(text, span)))
    }
}

production! {
    /// ```bnf
    /// toplabel       = alpha | alpha *[ alphadigit | "-" ] alphadigit
    /// ```
    ///
    /// Read as one run of label characters, which must not end in `-`.
    toplabel(start) -> Toplabel<'a>, named(Rule::Toplabel),
    {
        let (rest, (text, span)) = label(start, &ALPHA)?;
        Ok((rest, Toplabel::new(text, span)))
    }
}

production! {
    /// ```bnf
    /// alphadigit     = alpha | digit
    /// ```
    alphadigit(start) -> &'a str, unnamed(Rule::Alphadigit),
    {
        one_of(&ALPHADIGIT)(start)
    }
}

production! {
    /// ```bnf
    /// hostnumber     = digits "." digits "." digits "." digits
    /// ```
    hostnumber(start) -> Hostnumber<'a>, named(Rule::Hostnumber),
    {
        let dot_digits = preceded(tag("."), #[inline(always)] |s| digits::read(s));
        let (rest, _) = digits::read(start)?;
        let (rest, _) = dot_digits(rest)?;
        let (rest, _) = dot_digits(rest)?;
        let (rest, _) = dot_digits(rest)?;
        let place = start.place_to(&rest);
        Ok((rest, Hostnumber { place }))
    }
}

production! {
    /// ```bnf
    /// port           = digits
    /// ```
    port(start) -> Port<'a>, named(Rule::Port),
    {
        let (rest, digits) = digits::read(start)?;
        Ok((rest, Port::new(digits.as_str(), digits.span())))
    }
}

runs! {
    /// ```bnf
    /// user           = *[ uchar | ";" | "?" | "&" | "=" ]
    /// ```
    user -> User = take_while(&USER), named(Rule::User);

    /// ```bnf
    /// password       = *[ uchar | ";" | "?" | "&" | "=" ]
    /// ```
    password -> Password = take_while(&USER), named(Rule::Password);

    /// ```bnf
    /// urlpath        = *xchar    ; depends on protocol see section 3.1
    /// ```
    urlpath -> Urlpath = take_while(&XCHAR), named(Rule::Urlpath);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use crate::test_strings::every_string_of;
    use alloc::format;

    /// How many logins [`compare_logins`] saw: bare hostports, with a user,
    /// with a password.
    #[derive(Default)]
    struct Seen {
        bare: usize,
        with_user: usize,
        with_password: usize,
    }

    impl Seen {
        /// Fails unless more than each count were seen.
        fn at_least(&self, bare: usize, with_user: usize, with_password: usize) {
            assert!(
                self.bare > bare
                    && self.with_user > with_user
                    && self.with_password > with_password,
                "{} {} {}",
                self.bare,
                self.with_user,
                self.with_password
            );
        }
    }

    /// The login of `whole` from `from` read by the first pass (by the
    /// automata, or hostport first) is the login read in the BNF's order,
    /// both failing or both the same tree ending at the same place.
    fn compare_logins(whole: &str, from: usize, seen: &mut Seen) {
        let start = Cursor::new(whole, 0, Options::default()).skip(from);
        let as_written = login_as_written(start).ok();
        let read = login::read(start).ok();
        // Whole syntax trees, each node's rule and span: nodes themselves
        // compare by their text alone.
        let read_ends = read.map(|(rest, login)| (rest.offset(), login.syntax()));
        let written_ends = as_written.map(|(rest, login)| (rest.offset(), login.syntax()));
        if read_ends != written_ends {
            panic!("{whole:?} from {from}: {read:?} against {as_written:?}");
        }
        if let Some((_, login)) = as_written {
            seen.bare += usize::from(login.user.is_none());
            seen.with_user += usize::from(login.user.is_some());
            seen.with_password += usize::from(login.password.is_some());
        }
    }

    /// A login read by the automata or hostport first is the login read in
    /// the BNF's order, on every string over characters that make or break
    /// a user, a password, an escape, a host and a port, and the `@`
    /// between them: alone, after a prefix (so that the run of a user and
    /// password is read from inside a longer text), and after 30 characters
    /// of the login (a long run before its `@`).
    #[test]
    fn a_login_read_in_either_order_is_the_login_as_written() {
        let mut seen = Seen::default();
        let mut compare = |whole: &str, from: usize| compare_logins(whole, from, &mut seen);
        for bytes in every_string_of(b"a1.-:@;%4/", 6) {
            compare(core::str::from_utf8(&bytes).expect("ASCII"), 0);
        }
        for bytes in every_string_of(b"a1.-:@;%4/", 5) {
            let text = core::str::from_utf8(&bytes).expect("ASCII");
            compare(&format!("x:@{text}"), 3);
            compare(&format!("{}{text}", "a1".repeat(15)), 0);
        }
        // Enough of each kind: bare hostports, users, and passwords.
        seen.at_least(100_000, 30_000, 4_000);
    }

    /// The same over the characters the first alphabet lacks: letters that
    /// are no hex digit (an escape broken by one), upper case, a user's
    /// character that no host holds (`!`), and characters beyond ASCII,
    /// which end a host and a user alike.
    #[test]
    fn a_login_of_other_characters_read_by_the_automata_is_the_login_as_written() {
        let mut seen = Seen::default();
        for bytes in every_string_of(b"gZ9-.:@!%/", 6) {
            let text = core::str::from_utf8(&bytes).expect("ASCII");
            compare_logins(text, 0, &mut seen);
            compare_logins(&format!("u:p@{text}"), 0, &mut seen);
        }
        for text in [
            "h\u{e9}",
            "h\u{e9}@x",
            "\u{e9}@x",
            "u@h\u{e9}",
            "u:p\u{e9}@h",
            "h:8\u{e9}",
            "h.\u{e9}",
            "h-\u{e9}",
            "1.2.3.4\u{e9}",
            "u@1.2.3.4:5/",
        ] {
            compare_logins(text, 0, &mut seen);
        }
        seen.at_least(100_000, 200_000, 150_000);
    }
}
