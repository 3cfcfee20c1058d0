//! Which LLVM the host runs: the plugin binds to the host's LLVM symbols by name, so it
//! must refuse any LLVM other than the major version it was compiled against (22).

use std::ffi::c_void;
use std::os::raw::{c_char, c_uint};

/// The LLVM major version whose headers and C++ ABI the plugin was built against.
pub const LLVM_MAJOR: c_uint = 22;

extern "C" {
    fn dlsym(handle: *mut c_void, name: *const c_char) -> *mut c_void;
}

/// The host's LLVM version, through `LLVMGetVersion` (LLVM-C, exported by LLVM 16 and
/// later) looked up in the process's global scope (`RTLD_DEFAULT`, the null handle on
/// glibc): `None` when no loaded library exports it.
pub fn llvm_version() -> Option<(c_uint, c_uint, c_uint)> {
    // SAFETY: `dlsym` with RTLD_DEFAULT and a NUL-terminated name only looks the symbol up.
    let sym = unsafe { dlsym(std::ptr::null_mut(), c"LLVMGetVersion".as_ptr()) };
    if sym.is_null() {
        return None;
    }
    // SAFETY: `sym` is the non-null address of `LLVMGetVersion`, which LLVM-C declares as
    // `void LLVMGetVersion(unsigned *Major, unsigned *Minor, unsigned *Patch)`: this
    // function pointer type.
    let get: unsafe extern "C" fn(*mut c_uint, *mut c_uint, *mut c_uint) = unsafe { std::mem::transmute(sym) };
    let (mut major, mut minor, mut patch) = (0, 0, 0);
    // SAFETY: the function only writes the three numbers through the pointers, which are
    // to live locals.
    unsafe { get(&mut major, &mut minor, &mut patch) };
    Some((major, minor, patch))
}

/// Why the plugin must not load into a host with LLVM `version` (`None`: it may).
pub fn refusal(version: Option<(c_uint, c_uint, c_uint)>) -> Option<String> {
    match version {
        Some((major, _, _)) if major == LLVM_MAJOR => None,
        Some((major, minor, patch)) => Some(format!(
            "libmergefunc_plugin: built for LLVM {LLVM_MAJOR}, but this program runs LLVM {major}.{minor}.{patch}; \
             not loading (rebuild the plugin against LLVM {major})"
        )),
        None => Some(format!(
            "libmergefunc_plugin: built for LLVM {LLVM_MAJOR}, but this program exports no LLVMGetVersion \
             (LLVM older than 16, or LLVM not exported); not loading"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_llvm_22_is_accepted() {
        assert_eq!(refusal(Some((22, 1, 8))), None);
        assert_eq!(refusal(Some((22, 0, 0))), None);
        let e = refusal(Some((21, 1, 0))).unwrap();
        assert!(e.contains("LLVM 21.1.0") && e.contains("built for LLVM 22"), "{e}");
        assert!(refusal(Some((23, 0, 0))).is_some());
        assert!(refusal(None).unwrap().contains("no LLVMGetVersion"));
    }

    /// The unit tests link LLVM 22 (build.rs), so the lookup finds it.
    #[test]
    fn the_test_process_runs_llvm_22() {
        assert_eq!(llvm_version().map(|v| v.0), Some(LLVM_MAJOR));
    }
}
