//! FILE URLs (section 3.10): the host and the path.
//!
//! ```
//! use rfc1738::Url;
//! let Ok(Url::File(url)) = rfc1738::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt")
//!     else { panic!() };
//! assert_eq!(url.host_name(), Some("vms.host.edu"));
//! assert!(!url.is_local());
//! assert_eq!(url.path_segments(), ["disk$user", "my", "notes", "note12345.txt"]);
//! ```

use alloc::vec::Vec;

use crate::decode::Decoded;
use crate::tree::FileUrl;

impl<'a> FileUrl<'a> {
    /// The host as written, `None` when it is empty (`file:///etc`).
    pub fn host_name(&self) -> Option<&'a str> {
        self.host.map(|host| host.as_str())
    }

    /// Whether the URL means "the machine from which the URL is being
    /// interpreted": an empty host or `localhost` (3.10). Host names are
    /// compared without case, as the DNS does.
    ///
    /// ```
    /// use rfc1738::Url;
    /// let Ok(Url::File(url)) = rfc1738::parse("file://localhost/etc/motd") else { panic!() };
    /// assert!(url.is_local());
    /// ```
    pub fn is_local(&self) -> bool {
        self.host_name()
            .map_or(true, |name| name.eq_ignore_ascii_case("localhost"))
    }

    /// The directories and the name, decoded, in order.
    pub fn path_segments(&self) -> Vec<Decoded<'a>> {
        self.fpath
            .segments()
            .map(|segment| segment.decoded())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::semantics::parsed;

    #[test]
    fn section_3_10_vms_file() {
        let text = "file://vms.host.edu/disk$user/my/notes/note12345.txt";
        let url = parsed!(File, text);
        assert_eq!(url.host_name(), Some("vms.host.edu"));
        assert!(!url.is_local());
        assert_eq!(
            url.path_segments(),
            ["disk$user", "my", "notes", "note12345.txt"]
        );
    }

    #[test]
    fn hosts_and_paths() {
        let url = parsed!(File, "file:///etc/a%20b");
        assert!(url.is_local());
        assert_eq!(url.host_name(), None);
        assert_eq!(url.path_segments(), ["etc", "a b"]);
        let url = parsed!(File, "file://LOCALHOST/");
        assert!(url.is_local());
        assert_eq!(url.path_segments(), [""]);
        let url = parsed!(File, "file://10.0.0.1/x");
        assert!(!url.is_local());
    }
}
