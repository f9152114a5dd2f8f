//! The inputs of the benchmarks, shared by `benches/parse.rs`,
//! `benches/ratios.rs`, `benches/instructions.rs` and `tests/library/alloc.rs`
//! (each includes this file with `#[path]`): the two real-world lists of
//! `benches/data/`, a generated corpus of all ten schemes and the generic
//! form, the lines every revision accepts, and the adversarial inputs.
#![allow(dead_code)]

use std::path::Path;

/// A list of the repository's `benches/data`, found from the folder of the
/// crate that includes this file: the repository's root, or a crate of
/// the workspace under it (`datafusion/`), which reads the same lists.
fn data(name: &str) -> String {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lists = manifest
        .ancestors()
        .map(|folder| folder.join("benches/data"))
        .find(|lists| lists.is_dir())
        .unwrap_or_else(|| manifest.join("benches/data"));
    let path = lists.join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// `kasztp.txt`: 48,010 real `https` URLs, with `https://` rewritten to
/// `http://` so that they are `httpurl`s (RFC 1738 has no `https`; an
/// `https` URL would only be an `otherurl`). The byte-order mark is dropped.
/// The last line, `https://` alone, stays in (as `http://`, which fails).
pub fn kasztp_http() -> Vec<String> {
    data("kasztp.txt")
        .trim_start_matches('\u{feff}')
        .lines()
        .map(|line| match line.strip_prefix("https://") {
            Some(rest) => format!("http://{rest}"),
            None => line.to_owned(),
        })
        .collect()
}

/// `kasztp.txt` as it is (`https` URLs, which RFC 1738 reads as `otherurl`).
pub fn kasztp_https() -> Vec<String> {
    data("kasztp.txt")
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::to_owned)
        .collect()
}

/// `node_files.txt`: 43,415 `file://` URLs of the files of a Node.js tree.
pub fn node_files() -> Vec<String> {
    data("node_files.txt").lines().map(str::to_owned).collect()
}

/// The URLs of `urls` that [`rfc1738::parse`] accepts: the success path,
/// on which the parsers are compared.
pub fn accepted(urls: &[String]) -> Vec<String> {
    urls.iter()
        .filter(|url| rfc1738::parse(url).is_ok())
        .cloned()
        .collect()
}

/// SplitMix64: a tiny, fixed, seedable generator, so that the generated
/// corpus is the same on every machine and every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound`.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// The seed of the generated corpus.
pub const SEED: u64 = 1738;

const WORDS: &[&str] = &[
    "www",
    "example",
    "isi",
    "edu",
    "info",
    "pub",
    "ietf",
    "uri",
    "docs",
    "index",
    "rfc1738",
    "archive",
    "mirror",
    "a",
    "b2",
    "net-news",
    "host",
    "files",
    "readme",
    "search",
    "data",
    "x",
    "cs",
    "uci",
    "news",
    "images",
    "v2",
    "2024",
    "ftp",
    "gopher",
    "user_guide",
    "main",
];
const TOPLABELS: &[&str] = &["com", "org", "net", "edu", "de", "uk", "info", "io", "x1"];

fn label(rng: &mut Rng) -> String {
    rng.pick(WORDS).replace('_', "-")
}

fn host(rng: &mut Rng) -> String {
    if rng.chance(10) {
        return format!(
            "{}.{}.{}.{}",
            rng.below(256),
            rng.below(256),
            rng.below(256),
            rng.below(256)
        );
    }
    let mut host = String::new();
    for _ in 0..1 + rng.below(3) {
        host.push_str(&label(rng));
        host.push('.');
    }
    host.push_str(rng.pick(TOPLABELS));
    host
}

fn hostport(rng: &mut Rng) -> String {
    let host = host(rng);
    if rng.chance(20) {
        format!("{host}:{}", rng.below(65536))
    } else {
        host
    }
}

/// A segment of `uchar`s (with an escape now and then) and `extra`.
fn segment(rng: &mut Rng, extra: &[&str]) -> String {
    let mut segment = rng.pick(WORDS).to_owned();
    if rng.chance(15) {
        segment.push_str(rng.pick(&["%20", "%2F", "%7e", "%C3%A9"]));
        segment.push_str(rng.pick(WORDS));
    }
    if !extra.is_empty() && rng.chance(15) {
        segment.push_str(rng.pick(extra));
        segment.push_str(rng.pick(WORDS));
    }
    if rng.chance(30) {
        segment.push_str(rng.pick(&[".html", ".txt", ".tar.gz", "-1.0", "(2)", "$", "!"]));
    }
    segment
}

fn path(rng: &mut Rng, extra: &[&str]) -> String {
    let count = 1 + rng.below(4);
    (0..count)
        .map(|_| segment(rng, extra))
        .collect::<Vec<_>>()
        .join("/")
}

fn login(rng: &mut Rng) -> String {
    if rng.chance(25) {
        let user = rng.pick(WORDS);
        if rng.chance(50) {
            format!("{user}:{}@{}", rng.pick(WORDS), hostport(rng))
        } else {
            format!("{user}@{}", hostport(rng))
        }
    } else {
        hostport(rng)
    }
}

fn group(rng: &mut Rng) -> String {
    let mut group = String::from(rng.pick(&["comp", "alt", "rec", "sci", "news"]));
    for _ in 0..rng.below(3) {
        group.push('.');
        group.push_str(rng.pick(&["lang", "rust", "infosystems", "www", "misc", "c++", "x_y"]));
    }
    group
}

/// One URL of `scheme` (one of the ten, or anything else for the generic
/// form), valid for its production.
pub fn generate(rng: &mut Rng, scheme: &str) -> String {
    match scheme {
        "http" => {
            let mut url = format!("http://{}", hostport(rng));
            if rng.chance(80) {
                url.push('/');
                url.push_str(&path(rng, &[";", ":", "@", "&", "="]));
                if rng.chance(30) {
                    url.push_str(&format!("?q={}&lang=en", rng.pick(WORDS)));
                }
            }
            url
        }
        "ftp" => {
            let mut url = format!("ftp://{}", login(rng));
            if rng.chance(85) {
                url.push('/');
                url.push_str(&path(rng, &["?", ":", "@", "&", "="]));
                if rng.chance(30) {
                    url.push_str(";type=");
                    url.push_str(rng.pick(&["a", "i", "d", "A"]));
                }
            }
            url
        }
        "news" => match rng.below(3) {
            0 => "news:*".to_owned(),
            1 => format!("news:{}", group(rng)),
            _ => format!(
                "news:{}${}@{}",
                rng.below(100_000),
                rng.pick(WORDS),
                host(rng)
            ),
        },
        "nntp" => {
            let mut url = format!("nntp://{}/{}", hostport(rng), group(rng));
            if rng.chance(50) {
                url.push_str(&format!("/{}", rng.below(1_000_000)));
            }
            url
        }
        "telnet" => {
            let mut url = format!("telnet://{}", login(rng));
            if rng.chance(50) {
                url.push('/');
            }
            url
        }
        "gopher" => {
            let mut url = format!("gopher://{}", hostport(rng));
            if rng.chance(85) {
                url.push('/');
                url.push_str(rng.pick(&["0", "1", "7", "h", "I"]));
                url.push_str(&path(rng, &[]));
                if rng.chance(30) {
                    url.push_str("%09");
                    url.push_str(rng.pick(WORDS));
                    if rng.chance(50) {
                        url.push_str("%09+");
                    }
                }
            }
            url
        }
        "wais" => {
            let head = format!("wais://{}/{}", hostport(rng), rng.pick(WORDS));
            match rng.below(3) {
                0 => head,
                1 => format!("{head}?{}+{}", rng.pick(WORDS), rng.pick(WORDS)),
                _ => format!("{head}/TEXT/{}", rng.pick(WORDS)),
            }
        }
        "mailto" => format!(
            "mailto:{}@{}",
            rng.pick(&["user", "postmaster", "j.doe", "info%2Bspam"]),
            host(rng)
        ),
        "file" => {
            let host = match rng.below(3) {
                0 => String::new(),
                1 => "localhost".to_owned(),
                _ => host(rng),
            };
            format!("file://{host}/{}", path(rng, &["?", ":", "@", "&", "="]))
        }
        "prospero" => {
            let mut url = format!(
                "prospero://{}/{}",
                hostport(rng),
                path(rng, &["?", ":", "@", "&"])
            );
            for _ in 0..rng.below(3) {
                url.push_str(&format!(";{}={}", rng.pick(WORDS), rng.pick(WORDS)));
            }
            url
        }
        other => {
            let mut url = format!("{other}:");
            if rng.chance(60) {
                url.push_str(&format!("//{}/", login(rng)));
            }
            url.push_str(&path(rng, &[";", "?", ":", "@", "&", "="]));
            url
        }
    }
}

/// The ten schemes of section 5, and generic-form schemes beside them.
pub const SCHEMES: [&str; 10] = [
    "http", "ftp", "news", "nntp", "telnet", "gopher", "wais", "mailto", "file", "prospero",
];
pub const OTHER_SCHEMES: [&str; 4] = ["https", "urn", "x-private", "svn+ssh"];

/// `count` URLs, in turn of the ten schemes and the generic form (one
/// generic URL in eleven), from the fixed seed [`SEED`].
pub fn generated(count: usize) -> Vec<String> {
    generated_from(SEED, count)
}

/// [`generated`] from another seed: lists no change was tuned on
/// (`cargo bench --bench ratios -- ROUNDS seed=N`).
pub fn generated_from(seed: u64, count: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|index| {
            let scheme = match SCHEMES.get(index % 11) {
                Some(scheme) => *scheme,
                None => rng.pick(&OTHER_SCHEMES),
            };
            generate(&mut rng, scheme)
        })
        .collect()
}

/// The seed of the held-out lists: one that no change of the grammar was
/// tuned on.
pub const HELD_OUT_SEED: u64 = 0x4e1d_0417;

// The held-out lists' own words, none of them the generator's.
const HELD_OUT_LABELS: &[&str] = &[
    "melvyl",
    "ucop",
    "archie",
    "sunsite",
    "unc",
    "wuarchive",
    "wustl",
    "rtfm",
    "mit",
    "library",
    "bbs",
    "freenet",
    "cleveland",
    "nic",
    "ddn",
    "sri",
    "cnri",
    "reston",
    "mirrors",
    "kernel",
    "gnu",
    "prep",
    "ai",
    "tsx-11",
    "oak",
    "oakland",
    "simtel",
    "garbo",
    "uwasa",
];
const HELD_OUT_TOPLABELS: &[&str] = &[
    "edu", "com", "org", "net", "gov", "mil", "de", "fr", "jp", "fi",
];
const HELD_OUT_USERS: &[&str] = &[
    "anonymous",
    "ftp",
    "guest",
    "jdoe",
    "j.smith",
    "admin",
    "bbs",
    "library",
    "info-ftp",
    "u12345",
    "visitor",
    "new",
    "lib%20user",
];
const HELD_OUT_PASSWORDS: &[&str] = &[
    "guest",
    "secret",
    "anonymous%40example.org",
    "jdoe%40cs.example.edu",
    "pa55w0rd",
    "x",
    "visitor;1",
    "tmp&go=1",
    "",
    "Tr0ub4dor",
];
const HELD_OUT_PATHS: &[&str] = &[
    "pub",
    "pub/README",
    "pub/gnu/emacs-19.28.tar.gz",
    "usenet/news.answers/ftp-list/faq",
    "mirrors/simtel/msdos/00-index.txt",
    "pub/linux/kernel/v1.1/linux-1.1.75.tar.gz",
    "incoming",
    "doc/rfc/rfc1738.txt",
    "pub/%7Ejdoe/notes.txt",
    "x/y/z",
];

fn held_out_host(rng: &mut Rng) -> String {
    if rng.chance(8) {
        return format!(
            "{}.{}.{}.{}",
            rng.below(256),
            rng.below(256),
            rng.below(256),
            rng.below(256)
        );
    }
    let mut host = String::new();
    for _ in 0..1 + rng.below(3) {
        host.push_str(rng.pick(HELD_OUT_LABELS));
        host.push('.');
    }
    host.push_str(rng.pick(HELD_OUT_TOPLABELS));
    host
}

/// A login as real URLs of the scheme have them: `with_user` percent of
/// them name a user, and of those `with_password` percent a password.
fn held_out_login(rng: &mut Rng, port: &str, with_user: usize, with_password: usize) -> String {
    let mut login = String::new();
    if rng.chance(with_user) {
        login.push_str(rng.pick(HELD_OUT_USERS));
        if rng.chance(with_password) {
            login.push(':');
            login.push_str(rng.pick(HELD_OUT_PASSWORDS));
        }
        login.push('@');
    }
    login.push_str(&held_out_host(rng));
    if rng.chance(15) {
        login.push(':');
        login.push_str(port);
    }
    login
}

/// `count` URLs of `scheme` (one of the ten) that the crate was not tuned
/// on: from [`HELD_OUT_SEED`], with words of their own. Telnet and FTP
/// URLs have their logins as real ones do: a telnet URL names the account
/// to log in to, most often with its password (`telnet://guest:guest@bbs.
/// example.org/`: 80% a user, of those 75% a password); an FTP URL names
/// one less often (40%, of those 60% a password, often an address:
/// `anonymous:jdoe%40cs.example.edu@`). The other schemes are the
/// generator's, from this seed.
pub fn held_out(scheme: &str, count: usize) -> Vec<String> {
    let mut rng = Rng::new(HELD_OUT_SEED ^ scheme.len() as u64);
    (0..count)
        .map(|_| match scheme {
            "telnet" => {
                let mut url = format!("telnet://{}", held_out_login(&mut rng, "23", 80, 75));
                if rng.chance(40) {
                    url.push('/');
                }
                url
            }
            "ftp" => {
                let mut url = format!("ftp://{}", held_out_login(&mut rng, "21", 40, 60));
                if rng.chance(90) {
                    url.push('/');
                    url.push_str(rng.pick(HELD_OUT_PATHS));
                    if rng.chance(20) {
                        url.push_str(";type=");
                        url.push_str(rng.pick(&["a", "i", "d"]));
                    }
                }
                url
            }
            other => generate(&mut rng, other),
        })
        .collect()
}

/// The held-out lists of the ten schemes (`lists`, in [`SCHEMES`]
/// order) taken in turn: line `from` of each, then line `from + 1` of
/// each, `lines` in all. A list whose scheme changes at every line, as a
/// linter's or a crawler's does.
pub fn in_turn(lists: &[Vec<String>], from: usize, lines: usize) -> Vec<String> {
    (from..)
        .flat_map(|line| lists.iter().map(move |urls| urls[line].clone()))
        .take(lines)
        .collect()
}

/// The URLs of `urls` that the `url` of every revision of the grammar
/// accepts: the list on which the drafts are timed against RFC 1738.
#[cfg(feature = "dialect")]
pub fn in_every_revision(urls: &[String]) -> Vec<String> {
    with_one_verdict(urls, true)
}

/// The URLs of `urls` that the `url` of no revision accepts: the list on
/// which a rejection of each revision, explained, is timed against one of
/// RFC 1738's.
#[cfg(feature = "dialect")]
pub fn in_no_revision(urls: &[String]) -> Vec<String> {
    with_one_verdict(urls, false)
}

/// The URLs whose `url` every revision accepts (`accepted`) or rejects.
#[cfg(feature = "dialect")]
fn with_one_verdict(urls: &[String], accepted: bool) -> Vec<String> {
    use rfc1738::dialect::{self, Dialect};
    urls.iter()
        .filter(|url| {
            Dialect::ALL.iter().all(|&revision| {
                dialect::check(revision, "url", url, rfc1738::Options::default()).is_ok()
                    == accepted
            })
        })
        .cloned()
        .collect()
}

/// The lines of `urls` that open with `SCHEME:`.
pub fn with_scheme(urls: &[String], scheme: &str) -> Vec<String> {
    let prefix = format!("{scheme}:");
    urls.iter()
        .filter(|line| line.starts_with(&prefix))
        .cloned()
        .collect()
}

/// The near misses of the kasztp (http) and generated lists that no
/// revision accepts.
#[cfg(feature = "dialect")]
pub fn near_misses_in_no_revision() -> Vec<String> {
    let mut lines = near_misses(&accepted(&kasztp_http()));
    lines.extend(near_misses(&generated(11 * 1000)));
    in_no_revision(&lines)
}

/// `urls` with every third line a near miss: one printable ASCII character
/// inserted, deleted or replaced at a random place (fixed seed), as a
/// typing slip would make. Many near misses are still URLs; the rest fail
/// somewhere in their scheme's production.
pub fn near_misses(urls: &[String]) -> Vec<String> {
    near_misses_from(SEED + 1, urls)
}

/// [`near_misses`] from another seed.
pub fn near_misses_from(seed: u64, urls: &[String]) -> Vec<String> {
    let mut rng = Rng::new(seed);
    urls.iter()
        .enumerate()
        .map(|(index, url)| {
            if index % 3 != 2 || url.is_empty() {
                return url.clone();
            }
            let mut bytes = url.clone().into_bytes();
            let at = rng.below(bytes.len());
            let printable = b' ' + rng.below(95) as u8;
            match rng.below(3) {
                0 => bytes.insert(at, printable),
                1 => {
                    bytes.remove(at);
                }
                _ => bytes[at] = printable,
            }
            String::from_utf8(bytes).expect("ASCII in, ASCII out")
        })
        .collect()
}

/// The adversarial inputs, each built to about `size` bytes.
pub struct Adversarial {
    pub name: &'static str,
    /// Whether [`rfc1738::parse`] accepts it (the success path).
    pub parses: bool,
    /// Whether `check(Rule::Url, ..)` accepts it: `url` includes
    /// `otherurl`, so an `http` URL that fails `httpurl` may still pass.
    pub is_url: bool,
    pub build: fn(usize) -> String,
}

fn repeat_to(prefix: &str, unit: &str, suffix: &str, size: usize) -> String {
    let count = size.saturating_sub(prefix.len() + suffix.len()) / unit.len();
    let mut text = String::with_capacity(prefix.len() + count * unit.len() + suffix.len());
    text.push_str(prefix);
    for _ in 0..count.max(1) {
        text.push_str(unit);
    }
    text.push_str(suffix);
    text
}

pub const ADVERSARIAL: [Adversarial; 6] = [
    // A path of short segments.
    Adversarial {
        name: "long_path",
        parses: true,
        is_url: true,
        build: |size| repeat_to("http://example.com/", "abc/", "", size),
    },
    // A hostname of many one-letter labels (100,000 labels is 200 KB).
    Adversarial {
        name: "many_labels",
        parses: true,
        is_url: true,
        build: |size| repeat_to("http://", "a.", "com/", size),
    },
    // A path of nothing but escapes.
    Adversarial {
        name: "escapes",
        parses: true,
        is_url: true,
        build: |size| repeat_to("http://example.com/", "%41", "", size),
    },
    // Valid up to its last character, a space: the error path (a second,
    // traced pass, then the genericurl check).
    Adversarial {
        name: "fails_at_end",
        parses: false,
        is_url: false,
        build: |size| repeat_to("http://example.com/", "abc/", " ", size),
    },
    // A hostname whose last label is a digit, so neither a hostname nor
    // a hostnumber: the host is read twice, then traced twice.
    Adversarial {
        name: "labels_fail_at_end",
        parses: false,
        is_url: true,
        build: |size| repeat_to("http://", "a.", "1/", size),
    },
    // A hostnumber-like run of dotted digits that is not four parts.
    Adversarial {
        name: "digits_fail_at_end",
        parses: false,
        is_url: true,
        build: |size| repeat_to("http://", "1.", "1/", size),
    },
];

/// The sizes of the adversarial inputs: 1 KB, 100 KB, 10 MB.
pub const SIZES: [usize; 3] = [1 << 10, 100 << 10, 10 << 20];

const PROSE: &[&str] = &[
    "the",
    "of",
    "and",
    "a",
    "to",
    "in",
    "is",
    "that",
    "for",
    "it",
    "as",
    "with",
    "be",
    "on",
    "not",
    "this",
    "by",
    "are",
    "or",
    "from",
    "at",
    "which",
    "but",
    "have",
    "an",
    "protocol",
    "resource",
    "locator",
    "section",
    "scheme",
    "host",
    "described",
    "characters",
    "encoded",
    "e.g.",
    "(see",
    "below)",
    "RFC",
    "1738,",
    "Internet;",
    "said:",
    "\"quoted\"",
    "end.",
];

/// A document of about `size` bytes of prose lines with few URLs (one
/// line in forty holds one), for the linter's scan.
pub fn prose(size: usize) -> String {
    let mut rng = Rng::new(SEED + 1);
    let mut text = String::with_capacity(size + 200);
    let mut line = 0;
    while text.len() < size {
        for _ in 0..12 {
            text.push_str(rng.pick(PROSE));
            text.push(' ');
        }
        if line % 40 == 0 {
            let scheme = SCHEMES[rng.below(SCHEMES.len())];
            text.push_str(&generate(&mut rng, scheme));
            text.push(' ');
        }
        text.push_str(rng.pick(PROSE));
        text.push('\n');
        line += 1;
    }
    text
}
