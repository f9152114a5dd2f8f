//! Generated files for the linter's benchmarks and memory test: prose with
//! a few URLs, text dense with URLs in every form the scanner knows (and
//! with every kind of problem), Markdown dense with links, and one line of
//! 100,000 findings. Deterministic: the same size gives the same bytes.

/// A small deterministic generator (xorshift), so the files do not depend
/// on a crate's random numbers.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const WORDS: &[&str] = &[
    "the",
    "resource",
    "locator",
    "protocol",
    "gateway",
    "is",
    "a",
    "of",
    "and",
    "to",
    "host",
    "which",
    "transfer",
    "document",
    "client",
    "server",
    "name",
    "may",
    "be",
    "encoded",
    "characters",
    "scheme",
    "specific",
    "part",
    "syntax",
    "network",
    "file",
    "directory",
    "mail",
    "news",
    "access",
    "information",
    "retrieval",
    "system",
];

/// URLs in every form and with every kind of problem the rules know.
const URLS: &[&str] = &[
    "http://www.w3.org/Addressing/",
    "ftp://ftp.isi.edu/in-notes/rfc1738.txt;type=a",
    "ftp://joe:secret@ftp.x.org:2121/pub/file;type=I",
    "HTTP://Example.COM/~user/index.html",
    "gopher://gopher.tc.umn.edu:7070/11/Libraries%09x/y",
    "mailto:user@host.example",
    "news:comp.infosystems.www",
    "nntp://news.example:119/comp.std/1234",
    "telnet://:pw@host.example:23/",
    "wais://wais.example:210/db?query",
    "file://localhost/etc/motd",
    "prospero://host.example:1525/path;a=b",
    "http://256.1.1.999:99999/x y{z}",
    "x-private://a.b/c",
    "z39.50s://lib.example/db",
    "afs://cell.example/u/x",
    "http://a.b/caf\u{e9}/%2",
    "telnet://host.example/%0D%0A",
];

/// A paragraph of prose, about `words` words.
fn prose(rng: &mut Rng, out: &mut String, words: usize) {
    let mut column = 0;
    for index in 0..words {
        let word = rng.pick(WORDS);
        if column + word.len() > 72 {
            out.push('\n');
            column = 0;
        } else if index > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += word.len();
    }
    out.push_str(".\n\n");
}

/// One URL written in one of the forms of RFC 1738's appendix.
fn text_url(rng: &mut Rng, out: &mut String) {
    let url = rng.pick(URLS);
    match rng.below(5) {
        0 => out.push_str(&format!("<URL:{url}>")),
        1 => out.push_str(&format!("<{url}>")),
        2 => {
            // Broken across lines inside the wrapper, at a hyphen or not.
            let cut = url.len() / 2;
            let cut = (cut..url.len())
                .find(|at| url.is_char_boundary(*at))
                .unwrap_or(url.len());
            out.push_str(&format!("<URL:{}\n      {}>", &url[..cut], &url[cut..]));
        }
        3 => out.push_str(&format!("({url}).")),
        _ => out.push_str(url),
    }
}

/// Prose with a URL every 2 KB or so, `size` bytes.
pub fn prose_text(size: usize) -> String {
    let mut rng = Rng::new(1738);
    let mut out = String::with_capacity(size + 4096);
    while out.len() < size {
        prose(&mut rng, &mut out, 300);
        out.push_str("See ");
        text_url(&mut rng, &mut out);
        out.push_str(" for more.\n\n");
    }
    out
}

/// Lines of URLs in every form, a few words between them, `size` bytes.
pub fn dense_text(size: usize) -> String {
    let mut rng = Rng::new(42);
    let mut out = String::with_capacity(size + 4096);
    while out.len() < size {
        out.push_str(rng.pick(WORDS));
        out.push(' ');
        text_url(&mut rng, &mut out);
        out.push(if rng.below(3) == 0 { '\n' } else { ' ' });
    }
    out
}

/// Markdown dense with links of every kind, `size` bytes.
pub fn dense_markdown(size: usize) -> String {
    let mut rng = Rng::new(7);
    let mut out = String::with_capacity(size + 4096);
    let mut definitions = 0;
    while out.len() < size {
        let url = rng.pick(URLS).replace(' ', "%20");
        match rng.below(8) {
            0 => out.push_str(&format!("- [{}]({url})\n", rng.pick(WORDS))),
            1 => out.push_str(&format!("[![badge]({url})]({url})\n")),
            2 => out.push_str(&format!("Autolink <{url}> here.\n")),
            3 => out.push_str(&format!("Bare {url} in text.\n")),
            4 => {
                definitions += 1;
                out.push_str(&format!(
                    "\nUse [{w}][d{definitions}].\n\n[d{definitions}]: {url} \"title\"\n\n",
                    w = rng.pick(WORDS)
                ));
            }
            5 => out.push_str(&format!(
                "<a href=\"{}\">x</a>\n",
                url.replace('&', "&amp;")
            )),
            6 => out.push_str(&format!("Code `{url}` is skipped.\n")),
            _ => {
                out.push('\n');
                prose(&mut rng, &mut out, 20);
            }
        }
    }
    out
}

/// One line: a URL and 100,000 `~`, each a finding.
pub fn long_line(tildes: usize) -> String {
    format!("See http://a.b/{}\n", "~".repeat(tildes))
}
