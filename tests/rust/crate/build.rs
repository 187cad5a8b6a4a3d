// Builds c/c_side.c into a static library with $SOFTTICKS_TEST_CC (the
// test passes gcc with or without the plugin), for the extern "C" program.
use std::env;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    let cc = env::var("SOFTTICKS_TEST_CC").unwrap_or_else(|_| "cc".to_string());
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let obj = out.join("c_side.o");
    let lib = out.join("libc_side.a");
    let mut words = cc.split_whitespace();
    let program = words.next().expect("SOFTTICKS_TEST_CC is empty");
    let status = Command::new(program)
        .args(words)
        .args(["-O2", "-fPIC", "-c", "c/c_side.c", "-o"])
        .arg(&obj)
        .status()
        .expect("cannot run the C compiler");
    assert!(status.success(), "the C compiler failed");
    let _ = std::fs::remove_file(&lib);
    let status = Command::new("ar").arg("crs").arg(&lib).arg(&obj).status().expect("cannot run ar");
    assert!(status.success(), "ar failed");
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=c_side");
    println!("cargo:rerun-if-changed=c/c_side.c");
    println!("cargo:rerun-if-env-changed=SOFTTICKS_TEST_CC");
}
