//! Compiles the C++ shim (`shim/mergefunc_shim.cpp`, `shim/parse.cpp`) when the `llvm` feature is on,
//! against the LLVM 22 that llvm-sys links: `$LLVM_SYS_221_PREFIX` (the workspace's
//! `.cargo/config.toml` sets it) or, failing that, `llvm-config-22` on `PATH`. The flags
//! are that LLVM's `llvm-config --cxxflags`, plus `NDEBUG` when that LLVM has no
//! assertions; the compiler is its own `clang++` when it has one, else the `cc` crate's
//! default C++ compiler.
//!
//! The `mergefunc` command is linked with that LLVM's `ld.lld` when it has one, with the
//! functions a merge run executes laid out first, in the order of `link-order.txt` (see
//! `scripts/gen-link-order.sh`; `link_order.rs`): most runs read small modules, and there the time goes
//! to fetching code the process has not run yet, which packed together costs less
//! (docs/performance-little-merges.md, "Cold code"). The order changes no output; names
//! the file lists that the binary lacks are skipped. `MERGEFUNC_LINK_ORDER=0` links as
//! usual.

#[path = "link_order.rs"]
mod link_order;

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=shim/mergefunc_shim.cpp");
    println!("cargo:rerun-if-changed=shim/parse.cpp");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    if std::env::var_os("CARGO_FEATURE_LLVM").is_none() {
        return;
    }
    let llvm_config = match std::env::var("LLVM_SYS_221_PREFIX") {
        Ok(p) if !p.is_empty() => PathBuf::from(p).join("bin/llvm-config"),
        _ => PathBuf::from("llvm-config-22"),
    };
    let out = Command::new(&llvm_config).arg("--cxxflags").output().unwrap_or_else(|e| {
        panic!(
            "mergefunc-llvm: cannot run {} ({e}); install LLVM 22 (.ci/install-llvm.sh) and set \
             LLVM_SYS_221_PREFIX to its prefix",
            llvm_config.display()
        )
    });
    assert!(out.status.success(), "mergefunc-llvm: {} --cxxflags failed", llvm_config.display());
    let flags = String::from_utf8_lossy(&out.stdout).into_owned();
    let version = Command::new(&llvm_config)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    assert!(
        version.starts_with("22."),
        "mergefunc-llvm: {} reports LLVM {version:?}; the shim needs LLVM 22",
        llvm_config.display()
    );
    let mut build = cc::Build::new();
    build.cpp(true).file("shim/mergefunc_shim.cpp").file("shim/parse.cpp").warnings(false);
    let clang = llvm_config.with_file_name("clang++");
    if clang.is_file() && std::env::var_os("CXX").is_none() {
        build.compiler(clang);
    }
    for f in flags.split_whitespace() {
        build.flag(f);
    }
    // An LLVM built without assertions (Debian's among them) was compiled with NDEBUG, and
    // `llvm-config --cxxflags` does not say so: without it, every assertion of the LLVM
    // headers inlined into the shim (bounds checks of `SmallVector`, `cast<>` checks) runs
    // in the prescan's inner loop. Layout-changing checks are tied to
    // LLVM_ENABLE_ABI_BREAKING_CHECKS, which the installed headers fix, not to NDEBUG.
    let assertions = Command::new(&llvm_config)
        .arg("--assertion-mode")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    if assertions == "OFF" {
        build.define("NDEBUG", None);
    }
    build.compile("mergefunc_shim");
    link_order::link_in_order(&llvm_config, "rustc-link-arg-bins");
}
