#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = mergefunc_mock::fuzzing::text_roundtrip::check_bytes(data);
});
