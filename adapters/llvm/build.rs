//! Compiles the C++ shim (`shim/mergefunc_shim.cpp`, `shim/parse.cpp`) when the `llvm` feature is on,
//! against the LLVM 22 that llvm-sys links: `$LLVM_SYS_221_PREFIX` (the workspace's
//! `.cargo/config.toml` sets it) or, failing that, `llvm-config-22` on `PATH`. The flags
//! are that LLVM's `llvm-config --cxxflags`, plus `NDEBUG` when that LLVM has no
//! assertions; the compiler is its own `clang++` when it has one, else the `cc` crate's
//! default C++ compiler.
//!
//! The `mergefunc` command is linked with that LLVM's `ld.lld` when it has one, with the
//! functions a merge run executes laid out first, in the order of `link-order.txt` (see
//! `scripts/gen-link-order.sh`): most runs read small modules, and there the time goes
//! to fetching code the process has not run yet, which packed together costs less
//! (docs/performance-little-merges.md, "Cold code"). The order changes no output; names
//! the file lists that the binary lacks are skipped. `MERGEFUNC_LINK_ORDER=0` links as
//! usual.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=shim/mergefunc_shim.cpp");
    println!("cargo:rerun-if-changed=shim/parse.cpp");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    println!("cargo:rerun-if-changed=link-order.txt");
    println!("cargo:rerun-if-env-changed=MERGEFUNC_LINK_ORDER");
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
    link_in_order(&llvm_config);
}

/// Links the `mergefunc` binary with LLVM's `ld.lld` (found beside `llvm-config`) and the
/// symbol order of `link-order.txt`, when both exist (see the module docs).
fn link_in_order(llvm_config: &std::path::Path) {
    if std::env::var_os("MERGEFUNC_LINK_ORDER").is_some_and(|v| v == "0") {
        return;
    }
    let target_ok = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|env| env == "gnu");
    let order = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("link-order.txt");
    let Some(bin) = llvm_config.parent() else { return };
    // `llvm-config` from PATH (no prefix set): its directory may not hold LLVM's tools.
    let lld = bin.join("ld.lld");
    if !target_ok || !order.is_file() || !lld.exists() {
        return;
    }
    // `-B` makes the C compiler driver that rustc links with find this `ld.lld` for
    // `-fuse-ld=lld` (gcc and clang alike).
    println!("cargo:rustc-link-arg-bins=-B{}", bin.display());
    println!("cargo:rustc-link-arg-bins=-fuse-ld=lld");
    println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}", order.display());
    println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
}
