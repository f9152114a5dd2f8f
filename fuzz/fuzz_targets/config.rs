#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rfc1738_fuzz::settings::config(data));
