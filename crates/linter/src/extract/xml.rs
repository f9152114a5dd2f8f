//! XML and its kin (`.xml`, `.svg`, `.xsd`, `.plist`, `.csproj`, Maven's
//! `pom.xml`) read as a parser hands them to a program: the text and the
//! attribute values with their character references decoded
//! (`&amp;` is `&`, `&#xE9;` is `é`), a CDATA section as it is written;
//! tags' quotes and angle brackets delimit. Each decoded character is
//! mapped back to the reference it was written as, so a finding points at
//! it and a fix replaces it whole.

use rfc1738::Span;

use super::mapped::Mapped;
use super::reader::{Applicability, Extracted, Options, Reader};
use super::written::entity;

/// XML and its kin.
pub(crate) struct Xml;

impl Reader for Xml {
    fn urls<'a>(
        &self,
        text: &'a str,
        _options: Options,
    ) -> Box<dyn Iterator<Item = Extracted> + 'a> {
        Box::new(urls(text).into_iter())
    }
}

/// The URLs of an XML file, in order. XML is data a program reads (a
/// build's `pom.xml`, a project's `.csproj`): a fix there is unsafe.
pub(crate) fn urls(text: &str) -> Vec<Extracted> {
    let mut read = Mapped::new();
    decode(text, &mut read);
    read.urls()
        .into_iter()
        .map(|url| Extracted {
            url,
            fix: Applicability::Unsafe,
        })
        .collect()
}

/// `text` with its character references decoded, into `out`; inside a
/// CDATA section nothing is a reference.
fn decode(text: &str, out: &mut Mapped) {
    let bytes = text.as_bytes();
    let mut copy_from = 0;
    let mut at = 0;
    while let Some(found) = memchr::memchr2(b'&', b'<', &bytes[at..]) {
        at += found;
        if bytes[at] == b'<' {
            if bytes[at..].starts_with(b"<![CDATA[") {
                at = memchr::memmem::find(&bytes[at..], b"]]>").map_or(bytes.len(), |end| at + end);
            } else {
                at += 1;
            }
            continue;
        }
        match entity(&text[at..]) {
            Some((value, length)) => {
                let source = Span::new(at, at + length);
                copy_from = out.splice(text, copy_from, source, value.encode_utf8(&mut [0; 4]));
                at = copy_from;
            }
            None => at += 1,
        }
    }
    out.copy(&text[copy_from..], copy_from);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Vec<String> {
        urls(text).into_iter().map(|found| found.url.text).collect()
    }

    #[test]
    fn references_are_decoded_in_text_and_attributes() {
        let pom = concat!(
            "<project><url>http://r&#xE9;sum&#xE9;.example.org/</url>\n",
            "<a href=\"http://a.example/?x=1&amp;y=2\"/>\n",
            "<![CDATA[http://b.example/&amp;]]></project>\n",
        );
        // `&#xE9;` is `é`: no `#` starts a fragment there, and a bare URL
        // ends at the first character past ASCII, as in prose; `&amp;` in
        // CDATA is as written (its `;` ends the sentence).
        assert_eq!(
            texts(pom),
            [
                "http://r",
                "http://a.example/?x=1&y=2",
                "http://b.example/&amp"
            ]
        );
        assert!(urls(pom)[0].url.fragment.is_none());
        assert!(urls(pom)
            .iter()
            .all(|found| found.fix == Applicability::Unsafe));
    }

    #[test]
    fn a_reference_is_mapped_back_whole() {
        let text = "<u>http://a.example/&#x7E;b</u>";
        let found = urls(text);
        let url = &found[0].url;
        let tilde = url.text.find('~').unwrap();
        let place = url.original_span(Span::new(tilde, tilde + 1));
        assert_eq!(&text[place.range()], "&#x7E;");
    }
}
