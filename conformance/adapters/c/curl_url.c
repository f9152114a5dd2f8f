/* libcurl's URL API on whole URLs, over the protocol of `rfc1738
 * conformance run`. A string is valid when
 * curl_url_set(handle, CURLUPART_URL, input, CURLU_NON_SUPPORT_SCHEME)
 * returns CURLUE_OK (the flag lets a scheme curl has no protocol for be
 * parsed by the generic syntax: what is judged is the parser, not the
 * protocols of this build) and, for a scheme's production (httpurl,
 * ftpurl, ...), the scheme curl reads is that one; url, genericurl and
 * otherurl take any scheme. A string with a NUL character is rejected:
 * the API takes C strings.
 *
 * cc -O2 -o curl_url curl_url.c -lcurl
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

static const char *const SCHEMES[][2] = {
    {"httpurl", "http"},       {"ftpurl", "ftp"},       {"fileurl", "file"},
    {"gopherurl", "gopher"},   {"mailtourl", "mailto"}, {"newsurl", "news"},
    {"nntpurl", "nntp"},       {"telneturl", "telnet"}, {"waisurl", "wais"},
    {"waisdatabase", "wais"},  {"waisindex", "wais"},   {"waisdoc", "wais"},
    {"prosperourl", "prospero"},
};

/* The scheme a production requires; "" for any; NULL for no whole URL. */
static const char *required_scheme(const char *rule) {
    if (!strcmp(rule, "url") || !strcmp(rule, "genericurl") || !strcmp(rule, "otherurl"))
        return "";
    for (size_t i = 0; i < sizeof SCHEMES / sizeof SCHEMES[0]; i++)
        if (!strcmp(rule, SCHEMES[i][0]))
            return SCHEMES[i][1];
    return NULL;
}

static void fail(const char *why, const char *line) {
    fprintf(stderr, "curl_url: %s: %s", why, line);
    exit(2);
}

static void put_utf8(char **out, unsigned long c) {
    unsigned char *o = (unsigned char *)*out;
    if (c < 0x80) {
        *o++ = (unsigned char)c;
    } else if (c < 0x800) {
        *o++ = 0xC0 | (c >> 6);
        *o++ = 0x80 | (c & 0x3F);
    } else if (c < 0x10000) {
        *o++ = 0xE0 | (c >> 12);
        *o++ = 0x80 | ((c >> 6) & 0x3F);
        *o++ = 0x80 | (c & 0x3F);
    } else {
        *o++ = 0xF0 | (c >> 18);
        *o++ = 0x80 | ((c >> 12) & 0x3F);
        *o++ = 0x80 | ((c >> 6) & 0x3F);
        *o++ = 0x80 | (c & 0x3F);
    }
    *out = (char *)o;
}

/* The JSON string starting at *at (after its quote), decoded to UTF-8 in
 * out (as long as the JSON text at least); *nul is set when it holds
 * U+0000. */
static const char *json_string(const char *at, char *out, int *nul, const char *line) {
    while (*at && *at != '"') {
        if (*at != '\\') {
            *out++ = *at++;
            continue;
        }
        at++;
        unsigned long c;
        switch (*at++) {
        case 'n': *out++ = '\n'; break;
        case 't': *out++ = '\t'; break;
        case 'r': *out++ = '\r'; break;
        case 'b': *out++ = '\b'; break;
        case 'f': *out++ = '\f'; break;
        case 'u':
            c = strtoul((char[]){at[0], at[1], at[2], at[3], 0}, NULL, 16);
            at += 4;
            if (c >= 0xD800 && c < 0xDC00 && at[0] == '\\' && at[1] == 'u') {
                unsigned long low = strtoul((char[]){at[2], at[3], at[4], at[5], 0}, NULL, 16);
                at += 6;
                c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
            }
            if (c == 0)
                *nul = 1;
            put_utf8(&out, c);
            break;
        default: *out++ = at[-1];
        }
    }
    if (*at != '"')
        fail("an unterminated string", line);
    *out = 0;
    return at + 1;
}

/* The value of "key" in the flat JSON object `line`, into out. */
static int field(const char *line, const char *key, char *out, int *nul) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    const char *at = line;
    /* A key is a string right after { or , (values cannot hold these
     * patterns unescaped at such a place: the harness writes no spaces). */
    while ((at = strstr(at, pattern)) != NULL) {
        if (at > line && (at[-1] == '{' || at[-1] == ',')) {
            at += strlen(pattern);
            while (isspace((unsigned char)*at) || *at == ':')
                at++;
            if (*at != '"')
                fail("a value that is not a string", line);
            json_string(at + 1, out, nul, line);
            return 1;
        }
        at++;
    }
    return 0;
}

int main(void) {
    size_t capacity = 0;
    char *line = NULL;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        char *rule = malloc(length + 1), *input = malloc(length + 1), *revision = malloc(length + 1);
        int nul = 0, ignored = 0;
        if (!field(line, "rule", rule, &ignored) || !field(line, "input", input, &nul) ||
            !field(line, "revision", revision, &ignored))
            fail("not a request", line);
        const char *required = required_scheme(rule);
        if (strcmp(revision, "rfc1738") || !required)
            fail("no whole URL", line);
        int valid = 0;
        /* A new handle for each string: a handle that holds a URL would
         * resolve a relative string against it. */
        CURLU *url = curl_url();
        if (!url)
            fail("curl_url() failed", line);
        if (!nul && curl_url_set(url, CURLUPART_URL, input, CURLU_NON_SUPPORT_SCHEME) == CURLUE_OK) {
            char *scheme = NULL;
            if (curl_url_get(url, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK) {
                valid = !*required || !strcasecmp(scheme, required);
                curl_free(scheme);
            }
        }
        curl_url_cleanup(url);
        printf("{\"valid\": %s}\n", valid ? "true" : "false");
        fflush(stdout);
        free(rule);
        free(input);
        free(revision);
    }
    free(line);
    return 0;
}
