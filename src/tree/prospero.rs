//! Nodes of PROSPERO URLs (section 3.11).

use crate::rule::Rule;
use crate::span::{Place, Span};
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, node, path_node, split_parts, structure_node, Hostport, Scheme};

structure_node! {
    /// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`
    ProsperoUrl => Prosperourl {
        pub(crate) fieldspecs: (&'a str, Span),
        /// The scheme name of the `"prospero://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// Host and port.
        pub hostport: Hostport<'a>,
        /// The path (the hsoname).
        pub ppath: Ppath<'a>,
    }
}

impl<'a> ProsperoUrl<'a> {
    /// The `;name=value` field specs, in order.
    pub fn fieldspecs(&self) -> impl Iterator<Item = Fieldspec<'a>> + 'a {
        let (text, span) = self.fieldspecs;
        // The text starts with the ";" of the first field spec.
        split_parts(text, span, ';')
            .skip(1)
            .map(move |(part, part_span)| {
                let semicolon = part_span.start - 1;
                let relative = semicolon - span.start;
                Fieldspec::from_parts(
                    &text[relative..relative + 1 + part.len()],
                    Span::new(semicolon, part_span.end),
                )
            })
    }

    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        let head = [
            Some(self.scheme.syntax()),
            Some(self.hostport.syntax()),
            Some(self.ppath.syntax()),
        ];
        let fields = self.fieldspecs().map(|field| Some(field.syntax()));
        node(
            Rule::Prosperourl,
            self.span(),
            self.as_str(),
            head.into_iter().chain(fields),
        )
    }
}

path_node! {
    /// `ppath = psegment *[ "/" psegment ]`
    Ppath => Ppath of Psegment
}

leaf_node! {
    /// `psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
    Psegment => Psegment
}

structure_node! {
    /// `fieldspec = ";" fieldname "=" fieldvalue`
    Fieldspec => Fieldspec {
        /// The name before `=`.
        pub fieldname: Fieldname<'a>,
        /// The value after `=`.
        pub fieldvalue: Fieldvalue<'a>,
    }
    children: fieldname, fieldvalue;
}

impl<'a> Fieldspec<'a> {
    /// `text` is the whole field spec, `;` included.
    fn from_parts(text: &'a str, span: Span) -> Self {
        // A fieldname holds no "=", so the first one separates the two.
        let equals = text.find('=').unwrap_or(text.len());
        let value_start = (equals + 1).min(text.len());
        Fieldspec {
            place: Place::exact(text, span),
            fieldname: Fieldname::new(
                &text[1..equals],
                Span::new(span.start + 1, span.start + equals),
            ),
            fieldvalue: Fieldvalue::new(
                &text[value_start..],
                Span::new(span.start + value_start, span.end),
            ),
        }
    }
}

leaf_node! {
    /// `fieldname = *[ uchar | "?" | ":" | "@" | "&" ]`
    Fieldname => Fieldname
}

leaf_node! {
    /// `fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ]`
    Fieldvalue => Fieldvalue
}
