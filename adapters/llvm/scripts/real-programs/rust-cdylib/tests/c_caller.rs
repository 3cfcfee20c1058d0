//! Builds `tests/caller.c` with clang-22 against this crate's cdylib (the `.so` cargo
//! wrote beside the test binary, in `deps/`) and checks what it prints.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn a_c_program_calls_the_cdylib() {
    let exe = std::env::current_exe().expect("test binary path");
    // target/.../release/deps/c_caller-HASH, beside deps/libtwins.so
    let dir: PathBuf = exe.parent().expect("deps folder").to_path_buf();
    assert!(dir.join("libtwins.so").exists(), "no libtwins.so in {}", dir.display());
    let out = dir.join("caller");
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("caller.c");
    let st = Command::new("clang-22")
        .args(["-O2", "-fuse-ld=lld"])
        .arg(&src)
        .arg("-L")
        .arg(&dir)
        .args(["-ltwins", "-o"])
        .arg(&out)
        .status()
        .expect("clang-22 runs");
    assert!(st.success());
    let run = Command::new(&out).env("LD_LIBRARY_PATH", &dir).output().expect("caller runs");
    assert!(run.status.success());
    let text = String::from_utf8(run.stdout).expect("utf-8");
    let expected = "mix -6 3579139406 -6 15372286728091293006\n\
                    scale 38 38 39\n\
                    sums -1794967222 -728182478 2147483647\n\
                    table 0: 73\n\
                    table 1: 80\n\
                    table 2: 88\n\
                    apply 10 12 46\n\
                    c twins 0\n";
    print!("{text}");
    assert_eq!(text, expected);
}
