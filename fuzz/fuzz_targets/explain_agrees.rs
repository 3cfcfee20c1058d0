#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = mergefunc_mock::fuzzing::explain_agrees::check_bytes(data);
});
