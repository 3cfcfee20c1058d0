#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = mergefunc_mock::fuzzing::cycle_partition::check_bytes(data);
});
