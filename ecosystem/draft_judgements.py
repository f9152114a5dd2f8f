#!/usr/bin/env python3
"""Drafts judgements of the ecosystem check's errors and warnings by
kinds, for a person to review before they go into judgements.tsv: each
rule names what RFC 1738's text says of one kind of finding, and was
checked by eye on the findings it covers (a sample of each kind, and every
finding of the kinds that could hide a false one: backslashes, braces,
placeholders). A finding no rule covers is listed for judging by hand.
Nothing here is run by the check itself: a judgement is a claim someone
checked, not a rule's output.

    python3 ecosystem/draft_judgements.py FINDINGS.tsv DRAFT.tsv UNJUDGED.tsv

FINDINGS.tsv: `set/file:line:column code<TAB>message<TAB>URL<TAB>line`,
one error or warning a line.
"""

# The findings no rule above covers, each judged by eye.
MANUAL = {
 "okhttp/okhttp/src/jvmTest/kotlin/okhttp3/HttpUrlJvmTest.kt:53:27 U002": "the string's value is http://${tracker}/ (Kotlin's \\$ escapes the interpolation, so a program reads the braces as written): a host that starts with \"$\" is no hostname of section 3.1",
 "okhttp/okhttp/src/jvmTest/resources/web-platform-test-urltestdata.txt:43:8 U001": "http://&a:foo(b]c@d:2/: a user and password in an http URL, which section 3.3's httpurl does not have, so \"&\" stands where the host starts",
 "okhttp/okhttp/src/jvmTest/resources/web-platform-test-urltestdata.txt:119:12 U002": "file://test: section 3.10's fileurl is \"file://\" [ host | \"localhost\" ] \"/\" fpath, and the \"/\" after the host is not optional",
 "okhttp/okhttp/src/jvmTest/resources/web-platform-test-urltestdata.txt:120:17 U002": "file://localhost: section 3.10's fileurl requires the \"/\" after the host",
}
import re, sys
rows=[l.rstrip('\n').split('\t',3) for l in open(sys.argv[1])]
out=open(sys.argv[2],'w'); unknown=open(sys.argv[3],'w')
def scheme(url): return url.split(':',1)[0].lower()
RULES=[]
def rule(pred, why):
    RULES.append((pred, why))
userinfo=re.compile(r'^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@')
rule(lambda k,m,u,l: k.endswith(('U003',)) and m.startswith(('"[" is unsafe','"]" is unsafe')) and re.search(r'(//|@)\[[0-9A-Fa-fvV:.%]*',u) is not None,
     "an IPv6 or future literal in brackets: RFC 1738's host is a domain name or an IPv4 host number (section 3.1), and \"[\" and \"]\" are unsafe (section 2.2); bracketed literals came with RFC 2732")
rule(lambda k,m,u,l: 'httpurl' in m and userinfo.match(u) is not None and ('hostport > port' in m or 'found "@"' in m or 'found ":"' in m and 'hostnumber' in m),
     "a user or password in an http URL: section 3.3 gives httpurl no user or password (\"http://\" hostport), so the grammar fails at the \"@\" or at the password read as a port")
rule(lambda k,m,u,l: m.startswith('"~" is unsafe') or m.startswith('"~" in the fragment'),
     "\"~\" is among the unsafe characters of section 2.2 and is not encoded")
rule(lambda k,m,u,l: k.endswith('U005'),
     "section 2.1 writes schemes in lower case; the URL as written is not in the preferred form (programs should accept it)")
rule(lambda k,m,u,l: 'httpurl' in m and re.match(r'^https?://[^/?#]*\?',u) is not None and 'found "?"' in m,
     "a search right after the host: section 3.3's httpurl has \"?\" search only after \"/\" hpath")
rule(lambda k,m,u,l: 'in url > httpurl > search' in m and 'found "/"' in m,
     "a \"/\" in an http search: section 3.3's search is *[ uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\" ], without \"/\"")
rule(lambda k,m,u,l: 'found "*"' in m and 'host' in m,
     "\"*\" is no host: section 3.1's host is a hostname or a hostnumber (a wildcard address of a server's configuration, not a URL)")
rule(lambda k,m,u,l: k.endswith('U010'),
     "a port above 65535 names no TCP port (section 3.1's port is the port to connect to)")
rule(lambda k,m,u,l: k.endswith('U011'),
     "the URL holds a password as written (section 3.1 allows one, and the warning is that URLs are shown and logged)")
rule(lambda k,m,u,l: k.endswith('U004'),
     "a character outside US-ASCII's printable range, not encoded: section 2.2 requires %XX")
rule(lambda k,m,u,l: k.endswith('U009'),
     "a host number's part is no octet: section 3.1's hostnumber is four decimal octets")
rule(lambda k,m,u,l: 'found "_"' in m and 'httpurl' in m,
     "\"_\" in a host name: section 3.1's domainlabel is alphadigit | alphadigit *[ alphadigit | \"-\" ] alphadigit")
rule(lambda k,m,u,l: 'hostport > host' in m and ('found "/"' in m or 'found end of input' in m or 'found "%"' in m or 'found "-"' in m or 'found "."' in m or 'found ":"' in m),
     "no host name where section 3.3 requires one: an empty host, an escaped or dotted name, or a label starting with \"-\" (section 3.1's hostname)")
rule(lambda k,m,u,l: 'found "%"' in m and 'httpurl' in m,
     "an escape where section 3.3's httpurl has its host: section 3.1's hostname has no escapes, and an httpurl has no user")
rule(lambda k,m,u,l: 'found "-"' in m and 'httpurl' in m,
     "a range of ports: section 3.1's port is digits")
rule(lambda k,m,u,l: 'in url > httpurl > search' in m and 'found "?"' in m,
     "a second \"?\" in an http search: section 3.3's search is *[ uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\" ], and \"?\" is reserved")
rule(lambda k,m,u,l: 'hostnumber' in m or 'toplabel' in m,
     "neither a host name nor a host number: section 3.1 (a toplabel starts with a letter; a hostnumber is four decimal parts)")
rule(lambda k,m,u,l: m.startswith('"%" does not start an escape') or m.startswith('"%" in the fragment'),
     "a \"%\" not followed by two hex digits: section 2.2 reserves \"%\" for escapes, so a literal \"%\" is written %25")
rule(lambda k,m,u,l: re.match(r'^"[][|^`{}<>"]" (is unsafe|in the fragment)',m) is not None,
     "one of section 2.2's unsafe characters (\"{\", \"}\", \"|\", \"\\\\\", \"^\", \"~\", \"[\", \"]\", \"`\") written unencoded in the URL as the file holds it")
rule(lambda k,m,u,l: m.startswith('"\\" is unsafe') or m.startswith('"\\" in the fragment'),
     "a backslash in the URL as the file holds it (after its language's escapes are read): section 2.2 names \"\\\\\" unsafe")
rule(lambda k,m,u,l: 'hostport > port' in m,
     "the text after the host's \":\" is no port: section 3.1's port is digits")
rule(lambda k,m,u,l: 'U021' in k,
     "an unsafe character in the fragment, unencoded (section 2.2)")
n=0
for key,m,u,l in rows:
    if key in MANUAL:
        out.write(f"{key}\ttrue\t{MANUAL[key]}\n"); n+=1; continue
    for pred,why in RULES:
        if pred(key,m,u,l):
            out.write(f"{key}\ttrue\t{why}\n"); n+=1; break
    else:
        unknown.write(f"{key}\t{m}\t{u}\t{l}\n")
print(n,"judged by rule")
