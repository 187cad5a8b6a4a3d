// Loops, iterators, closures, recursion, formatting and collections: most
// of the work is in the standard library's generic and precompiled code.
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasherDefault;

// HashMap's default RandomState draws keys from getrandom: each run would
// probe differently and tick a different number of times (rr records the
// draw; a plain rerun cannot).  Fixed keys keep two runs equal.
type FixedHashMap<K, V> = HashMap<K, V, BuildHasherDefault<DefaultHasher>>;

fn ackermann(m: u64, n: u64) -> u64 {
    match (m, n) {
        (0, n) => n + 1,
        (m, 0) => ackermann(m - 1, 1),
        (m, n) => ackermann(m - 1, ackermann(m, n - 1)),
    }
}

fn main() {
    let mut sum = 0u64;
    let mut i = 0u64;
    while i < 2_000 {
        sum = sum.wrapping_mul(6364136223846793005).wrapping_add(i);
        i += 1;
    }
    let squares: Vec<u64> = (0..1000).map(|x| x * x).filter(|x| x % 3 == 1).collect();
    let scale = 7;
    let scaled: u64 = squares.iter().map(|x| x * scale).sum();
    let mut words: FixedHashMap<String, usize> = FixedHashMap::default();
    for w in "the quick brown fox jumps over the lazy dog the end".split(' ') {
        *words.entry(w.to_string()).or_insert(0) += 1;
    }
    let ordered: BTreeMap<_, _> = words.iter().collect();
    let mut sorted: Vec<i64> = (0..500).map(|x| (x * 7919) % 1009 - 500).collect();
    sorted.sort_unstable();
    println!("sum {sum} scaled {scaled} ack {}", ackermann(2, 60));
    println!("words {:?}", ordered);
    println!("sorted {:?}", &sorted[..8]);
    println!("{:>10.3} {:#x} {:e}", 3.14159f64, 48879u32, 1234.5f64);
}
