#!/usr/bin/perl
# Regexp::Common::URI::RFC1738 (Debian libregexp-common-perl): one regular
# expression per production of RFC 1738 section 5 (its "low", "connect"
# and "parts" sets), and the scheme URLs of Regexp::Common::URI with the
# options that follow RFC 1738 (FTP: user and password, typecodes A, D
# and I in either case; gopher: the %09 separators). `url` is $RE{URI},
# any URL the module knows. A string is valid when the whole of it
# matches. The mode is ignored: the module writes scheme names in lower
# case, so compare it in strict mode.
use strict;
use warnings;
use JSON::PP;
use Regexp::Common qw(URI);
use Regexp::Common::URI::RFC1738 qw(:ALL);

$| = 1;
my %RE = (
    digit => $digit, digits => $digits, hialpha => $hialpha,
    lowalpha => $lowalpha, alpha => $alpha, alphadigit => $alphadigit,
    safe => $safe, extra => $extra, national => $national,
    punctuation => $punctuation, unreserved => $unreserved,
    reserved => $reserved, uchar => $uchar, xchar => $xchar, hex => $hex,
    escape => $escape,
    port => $port, hostnumber => $hostnumber, toplabel => $toplabel,
    domainlabel => $domainlabel, hostname => $hostname, host => $host,
    hostport => $hostport, user => $user, password => $password,
    login => $login,
    fsegment => $fsegment, fpath => $fpath, group => $group,
    article => $article, grouppart => $grouppart, search => $search,
    database => $database, wtype => $wtype, wpath => $wpath,
    psegment => $psegment, fieldname => $fieldname,
    fieldvalue => $fieldvalue, fieldspec => $fieldspec, ppath => $ppath,
    httpurl => "$RE{URI}{HTTP}",
    ftpurl => "$RE{URI}{FTP}{-type => '[ADIadi]'}{-password}",
    gopherurl => "$RE{URI}{gopher}{-notab}",
    newsurl => "$RE{URI}{news}",
    nntpurl => "$RE{URI}{NNTP}",
    telneturl => "$RE{URI}{telnet}",
    waisurl => "$RE{URI}{WAIS}",
    prosperourl => "$RE{URI}{prospero}",
    fileurl => "$RE{URI}{file}",
    url => "$RE{URI}",
);
my %anchored = map { $_ => qr/\A(?:$RE{$_})\z/ } keys %RE;

if (@ARGV && $ARGV[0] eq '--rules') {
    print join(' ', sort keys %RE), "\n";
    exit 0;
}
my $json = JSON::PP->new->utf8->canonical;
while (my $line = <STDIN>) {
    my $request = $json->decode($line);
    my ($rule, $input) = @$request{qw(rule input)};
    die "regexp_common.pl: no regular expression for $request->{revision} $rule\n"
        unless $request->{revision} eq 'rfc1738' && $anchored{$rule};
    my $valid = $input =~ $anchored{$rule} ? JSON::PP::true : JSON::PP::false;
    print $json->encode({ valid => $valid }), "\n";
}
