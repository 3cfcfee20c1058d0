//! Compiles the C++ registration glue (`cpp/register.cpp`) against the LLVM 22 headers:
//! `$LLVM_SYS_221_PREFIX/bin/llvm-config` (the repository's `.cargo/config.toml` sets the
//! prefix) or `llvm-config-22` on `PATH`, with that LLVM's `--cxxflags`, `NDEBUG` when it
//! has no assertions, and its own `clang++` when there is one. No LLVM library is linked:
//! the plugin's LLVM symbols stay undefined and bind to the host's LLVM when it loads.

use std::path::PathBuf;
use std::process::Command;

fn llvm_config(llvm_config: &PathBuf, arg: &str) -> String {
    let out = Command::new(llvm_config).arg(arg).output().unwrap_or_else(|e| {
        panic!(
            "mergefunc-llvm-plugin: cannot run {} ({e}); install LLVM 22 (.ci/install-llvm.sh) and set \
             LLVM_SYS_221_PREFIX to its prefix",
            llvm_config.display()
        )
    });
    assert!(out.status.success(), "mergefunc-llvm-plugin: {} {arg} failed", llvm_config.display());
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn main() {
    println!("cargo:rerun-if-changed=cpp/register.cpp");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    let config = match std::env::var("LLVM_SYS_221_PREFIX") {
        Ok(p) if !p.is_empty() => PathBuf::from(p).join("bin/llvm-config"),
        _ => PathBuf::from("llvm-config-22"),
    };
    let version = llvm_config(&config, "--version");
    assert!(
        version.starts_with("22."),
        "mergefunc-llvm-plugin: {} reports LLVM {version:?}; the plugin is for LLVM 22",
        config.display()
    );
    let mut build = cc::Build::new();
    build.cpp(true).file("cpp/register.cpp").warnings(false).pic(true);
    let clang = config.with_file_name("clang++");
    if clang.is_file() && std::env::var_os("CXX").is_none() {
        build.compiler(clang);
    }
    for f in llvm_config(&config, "--cxxflags").split_whitespace() {
        build.flag(f);
    }
    if llvm_config(&config, "--assertion-mode") == "OFF" {
        build.define("NDEBUG", None);
    }
    build.compile("mergefunc_plugin_register");
    // The unit tests run as a program, where nothing provides LLVM: they link it
    // themselves (`#[cfg(test)] #[link(name = "LLVM-22")]` in lib.rs); the plugin itself
    // names no LLVM library, so this search path adds nothing to it.
    println!("cargo:rustc-link-search=native={}", llvm_config(&config, "--libdir"));
    link_in_order(&config);
}

/// Links the plugin with LLVM's `ld.lld` (beside `llvm-config`) and the symbol order of
/// `link-order.txt` when both exist: the functions a merge run executes laid out
/// together, as the `mergefunc` command is (see `adapters/llvm/build.rs`;
/// `adapters/llvm/scripts/gen-link-order.sh` writes the file). `MERGEFUNC_LINK_ORDER=0`
/// links as usual.
fn link_in_order(config: &std::path::Path) {
    println!("cargo:rerun-if-changed=link-order.txt");
    println!("cargo:rerun-if-env-changed=MERGEFUNC_LINK_ORDER");
    if std::env::var_os("MERGEFUNC_LINK_ORDER").is_some_and(|v| v == "0") {
        return;
    }
    let target_ok = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|env| env == "gnu");
    let order = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("link-order.txt");
    let Some(bin) = config.parent() else { return };
    if !target_ok || !order.is_file() || !bin.join("ld.lld").exists() {
        return;
    }
    println!("cargo:rustc-cdylib-link-arg=-B{}", bin.display());
    println!("cargo:rustc-cdylib-link-arg=-fuse-ld=lld");
    println!("cargo:rustc-cdylib-link-arg=-Wl,--symbol-ordering-file={}", order.display());
    println!("cargo:rustc-cdylib-link-arg=-Wl,--no-warn-symbol-ordering");
}
