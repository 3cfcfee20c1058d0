#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = mergefunc_mock::fuzzing::merge_preserves_behaviour::check_bytes(data);
});
