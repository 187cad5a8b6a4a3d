// A deterministic workload over std: formatting, parsing, hashing with
// fixed keys, B-trees, sorting, string building and caught panics.
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::hash::BuildHasherDefault;

fn main() {
    let rounds: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    // Silent panics: the default hook's output (a backtrace, if
    // RUST_BACKTRACE is set) would make the run depend on the environment.
    std::panic::set_hook(Box::new(|_| {}));
    let mut digest = 0u64;
    for round in 0..rounds {
        let mut text = String::new();
        for i in 0..2000u64 {
            writeln!(text, "{} {:08x} {:.3}", i * round, i ^ round, i as f64 / 7.0).unwrap();
        }
        let mut counts: HashMap<u64, u64, BuildHasherDefault<DefaultHasher>> = HashMap::default();
        let mut tree = BTreeMap::new();
        for line in text.lines() {
            let mut parts = line.split(' ');
            let n: u64 = parts.next().unwrap().parse().unwrap();
            let h = u64::from_str_radix(parts.next().unwrap(), 16).unwrap();
            let f: f64 = parts.next().unwrap().parse().unwrap();
            *counts.entry(n % 97).or_default() += h;
            tree.insert(h, f as u64);
        }
        let mut values: Vec<u64> = counts.values().copied().collect();
        values.sort_unstable();
        let mut words: Vec<String> = tree.iter().take(500).map(|(k, v)| format!("{k}-{v}")).collect();
        words.sort();
        let caught = std::panic::catch_unwind(|| {
            if round % 2 == 0 {
                panic!("round {round}");
            }
        });
        digest = digest
            .wrapping_mul(31)
            .wrapping_add(values.iter().sum::<u64>() + words.len() as u64 + caught.is_err() as u64);
    }
    println!("{digest}");
}
