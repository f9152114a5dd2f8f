<?php
// PHP's parse_url on whole URLs, over the protocol of `rfc1738 conformance
// run`. A string is valid when parse_url does not return false (it does so
// only for "seriously malformed" URLs) and finds a scheme and, for a
// scheme's production (httpurl, ftpurl, ...), that scheme; url, genericurl
// and otherurl take any scheme.
$SCHEME = [
    'httpurl' => 'http', 'ftpurl' => 'ftp', 'fileurl' => 'file',
    'gopherurl' => 'gopher', 'mailtourl' => 'mailto', 'newsurl' => 'news',
    'nntpurl' => 'nntp', 'telneturl' => 'telnet', 'waisurl' => 'wais',
    'waisdatabase' => 'wais', 'waisindex' => 'wais', 'waisdoc' => 'wais',
    'prosperourl' => 'prospero',
];
$ANY = ['url' => true, 'genericurl' => true, 'otherurl' => true];

while (($line = fgets(STDIN)) !== false) {
    $request = json_decode($line, true);
    $rule = $request['rule'];
    if ($request['revision'] !== 'rfc1738' || !(isset($ANY[$rule]) || isset($SCHEME[$rule]))) {
        fwrite(STDERR, "parse_url.php: {$request['revision']} $rule is no whole URL\n");
        exit(2);
    }
    $parts = parse_url($request['input']);
    $valid = $parts !== false && isset($parts['scheme'])
        && (isset($ANY[$rule]) || strtolower($parts['scheme']) === $SCHEME[$rule]);
    echo json_encode(['valid' => $valid]), "\n";
    fflush(STDOUT);
}
