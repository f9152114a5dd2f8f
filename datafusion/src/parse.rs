//! `rfc1738_parse`: a URL's parts as a struct, from `rfc1738::parse` and
//! the semantics accessors (section 3 of RFC 1738).

use std::borrow::Cow;
use std::sync::{Arc, LazyLock};

use datafusion::arrow::array::{Array, ArrayRef, StructArray};
use datafusion::arrow::datatypes::{
    ArrowPrimitiveType, DataType, Field, Fields, UInt16Type, UInt64Type,
};
use datafusion::common::{exec_err, plan_err, Result, ScalarValue};
use rfc1738::decode::Decoded;
use rfc1738::semantics::NewsTarget;
use rfc1738::tree::Host;
use rfc1738::Url;

use crate::columns::{NumberColumn, TextColumn, Validity};
use crate::grammar::{constant_string, not_a_constant};
use crate::strings;

/// The struct's fields, each a column of [`Parts`], and its columns: one
/// list, so that the schema, the row and the columns cannot disagree.
macro_rules! parts {
    ($($(#[doc = $doc:literal])* $name:ident: $value:ty, $column:ty, $data_type:expr;)*) => {
        /// One URL's parts; `None` where the URL has no such part.
        #[derive(Debug, Default, Clone, PartialEq, Eq)]
        pub(crate) struct Parts<'a> {
            $($(#[doc = $doc])* pub(crate) $name: Option<$value>,)*
        }

        /// The fields of the struct `rfc1738_parse` returns, in order.
        pub static FIELDS: LazyLock<Fields> = LazyLock::new(|| {
            Fields::from(vec![$(Field::new(stringify!($name), $data_type, true),)*])
        });

        /// A column of [`Parts`] a field.
        struct Columns {
            $($name: $column,)*
            valid: Validity,
        }

        impl Columns {
            fn with_capacity(rows: usize) -> Columns {
                Columns {
                    $($name: <$column>::with_capacity(rows),)*
                    valid: Validity::with_capacity(rows),
                }
            }

            #[inline]
            fn push(&mut self, parts: Option<&Parts<'_>>) {
                match parts {
                    Some(parts) => {
                        $(PartColumn::push_part(&mut self.$name, &parts.$name);)*
                    }
                    None => {
                        $(self.$name.push(None);)*
                    }
                }
                self.valid.push(parts.is_some());
            }

            fn finish(self) -> Result<StructArray> {
                let columns: Vec<ArrayRef> = vec![$(self.$name.finish()?,)*];
                Ok(StructArray::try_new(FIELDS.clone(), columns, self.valid.finish())?)
            }
        }

        /// The field `index` of each URL of `urls` alone: the other
        /// columns are not built.
        pub(crate) fn evaluate_field(urls: &dyn Array, index: usize) -> Result<ArrayRef> {
            let mut field = 0;
            $(
                if field == index {
                    let mut column = <$column>::with_capacity(urls.len());
                    strings::for_each(urls, |text| match text.map(rfc1738::parse) {
                        Some(Ok(url)) => PartColumn::push_part(&mut column, &parts(&url).$name),
                        _ => PartColumn::push_part(&mut column, &None),
                    })?;
                    return column.finish();
                }
                field += 1;
            )*
            exec_err!("rfc1738_parse has {field} fields, not {}", index + 1)
        }
    };
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
    match FIELDS.iter().position(|field| field.name() == name) {
        Some(index) => Ok(Some(index)),
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

/// A column that takes a part as [`Parts`] holds it.
trait PartColumn<V> {
    fn push_part(&mut self, part: &Option<V>);
}

impl PartColumn<Cow<'_, str>> for TextColumn {
    #[inline]
    fn push_part(&mut self, part: &Option<Cow<'_, str>>) {
        self.push(part.as_deref());
    }
}

impl<T: ArrowPrimitiveType> PartColumn<T::Native> for NumberColumn<T> {
    #[inline]
    fn push_part(&mut self, part: &Option<T::Native>) {
        self.push(*part);
    }
}

parts! {
    /// The scheme name in lower case (section 2.1: case is ignored).
    scheme: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The production the URL matched: `httpurl`, ..., `otherurl`.
    production: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The user name, decoded (ftp, telnet, an `otherurl` with a login).
    user: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The password, decoded.
    password: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The host as written.
    host: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// `hostname` or `hostnumber`.
    host_kind: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The port as written (the BNF sets no bound).
    port: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The port to connect to: the written one, else the scheme's default;
    /// `None` above 65535.
    effective_port: u16, NumberColumn<UInt16Type>, DataType::UInt16;
    /// The path as written: `fpath` (ftp, file), `hpath` (http), `ppath`
    /// (prospero), `urlpath` (an `otherurl` in the common Internet form).
    path: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The path, decoded.
    path_decoded: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The search, decoded (http, gopher, wais).
    search: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The ftp typecode (`;type=`), in lower case.
    typecode: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The gopher type (`1` when the path is empty, 3.4.1).
    gopher_type: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The gopher selector, decoded.
    selector: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The gopher+ string, decoded.
    gopher_plus: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The news group (`*` for all groups) or the nntp group.
    group: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The news article's message id, decoded, or the nntp article's
    /// number as written.
    article: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The nntp article's number, when it fits 64 bits.
    article_number: u64, NumberColumn<UInt64Type>, DataType::UInt64;
    /// The wais database, decoded.
    database: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The wais document's type, decoded.
    wais_type: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The wais document's path, decoded.
    wais_path: Cow<'a, str>, TextColumn, DataType::Utf8;
    /// The mailto address (an RFC 822 addr-spec), decoded.
    mailto: Cow<'a, str>, TextColumn, DataType::Utf8;
}

/// The parts of each URL of `urls`; NULL for a NULL and for a string
/// `rfc1738::parse` rejects.
pub(crate) fn evaluate(urls: &dyn Array) -> Result<ArrayRef> {
    let mut columns = Columns::with_capacity(urls.len());
    strings::for_each(urls, |text| match text.map(rfc1738::parse) {
        Some(Ok(url)) => columns.push(Some(&parts(&url))),
        _ => columns.push(None),
    })?;
    Ok(Arc::new(columns.finish()?))
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

/// The parts of one URL.
pub(crate) fn parts<'a>(url: &Url<'a>) -> Parts<'a> {
    let scheme = url.scheme();
    let mut parts = Parts {
        scheme: Some(match scheme.is_lowercase() {
            true => Cow::Borrowed(scheme.as_str()),
            false => Cow::Owned(scheme.as_str().to_ascii_lowercase()),
        }),
        production: Some(Cow::Borrowed(url.rule().name())),
        user: url.user().map(text),
        password: url.password().map(text),
        effective_port: url.port_or_default(),
        ..Parts::default()
    };
    if let Some(host) = url.host() {
        parts.host = Some(Cow::Borrowed(host.as_str()));
        parts.host_kind = Some(Cow::Borrowed(match host {
            Host::Hostname(_) => "hostname",
            Host::Hostnumber(_) => "hostnumber",
        }));
    }
    if let Some(port) = url.hostport().and_then(|hostport| hostport.port) {
        parts.port = Some(Cow::Borrowed(port.as_str()));
    }
    let path = match url {
        Url::Ftp(ftp) => {
            parts.typecode = ftp.typecode().map(|code| Cow::Owned(code.to_string()));
            ftp.fpath.map(|fpath| fpath.as_str())
        }
        Url::Http(http) => {
            parts.search = http.search().map(text);
            http.hpath.map(|hpath| hpath.as_str())
        }
        Url::File(file) => Some(file.fpath.as_str()),
        Url::Prospero(prospero) => Some(prospero.ppath.as_str()),
        Url::Other(other) => other
            .schemepart
            .ip_schemepart
            .and_then(|ip| ip.urlpath)
            .map(|urlpath| urlpath.as_str()),
        Url::Gopher(gopher) => {
            parts.gopher_type = Some(Cow::Owned(char::from(gopher.gopher_type()).to_string()));
            parts.selector = Some(text(gopher.selector()));
            parts.search = gopher.search().map(text);
            parts.gopher_plus = gopher.gopher_plus_string().map(text);
            None
        }
        Url::News(news) => {
            match news.target() {
                NewsTarget::AllGroups => parts.group = Some(Cow::Borrowed("*")),
                NewsTarget::Group { name } => parts.group = Some(Cow::Borrowed(name)),
                NewsTarget::Article { message_id } => parts.article = Some(text(message_id)),
            }
            None
        }
        Url::Nntp(nntp) => {
            parts.group = Some(Cow::Borrowed(nntp.group_name()));
            parts.article = nntp.article.map(|digits| Cow::Borrowed(digits.as_str()));
            parts.article_number = nntp.article_number();
            None
        }
        Url::Wais(wais) => {
            parts.database = Some(text(wais.database_name()));
            parts.search = wais.search().map(text);
            parts.wais_type = wais.wtype().map(text);
            parts.wais_path = wais.wpath().map(text);
            None
        }
        Url::Mailto(mailto) => {
            parts.mailto = Some(text(mailto.addr_spec()));
            None
        }
        Url::Telnet(_) => None,
    };
    if let Some(path) = path {
        parts.path = Some(Cow::Borrowed(path));
        parts.path_decoded = Some(match rfc1738::decode::decode_utf8(path) {
            Some(decoded) => decoded,
            None => text(rfc1738::decode::decode(path)),
        });
    }
    parts
}
