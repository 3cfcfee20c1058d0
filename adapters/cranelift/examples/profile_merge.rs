//! scratch: parse + merge one clif.gz, print times.
use std::io::Read as _;
use std::time::Instant;
use mergefunc_cranelift::ClifModule;

#[inline(never)]
fn do_merge(m: &mut ClifModule) -> mergefunc::Report {
    m.merge(&mergefunc::Options::default()).unwrap()
}

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let raw = std::fs::read(&path).unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(&raw[..]).read_to_string(&mut text).unwrap();
    let t = Instant::now();
    let mut m = ClifModule::from_clif(&text).unwrap();
    let load = t.elapsed();
    let t = Instant::now();
    let report = do_merge(&mut m);
    let merge = t.elapsed();
    let mut h: u64 = 0;
    for line in &report.merges { for b in line.to_string().bytes() { h = h.wrapping_mul(31).wrapping_add(b as u64); } }
    let out = m.to_clif();
    for b in out.bytes() { h = h.wrapping_mul(31).wrapping_add(b as u64); }
    println!("load {:.1} ms merge {:.1} ms merges {} hash {h:x} stats {:?}", load.as_secs_f64()*1e3, merge.as_secs_f64()*1e3, report.merges.len(), report.stats);
}
