#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rfc1738_fuzz::readers::lint_one_of(
    rfc1738_fuzz::readers::CODE_READERS,
    data
));
