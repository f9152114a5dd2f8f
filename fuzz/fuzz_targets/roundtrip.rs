#![no_main]
libfuzzer_sys::fuzz_target!(|input: rfc1738_fuzz::RoundTrip<'_>| rfc1738_fuzz::roundtrip(input));
