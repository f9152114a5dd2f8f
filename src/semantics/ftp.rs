//! FTP URLs (section 3.2): the directories, the name, the typecode, and the
//! FTP commands the URL stands for.
//!
//! The example of section 3.2.2:
//!
//! ```
//! use rfc1738::Url;
//! let Ok(Url::Ftp(url)) = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd") else { panic!() };
//! assert_eq!(url.user().unwrap(), "myname");
//! assert_eq!(url.cwds(), ["/etc"]);
//! assert_eq!(url.name().unwrap(), "motd");
//! let plan: Vec<String> = url.commands().iter().map(ToString::to_string).collect();
//! assert_eq!(plan, ["USER myname", "PASS <ask the user>", "CWD /etc", "RETR motd"]);
//! ```

use alloc::vec::Vec;
use core::fmt;

use crate::decode::{decode, raw, Decoded};
use crate::tree::FtpUrl;

/// The user name of anonymous FTP (section 3.2.1).
pub const ANONYMOUS_USER: &str = "anonymous";

/// The password [`FtpUrl::commands`] sends for anonymous FTP.
///
/// Section 3.2.1 asks for "the Internet e-mail address of the end user",
/// which a library cannot know: [`FtpUrl::commands_with_email`] takes it.
/// The default has the form of an address (servers that check for an `@`
/// accept it) and gives nothing away about the user.
pub const ANONYMOUS_PASSWORD: &str = "anonymous@";

/// One FTP command of the plan of an FTP URL (sections 3.2.1 to 3.2.3),
/// its argument decoded.
///
/// Display writes the command line without its CR LF, the argument shown
/// with invalid UTF-8 replaced. An argument may hold any octet, CR and LF
/// included: a client must refuse those rather than send them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "command", content = "argument", rename_all = "UPPERCASE")
)]
pub enum FtpCommand<'a> {
    /// `USER name`.
    User(Decoded<'a>),
    /// `PASS password`; `None` when the URL has a user name but no password:
    /// if the server asks for one, the client asks the user (3.2.1).
    Pass(Option<Decoded<'a>>),
    /// `CWD directory`, once per directory of the path, in order; the
    /// argument may be empty (`"CWD "` with a null argument, 3.2.2).
    Cwd(Decoded<'a>),
    /// `TYPE A` or `TYPE I`, from the typecode.
    Type(char),
    /// `RETR name`: fetch the file.
    Retr(Decoded<'a>),
    /// `NLST name`: list the directory (typecode `d`); with an empty name,
    /// `NLST` lists the current directory.
    Nlst(Decoded<'a>),
}

impl FtpCommand<'_> {
    /// The command's name: `USER`, `PASS`, `CWD`, `TYPE`, `RETR` or `NLST`.
    pub fn name(&self) -> &'static str {
        match self {
            FtpCommand::User(_) => "USER",
            FtpCommand::Pass(_) => "PASS",
            FtpCommand::Cwd(_) => "CWD",
            FtpCommand::Type(_) => "TYPE",
            FtpCommand::Retr(_) => "RETR",
            FtpCommand::Nlst(_) => "NLST",
        }
    }

    /// The command line as sent, CR LF included; `None` for a `PASS` whose
    /// password must come from the user.
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        let mut line = self.name().as_bytes().to_vec();
        match self {
            FtpCommand::Pass(None) => return None,
            FtpCommand::Type(code) => line.extend_from_slice(&[b' ', *code as u8]),
            FtpCommand::Nlst(name) if name.is_empty() => {}
            FtpCommand::User(arg)
            | FtpCommand::Pass(Some(arg))
            | FtpCommand::Cwd(arg)
            | FtpCommand::Retr(arg)
            | FtpCommand::Nlst(arg) => {
                line.push(b' ');
                line.extend_from_slice(arg.as_bytes());
            }
        }
        line.extend_from_slice(b"\r\n");
        Some(line)
    }
}

impl fmt::Display for FtpCommand<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FtpCommand::Pass(None) => write!(f, "PASS <ask the user>"),
            FtpCommand::Type(code) => write!(f, "TYPE {code}"),
            FtpCommand::Nlst(name) if name.is_empty() => write!(f, "NLST"),
            FtpCommand::User(arg)
            | FtpCommand::Pass(Some(arg))
            | FtpCommand::Cwd(arg)
            | FtpCommand::Retr(arg)
            | FtpCommand::Nlst(arg) => write!(f, "{} {arg}", self.name()),
        }
    }
}

impl<'a> FtpUrl<'a> {
    /// The user name, decoded (`Some("")` for `ftp://@host/`).
    pub fn user(&self) -> Option<Decoded<'a>> {
        self.login.decoded_user()
    }

    /// The password, decoded (`Some("")` for `ftp://foo:@host/`).
    pub fn password(&self) -> Option<Decoded<'a>> {
        self.login.decoded_password()
    }

    /// The `<cwd>` elements of section 3.2.2, decoded: every segment of
    /// the path but the last. `%2F` inside one decodes to `/`.
    ///
    /// ```
    /// use rfc1738::Url;
    /// let Ok(Url::Ftp(url)) = rfc1738::parse("ftp://myname@host.dom//etc/motd") else { panic!() };
    /// assert_eq!(url.cwds(), ["", "etc"]);
    /// ```
    pub fn cwds(&self) -> Vec<Decoded<'a>> {
        let Some(fpath) = self.fpath else {
            return Vec::new();
        };
        let mut segments: Vec<Decoded<'a>> = fpath.segments().map(|s| s.decoded()).collect();
        segments.pop();
        segments
    }

    /// The `<name>` of section 3.2.2, decoded: the last segment of the
    /// path; `None` when the URL has no path (`ftp://host`), `Some("")`
    /// when the path ends with `/`.
    pub fn name(&self) -> Option<Decoded<'a>> {
        let fpath = self.fpath?;
        fpath.segments().last().map(|segment| segment.decoded())
    }

    /// The typecode in lower case (`a`, `i` or `d`), when the URL has one.
    pub fn typecode(&self) -> Option<char> {
        self.ftptype.map(|code| code.code().to_ascii_lowercase())
    }

    /// The FTP commands the URL stands for (sections 3.2.1 to 3.2.3), with
    /// [`ANONYMOUS_PASSWORD`] as the anonymous password; see
    /// [`FtpUrl::commands_with_email`].
    pub fn commands(&self) -> Vec<FtpCommand<'a>> {
        self.commands_with_email(ANONYMOUS_PASSWORD)
    }

    /// The FTP commands the URL stands for, `email` being the end user's
    /// address, the password of anonymous FTP:
    ///
    /// 1. `USER` and `PASS`: the URL's user and password; with no user,
    ///    `USER anonymous` and `PASS email`; with a user and no password,
    ///    `PASS` is [`FtpCommand::Pass(None)`](FtpCommand::Pass): ask the user.
    /// 2. One `CWD` per `<cwd>`, in order, empty ones included.
    /// 3. For typecode `d`, `NLST name`. Otherwise `TYPE` with the typecode
    ///    (none when the URL has no typecode: section 3.2.3 leaves the
    ///    client to guess), then `RETR name`.
    ///
    /// When the name is empty (`ftp://host/pub/`, or no path at all), the
    /// URL names a directory and there is no file to `RETR`: the plan ends
    /// with `NLST` without argument, as with typecode `d`. That is this
    /// crate's reading; section 3.2.2 does not say.
    ///
    /// ```
    /// use rfc1738::Url;
    /// let Ok(Url::Ftp(url)) = rfc1738::parse("ftp://ftp.isi.edu/in-notes/rfc1738.txt;type=a")
    ///     else { panic!() };
    /// let plan: Vec<String> =
    ///     url.commands_with_email("me@example.org").iter().map(ToString::to_string).collect();
    /// assert_eq!(plan, [
    ///     "USER anonymous",
    ///     "PASS me@example.org",
    ///     "CWD in-notes",
    ///     "TYPE A",
    ///     "RETR rfc1738.txt",
    /// ]);
    /// ```
    pub fn commands_with_email<'b>(&self, email: &'b str) -> Vec<FtpCommand<'b>>
    where
        'a: 'b,
    {
        let mut plan = Vec::new();
        match self.user() {
            Some(user) => {
                plan.push(FtpCommand::User(user));
                plan.push(FtpCommand::Pass(self.password()));
            }
            None => {
                plan.push(FtpCommand::User(raw(ANONYMOUS_USER)));
                plan.push(FtpCommand::Pass(Some(raw(email))));
            }
        }
        plan.extend(self.cwds().into_iter().map(FtpCommand::Cwd));
        let name = self.name().unwrap_or_else(|| decode(""));
        match self.typecode() {
            Some('d') => plan.push(FtpCommand::Nlst(name)),
            _ if name.is_empty() => {
                if let Some(code) = self.typecode() {
                    plan.push(FtpCommand::Type(code.to_ascii_uppercase()));
                }
                plan.push(FtpCommand::Nlst(name));
            }
            code => {
                if let Some(code) = code {
                    plan.push(FtpCommand::Type(code.to_ascii_uppercase()));
                }
                plan.push(FtpCommand::Retr(name));
            }
        }
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::parsed;
    use alloc::string::String;
    use alloc::string::ToString;

    fn ftp(text: &str) -> FtpUrl<'_> {
        parsed!(Ftp, text)
    }

    fn plan(text: &str) -> Vec<String> {
        ftp(text)
            .commands()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn section_3_2_2_root_etc_motd() {
        assert_eq!(
            plan("ftp://myname@host.dom/%2Fetc/motd"),
            [
                "USER myname",
                "PASS <ask the user>",
                "CWD /etc",
                "RETR motd"
            ]
        );
    }

    #[test]
    fn section_3_2_2_relative_etc_motd() {
        assert_eq!(
            plan("ftp://myname@host.dom/etc/motd"),
            ["USER myname", "PASS <ask the user>", "CWD etc", "RETR motd"]
        );
    }

    #[test]
    fn section_3_2_2_null_cwd_then_etc_motd() {
        let url = ftp("ftp://myname@host.dom//etc/motd");
        let commands = url.commands();
        assert_eq!(commands[2], FtpCommand::Cwd(decode("")));
        assert_eq!(commands[2].to_string(), "CWD ");
        assert_eq!(commands[2].to_bytes().unwrap(), b"CWD \r\n");
        assert_eq!(
            plan("ftp://myname@host.dom//etc/motd"),
            [
                "USER myname",
                "PASS <ask the user>",
                "CWD ",
                "CWD etc",
                "RETR motd"
            ]
        );
    }

    #[test]
    fn anonymous_defaults() {
        assert_eq!(
            plan("ftp://host.dom/pub/file.txt"),
            [
                "USER anonymous",
                "PASS anonymous@",
                "CWD pub",
                "RETR file.txt"
            ]
        );
        let url = ftp("ftp://host.dom/file.txt");
        let commands = url.commands_with_email("ann@example.org");
        assert_eq!(commands[1].to_bytes().unwrap(), b"PASS ann@example.org\r\n");
    }

    #[test]
    fn empty_user_and_password_are_sent() {
        assert_eq!(
            plan("ftp://@host.com/f"),
            ["USER ", "PASS <ask the user>", "RETR f"]
        );
        assert_eq!(
            plan("ftp://foo:@host.com/f"),
            ["USER foo", "PASS ", "RETR f"]
        );
        assert_eq!(
            plan("ftp://foo:b%40r@host.com/f"),
            ["USER foo", "PASS b@r", "RETR f"]
        );
    }

    #[test]
    fn typecodes() {
        assert_eq!(
            plan("ftp://h.com/a/b;type=I"),
            [
                "USER anonymous",
                "PASS anonymous@",
                "CWD a",
                "TYPE I",
                "RETR b"
            ]
        );
        assert_eq!(
            plan("ftp://h.com/a/b;type=d"),
            ["USER anonymous", "PASS anonymous@", "CWD a", "NLST b"]
        );
        assert_eq!(ftp("ftp://h.com/a;type=D").typecode(), Some('d'));
        assert_eq!(ftp("ftp://h.com/a").typecode(), None);
    }

    #[test]
    fn directories_without_a_name_are_listed() {
        assert_eq!(
            plan("ftp://h.com"),
            ["USER anonymous", "PASS anonymous@", "NLST"]
        );
        assert_eq!(
            plan("ftp://h.com/"),
            ["USER anonymous", "PASS anonymous@", "NLST"]
        );
        assert_eq!(
            plan("ftp://h.com/pub/;type=a"),
            [
                "USER anonymous",
                "PASS anonymous@",
                "CWD pub",
                "TYPE A",
                "NLST"
            ]
        );
        assert_eq!(ftp("ftp://h.com").name(), None);
        assert_eq!(ftp("ftp://h.com/").name().unwrap(), "");
    }

    #[test]
    fn semicolon_and_slash_are_decoded_inside_arguments() {
        let url = ftp("ftp://h.com/a%2Fb%3Bc/x%3Btype=a");
        assert_eq!(url.cwds(), ["a/b;c"]);
        assert_eq!(url.name().unwrap(), "x;type=a");
        assert_eq!(url.typecode(), None);
    }

    #[test]
    fn the_address_may_live_shorter_than_the_url() {
        let url = ftp("ftp://h.com/f");
        let first = {
            let email = String::from("ann@example.org");
            url.commands_with_email(&email)[1].to_string()
        };
        assert_eq!(first, "PASS ann@example.org");
    }

    #[test]
    fn pass_without_password_has_no_bytes() {
        assert_eq!(FtpCommand::Pass(None).to_bytes(), None);
        assert_eq!(FtpCommand::Type('A').to_bytes().unwrap(), b"TYPE A\r\n");
        assert_eq!(
            FtpCommand::Nlst(decode("")).to_bytes().unwrap(),
            b"NLST\r\n"
        );
    }

    #[test]
    fn arguments_are_octets() {
        let url = ftp("ftp://h.com/%FF");
        assert_eq!(url.name().unwrap().as_bytes(), &[0xFF]);
        assert_eq!(url.commands()[2].to_bytes().unwrap(), b"RETR \xFF\r\n");
    }
}
