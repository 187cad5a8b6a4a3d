// Called from C (c_main.c): formatting, a collection and a loop in Rust.
use std::ffi::{c_char, CString};

#[no_mangle]
pub extern "C" fn rust_histogram(n: u32) -> u64 {
    let mut buckets = std::collections::BTreeMap::new();
    for i in 0..n {
        *buckets.entry(i.wrapping_mul(2654435761) % 13).or_insert(0u64) += 1;
    }
    buckets.iter().map(|(k, v)| (*k as u64 + 1) * v).sum()
}

#[no_mangle]
pub extern "C" fn rust_describe(x: u64) -> *mut c_char {
    CString::new(format!("value {x:>8} hex {x:#x}")).unwrap().into_raw()
}

#[no_mangle]
pub extern "C" fn rust_free(s: *mut c_char) {
    if !s.is_null() {
        unsafe { drop(CString::from_raw(s)) };
    }
}
