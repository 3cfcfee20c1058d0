#!/usr/bin/env bash
# Generates a second real multi-crate Rust module (bitcode), of other crates than
# gen-rust-module.sh's serde/regex/syn: compression, hashing, parsing and diffing.
#
#   adapters/llvm/scripts/gen-rust-codec-module.sh OUTDIR [release|debug]
#
# Creates a cargo project in OUTDIR/rust-codec (kept there) that depends on flate2
# (miniz_oxide), sha2, nom, similar, itertools, indexmap, smallvec and semver from
# crates.io and runs their generic code through traits of its own (trait objects, generic
# pipelines over several element types), builds every crate of the build with
# RUSTFLAGS="--emit=llvm-bc,link -C codegen-units=1" (release: opt-level 3) and links
# their bitcode with llvm-link-22 into OUTDIR/rust-codec-PROFILE.bc, whose path is printed
# on the last stdout line. Versions are pinned in Cargo.toml; after a first `cargo fetch`
# (crates.io access) it builds offline (`CARGO_NET_OFFLINE=true`).
set -euo pipefail
out=${1:?usage: gen-rust-codec-module.sh OUTDIR [release|debug]}
profile=${2:-release}
case "$profile" in
  release) pflag=(--release) ;;
  debug) pflag=() ;;
  *) echo "unknown profile $profile (release|debug)" >&2; exit 2 ;;
esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
proj="$out/rust-codec"
mkdir -p "$proj/src"
# Replaced only when the contents change (see gen-rust-module.sh).
put() {
  if ! cmp -s "$1.new.$$" "$1" 2>/dev/null; then mv "$1.new.$$" "$1"; else rm "$1.new.$$"; fi
}
cat > "$proj/Cargo.toml.new.$$" <<'TOML'
[package]
name = "mfcodec"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
flate2 = "=1.1.11"
sha2 = "=0.10.9"
nom = "=7.1.3"
similar = "=2.7.0"
itertools = "=0.14.0"
indexmap = "=2.14.2"
smallvec = "=1.16.6"
semver = "=1.0.28"

[workspace]
TOML
put "$proj/Cargo.toml"
cat > "$proj/src/main.rs.new.$$" <<'RS'
// A small program that runs compression, hashing, parsing and diffing code through traits
// of its own, instantiated for several element types.
use std::collections::BTreeMap;
use std::io::{Read, Write};

use flate2::{read::DeflateDecoder, write::DeflateEncoder, Compression};
use indexmap::IndexMap;
use itertools::Itertools;
use nom::{
    branch::alt,
    bytes::complete::{tag, take_while1},
    character::complete::{digit1, multispace0},
    combinator::map_res,
    multi::separated_list0,
    sequence::{delimited, separated_pair},
    IResult,
};
use sha2::{Digest, Sha256, Sha512};
use smallvec::SmallVec;

/// One stage of a byte pipeline.
trait Stage {
    fn name(&self) -> String;
    fn run(&mut self, input: Vec<u8>) -> Vec<u8>;
}

struct Deflate(u32);
struct Inflate;
struct Hash<D: Digest>(std::marker::PhantomData<D>);
struct Xor(u8);

impl Stage for Deflate {
    fn name(&self) -> String { format!("deflate{}", self.0) }
    fn run(&mut self, input: Vec<u8>) -> Vec<u8> {
        let mut e = DeflateEncoder::new(Vec::new(), Compression::new(self.0));
        e.write_all(&input).unwrap();
        e.finish().unwrap()
    }
}
impl Stage for Inflate {
    fn name(&self) -> String { "inflate".into() }
    fn run(&mut self, input: Vec<u8>) -> Vec<u8> {
        let mut out = Vec::new();
        DeflateDecoder::new(&input[..]).read_to_end(&mut out).unwrap();
        out
    }
}
impl<D: Digest> Stage for Hash<D> {
    fn name(&self) -> String { format!("hash{}", <D as Digest>::output_size()) }
    fn run(&mut self, input: Vec<u8>) -> Vec<u8> {
        let mut d = D::new();
        d.update(&input);
        let mut v = d.finalize().to_vec();
        v.extend_from_slice(&input);
        v
    }
}
impl Stage for Xor {
    fn name(&self) -> String { format!("xor{}", self.0) }
    fn run(&mut self, input: Vec<u8>) -> Vec<u8> { input.into_iter().map(|b| b ^ self.0).collect() }
}

fn pipeline(stages: &mut [Box<dyn Stage>], data: &[u8]) -> (String, usize) {
    let names = stages.iter().map(|s| s.name()).join("|");
    let mut v = data.to_vec();
    for s in stages.iter_mut() {
        v = s.run(v);
    }
    (names, v.len())
}

/// A record type the generic code is instantiated for.
trait Record: Copy + Ord + std::hash::Hash + std::fmt::Debug + Default {
    fn from_u64(x: u64) -> Self;
    fn weight(self) -> u64;
}
macro_rules! records {
    ($($t:ty),*) => {$(
        impl Record for $t {
            fn from_u64(x: u64) -> Self { x as $t }
            fn weight(self) -> u64 { self as u64 }
        }
    )*};
}
records!(u8, u16, u32, u64, i8, i16, i32, i64, usize, isize);

fn stats<T: Record>(n: u64) -> (u64, usize, String) {
    let v: Vec<T> = (0..n).map(|i| T::from_u64(i.wrapping_mul(2654435761) % 97)).collect();
    let mut small: SmallVec<[T; 8]> = v.iter().copied().take(8).collect();
    small.sort();
    let groups: IndexMap<T, usize> = v.iter().copied().counts().into_iter().sorted().collect();
    let top: BTreeMap<u64, T> = v.iter().map(|&x| (x.weight(), x)).collect();
    let text = v.iter().map(|x| format!("{x:?}")).join(",");
    (small.iter().map(|x| x.weight()).sum::<u64>() + top.len() as u64, groups.len(), text)
}

fn number(i: &str) -> IResult<&str, u64> { map_res(digit1, str::parse::<u64>)(i) }
fn word(i: &str) -> IResult<&str, &str> { take_while1(|c: char| c.is_ascii_alphabetic())(i) }
fn pair(i: &str) -> IResult<&str, (&str, u64)> {
    delimited(multispace0, separated_pair(word, alt((tag("="), tag(":"))), number), multispace0)(i)
}
fn pairs(i: &str) -> IResult<&str, Vec<(&str, u64)>> { separated_list0(tag(","), pair)(i) }

fn diff_lines(a: &str, b: &str) -> usize {
    let d = similar::TextDiff::from_lines(a, b);
    d.iter_all_changes().filter(|c| c.tag() != similar::ChangeTag::Equal).count()
}

fn main() {
    let data: Vec<u8> = (0..4096u32).map(|i| (i * 31 % 251) as u8).collect();
    let mut total = 0usize;
    for level in [1, 6, 9] {
        let mut stages: Vec<Box<dyn Stage>> = vec![
            Box::new(Xor(level as u8)),
            Box::new(Deflate(level)),
            Box::new(Inflate),
            Box::new(Hash::<Sha256>(Default::default())),
            Box::new(Hash::<Sha512>(Default::default())),
        ];
        let (names, len) = pipeline(&mut stages, &data);
        total += names.len() + len;
    }
    macro_rules! all_stats { ($($t:ty),*) => {$( let (a, b, c) = stats::<$t>(500); total += a as usize + b + c.len(); )*}; }
    all_stats!(u8, u16, u32, u64, i8, i16, i32, i64, usize, isize);
    let (_, ps) = pairs("a=1, bb:22 ,ccc=333").unwrap();
    total += ps.iter().map(|(k, v)| k.len() + *v as usize).sum::<usize>();
    let a = (0..50).map(|i| format!("line {i}\n")).collect::<String>();
    let b = (0..50).map(|i| format!("line {}\n", if i % 7 == 0 { i + 1 } else { i })).collect::<String>();
    total += diff_lines(&a, &b);
    let vs: Vec<semver::Version> = ["1.2.3", "0.9.0", "1.10.0-beta.1"].iter().map(|s| s.parse().unwrap()).sorted().collect();
    let req = semver::VersionReq::parse(">=1.0, <2").unwrap();
    total += vs.iter().filter(|v| req.matches(v)).count();
    println!("{total}");
}
RS
put "$proj/src/main.rs"
DIS=llvm-dis-22
command -v "$DIS" >/dev/null || DIS=/usr/lib/llvm-22/bin/llvm-dis
OPT=opt-22
command -v "$OPT" >/dev/null || OPT=/usr/lib/llvm-22/bin/opt
LINK=llvm-link-22
command -v "$LINK" >/dev/null || LINK=/usr/lib/llvm-22/bin/llvm-link
start=$(date +%s%N)
export CARGO_TARGET_DIR="$proj/target-linked"
(cd "$proj" && RUSTFLAGS="--emit=llvm-bc,link -C codegen-units=1" cargo build -q "${pflag[@]}" -j "${JOBS:-2}") >&2
dest="$out/rust-codec-$profile.bc"
# One bitcode file per crate (the newest of each name, should an old build linger).
bcs=()
for f in $(ls -t "$CARGO_TARGET_DIR/$profile/deps/"*.bc); do
  crate=$(basename "$f" | sed 's/-[0-9a-f]*\.bc$//')
  case " ${seen:-} " in *" $crate "*) continue ;; esac
  seen="${seen:-} $crate"
  bcs+=("$f")
done
"$LINK" "${bcs[@]}" -o "$dest"
end=$(date +%s%N)
"$OPT" -passes=verify -disable-output "$dest"
n=$("$DIS" "$dest" -o - | grep -c '^define' || true)
echo "gen-rust-codec-module: $dest: $n defined functions ($(rustc -vV | grep LLVM)), the build took $(( (end - start) / 1000000 )) ms" >&2
echo "$dest"
