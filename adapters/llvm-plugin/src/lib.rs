//! # libmergefunc_plugin.so
//!
//! mergefunc as an LLVM 22 pass plugin: one shared object that `opt-22`
//! (`-load-pass-plugin`), `clang-22` (`-fpass-plugin`), `ld.lld-22`
//! (`--load-pass-plugin`, for LTO links of C, C++ and Rust) and rustc (`-Z llvm-plugins`)
//! load. It registers the module pass `mergefunc-rs` (parameters in [`params`]) and adds
//! it to the host's pipeline where the whole program, or the whole module, is optimised:
//! FullLTOLastEP for a full-LTO link, OptimizerLastEP for builds without LTO and for
//! ThinLTO backends, never in a pre-link phase nor at -O0 (`MERGEFUNC_PLUGIN_AUTO` turns
//! this off). See docs/plugin.md.
//!
//! Invariants:
//! - LLVM is not linked: its symbols bind to the host's LLVM when the plugin loads, and
//!   [`llvmGetPassPluginInfo`] refuses any host whose LLVM major is not 22 ([`host`]).
//! - No panic crosses into the host: every `extern "C"` function catches unwinding (the
//!   crate is built with `panic = "unwind"`) and reports failure as a status and a
//!   message, which the glue hands to the module's `LLVMContext::emitError`.
//! - The pass runs on the host's module in place ([`mergefunc_llvm::LlvmModule::from_borrowed`]):
//!   it frees nothing it did not create and deletes what it erases.

// Every `unsafe` block says why it is sound (as in `mergefunc-llvm`).
#![deny(clippy::undocumented_unsafe_blocks)]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

pub mod host;
pub mod linked;
pub mod params;

use inkwell::llvm_sys::core as c;
use inkwell::llvm_sys::prelude::LLVMModuleRef;
use mergefunc::Module;
use params::{Origin, Params};
use std::ffi::{c_void, CString};
use std::io::Write;
use std::os::raw::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::Instant;

/// LLVM 22's `PassPluginLibraryInfo` (`llvm/Plugins/PassPlugin.h`, plugin API version 2).
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_callbacks: Option<unsafe extern "C" fn(*mut c_void)>,
    pre_codegen: Option<unsafe extern "C" fn()>,
}

/// `LLVM_PLUGIN_API_VERSION` of LLVM 22.
const PLUGIN_API_VERSION: u32 = 2;

// The unit tests are a program of their own: there, LLVM comes from libLLVM.
#[cfg(test)]
#[link(name = "LLVM-22")]
extern "C" {}

extern "C" {
    /// `cpp/register.cpp`: registers the pass with a `PassBuilder &`.
    fn mergefunc_plugin_register(pb: *mut c_void);
}

/// The entry point hosts look up. On a host whose LLVM major is not 22 it prints why and
/// answers API version 0, which every host refuses ("Wrong API version").
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    let refusal = catch_unwind(|| host::refusal(host::llvm_version())).unwrap_or_else(|_| {
        Some("libmergefunc_plugin: cannot tell which LLVM this program runs; not loading".to_string())
    });
    let accepted = match refusal {
        Some(why) => {
            let _ = writeln!(std::io::stderr(), "{why}");
            false
        }
        None => true,
    };
    PassPluginLibraryInfo {
        api_version: if accepted { PLUGIN_API_VERSION } else { 0 },
        plugin_name: c"mergefunc-rs".as_ptr(),
        plugin_version: c"0.1.0".as_ptr(),
        register_callbacks: if accepted { Some(mergefunc_plugin_register) } else { None },
        pre_codegen: None,
    }
}

/// A message for the glue (freed by [`mergefunc_plugin_free_message`]).
fn message(text: &str) -> *mut c_char {
    CString::new(text.replace('\0', " ")).map(CString::into_raw).unwrap_or(std::ptr::null_mut())
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!("mergefunc-rs: internal error (the Rust pass panicked: {what})")
}

/// # Safety
/// `p` is null or points to `len` readable bytes.
unsafe fn text_of<'a>(p: *const c_char, len: usize) -> Result<&'a str, String> {
    if p.is_null() || len == 0 {
        return Ok("");
    }
    // SAFETY: the caller's contract.
    let bytes = unsafe { std::slice::from_raw_parts(p as *const u8, len) };
    std::str::from_utf8(bytes).map_err(|_| "mergefunc-rs: the parameters are not UTF-8".to_string())
}

/// Checks pass parameters (the text between `mergefunc-rs<` and `>`): 0 when they parse;
/// otherwise 1 and a message in `*msg`.
///
/// # Safety
/// `p` is null or points to `len` readable bytes; `msg` is a writable pointer.
#[no_mangle]
pub unsafe extern "C" fn mergefunc_plugin_check_params(p: *const c_char, len: usize, msg: *mut *mut c_char) -> i32 {
    // SAFETY: the caller's contract.
    let r = catch_unwind(|| unsafe { text_of(p, len) }.and_then(|t| params::parse(t).map(|_| ())));
    let err = match r {
        Ok(Ok(())) => return 0,
        Ok(Err(e)) => e,
        Err(payload) => panic_text(&*payload),
    };
    // SAFETY: the caller's contract.
    unsafe { *msg = message(&err) };
    1
}

/// Whether the plugin adds the pass by itself at `origin` (see [`params::auto_allows`]):
/// 1 or 0. An unknown `MERGEFUNC_PLUGIN_AUTO` is reported on standard error and adds
/// nothing.
#[no_mangle]
pub extern "C" fn mergefunc_plugin_auto(origin: u32) -> i32 {
    catch_unwind(|| {
        let Some(origin) = Origin::from_raw(origin) else { return 0 };
        let setting = std::env::var("MERGEFUNC_PLUGIN_AUTO").ok();
        match params::auto_allows(setting.as_deref(), origin) {
            Ok(on) => on as i32,
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "{e}");
                0
            }
        }
    })
    .unwrap_or(0)
}

/// Runs the pass over the host's module `m`: 0 when nothing changed, 1 when functions
/// were merged, 2 on failure with a message in `*msg`. `p`/`len` are the pass parameters
/// of a pass named in a pipeline; a pass the plugin added itself (`origin` other than 0)
/// takes `MERGEFUNC_PLUGIN_PARAMS` instead.
///
/// # Safety
/// `m` is the host's valid module, which nothing else uses during the call; `p` is null or
/// points to `len` readable bytes; `msg` is a writable pointer.
#[no_mangle]
pub unsafe extern "C" fn mergefunc_plugin_run(
    m: LLVMModuleRef,
    p: *const c_char,
    len: usize,
    origin: u32,
    msg: *mut *mut c_char,
) -> i32 {
    let r = catch_unwind(AssertUnwindSafe(|| {
        let origin = Origin::from_raw(origin).ok_or("mergefunc-rs: unknown pass origin")?;
        let params = match origin {
            // SAFETY: the caller's contract.
            Origin::ByName => params::parse(unsafe { text_of(p, len) }?)?,
            _ => params::parse(&std::env::var("MERGEFUNC_PLUGIN_PARAMS").unwrap_or_default())
                .map_err(|e| format!("{e} (in MERGEFUNC_PLUGIN_PARAMS)"))?,
        };
        // SAFETY: the caller's contract: a valid module nobody else touches meanwhile.
        unsafe { run(m, &params, origin) }
    }));
    let err = match r {
        Ok(Ok(changed)) => return changed as i32,
        Ok(Err(e)) => e,
        Err(payload) => panic_text(&*payload),
    };
    // SAFETY: the caller's contract.
    unsafe { *msg = message(&err) };
    2
}

/// Frees a message made by this library.
///
/// # Safety
/// `msg` is null or a message returned by this library, not yet freed.
#[no_mangle]
pub unsafe extern "C" fn mergefunc_plugin_free_message(msg: *mut c_char) {
    if !msg.is_null() {
        // SAFETY: made by `CString::into_raw` in `message`.
        drop(unsafe { CString::from_raw(msg) });
    }
}

/// The module's identifier (its file name in opt, `ld-temp.o` in a full-LTO link).
fn module_name(m: LLVMModuleRef) -> String {
    let mut len = 0;
    // SAFETY: reads the live module's identifier, `len` bytes.
    unsafe {
        let p = c::LLVMGetModuleIdentifier(m, &mut len);
        if p.is_null() {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
    }
}

/// One merge run. Returns whether anything merged.
///
/// # Safety
/// As [`mergefunc_plugin_run`].
unsafe fn run(m: LLVMModuleRef, params: &Params, origin: Origin) -> Result<bool, String> {
    let name = module_name(m);
    // Timed only when a report or the statistics print the time: in a compile that read
    // no clock before, the first read costs a page fault (the adapter reads none for a
    // borrowed module either).
    let start = (params.stats || params.report.is_some()).then(Instant::now);
    // SAFETY: the caller's contract; `lm` is dropped before this returns.
    let mut lm = unsafe { mergefunc_llvm::LlvmModule::from_borrowed(m, params.threads) };
    if params.test_panic {
        panic!("test-panic was given");
    }
    lm.set_drop_differing_attachments(params.drop_attachments);
    let resolved = params.linked.unwrap_or_else(|| linked::comdats_resolved(origin, &name));
    lm.set_comdats_resolved(resolved);
    let report = mergefunc::merge_module(&mut lm, &params.merge)
        .map_err(|e| format!("mergefunc-rs: merging {name} failed: {e}"))?;
    let secs = start.map_or(0.0, |t| t.elapsed().as_secs_f64());
    if params.verify {
        lm.verify().map_err(|e| format!("mergefunc-rs: internal error on {name}: {e}"))?;
    }
    if let Some(path) = &params.report {
        // The output numbers of unnamed functions, as the command writes them (only
        // worked out when the report names an unnamed function).
        let unnamed = |f: mergefunc::FuncId| lm.func_name(f).is_empty();
        let any_unnamed = report.merges.iter().any(|r| unnamed(r.folded) || unnamed(r.target))
            || report.refused.iter().any(|r| unnamed(r.func) || unnamed(r.target));
        let slots = if any_unnamed { lm.unnamed_slots() } else { Vec::new() };
        let json = mergefunc_llvm::report::to_json(&report, &lm, &slots, Some(secs));
        write_atomically(&params::report_path(path, &name), json.as_bytes())?;
    }
    if params.stats {
        let linked = if resolved { ", comdats resolved by the link" } else { "" };
        let _ = writeln!(
            std::io::stderr(),
            "mergefunc-rs[{}]: {name}: {}, {secs:.6} s{linked}",
            origin.as_str(),
            report.stats
        );
    }
    Ok(!report.merges.is_empty())
}

/// Writes `data` to `path` through a temporary file in the same folder (several ThinLTO
/// backends may write one report path at once: each file is whole). Only a regular file
/// is replaced by the rename: a device, a FIFO or a socket (`report=/dev/stderr`,
/// `/dev/null`) is written in place, since a rename would replace the node itself; a
/// symbolic link is followed, and the file it names is replaced.
fn write_atomically(path: &Path, data: &[u8]) -> Result<(), String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let fail = |e: std::io::Error| format!("mergefunc-rs: cannot write the report {}: {e}", path.display());
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|md| md.file_type().is_symlink());
    let dest = match std::fs::metadata(path) {
        Ok(md) if md.is_file() && is_link => std::fs::canonicalize(path).map_err(fail)?,
        Ok(md) if md.is_file() => path.to_path_buf(),
        // A directory fails here with the system's own message.
        Ok(_) => return std::fs::write(path, data).map_err(fail),
        // A link to nothing: writing through it creates the file it names.
        Err(_) if is_link => return std::fs::write(path, data).map_err(fail),
        Err(_) => path.to_path_buf(),
    };
    let dir = match dest.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => Path::new(".").to_path_buf(),
    };
    let file = dest.file_name().ok_or_else(|| format!("mergefunc-rs: {} is not a file name", path.display()))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file);
    tmp_name.push(format!(".tmp{}.{}", std::process::id(), SEQ.fetch_add(1, Ordering::Relaxed)));
    let tmp = dir.join(tmp_name);
    let r = std::fs::write(&tmp, data).and_then(|_| std::fs::rename(&tmp, &dest));
    if r.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    r.map_err(fail)
}

#[cfg(test)]
mod report_file_tests {
    use super::write_atomically;
    use std::os::unix::fs::FileTypeExt;

    fn scratch(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("mergefunc-plugin-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn no_temporaries_in(d: &std::path::Path) -> bool {
        std::fs::read_dir(d).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().contains(".tmp"))
    }

    #[test]
    fn regular_files_and_links_get_the_whole_report() {
        let d = scratch("links");
        let target = d.join("r.json");
        write_atomically(&target, b"first").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"first");
        let link = d.join("link.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomically(&link, b"second").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
        assert_eq!(std::fs::read(&target).unwrap(), b"second");
        let dangling = d.join("dangling.json");
        std::os::unix::fs::symlink(d.join("later.json"), &dangling).unwrap();
        write_atomically(&dangling, b"third").unwrap();
        assert_eq!(std::fs::read(d.join("later.json")).unwrap(), b"third");
        assert!(write_atomically(&d.join("no/such/dir/r.json"), b"x").is_err());
        assert!(write_atomically(&d, b"x").is_err(), "a directory is refused");
        assert!(no_temporaries_in(&d));
        let _ = std::fs::remove_dir_all(&d);
    }

    /// A named pipe stands in for `/dev/null` and `/dev/stderr`: it is written, not
    /// replaced (a rename over `/dev/null` would leave a regular file there).
    #[test]
    fn special_files_are_written_in_place() {
        let d = scratch("fifo");
        let fifo = d.join("pipe");
        if !std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
            eprintln!("SKIP: no mkfifo here");
            return;
        }
        let copy = d.join("copy");
        let mut reader = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("cat '{}' > '{}'", fifo.display(), copy.display()))
            .spawn()
            .unwrap();
        write_atomically(&fifo, b"{\"report\": 1}").unwrap();
        assert!(reader.wait().unwrap().success());
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the pipe was replaced");
        assert_eq!(std::fs::read(&copy).unwrap(), b"{\"report\": 1}");
        assert!(no_temporaries_in(&d));
        let _ = std::fs::remove_dir_all(&d);
    }
}
