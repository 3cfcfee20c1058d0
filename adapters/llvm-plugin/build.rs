//! Compiles the C++ registration glue (`cpp/register.cpp`) against the LLVM 22 headers:
//! `$LLVM_SYS_221_PREFIX/bin/llvm-config` (the repository's `.cargo/config.toml` sets the
//! prefix) or `llvm-config-22` on `PATH`, with that LLVM's `--cxxflags`, `NDEBUG` when it
//! has no assertions, and its own `clang++` when there is one. No LLVM library is linked:
//! the plugin's LLVM symbols stay undefined and bind to the host's LLVM when it loads.

#[path = "../llvm/link_order.rs"]
mod link_order;

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
    // The plugin's own symbol order (its names differ from the command's).
    link_order::link_in_order(&config, "rustc-cdylib-link-arg");
}
