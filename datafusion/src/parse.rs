//! `rfc1738_parse`: a URL's parts as a struct, from `rfc1738::parse` and
//! the semantics accessors (section 3 of RFC 1738), or one part alone.

use std::borrow::Cow;
use std::sync::{Arc, LazyLock};

use datafusion::arrow::array::{Array, ArrayRef, StructArray};
use datafusion::arrow::datatypes::{DataType, Field, Fields, UInt16Type, UInt64Type};
use datafusion::common::{exec_err, plan_err, Result, ScalarValue};
use rfc1738::decode::{decode, decode_utf8, Decoded};
use rfc1738::semantics::NewsTarget;
use rfc1738::tree::Host;
use rfc1738::Url;

use crate::columns::{NumberColumn, Room, TextColumn, Validity};
use crate::grammar::{constant_string, not_a_constant};
use crate::strings;

/// The struct's fields, each with its column and the function that reads
/// it off a URL: one list, so that the schema and the columns cannot
/// disagree, and so that one field can be made without the others (the
/// 22 together cost more than the parse: BENCHMARKS.md).
macro_rules! parts {
    ($($(#[doc = $doc:literal])* $name:ident: $column:ty;)*) => {
        /// The fields of the struct `rfc1738_parse` returns, in order.
        pub static FIELDS: LazyLock<Fields> = LazyLock::new(|| {
            Fields::from(vec![$(Field::new(stringify!($name), <$column>::DATA_TYPE, true),)*])
        });

        /// A column a field.
        struct Columns {
            $($name: $column,)*
            valid: Validity,
        }

        impl Columns {
            fn new(urls: &dyn Array) -> Columns {
                let room = Room::for_parts_of(urls);
                Columns {
                    $($name: <$column>::for_parts_of(room),)*
                    valid: Validity::new(urls.len()),
                }
            }

            /// The parts of row `row`, after those of the rows before it.
            #[inline]
            fn set(&mut self, row: usize, url: &Url<'_>) {
                $(self.$name.set_value(row, $name(url));)*
                self.valid.set(row);
            }

            fn finish(self) -> Result<StructArray> {
                let columns: Vec<ArrayRef> = vec![$(self.$name.finish()?,)*];
                Ok(StructArray::try_new(FIELDS.clone(), columns, self.valid.finish())?)
            }
        }

        /// The field `index` of each URL of `urls` alone.
        pub(crate) fn evaluate_field(urls: &dyn Array, index: usize) -> Result<ArrayRef> {
            let mut field = 0;
            $(
                if field == index {
                    let mut column = <$column>::for_parts_of(Room::for_parts_of(urls));
                    strings::for_each_text(urls, |row, text| {
                        if let Ok(url) = &rfc1738::parse(text) {
                            column.set_value(row, $name(url));
                        }
                    })?;
                    return column.finish();
                }
                field += 1;
            )*
            exec_err!("rfc1738_parse has {field} fields, not {}", index + 1)
        }
    };
}

parts! {
    /// The scheme name in lower case (section 2.1: case is ignored).
    scheme: TextColumn;
    /// The production the URL matched: `httpurl`, ..., `otherurl`.
    production: TextColumn;
    /// The user name, decoded (ftp, telnet, an `otherurl` with a login).
    user: TextColumn;
    /// The password, decoded.
    password: TextColumn;
    /// The host as written.
    host: TextColumn;
    /// `hostname` or `hostnumber`.
    host_kind: TextColumn;
    /// The port as written (the BNF sets no bound).
    port: TextColumn;
    /// The port to connect to: the written one, else the scheme's default;
    /// `None` above 65535.
    effective_port: NumberColumn<UInt16Type>;
    /// The path as written: `fpath` (ftp, file), `hpath` (http), `ppath`
    /// (prospero), `urlpath` (an `otherurl` in the common Internet form).
    path: TextColumn;
    /// The path, decoded.
    path_decoded: TextColumn;
    /// The search, decoded (http, gopher, wais).
    search: TextColumn;
    /// The ftp typecode (`;type=`), in lower case.
    typecode: TextColumn;
    /// The gopher type (`1` when the path is empty, 3.4.1).
    gopher_type: TextColumn;
    /// The gopher selector, decoded.
    selector: TextColumn;
    /// The gopher+ string, decoded.
    gopher_plus: TextColumn;
    /// The news group (`*` for all groups) or the nntp group.
    group: TextColumn;
    /// The news article's message id, decoded, or the nntp article's
    /// number as written.
    article: TextColumn;
    /// The nntp article's number, when it fits 64 bits.
    article_number: NumberColumn<UInt64Type>;
    /// The wais database, decoded.
    database: TextColumn;
    /// The wais document's type, decoded.
    wais_type: TextColumn;
    /// The wais document's path, decoded.
    wais_path: TextColumn;
    /// The mailto address (an RFC 822 addr-spec), decoded.
    mailto: TextColumn;
}

/// A column that takes a part as its function gives it; `None` leaves the
/// row NULL.
trait SetValue<V> {
    fn set_value(&mut self, row: usize, value: Option<V>);
}

impl SetValue<Cow<'_, str>> for TextColumn {
    #[inline(always)]
    fn set_value(&mut self, row: usize, value: Option<Cow<'_, str>>) {
        if let Some(text) = value {
            self.set(row, &text);
        }
    }
}

impl<T: datafusion::arrow::datatypes::ArrowPrimitiveType> SetValue<T::Native> for NumberColumn<T> {
    #[inline]
    fn set_value(&mut self, row: usize, value: Option<T::Native>) {
        if let Some(number) = value {
            self.set(row, number);
        }
    }
}

/// The parts of each URL of `urls`; NULL for a NULL and for a string
/// `rfc1738::parse` rejects.
pub(crate) fn evaluate(urls: &dyn Array) -> Result<ArrayRef> {
    let mut columns = Columns::new(urls);
    strings::for_each_text(urls, |row, text| {
        // By reference: `Ok(url)` moved the tree (368 bytes) out of the
        // result first (benches/records/log.md, "Accessors that read in place").
        if let Ok(url) = &rfc1738::parse(text) {
            columns.set(row, url);
        }
    })?;
    Ok(Arc::new(columns.finish()?))
}

/// The index of the field a constant names; `None` for NULL; a planning
/// error for a name the struct does not have, listing the names.
pub(crate) fn field_index(function: &str, name: Option<&ScalarValue>) -> Result<Option<usize>> {
    let Some(name) = name else {
        return not_a_constant(function, "field");
    };
    let Some(name) = constant_string(function, "field", Some(name))? else {
        return Ok(None);
    };
    match FIELDS.find(name) {
        Some((index, _)) => Ok(Some(index)),
        None => {
            let names: Vec<&str> = FIELDS.iter().map(|field| field.name().as_str()).collect();
            plan_err!(
                "{function}: the URL's parts have no field {name:?}; the fields are: {}",
                names.join(", ")
            )
        }
    }
}

/// The type of the field a constant names (text for NULL).
pub(crate) fn field_type(function: &str, name: Option<&ScalarValue>) -> Result<DataType> {
    Ok(match field_index(function, name)? {
        Some(index) => FIELDS[index].data_type().clone(),
        None => DataType::Utf8,
    })
}

/// Decoded octets as text: invalid UTF-8 (an escape such as `%FF`) is
/// replaced by U+FFFD. Borrows when there is no escape.
fn text(decoded: Decoded<'_>) -> Cow<'_, str> {
    match decoded.into_cow() {
        // Text with no escape: the URL's own, UTF-8 already.
        Cow::Borrowed(bytes) => match std::str::from_utf8(bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(bytes),
        },
        Cow::Owned(bytes) => Cow::Owned(match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
        }),
    }
}

/// Text as written, decoded: borrowed and not validated again when it
/// holds no escape.
fn decoded(written: &str) -> Cow<'_, str> {
    decode_utf8(written).unwrap_or_else(|| text(decode(written)))
}

fn scheme<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    let scheme = url.scheme();
    Some(match scheme.is_lowercase() {
        true => Cow::Borrowed(scheme.as_str()),
        false => Cow::Owned(scheme.as_str().to_ascii_lowercase()),
    })
}

fn production<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    Some(Cow::Borrowed(url.rule().name()))
}

fn user<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    url.user().map(text)
}

fn password<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    url.password().map(text)
}

fn host<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    url.host().map(|host| Cow::Borrowed(host.as_str()))
}

fn host_kind<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    url.host().map(|host| {
        Cow::Borrowed(match host {
            Host::Hostname(_) => "hostname",
            Host::Hostnumber(_) => "hostnumber",
        })
    })
}

fn port<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    let port = url.hostport()?.port?;
    Some(Cow::Borrowed(port.as_str()))
}

fn effective_port(url: &Url<'_>) -> Option<u16> {
    url.port_or_default()
}

/// The path as written, of the schemes that have one.
fn written_path<'a>(url: &Url<'a>) -> Option<&'a str> {
    match url {
        Url::Ftp(ftp) => ftp.fpath.map(|fpath| fpath.as_str()),
        Url::Http(http) => http.hpath.map(|hpath| hpath.as_str()),
        Url::File(file) => Some(file.fpath.as_str()),
        Url::Prospero(prospero) => Some(prospero.ppath.as_str()),
        Url::Other(other) => other
            .schemepart
            .ip_schemepart
            .and_then(|ip| ip.urlpath)
            .map(|urlpath| urlpath.as_str()),
        _ => None,
    }
}

fn path<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    written_path(url).map(Cow::Borrowed)
}

fn path_decoded<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    written_path(url).map(decoded)
}

fn search<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::Http(http) => http.search().map(text),
        Url::Gopher(gopher) => gopher.search().map(text),
        Url::Wais(wais) => wais.search().map(text),
        _ => None,
    }
}

fn typecode<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::Ftp(ftp) => ftp.typecode().map(one_character),
        _ => None,
    }
}

fn gopher_type<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::Gopher(gopher) => Some(one_character(char::from(gopher.gopher_type()))),
        _ => None,
    }
}

/// One character as text, borrowed for ASCII (a typecode, and every
/// gopher type but an escaped octet above 127): no allocation a URL.
fn one_character(character: char) -> Cow<'static, str> {
    /// Every ASCII character, at its own offset.
    static ASCII: [u8; 128] = {
        let mut table = [0; 128];
        let mut byte = 0;
        while byte < 128 {
            table[byte] = byte as u8;
            byte += 1;
        }
        table
    };
    let at = character as usize;
    match ASCII.get(at..at + 1).map(std::str::from_utf8) {
        Some(Ok(text)) => Cow::Borrowed(text),
        _ => Cow::Owned(character.to_string()),
    }
}

fn selector<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::Gopher(gopher) => Some(text(gopher.selector())),
        _ => None,
    }
}

fn gopher_plus<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::Gopher(gopher) => gopher.gopher_plus_string().map(text),
        _ => None,
    }
}

fn group<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::News(news) => match news.target() {
            NewsTarget::AllGroups => Some(Cow::Borrowed("*")),
            NewsTarget::Group { name } => Some(Cow::Borrowed(name)),
            NewsTarget::Article { .. } => None,
        },
        Url::Nntp(nntp) => Some(Cow::Borrowed(nntp.group_name())),
        _ => None,
    }
}

fn article<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::News(news) => match news.target() {
            NewsTarget::Article { message_id } => Some(text(message_id)),
            _ => None,
        },
        Url::Nntp(nntp) => nntp.article.map(|digits| Cow::Borrowed(digits.as_str())),
        _ => None,
    }
}

fn article_number(url: &Url<'_>) -> Option<u64> {
    match url {
        Url::Nntp(nntp) => nntp.article_number(),
        _ => None,
    }
}

fn database<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::Wais(wais) => Some(text(wais.database_name())),
        _ => None,
    }
}

fn wais_type<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::Wais(wais) => wais.wtype().map(text),
        _ => None,
    }
}

fn wais_path<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::Wais(wais) => wais.wpath().map(text),
        _ => None,
    }
}

fn mailto<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    match url {
        Url::Mailto(mailto) => Some(text(mailto.addr_spec())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_character_borrows_ascii_only() {
        for character in ['a', 'I', '1', '\0', '\u{7f}'] {
            let text = one_character(character);
            assert!(matches!(text, Cow::Borrowed(_)), "{character:?}");
            assert_eq!(text, character.to_string());
        }
        // A gopher type escaped as `%E9` is the octet 0xE9, read as U+00E9.
        for character in ['\u{80}', 'é', '\u{ff}'] {
            let text = one_character(character);
            assert!(matches!(text, Cow::Owned(_)), "{character:?}");
            assert_eq!(text, character.to_string());
        }
        let Ok(url) = rfc1738::parse("gopher://h/%E9x") else {
            panic!("a gopher URL")
        };
        assert_eq!(gopher_type(&url).as_deref(), Some("é"));
        let Ok(url) = rfc1738::parse("ftp://h/f;type=I") else {
            panic!("an ftp URL")
        };
        assert_eq!(typecode(&url).as_deref(), Some("i"));
    }
}
