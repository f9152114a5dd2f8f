//! Property tests of the scheme semantics, with a fixed seed so a failure
//! reproduces: built URLs parse back to their parts, printing a parsed URL
//! gives back its input, and normalization keeps the meaning.

use rfc1738::build::{self, Ftp, Gopher, Http, Prospero, Telnet, Wais};
use rfc1738::decode::Decoded;
use rfc1738::{parse, Url};

/// SplitMix64: small, fast, and the same sequence everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Octets weighted towards the ones encoding is about: reserved,
    /// unsafe, `%`, controls, high octets, and plain letters.
    fn octets(&mut self, max: usize) -> Vec<u8> {
        const CLASSES: [&[u8]; 6] = [
            b"abcXYZ019",
            b"$-_.+!*'(),",
            b";/?:@&=",
            b"<>\"#%{}|\\^~[]` ",
            b"\t\r\n\x00\x7F",
            b"\x80\xC3\xA9\xFF",
        ];
        let len = self.below(max + 1);
        (0..len)
            .map(|_| {
                let class = self.pick(&CLASSES);
                *self.pick(class)
            })
            .collect()
    }

    fn octets_without(&mut self, max: usize, forbidden: &[u8]) -> Vec<u8> {
        let mut bytes = self.octets(max);
        bytes.retain(|byte| !forbidden.contains(byte));
        bytes
    }

    fn label(&mut self, first: &[u8]) -> String {
        const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let mut label = vec![*self.pick(first)];
        let len = self.below(6);
        for i in 0..len {
            let last = i + 1 == len;
            label.push(if !last && self.chance(20) {
                b'-'
            } else {
                *self.pick(ALNUM)
            });
        }
        String::from_utf8(label).unwrap()
    }

    fn host(&mut self) -> String {
        const ALPHA: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
        if self.chance(20) {
            let parts: Vec<String> = (0..4).map(|_| self.below(1000).to_string()).collect();
            return parts.join(".");
        }
        let mut labels: Vec<String> = (0..self.below(3)).map(|_| self.label(ALNUM)).collect();
        labels.push(self.label(ALPHA));
        labels.join(".")
    }

    fn port(&mut self) -> Option<u16> {
        self.chance(30).then(|| self.next() as u16)
    }

    fn group(&mut self) -> String {
        const REST: &[u8] = b"abcXYZ019-.+_";
        let mut group = String::from(char::from(*self.pick(b"abcxyzABC")));
        for _ in 0..self.below(12) {
            group.push(char::from(*self.pick(REST)));
        }
        group
    }
}

const CASES: usize = 2000;
const SEED: u64 = 0x1738_1994;

fn bytes(decoded: Option<Decoded<'_>>) -> Option<Vec<u8>> {
    decoded.map(Decoded::into_bytes)
}

fn all(decoded: Vec<Decoded<'_>>) -> Vec<Vec<u8>> {
    decoded.into_iter().map(Decoded::into_bytes).collect()
}

fn port_of(url: &Url<'_>) -> Option<u16> {
    url.hostport()
        .and_then(|hostport| hostport.port)
        .and_then(|port| port.value())
}

/// Parses a built URL, failing with the URL when it does not parse. A
/// built URL is also in normal form: it encodes no unreserved character
/// and writes hex digits in upper case.
fn reparse(text: &str) -> Url<'_> {
    match parse(text) {
        Ok(url) => {
            assert_eq!(url.to_string(), text);
            assert_eq!(url.normalized(), text);
            url
        }
        Err(error) => panic!("built {text:?} does not parse: {error}"),
    }
}

#[test]
fn ftp_builder_round_trips() {
    let mut rng = Rng(SEED);
    for _ in 0..CASES {
        let host = rng.host();
        let port = rng.port();
        let user = rng.chance(60).then(|| rng.octets(6));
        let password = (user.is_some() && rng.chance(50)).then(|| rng.octets(6));
        let has_path = rng.chance(80);
        let cwds: Vec<Vec<u8>> = if has_path {
            (0..rng.below(4)).map(|_| rng.octets(5)).collect()
        } else {
            Vec::new()
        };
        let name = has_path.then(|| rng.octets(6));
        let typecode =
            (has_path && rng.chance(40)).then(|| *rng.pick(&['a', 'i', 'd', 'A', 'I', 'D']));

        let mut builder = Ftp::new(&host);
        if let Some(port) = port {
            builder = builder.port(port);
        }
        if let Some(user) = &user {
            builder = builder.user(user);
        }
        if let Some(password) = &password {
            builder = builder.password(password);
        }
        for cwd in &cwds {
            builder = builder.cwd(cwd);
        }
        if let Some(name) = &name {
            builder = builder.name(name);
        }
        if let Some(code) = typecode {
            builder = builder.typecode(code);
        }
        let text = builder.build().unwrap();
        let url = reparse(&text);
        let Url::Ftp(ftp) = url else { panic!("{text}") };
        assert_eq!(ftp.login.hostport.host.as_str(), host, "{text}");
        assert_eq!(port_of(&url), port, "{text}");
        assert_eq!(bytes(ftp.user()), user, "{text}");
        assert_eq!(bytes(ftp.password()), password, "{text}");
        assert_eq!(all(ftp.cwds()), cwds, "{text}");
        assert_eq!(bytes(ftp.name()), name, "{text}");
        assert_eq!(
            ftp.typecode(),
            typecode.map(|c| c.to_ascii_lowercase()),
            "{text}"
        );
    }
}

#[test]
fn http_builder_round_trips() {
    let mut rng = Rng(SEED + 1);
    for _ in 0..CASES {
        let host = rng.host();
        let port = rng.port();
        let path: Option<Vec<Vec<u8>>> = rng
            .chance(70)
            .then(|| (0..1 + rng.below(4)).map(|_| rng.octets(6)).collect());
        let search = (path.is_some() && rng.chance(50)).then(|| rng.octets(8));
        let mut builder = Http::new(&host);
        if let Some(port) = port {
            builder = builder.port(port);
        }
        for segment in path.iter().flatten() {
            builder = builder.segment(segment);
        }
        if let Some(search) = &search {
            builder = builder.search(search);
        }
        let text = builder.build().unwrap();
        let url = reparse(&text);
        let Url::Http(http) = url else {
            panic!("{text}")
        };
        assert_eq!(http.hostport.host.as_str(), host);
        assert_eq!(port_of(&url), port, "{text}");
        assert_eq!(http.path_segments().map(all), path, "{text}");
        assert_eq!(bytes(http.search()), search, "{text}");
    }
}

#[test]
fn gopher_builder_round_trips() {
    const LINE: &[u8] = b"\t\r\n";
    let mut rng = Rng(SEED + 2);
    for _ in 0..CASES {
        let host = rng.host();
        let port = rng.port();
        let gopher_type = *rng.pick(b"0179gIh+/%;? \xFF");
        let selector = rng.octets_without(8, LINE);
        let search = rng.chance(50).then(|| rng.octets_without(8, LINE));
        let plus = (search.is_some() && rng.chance(50)).then(|| rng.octets(8));
        let mut builder = Gopher::new(&host)
            .gopher_type(gopher_type)
            .selector(&selector);
        if let Some(port) = port {
            builder = builder.port(port);
        }
        if let Some(search) = &search {
            builder = builder.search(search);
        }
        if let Some(plus) = &plus {
            builder = builder.gopher_plus(plus);
        }
        let text = builder.build().unwrap();
        let url = reparse(&text);
        let Url::Gopher(gopher) = url else {
            panic!("{text}")
        };
        assert_eq!(port_of(&url), port, "{text}");
        assert_eq!(gopher.gopher_type(), gopher_type, "{text}");
        assert_eq!(gopher.selector().as_bytes(), selector, "{text}");
        assert_eq!(bytes(gopher.search()), search, "{text}");
        assert_eq!(bytes(gopher.gopher_plus_string()), plus, "{text}");
        // The request is the decoded parts joined by tabs.
        let mut request = selector.clone();
        if let Some(search) = &search {
            request.push(b'\t');
            request.extend_from_slice(search);
        }
        if let Some(plus) = &plus {
            request.push(b'\t');
            request.extend_from_slice(plus);
        }
        if !plus.as_ref().is_some_and(|plus| plus.ends_with(b"\r\n")) {
            request.extend_from_slice(b"\r\n");
        }
        assert_eq!(gopher.request(), request, "{text}");
    }
}

#[test]
fn other_builders_round_trip() {
    let mut rng = Rng(SEED + 3);
    for _ in 0..CASES {
        // mailto
        let mut addr = rng.octets(10);
        addr.push(b'@');
        let text = build::mailto(&addr).unwrap();
        let Url::Mailto(mailto) = reparse(&text) else {
            panic!("{text}")
        };
        assert_eq!(mailto.addr_spec().as_bytes(), addr, "{text}");

        // news
        let group = rng.group();
        let text = build::news_group(&group).unwrap();
        let Url::News(news) = reparse(&text) else {
            panic!("{text}")
        };
        assert_eq!(
            news.target(),
            rfc1738::semantics::NewsTarget::Group { name: &group }
        );
        let mut unique = rng.octets(8);
        unique.push(b'x');
        let host = rng.host();
        let text = build::news_article(&unique, &host).unwrap();
        let Url::News(news) = reparse(&text) else {
            panic!("{text}")
        };
        let rfc1738::semantics::NewsTarget::Article { message_id } = news.target() else {
            panic!("{text}")
        };
        let mut expected = unique.clone();
        expected.push(b'@');
        expected.extend_from_slice(host.as_bytes());
        assert_eq!(message_id.as_bytes(), expected, "{text}");

        // nntp
        let (host, port) = (rng.host(), rng.port());
        let article = rng.chance(50).then(|| rng.next());
        let text = build::nntp(&host, port, &group, article).unwrap();
        let url = reparse(&text);
        let Url::Nntp(nntp) = url else {
            panic!("{text}")
        };
        assert_eq!(
            (nntp.group_name(), nntp.article_number()),
            (group.as_str(), article)
        );
        assert_eq!(port_of(&url), port, "{text}");

        // telnet
        let user = rng.chance(60).then(|| rng.octets(6));
        let password = (user.is_some() && rng.chance(50)).then(|| rng.octets(6));
        let mut builder = Telnet::new(&host);
        if let Some(user) = &user {
            builder = builder.user(user);
        }
        if let Some(password) = &password {
            builder = builder.password(password);
        }
        let text = builder.build().unwrap();
        let Url::Telnet(telnet) = reparse(&text) else {
            panic!("{text}")
        };
        assert_eq!(
            (bytes(telnet.user()), bytes(telnet.password())),
            (user, password)
        );

        // wais
        let database = rng.octets(6);
        let mut builder = Wais::new(&host, &database);
        let form = rng.below(3);
        let search = (form == 1).then(|| rng.octets(6));
        let document = (form == 2).then(|| (rng.octets(4), rng.octets(8)));
        if let Some(search) = &search {
            builder = builder.search(search);
        }
        if let Some((wtype, wpath)) = &document {
            builder = builder.document(wtype, wpath);
        }
        let text = builder.build().unwrap();
        let Url::Wais(wais) = reparse(&text) else {
            panic!("{text}")
        };
        assert_eq!(wais.database_name().as_bytes(), database, "{text}");
        assert_eq!(bytes(wais.search()), search, "{text}");
        assert_eq!(
            bytes(wais.wtype()).zip(bytes(wais.wpath())),
            document,
            "{text}"
        );

        // file
        let segments: Vec<Vec<u8>> = (0..1 + rng.below(4)).map(|_| rng.octets(5)).collect();
        let file_host = rng.chance(50).then(|| rng.host());
        let mut builder = build::File::new();
        if let Some(host) = &file_host {
            builder = builder.host(host);
        }
        for segment in &segments {
            builder = builder.segment(segment);
        }
        let text = builder.build().unwrap();
        let Url::File(file) = reparse(&text) else {
            panic!("{text}")
        };
        assert_eq!(file.host_name(), file_host.as_deref(), "{text}");
        assert_eq!(all(file.path_segments()), segments, "{text}");

        // prospero
        let hsoname = rng.octets(10);
        let fields: Vec<(Vec<u8>, Vec<u8>)> = (0..rng.below(3))
            .map(|_| (rng.octets(4), rng.octets(4)))
            .collect();
        let mut builder = Prospero::new(&host, &hsoname);
        for (name, value) in &fields {
            builder = builder.field(name, value);
        }
        let text = builder.build().unwrap();
        let Url::Prospero(prospero) = reparse(&text) else {
            panic!("{text}")
        };
        assert_eq!(prospero.hsoname().as_bytes(), hsoname, "{text}");
        let parsed: Vec<(Vec<u8>, Vec<u8>)> = prospero
            .fields()
            .into_iter()
            .map(|field| (field.name.into_bytes(), field.value.into_bytes()))
            .collect();
        assert_eq!(parsed, fields, "{text}");
    }
}

/// Everything the semantics say about a URL, decoded, as text.
///
/// For an `otherurl` only the decoded schemepart counts: whether it reads
/// as the common Internet scheme syntax can change with the spelling
/// (`x://a%2Eb/` has no host, `x://a.b/` has), but not what it decodes to.
fn meaning(url: &Url<'_>) -> String {
    if let Url::Other(other) = url {
        return format!(
            "{} {:?}",
            other.scheme.as_str().to_ascii_lowercase(),
            other.schemepart.decoded()
        );
    }
    let common = format!(
        "{} {:?} {:?} {:?} {:?}",
        url.scheme().as_str().to_ascii_lowercase(),
        url.host().map(|host| host.as_str()),
        url.port_or_default(),
        url.user(),
        url.password()
    );
    let specific = match url {
        Url::Ftp(u) => format!(
            "{:?} {:?} {:?} {:?}",
            u.cwds(),
            u.name(),
            u.typecode(),
            u.commands()
        ),
        Url::Http(u) => format!("{:?} {:?}", u.path_segments(), u.search()),
        Url::Gopher(u) => format!(
            "{} {:?} {:?} {:?} {:?}",
            u.gopher_type(),
            u.selector(),
            u.search(),
            u.gopher_plus(),
            u.request()
        ),
        Url::Mailto(u) => format!("{:?}", u.addr_spec()),
        Url::News(u) => format!("{:?}", u.target()),
        Url::Nntp(u) => format!("{:?} {:?}", u.group_name(), u.article_number()),
        Url::Telnet(_) => String::new(),
        Url::Wais(u) => format!(
            "{:?} {:?} {:?} {:?}",
            u.database_name(),
            u.search(),
            u.wtype(),
            u.wpath()
        ),
        Url::File(u) => format!("{:?} {:?}", u.is_local(), u.path_segments()),
        Url::Prospero(u) => format!("{:?} {:?}", u.hsoname(), u.fields()),
        Url::Other(u) => format!("{:?}", u.schemepart.decoded()),
    };
    format!("{common} {specific}")
}

/// URLs from the RFC and its drafts, and edge cases of each scheme.
fn corpus() -> Vec<String> {
    let mut urls: Vec<String> = [
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://myname@host.dom/etc/motd",
        "ftp://myname@host.dom//etc/motd",
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
        "ftp://ftp.isi.edu/in-notes/rfc1738.txt;type=a",
        "FTP://a%3ab:c%2f@h.com:21/d%2fe/;type=D",
        "http://www.w3.org/pub/WWW/TheProject.html?a%20b",
        "http://a.b",
        "http://a.b:8080/%7euser/?q=%3f",
        "gopher://h.org",
        "gopher://h.org/11/pub",
        "gopher://h.org/7srch%09a%20b",
        "gopher://h.org/0x%09%09!+ABSTRACT%20+SMELL",
        "gopher://h.org/0doc%09%09+application/postscript%20Es_ES",
        "gopher://h.org/1sel%09%09+%091%0D%0A+-1%0D%0Aone%0D%0Atwo%0D%0A.%0D%0A",
        "mailto:user%25relay@host.example",
        "news:*",
        "news:comp.infosystems.www.misc",
        "news:1234%40x@news.example.com",
        "nntp://news.example.com/alt.test/42",
        "telnet://guest:visitor@host.example:2323/",
        "wais://quake.think.com/directory-of-servers?wais%20news",
        "wais://h.com/db/TEXT/0%2012",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        "file:///etc/motd",
        "file://localhost/",
        "prospero://host.dom//pros/name;OBJECT-VERSION=3",
        "x-foo:bar%41",
        "x-foo://u:p@h.com:9/%7e",
    ]
    .map(String::from)
    .to_vec();
    // The valid whole URLs of the examples fixture.
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/examples.tsv");
    for line in std::fs::read_to_string(examples).unwrap().lines() {
        let columns: Vec<&str> = line.split('\t').collect();
        if let [_, _, _, _, _, _, url, "url", "valid", ..] = columns.as_slice() {
            let url = url
                .replace("\\t", "\t")
                .replace("\\n", "\n")
                .replace("\\\\", "\\");
            if parse(&url).is_ok() && !urls.contains(&url) {
                urls.push(url);
            }
        }
    }
    // Every URL of one of the ten schemes in the source documents that
    // parses (some are cut by line breaks or altered on purpose).
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/seeds");
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for word in text.split(|c: char| c.is_whitespace() || "<>\"'()".contains(c)) {
            let word = word.strip_prefix("URL:").unwrap_or(word);
            let word = word.trim_end_matches(['.', ',', ';']);
            if word.contains(':') && parse(word).is_ok() && !urls.iter().any(|u| u == word) {
                urls.push(word.to_owned());
            }
        }
    }
    urls
}

#[test]
fn printing_a_parsed_url_gives_back_its_input() {
    let urls = corpus();
    assert!(urls.len() > 60, "only {} URLs", urls.len());
    for text in &urls {
        let url = parse(text).unwrap();
        assert_eq!(url.to_string(), *text);
        assert_eq!(url.syntax().text, text);
    }
}

/// The URL spelled another way that means the same: hex digits in random
/// case, unreserved characters randomly escaped (outside the scheme and
/// host, and outside a gopher type, a news group and a typecode, which
/// are not strings of `uchar`s), scheme in random case.
fn respell(rng: &mut Rng, url: &Url<'_>) -> String {
    let text = url.as_str();
    let scheme_len = url.scheme().as_str().len();
    let host = match url.hostport() {
        Some(hostport) => Some(hostport.span().range()),
        None => url.host().map(|host| host.span().range()),
    };
    let literal: Vec<std::ops::Range<usize>> = match url {
        // ";type=" and the code.
        Url::Ftp(ftp) => ftp
            .ftptype
            .map(|t| t.span().start - 6..t.span().end)
            .into_iter()
            .collect(),
        Url::Gopher(gopher) => gopher.gtype.map(|t| t.span().range()).into_iter().collect(),
        Url::News(_) | Url::Nntp(_) => std::iter::once(0..text.len()).collect(),
        _ => Vec::new(),
    };
    let mut out = String::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        let keep = i < scheme_len
            || host.as_ref().is_some_and(|range| range.contains(&i))
            || literal.iter().any(|range| range.contains(&i));
        if i < scheme_len {
            out.push(if rng.chance(50) {
                char::from(byte.to_ascii_uppercase())
            } else {
                char::from(byte)
            });
        } else if byte == b'%' {
            let escape = &text[i..i + 3];
            out.push_str(&if rng.chance(50) {
                escape.to_ascii_lowercase()
            } else {
                escape.to_ascii_uppercase()
            });
            i += 3;
            continue;
        } else if !keep
            && (byte.is_ascii_alphanumeric() || b"$-_.+!*'(),".contains(&byte))
            && rng.chance(30)
        {
            out.push_str(&format!("%{byte:02x}"));
        } else {
            out.push(char::from(byte));
        }
        i += 1;
    }
    out
}

#[test]
fn normalization_keeps_the_meaning() {
    let mut rng = Rng(SEED + 4);
    let urls = corpus();
    let mut checked = 0;
    for text in &urls {
        let url = parse(text).unwrap();
        let normal = url.normalized();
        let again = parse(&normal).unwrap_or_else(|e| panic!("{text} -> {normal}: {e}"));
        assert_eq!(again.rule(), url.rule(), "{text}");
        assert_eq!(again.normalized(), normal, "not idempotent: {text}");
        assert_eq!(meaning(&again), meaning(&url), "{text} -> {normal}");
        for _ in 0..20 {
            let other = respell(&mut rng, &url);
            let parsed = parse(&other).unwrap_or_else(|e| panic!("{text} -> {other}: {e}"));
            assert!(url.is_equivalent(&parsed), "{text} vs {other}");
            assert_eq!(meaning(&parsed), meaning(&url), "{text} vs {other}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// Random edits of the corpus: every edit that still parses prints back
/// as itself, answers every accessor without panicking, and normalizes to
/// a URL with the same meaning.
#[test]
fn mutated_urls_round_trip() {
    const ALPHABET: &[u8] = b"aZ09$-_.+!*'(),;/?:@&=%~ #\t";
    let mut rng = Rng(SEED + 5);
    let urls = corpus();
    let mut parsed = 0;
    for _ in 0..MUTATIONS {
        let mut bytes = rng.pick(&urls).clone().into_bytes();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(4) {
                0 if at < bytes.len() => {
                    bytes.remove(at);
                }
                1 if at < bytes.len() => bytes[at] = *rng.pick(ALPHABET),
                2 => {
                    let hex = format!("%{:02x}", rng.below(256));
                    bytes.splice(at..at, hex.bytes());
                }
                _ => bytes.insert(at, *rng.pick(ALPHABET)),
            }
        }
        let text = String::from_utf8(bytes).unwrap();
        let Ok(url) = parse(&text) else { continue };
        parsed += 1;
        assert_eq!(url.to_string(), text);
        let normal = url.normalized();
        let again = parse(&normal).unwrap_or_else(|e| panic!("{text} -> {normal}: {e}"));
        assert_eq!(meaning(&again), meaning(&url), "{text} -> {normal}");
        assert!(again.is_equivalent(&url));
    }
    eprintln!(
        "{parsed} of {MUTATIONS} edited URLs parsed; corpus {}",
        urls.len()
    );
    // Most edits keep a URL valid; the count shows the test is not empty.
    assert!(
        parsed > MUTATIONS / 4,
        "only {parsed} of {MUTATIONS} parsed"
    );
}

const MUTATIONS: usize = 20_000;

#[test]
fn decoding_a_reserved_escape_breaks_equivalence() {
    for (a, b) in [
        ("ftp://h.com/%2Fetc/motd", "ftp://h.com//etc/motd"),
        ("http://h.com/a%3Fb", "http://h.com/a?b"),
        ("ftp://a%40b@h.com/", "ftp://a%2540b@h.com/"),
        ("prospero://h.com/a;b=c", "prospero://h.com/a%3Bb=c"),
    ] {
        assert_eq!(rfc1738::equivalent(a, b), Ok(false), "{a} {b}");
    }
}
