// Threads, channels and a mutex: deterministic output whatever the order.
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

fn main() {
    let total = Arc::new(Mutex::new(0u64));
    let (tx, rx) = mpsc::channel();
    let handles: Vec<_> = (0..4u64)
        .map(|t| {
            let total = Arc::clone(&total);
            let tx = tx.clone();
            thread::spawn(move || {
                let mut local = 0u64;
                for i in 0..50_000u64 {
                    local = local.wrapping_add(i * (t + 1));
                }
                *total.lock().unwrap() += local;
                tx.send((t, local)).unwrap();
            })
        })
        .collect();
    drop(tx);
    for h in handles {
        h.join().unwrap();
    }
    let mut results: Vec<_> = rx.iter().collect();
    results.sort();
    println!("results {:?}", results);
    println!("total {}", *total.lock().unwrap());
}
