//! PROSPERO URLs (section 3.11): the hsoname and the field/value pairs.
//!
//! ```
//! use rfc1738::Url;
//! // Section 3.11: "designates a <hsoname> of "/pros/name"".
//! let Ok(Url::Prospero(url)) = rfc1738::parse("prospero://host.dom//pros/name") else { panic!() };
//! assert_eq!(url.hsoname(), "/pros/name");
//! assert_eq!(url.port_or_default(), Some(1525));
//! ```

use alloc::vec::Vec;

use crate::decode::Decoded;
use crate::tree::ProsperoUrl;

/// A `;<field>=<value>` pair of a prospero URL, decoded.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Field<'a> {
    /// The field name.
    pub name: Decoded<'a>,
    /// The value.
    pub value: Decoded<'a>,
}

impl<'a> ProsperoUrl<'a> {
    /// The `<hsoname>`, decoded: the whole path, `/` included (it has no
    /// significance to the client, 3.11).
    pub fn hsoname(&self) -> Decoded<'a> {
        self.ppath.decoded()
    }

    /// The field/value pairs, decoded, in order.
    ///
    /// ```
    /// use rfc1738::Url;
    /// let Ok(Url::Prospero(url)) =
    ///     rfc1738::parse("prospero://host.dom//pros/name;OBJECT-VERSION=3") else { panic!() };
    /// let fields = url.fields();
    /// assert_eq!(fields[0].name, "OBJECT-VERSION");
    /// assert_eq!(fields[0].value, "3");
    /// ```
    pub fn fields(&self) -> Vec<Field<'a>> {
        self.fieldspecs()
            .map(|spec| Field {
                name: spec.fieldname.decoded(),
                value: spec.fieldvalue.decoded(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::semantics::parsed;
    use alloc::string::String;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    #[test]
    fn section_3_11_hsoname_with_initial_slash() {
        let url = parsed!(Prospero, "prospero://host.dom//pros/name");
        assert_eq!(url.hsoname(), "/pros/name");
        assert_eq!(url.port_or_default(), Some(1525));
        assert!(url.fields().is_empty());
    }

    #[test]
    fn hsoname_and_fields() {
        let url = parsed!(Prospero, "prospero://h.com/a%3Bb/c;x=1;y%3D=%3B;=");
        assert_eq!(url.hsoname(), "a;b/c");
        let fields: Vec<(String, String)> = url
            .fields()
            .iter()
            .map(|f| (f.name.to_string(), f.value.to_string()))
            .collect();
        assert_eq!(
            fields,
            [
                ("x".into(), "1".into()),
                ("y=".into(), ";".into()),
                ("".into(), "".into())
            ]
        );
        let url = parsed!(Prospero, "prospero://h.com/");
        assert_eq!(url.hsoname(), "");
        assert!(url.fields().is_empty());
    }
}
