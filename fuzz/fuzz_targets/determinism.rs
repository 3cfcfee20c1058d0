#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = mergefunc_mock::fuzzing::determinism::check_bytes(data);
});
