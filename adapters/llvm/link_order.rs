//! The build scripts' shared step (the `mergefunc` command's `build.rs` and the pass
//! plugin's, which includes this file by path): link with LLVM's `ld.lld` and the symbol
//! order of the crate's `link-order.txt`, so that the functions a merge run executes sit
//! together (`scripts/gen-link-order.sh` writes the file; names it lists that the binary
//! lacks are skipped). Only on Linux with glibc, only when both the file and an `ld.lld`
//! beside `llvm-config` exist; `MERGEFUNC_LINK_ORDER=0` links as usual, and
//! `MERGEFUNC_LINK_ORDER=FILE` (an existing file) takes that order instead of the crate's
//! (for experimental builds such as `scripts/pgo-build.sh`). The order changes no output.

use std::path::{Path, PathBuf};

/// Prints the link arguments with cargo's instruction `directive` (`rustc-link-arg-bins`
/// for the command, `rustc-cdylib-link-arg` for the plugin).
pub fn link_in_order(llvm_config: &Path, directive: &str) {
    println!("cargo:rerun-if-changed=link-order.txt");
    println!("cargo:rerun-if-env-changed=MERGEFUNC_LINK_ORDER");
    if std::env::var_os("MERGEFUNC_LINK_ORDER").is_some_and(|v| v == "0") {
        return;
    }
    let target_ok = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|env| env == "gnu");
    let order = match std::env::var_os("MERGEFUNC_LINK_ORDER").map(PathBuf::from) {
        Some(file) if file.is_file() => file,
        _ => PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("link-order.txt"),
    };
    println!("cargo:rerun-if-changed={}", order.display());
    // `llvm-config` from PATH (no prefix set): its directory may not hold LLVM's tools.
    let Some(bin) = llvm_config.parent() else { return };
    if !target_ok || !order.is_file() || !bin.join("ld.lld").exists() {
        return;
    }
    // `-B` makes the C compiler driver that rustc links with find this `ld.lld` for
    // `-fuse-ld=lld` (gcc and clang alike).
    println!("cargo:{directive}=-B{}", bin.display());
    println!("cargo:{directive}=-fuse-ld=lld");
    println!("cargo:{directive}=-Wl,--symbol-ordering-file={}", order.display());
    println!("cargo:{directive}=-Wl,--no-warn-symbol-ordering");
}
