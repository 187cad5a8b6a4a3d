// An extern "C" boundary both ways: Rust calls a C loop (c/c_side.c, a
// static library built by build.rs) that calls back into Rust.
extern "C" {
    fn c_fold(n: u64, step: extern "C" fn(u64) -> u64) -> u64;
}

extern "C" fn step(i: u64) -> u64 {
    (0..i % 17).map(|k| k * i).sum()
}

fn main() {
    let r = unsafe { c_fold(5000, step) };
    println!("c_fold {r}");
}
