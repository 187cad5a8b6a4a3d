// Panics caught with catch_unwind: the unwinder and rust_eh_personality
// run frame after frame.
use std::panic;

fn deep(n: u32) -> u32 {
    if n == 0 {
        panic!("bottom reached");
    }
    deep(n - 1) + 1
}

fn main() {
    panic::set_hook(Box::new(|info| {
        let msg = info.payload().downcast_ref::<&str>().copied().unwrap_or("?");
        println!("hook: {msg}");
    }));
    let mut caught = 0;
    for depth in 0..20 {
        let r = panic::catch_unwind(|| deep(depth));
        if r.is_err() {
            caught += 1;
        }
    }
    let v: Vec<u32> = Vec::new();
    let r = panic::catch_unwind(|| v[3]);
    println!("caught {caught} index-out-of-bounds {}", r.is_err());
}
