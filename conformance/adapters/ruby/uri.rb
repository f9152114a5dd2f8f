# Ruby's URI (its default parser, URI::RFC3986_Parser) on whole URLs, over
# the protocol of `rfc1738 conformance run`. A string is valid when
# URI.parse raises no error (URI::Error, ArgumentError) and the URI has a scheme and,
# for a scheme's production (httpurl, ftpurl, ...), that scheme; url,
# genericurl and otherurl take any scheme.
require 'json'
require 'uri'

SCHEME = {
  'httpurl' => 'http', 'ftpurl' => 'ftp', 'fileurl' => 'file',
  'gopherurl' => 'gopher', 'mailtourl' => 'mailto', 'newsurl' => 'news',
  'nntpurl' => 'nntp', 'telneturl' => 'telnet', 'waisurl' => 'wais',
  'waisdatabase' => 'wais', 'waisindex' => 'wais', 'waisdoc' => 'wais',
  'prosperourl' => 'prospero'
}.freeze
ANY = %w[url genericurl otherurl].freeze

$stdout.sync = true
$stdin.each_line do |line|
  request = JSON.parse(line)
  rule = request['rule']
  unless request['revision'] == 'rfc1738' && (ANY.include?(rule) || SCHEME.key?(rule))
    warn "uri.rb: #{request['revision']} #{rule} is no whole URL"
    exit 2
  end
  valid = begin
    uri = URI.parse(request['input'])
    !uri.scheme.nil? && (ANY.include?(rule) || uri.scheme.downcase == SCHEME[rule])
  rescue URI::Error, ArgumentError
    false
  end
  puts JSON.generate({ 'valid' => valid })
end
