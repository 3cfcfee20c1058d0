//! Runs the `regex` crate over a generated text and checks every answer against a plain
//! scan of the same text; also sorts, counts and formats over several integer types
//! (generic code, where duplicate functions arise). Exits with 1 on any mismatch.

use regex::Regex;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::hash::Hash;

/// A deterministic text: words, numbers and dates from a small linear congruential generator.
fn text(n: usize) -> String {
    const WORDS: [&str; 12] =
        ["merge", "function", "thunk", "alias", "linker", "module", "pass", "body", "call", "ring", "sing", "bring"];
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut out = String::new();
    for i in 0..n {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let r = (x >> 33) as usize;
        match i % 7 {
            3 => out.push_str(&format!("{}", r % 100_000)),
            5 => out.push_str(&format!("20{:02}-{:02}-{:02}", r % 100, 1 + r % 12, 1 + (r / 12) % 28)),
            _ => out.push_str(WORDS[r % WORDS.len()]),
        }
        out.push(if r % 11 == 0 { '\n' } else { ' ' });
    }
    out
}

fn is_date(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// Sorts, dedups and counts `values` three ways; the results must agree.
fn tally<T: Copy + Ord + Hash + Debug>(values: &[T]) -> (usize, String) {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.dedup();
    let mut hm: HashMap<T, usize> = HashMap::new();
    let mut bm: BTreeMap<T, usize> = BTreeMap::new();
    for &x in values {
        *hm.entry(x).or_default() += 1;
        *bm.entry(x).or_default() += 1;
    }
    assert_eq!(v.len(), hm.len());
    assert_eq!(v, bm.keys().copied().collect::<Vec<_>>());
    assert!(bm.iter().all(|(k, n)| hm[k] == *n));
    (v.len(), format!("{:?}", bm.iter().next_back()))
}

fn main() {
    let t = text(20_000);
    let mut failures = 0;
    let mut check = |what: &str, got: usize, want: usize| {
        println!("{what}: {got}");
        if got != want {
            eprintln!("MISMATCH {what}: regex {got}, plain scan {want}");
            failures += 1;
        }
    };
    let tokens: Vec<&str> = t.split_whitespace().collect();

    let ing = Regex::new(r"\b[a-z]*ing\b").unwrap();
    check("words ending in ing", ing.find_iter(&t).count(), tokens.iter().filter(|w| w.ends_with("ing")).count());

    let date = Regex::new(r"\b(\d{4})-(\d{2})-(\d{2})\b").unwrap();
    let dates: Vec<_> = date.captures_iter(&t).collect();
    check("dates", dates.len(), tokens.iter().filter(|w| is_date(w)).count());
    let months: Vec<u8> = dates.iter().map(|c| c[2].parse().unwrap()).collect();
    check("months in range", months.iter().filter(|m| (1..=12).contains(*m)).count(), months.len());

    // Whole tokens only (numbers are never next to each other in the text).
    let number = Regex::new(r"(?:^|\s)(\d+)(?:\s|$)").unwrap();
    let numbers: Vec<u64> = number.captures_iter(&t).map(|c| c[1].parse().unwrap()).collect();
    let plain: Vec<u64> = tokens.iter().filter_map(|w| w.parse().ok()).collect();
    check("numbers", numbers.len(), plain.len());
    check("number sum", numbers.iter().sum::<u64>() as usize, plain.iter().sum::<u64>() as usize);

    let replaced = Regex::new(r"\bthunk\b").unwrap().replace_all(&t, "alias");
    check("thunks left", replaced.matches("thunk").count(), 0);
    check("aliases after", replaced.split_whitespace().filter(|w| *w == "alias").count(), {
        tokens.iter().filter(|w| **w == "alias" || **w == "thunk").count()
    });

    let (a, _) = tally(&numbers.iter().map(|&n| n as u16).collect::<Vec<_>>());
    let (b, _) = tally(&numbers.iter().map(|&n| n as i16).collect::<Vec<_>>());
    check("distinct u16 = distinct i16", a, b);
    let (c, _) = tally(&numbers.iter().map(|&n| n as u32).collect::<Vec<_>>());
    let (d, _) = tally(&numbers.iter().map(|&n| n as i64).collect::<Vec<_>>());
    let (e, _) = tally(&numbers.iter().map(|&n| n as usize).collect::<Vec<_>>());
    check("distinct u32 = distinct i64", c, d);
    check("distinct u32 = distinct usize", c, e);

    if failures > 0 {
        eprintln!("{failures} checks failed");
        std::process::exit(1);
    }
    println!("all checks passed");
}
