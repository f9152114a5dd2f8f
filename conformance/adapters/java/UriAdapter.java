// Java's java.net.URI (RFC 2396, with the deviations its documentation
// lists) on whole URLs, over the protocol of `rfc1738 conformance run`.
// A string is valid when `new URI(input)` throws no URISyntaxException and
// the URI is absolute (it has a scheme) and, for a scheme's production
// (httpurl, ftpurl, ...), its scheme is that one; url, genericurl and
// otherurl take any scheme.
//
// Run with the JDK's source launcher: `java UriAdapter.java` (JDK 11 or
// later). The JDK has no JSON reader: the requests, flat objects of
// strings, are read by the small reader below.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

public class UriAdapter {
    static final Map<String, String> SCHEME = new HashMap<>();
    static final Set<String> ANY = Set.of("url", "genericurl", "otherurl");

    static {
        String[][] pairs = {
            {"httpurl", "http"}, {"ftpurl", "ftp"}, {"fileurl", "file"},
            {"gopherurl", "gopher"}, {"mailtourl", "mailto"}, {"newsurl", "news"},
            {"nntpurl", "nntp"}, {"telneturl", "telnet"}, {"waisurl", "wais"},
            {"waisdatabase", "wais"}, {"waisindex", "wais"}, {"waisdoc", "wais"},
            {"prosperourl", "prospero"},
        };
        for (String[] pair : pairs) {
            SCHEME.put(pair[0], pair[1]);
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        String line;
        while ((line = in.readLine()) != null) {
            Map<String, String> request = new Reader(line).object();
            String rule = request.get("rule");
            if (!"rfc1738".equals(request.get("revision"))
                    || !(ANY.contains(rule) || SCHEME.containsKey(rule))) {
                System.err.println("UriAdapter: " + request.get("revision") + " " + rule + " is no whole URL");
                System.exit(2);
            }
            boolean valid;
            try {
                URI uri = new URI(request.get("input"));
                String scheme = uri.getScheme();
                valid = scheme != null
                        && (ANY.contains(rule) || scheme.equalsIgnoreCase(SCHEME.get(rule)));
            } catch (URISyntaxException error) {
                valid = false;
            }
            out.print("{\"valid\": " + valid + "}\n");
            out.flush();
        }
    }

    /** A JSON object whose values are strings, as the harness writes a request. */
    static final class Reader {
        private final String text;
        private int at;

        Reader(String text) {
            this.text = text;
        }

        Map<String, String> object() {
            Map<String, String> object = new HashMap<>();
            expect('{');
            skip();
            if (peek() == '}') {
                return object;
            }
            while (true) {
                skip();
                String key = string();
                skip();
                expect(':');
                skip();
                object.put(key, string());
                skip();
                if (peek() == ',') {
                    at++;
                    continue;
                }
                expect('}');
                return object;
            }
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                char c = text.charAt(at++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char e = text.charAt(at++);
                switch (e) {
                    case 'n': out.append('\n'); break;
                    case 't': out.append('\t'); break;
                    case 'r': out.append('\r'); break;
                    case 'b': out.append('\b'); break;
                    case 'f': out.append('\f'); break;
                    // A UTF-16 unit: a pair of them is a surrogate pair, as in Java.
                    case 'u': out.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; break;
                    default: out.append(e);
                }
            }
        }

        private char peek() {
            return text.charAt(at);
        }

        private void skip() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        private void expect(char c) {
            if (text.charAt(at) != c) {
                throw new IllegalArgumentException("expected " + c + " at " + at + " of " + text);
            }
            at++;
        }
    }
}
