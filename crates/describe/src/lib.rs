//! What a URL means by section 3 of RFC 1738, as the tool shows it, and
//! the fragment after it (section 2.2: the first `#` ends the URL):
//! `rfc1738 describe` ([`DescribeArgs`], [`run`]), the language server's
//! hover ([`human_text`]), programs ([`json`]); and the one-line verdict of
//! `rfc1738 check` ([`verdict`]).

#![deny(missing_docs)]

use std::fmt::Display;

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use rfc1738::decode::Decoded;
use rfc1738::scan::split_fragment;
use rfc1738::semantics::{AttributeScope, GopherPlus, NewsTarget};
use rfc1738::tree::Host;
use rfc1738::{Options, Url};
use serde_json::{json, Value};

/// The arguments of `rfc1738 describe`.
#[derive(Args)]
pub struct DescribeArgs {
    /// The URL to explain (a `#fragment` after it is shown apart).
    url: String,
    /// `human` for people, `json` for programs.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Follow the letter of the BNF (scheme names in lower case).
    #[arg(long)]
    strict: bool,
    /// The end user's e-mail address, the password of anonymous FTP.
    #[arg(long, value_name = "ADDRESS")]
    email: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

/// One line of the description: a key, its JSON value, and the text shown
/// to people when the JSON would not read well.
struct Entry {
    key: &'static str,
    value: Value,
    human: Option<Vec<String>>,
}

#[derive(Default)]
struct Report(Vec<Entry>);

impl Report {
    fn into_json(self) -> Value {
        Value::Object(
            self.0
                .into_iter()
                .map(|entry| (entry.key.to_owned(), entry.value))
                .collect(),
        )
    }

    fn put(&mut self, key: &'static str, value: Value) {
        self.0.push(Entry {
            key,
            value,
            human: None,
        });
    }

    fn put_shown(&mut self, key: &'static str, value: Value, human: Vec<String>) {
        self.0.push(Entry {
            key,
            value,
            human: Some(human),
        });
    }

    fn decoded(&mut self, key: &'static str, decoded: Option<Decoded<'_>>) {
        self.put(key, to_json(&decoded));
    }

    fn list(&mut self, key: &'static str, items: Vec<Decoded<'_>>) {
        self.put(key, to_json(&items));
    }
}

/// The JSON of a value; a value that cannot be serialized (a bug) shows
/// its error rather than pass for an absent part.
fn to_json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or_else(|error| json!({ "error": error.to_string() }))
}

/// Runs `rfc1738 describe`: the description of the URL, or its error on
/// standard error (exit code 1).
pub fn run(args: &DescribeArgs, out: &mut impl Write) -> ExitCode {
    let options = Options::default().with_strict(args.strict);
    let (url, fragment) = split_fragment(&args.url);
    let url = match rfc1738::parse_with(url, options) {
        Ok(url) => url,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(1);
        }
    };
    let report = describe(&url, fragment, args.email.as_deref());
    let written = match args.format {
        Format::Json => serde_json::to_writer_pretty(&mut *out, &report.into_json())
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out)),
        Format::Human => write_human(&report, out),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// What `describe` prints for a URL and the fragment after it (`--format
/// human`): the hover of the language server.
pub fn human_text(url: &Url<'_>, fragment: Option<&str>) -> String {
    let mut out = Vec::new();
    // Writing to memory does not fail.
    let _ = write_human(&describe(url, fragment, None), &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// What `describe --format json` prints for a URL and the fragment after
/// it, as a JSON object; `email` is the end user's address, the password of
/// anonymous FTP.
pub fn json(url: &Url<'_>, fragment: Option<&str>, email: Option<&str>) -> Value {
    describe(url, fragment, email).into_json()
}

/// The line `check` prints for a string: `STRING: matches NAME`, or
/// `STRING: does not match NAME: ERROR`.
pub fn verdict(string: &str, name: &str, result: Result<(), impl Display>) -> String {
    match result {
        Ok(()) => format!("{string}: matches {name}"),
        Err(error) => format!("{string}: does not match {name}: {error}"),
    }
}

fn describe(url: &Url<'_>, fragment: Option<&str>, email: Option<&str>) -> Report {
    let mut report = Report::default();
    report.put("url", json!(url.as_str()));
    if let Some(fragment) = fragment {
        // Not part of the URL (section 2.2), and RFC 1738 gives it no
        // meaning: shown as written, and decoded.
        report.put("fragment", json!(fragment));
        let decoded = rfc1738::decode::decode(fragment);
        if decoded.as_bytes() != fragment.as_bytes() {
            report.decoded("fragment_decoded", Some(decoded));
        }
    }
    report.put("scheme", json!(url.scheme().as_str().to_ascii_lowercase()));
    report.put("production", json!(url.rule().name()));
    if let Some(host) = url.host() {
        let kind = match host {
            Host::Hostname(_) => "hostname",
            Host::Hostnumber(_) => "hostnumber",
        };
        report.put("host", json!(host.as_str()));
        report.put("host_kind", json!(kind));
    }
    if let Some(hostport) = url.hostport() {
        report.put("port", json!(hostport.port.map(|port| port.as_str())));
        report.put("default_port", json!(url.default_port()));
        report.put("effective_port", json!(url.port_or_default()));
    }
    match url {
        Url::Ftp(ftp) => {
            report.decoded("user", ftp.user());
            report.decoded("password", ftp.password());
            report.list("cwd", ftp.cwds());
            report.decoded("name", ftp.name());
            report.put("typecode", json!(ftp.typecode()));
            let commands = match email {
                Some(email) => ftp.commands_with_email(email),
                None => ftp.commands(),
            };
            let shown = commands.iter().map(ToString::to_string).collect();
            report.put_shown("ftp_commands", to_json(&commands), shown);
        }
        Url::Http(http) => {
            report.put("path", to_json(&http.path_segments()));
            report.decoded("search", http.search());
        }
        Url::Gopher(gopher) => {
            let gopher_type = gopher.gopher_type();
            report.put_shown(
                "gopher_type",
                json!(char::from(gopher_type).to_string()),
                vec![format!(
                    "{}{}",
                    quote(&[gopher_type]),
                    if gopher.gtype.is_none() {
                        " (default)"
                    } else {
                        ""
                    }
                )],
            );
            report.decoded("selector", Some(gopher.selector()));
            report.decoded("search", gopher.search());
            report.decoded("gopher_plus_string", gopher.gopher_plus_string());
            let plus = gopher.gopher_plus();
            let shown = plus
                .as_ref()
                .map_or_else(|| "(none)".to_owned(), gopher_plus_human);
            report.put_shown("gopher_plus", to_json(&plus), vec![shown]);
            // The bytes themselves: a string when they are UTF-8.
            let request = gopher.request();
            let value = match std::str::from_utf8(&request) {
                Ok(text) => json!(text),
                Err(_) => json!(request),
            };
            report.put_shown("request", value, vec![quote(&request)]);
        }
        Url::Mailto(mailto) => report.decoded("addr_spec", Some(mailto.addr_spec())),
        Url::News(news) => {
            let target = news.target();
            let shown = match &target {
                NewsTarget::AllGroups => "all groups (*)".to_owned(),
                NewsTarget::Group { name } => format!("group {}", quote(name.as_bytes())),
                NewsTarget::Article { message_id } => {
                    format!("article {}", quote(message_id.as_bytes()))
                }
            };
            report.put_shown("news", to_json(&target), vec![shown]);
        }
        Url::Nntp(nntp) => {
            report.put("group", json!(nntp.group_name()));
            report.put("article_number", json!(nntp.article_number()));
        }
        Url::Telnet(telnet) => {
            report.decoded("user", telnet.user());
            report.decoded("password", telnet.password());
        }
        Url::Wais(wais) => {
            report.decoded("database", Some(wais.database_name()));
            report.decoded("search", wais.search());
            report.decoded("wtype", wais.wtype());
            report.decoded("wpath", wais.wpath());
        }
        Url::File(file) => {
            if file.host.is_none() {
                report.put("host", Value::Null);
            }
            report.put("local", json!(file.is_local()));
            report.list("path", file.path_segments());
        }
        Url::Prospero(prospero) => {
            report.decoded("hsoname", Some(prospero.hsoname()));
            let fields = prospero.fields();
            let shown = fields
                .iter()
                .map(|field| {
                    format!(
                        "{} = {}",
                        quote(field.name.as_bytes()),
                        quote(field.value.as_bytes())
                    )
                })
                .collect();
            report.put_shown("fields", to_json(&fields), shown);
        }
        Url::Other(other) => {
            report.decoded("user", url.user());
            report.decoded("password", url.password());
            report.decoded("schemepart", Some(other.schemepart.decoded()));
        }
    }
    report.put("normalized", json!(url.normalized()));
    report
}

/// A gopher+ form in words (sections 3.4.4 to 3.4.9).
fn gopher_plus_human(plus: &GopherPlus<'_>) -> String {
    let list = |items: &[Decoded<'_>]| {
        let quoted: Vec<String> = items.iter().map(|item| quote(item.as_bytes())).collect();
        quoted.join(" ")
    };
    match plus {
        GopherPlus::DefaultView => "default view (+)".to_owned(),
        GopherPlus::AskForm => "item with an ASK form (?)".to_owned(),
        GopherPlus::Attributes { scope, names } => {
            let whose = match scope {
                AttributeScope::Item => "the item (!)",
                AttributeScope::Directory => "the directory's items ($)",
            };
            if names.is_empty() {
                format!("all attributes of {whose}")
            } else {
                format!("attributes of {whose}: {}", list(names))
            }
        }
        GopherPlus::AlternateView { view, language } => match language {
            Some(language) => format!(
                "alternate view {}, language {}",
                quote(view.as_bytes()),
                quote(language.as_bytes())
            ),
            None => format!("alternate view {}", quote(view.as_bytes())),
        },
        GopherPlus::FilledForm { values } => format!("filled ASK form: {}", list(values)),
        GopherPlus::Other { .. } => "no form of 3.4.4 to 3.4.9".to_owned(),
    }
}

/// Octets in double quotes, escaped as Rust escapes ASCII (`\t`, `\r`,
/// `\n`, `\xFF`), so that an empty value and a control character show.
fn quote(bytes: &[u8]) -> String {
    format!("\"{}\"", bytes.escape_ascii())
}

fn human_value(value: &Value) -> Vec<String> {
    match value {
        Value::Null => vec!["(none)".to_owned()],
        Value::String(text) => vec![quote(text.as_bytes())],
        Value::Array(items) if items.iter().all(|item| item.is_u64()) && !items.is_empty() => {
            let bytes: Vec<u8> = items
                .iter()
                .filter_map(|item| item.as_u64().and_then(|n| u8::try_from(n).ok()))
                .collect();
            vec![quote(&bytes)]
        }
        Value::Array(items) => {
            let lines: Vec<String> = items
                .iter()
                .map(|item| human_value(item).join(" "))
                .collect();
            if lines.is_empty() {
                vec!["(empty)".to_owned()]
            } else {
                lines
            }
        }
        other => vec![other.to_string()],
    }
}

fn write_human(report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    let width = report
        .0
        .iter()
        .map(|entry| entry.key.len())
        .max()
        .unwrap_or(0);
    for entry in &report.0 {
        let lines = entry
            .human
            .clone()
            .unwrap_or_else(|| human_value(&entry.value));
        let key = entry.key.replace('_', " ");
        if lines.len() > 1 {
            writeln!(out, "{key}:")?;
            for line in &lines {
                writeln!(out, "  {line}")?;
            }
        } else {
            writeln!(out, "{key:width$}  {}", lines.join(" "))?;
        }
    }
    Ok(())
}
