#!/usr/bin/perl
# Perl's URI module (Debian liburi-perl), on whole URLs: a string is valid
# when URI->new takes it as it is (it has a scheme, and URI neither escapes
# nor drops any of it: as_string gives the string back) and, for a
# scheme's production (httpurl, ftpurl, ...), when its scheme is that one.
# URI->new never fails: what it cannot take it escapes, which is what this
# adapter counts as a rejection.
use strict;
use warnings;
use JSON::PP;
use URI;

$| = 1;
my %SCHEME = (
    httpurl => 'http', ftpurl => 'ftp', fileurl => 'file',
    gopherurl => 'gopher', mailtourl => 'mailto', newsurl => 'news',
    nntpurl => 'nntp', telneturl => 'telnet', waisurl => 'wais',
    waisdatabase => 'wais', waisindex => 'wais', waisdoc => 'wais',
    prosperourl => 'prospero',
);
my %ANY = map { $_ => 1 } qw(url genericurl otherurl);

my $json = JSON::PP->new->utf8->canonical;
while (my $line = <STDIN>) {
    my $request = $json->decode($line);
    my ($rule, $input) = @$request{qw(rule input)};
    die "uri.pl: $request->{revision} $rule is no whole URL\n"
        unless $request->{revision} eq 'rfc1738' && ($ANY{$rule} || $SCHEME{$rule});
    my $uri = URI->new($input);
    my $scheme = $uri->scheme;
    my $valid = defined $scheme
        && $uri->as_string eq $input
        && ($ANY{$rule} || lc $scheme eq $SCHEME{$rule});
    print $json->encode({ valid => $valid ? JSON::PP::true : JSON::PP::false }), "\n";
}
