// Go's net/url on whole URLs, over the protocol of `rfc1738 conformance
// run`. A string is valid when url.Parse returns no error and the URL has a
// scheme and, for a scheme's production (httpurl, ftpurl, ...), that scheme
// (url.Parse lowers its case); url, genericurl and otherurl take any
// scheme.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
)

var scheme = map[string]string{
	"httpurl": "http", "ftpurl": "ftp", "fileurl": "file", "gopherurl": "gopher",
	"mailtourl": "mailto", "newsurl": "news", "nntpurl": "nntp", "telneturl": "telnet",
	"waisurl": "wais", "waisdatabase": "wais", "waisindex": "wais", "waisdoc": "wais",
	"prosperourl": "prospero",
}

var anyScheme = map[string]bool{"url": true, "genericurl": true, "otherurl": true}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadString('\n')
		if strings.TrimSpace(line) == "" && err != nil {
			return
		}
		var request struct{ Rule, Input, Mode, Revision string }
		if err := json.Unmarshal([]byte(line), &request); err != nil {
			fmt.Fprintln(os.Stderr, "neturl: not a request:", err)
			os.Exit(2)
		}
		required, named := scheme[request.Rule]
		if request.Revision != "rfc1738" || !(named || anyScheme[request.Rule]) {
			fmt.Fprintf(os.Stderr, "neturl: %s %s is no whole URL\n", request.Revision, request.Rule)
			os.Exit(2)
		}
		parsed, err := url.Parse(request.Input)
		valid := err == nil && parsed.Scheme != "" &&
			(anyScheme[request.Rule] || strings.EqualFold(parsed.Scheme, required))
		fmt.Fprintf(out, "{\"valid\": %t}\n", valid)
		out.Flush()
	}
}
