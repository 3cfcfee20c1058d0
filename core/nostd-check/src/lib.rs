//! A `no_std` staticlib that instantiates the core's generic code.
#![no_std]

extern crate alloc;

use core::alloc::{GlobalAlloc, Layout};

struct NoAlloc;

// SAFETY: never hands out memory; this crate is only linked, never run.
unsafe impl GlobalAlloc for NoAlloc {
    unsafe fn alloc(&self, _: Layout) -> *mut u8 {
        core::ptr::null_mut()
    }
    unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}
}

#[global_allocator]
static ALLOC: NoAlloc = NoAlloc;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

/// Forces code generation of the merge driver and the order.
#[no_mangle]
pub extern "C" fn mergefunc_nostd_probe() -> usize {
    let mut c = mergefunc::Comparator::new();
    let _ = &mut c;
    core::mem::size_of::<mergefunc::Report>() + core::mem::size_of::<mergefunc::Options>()
}
