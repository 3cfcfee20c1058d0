//! A `cdylib` of near-twin functions with C signatures, called from a C program
//! (`tests/caller.c`, built and run by `tests/c_caller.rs`): generic code
//! monomorphized over integer types of one size whose arithmetic differs in signedness,
//! twins that differ in a constant, saturating and wrapping twins, and a table of
//! function pointers the C side calls through, and C callbacks called from Rust.

use std::os::raw::{c_int, c_long, c_uint, c_ulong};

fn mix<T: Copy + std::ops::Div<Output = T> + std::ops::Shr<u32, Output = T> + std::ops::Add<Output = T>>(
    a: T,
    b: T,
) -> T {
    (a / b) + (a >> 1)
}

#[no_mangle]
pub extern "C" fn twins_mix_i32(a: c_int, b: c_int) -> c_int {
    mix(a, b)
}

#[no_mangle]
pub extern "C" fn twins_mix_u32(a: c_uint, b: c_uint) -> c_uint {
    mix(a, b)
}

#[no_mangle]
pub extern "C" fn twins_mix_i64(a: c_long, b: c_long) -> c_long {
    mix(a, b)
}

#[no_mangle]
pub extern "C" fn twins_mix_u64(a: c_ulong, b: c_ulong) -> c_ulong {
    mix(a, b)
}

/// Equal bodies (Rust does not promise them distinct addresses: rustc's own
/// MergeFunctions may alias them, so no test compares them).
#[no_mangle]
pub extern "C" fn twins_scale_a(x: c_int) -> c_int {
    x.wrapping_mul(7).wrapping_add(3)
}

#[no_mangle]
pub extern "C" fn twins_scale_b(x: c_int) -> c_int {
    x.wrapping_mul(7).wrapping_add(3)
}

/// Differs from the two above in one constant.
#[no_mangle]
pub extern "C" fn twins_scale_c(x: c_int) -> c_int {
    x.wrapping_mul(7).wrapping_add(4)
}

fn sum_by<F: Fn(c_int) -> c_int>(xs: &[c_int], f: F) -> c_int {
    xs.iter().fold(0, |acc, &x| acc.wrapping_add(f(x)))
}

#[no_mangle]
pub extern "C" fn twins_sum_sq(p: *const c_int, n: usize) -> c_int {
    // SAFETY: the C caller passes a pointer to `n` readable ints.
    let xs = unsafe { std::slice::from_raw_parts(p, n) };
    sum_by(xs, |x| x.wrapping_mul(x))
}

#[no_mangle]
pub extern "C" fn twins_sum_cube(p: *const c_int, n: usize) -> c_int {
    // SAFETY: as above.
    let xs = unsafe { std::slice::from_raw_parts(p, n) };
    sum_by(xs, |x| x.wrapping_mul(x).wrapping_mul(x))
}

#[no_mangle]
pub extern "C" fn twins_sum_sq_saturating(p: *const c_int, n: usize) -> c_int {
    // SAFETY: as above.
    let xs = unsafe { std::slice::from_raw_parts(p, n) };
    xs.iter().fold(0, |acc: c_int, &x| acc.saturating_add(x.saturating_mul(x)))
}

pub type Callback = extern "C" fn(c_int) -> c_int;

/// The callbacks the C side calls through.
#[no_mangle]
pub static TWINS_TABLE: [Callback; 3] = [twins_scale_a, twins_scale_b, twins_scale_c];

/// Calls a C function pointer (the C side passes its own twins).
#[no_mangle]
pub extern "C" fn twins_apply(f: Callback, x: c_int) -> c_int {
    f(x).wrapping_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signedness_is_kept() {
        assert_eq!(twins_mix_i32(-8, 3), -2 + -4);
        assert_eq!(twins_mix_u32(0xffff_fff8, 3), 0x5555_5552 + 0x7fff_fffc);
        assert_eq!(twins_mix_i64(-8, 3), -6);
        assert_eq!(twins_mix_u64(u64::MAX - 7, 3), (u64::MAX - 7) / 3 + ((u64::MAX - 7) >> 1));
    }

    #[test]
    fn constants_are_kept() {
        assert_eq!((twins_scale_a(5), twins_scale_b(5), twins_scale_c(5)), (38, 38, 39));
        assert_eq!([TWINS_TABLE[0](1), TWINS_TABLE[1](1), TWINS_TABLE[2](1)], [10, 10, 11]);
    }
}
