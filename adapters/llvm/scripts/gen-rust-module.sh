#!/usr/bin/env bash
# Generates a real Rust LLVM module (bitcode) for the differential tests.
#
#   adapters/llvm/scripts/gen-rust-module.sh OUTDIR [release|debug] [crate|linked]
#
# Creates a small cargo project in OUTDIR/rust-mod (kept there, so a second run only
# re-links nothing and is fast) that depends on serde (derive), serde_json and regex from
# crates.io and instantiates their generic code for several types of its own, then
#   cargo rustc [--release] -- --emit=llvm-bc -C codegen-units=1
# (stable flags only) and copies the crate's bitcode to OUTDIR/rust-PROFILE.bc, whose path
# is printed on the last stdout line.
#
# With `linked`, every crate of the build (the project and all its real dependencies:
# serde, serde_json, regex, regex-automata, regex-syntax, aho-corasick, memchr, syn, ...)
# is compiled with RUSTFLAGS="--emit=llvm-bc,link -C codegen-units=1" (in a target
# directory of its own) and their bitcode is linked with llvm-link-22 into
# OUTDIR/rust-linked-PROFILE.bc: a whole-program module of over 10,000 defined functions
# in either profile (11,022 release / 25,607 debug with Rust 1.95). The bitcode comes from rustc's own LLVM (22.x for
# Rust 1.95); the script checks that opt-22 reads it and reports the function count.
set -euo pipefail
out=${1:?usage: gen-rust-module.sh OUTDIR [release|debug]}
profile=${2:-release}
mode=${3:-crate}
case "$mode" in
  crate|linked) ;;
  *) echo "unknown mode $mode (crate|linked)" >&2; exit 2 ;;
esac
case "$profile" in
  release) pflag=(--release) ;;
  debug) pflag=() ;;
  *) echo "unknown profile $profile (release|debug)" >&2; exit 2 ;;
esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
proj="$out/rust-mod"
mkdir -p "$proj/src"
# Files are replaced only when their contents change (write, then rename): parallel runs
# share the project, and a compiler must never read a half-written file. Each run writes
# its own temporary (suffixed with its process id), so two runs never move each
# other's.
put() {
  if ! cmp -s "$1.new.$$" "$1" 2>/dev/null; then mv "$1.new.$$" "$1"; else rm "$1.new.$$"; fi
}
cat > "$proj/Cargo.toml.new.$$" <<'TOML'
[package]
name = "mfrealmod"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
serde = { version = "1", features = ["derive"] }
serde_json = "1"
regex = "1"

[workspace]
TOML
put "$proj/Cargo.toml"
cat > "$proj/src/main.rs.new.$$" <<'RS'
// A small program whose crate instantiates plenty of generic serde/serde_json/regex code.
use std::collections::{BTreeMap, HashMap};

use regex::Regex;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Point { x: i64, y: i64 }

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct PointU { x: u64, y: u64 }

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
enum Shape { Circle { r: f64 }, Rect { w: f64, h: f64 }, Poly(Vec<Point>) }

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Doc {
    name: String,
    tags: Vec<String>,
    points: Vec<Point>,
    upoints: Vec<PointU>,
    shapes: Vec<Shape>,
    meta: BTreeMap<String, i32>,
    counts: HashMap<String, u64>,
    maybe: Option<Box<Doc>>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Config { verbose: bool, level: u8, ratio: f32, paths: Vec<String>, limits: [u32; 4] }

fn roundtrip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug>(v: &T) -> usize {
    let s = serde_json::to_string(v).unwrap();
    let p = serde_json::to_string_pretty(v).unwrap();
    let back: T = serde_json::from_str(&s).unwrap();
    assert_eq!(&back, v);
    let val: serde_json::Value = serde_json::from_str(&p).unwrap();
    s.len() + p.len() + val.to_string().len()
}

// Many structurally identical record types: their serde code is identical modulo types,
// which is what MergeFunctions looks for.
macro_rules! records {
    ($($name:ident: $t:ty),*) => {
        $(
            #[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
            struct $name { id: $t, label: String, values: Vec<$t>, extra: Option<$t> }
        )*
        fn all_records() -> usize {
            let mut n = 0;
            $( n += roundtrip(&$name::default()) + roundtrip(&vec![$name::default()]); )*
            n
        }
    };
}
records!(R1: i8, R2: u8, R3: i16, R4: u16, R5: i32, R6: u32, R7: i64, R8: u64, R9: isize, R10: usize,
         R11: i64, R12: u64, R13: i32, R14: u32, R15: f64, R16: f32, R17: i128, R18: u128, R19: bool, R20: char);

fn sum_all<T: Copy + Into<i128>>(v: &[T]) -> i128 { v.iter().map(|&x| x.into()).sum() }

fn main() {
    let doc = Doc {
        name: "demo".into(),
        tags: vec!["a".into(), "b".into()],
        points: vec![Point { x: 1, y: 2 }, Point { x: -3, y: 4 }],
        upoints: vec![PointU { x: 1, y: 2 }],
        shapes: vec![Shape::Circle { r: 1.5 }, Shape::Rect { w: 2.0, h: 3.0 }, Shape::Poly(vec![Point { x: 0, y: 0 }])],
        meta: [("k".to_string(), 7)].into_iter().collect(),
        counts: [("c".to_string(), 9u64)].into_iter().collect(),
        maybe: None,
    };
    let cfg = Config { verbose: true, level: 3, ratio: 0.5, paths: vec!["/x".into()], limits: [1, 2, 3, 4] };
    let mut total = roundtrip(&doc) + roundtrip(&cfg) + roundtrip(&vec![1u8, 2, 3]) + roundtrip(&(1i16, 2u16, 3i32));
    total += roundtrip(&Some(Point { x: 5, y: 6 })) + roundtrip(&vec![PointU { x: 7, y: 8 }]);
    let re = Regex::new(r"(?P<k>[a-z]+)=(?P<v>\d+)").unwrap();
    for c in re.captures_iter("a=1 bb=22 ccc=333") {
        total += c["k"].len() + c["v"].parse::<usize>().unwrap();
    }
    total += sum_all(&[1u8, 2, 3]) as usize + sum_all(&[4i64, 5]) as usize + sum_all(&[6u32]) as usize;
    total += all_records();
    println!("{total}");
}
RS
put "$proj/src/main.rs"
DIS=llvm-dis-22
command -v "$DIS" >/dev/null || DIS=/usr/lib/llvm-22/bin/llvm-dis
OPT=opt-22
command -v "$OPT" >/dev/null || OPT=/usr/lib/llvm-22/bin/opt
start=$(date +%s%N)
if [ "$mode" = linked ]; then
  LINK=llvm-link-22
  command -v "$LINK" >/dev/null || LINK=/usr/lib/llvm-22/bin/llvm-link
  export CARGO_TARGET_DIR="$proj/target-linked"
  (cd "$proj" && RUSTFLAGS="--emit=llvm-bc,link -C codegen-units=1" cargo build -q "${pflag[@]}" -j "${JOBS:-2}") >&2
  dest="$out/rust-linked-$profile.bc"
  # One bitcode file per crate (the newest of each name, should an old build linger).
  bcs=()
  for f in $(ls -t "$CARGO_TARGET_DIR/$profile/deps/"*.bc); do
    crate=$(basename "$f" | sed 's/-[0-9a-f]*\.bc$//')
    case " ${seen:-} " in *" $crate "*) continue ;; esac
    seen="${seen:-} $crate"
    bcs+=("$f")
  done
  "$LINK" "${bcs[@]}" -o "$dest"
else
  export CARGO_TARGET_DIR="$proj/target"
  (cd "$proj" && cargo rustc -q "${pflag[@]}" -j "${JOBS:-2}" -- --emit=llvm-bc -C codegen-units=1) >&2
  bc=$(ls -t "$CARGO_TARGET_DIR/$profile/deps/"mfrealmod-*.bc | head -n 1)
  dest="$out/rust-$profile.bc"
  cp "$bc" "$dest"
fi
end=$(date +%s%N)
"$OPT" -passes=verify -disable-output "$dest"   # rustc's LLVM 22 bitcode must be readable
n=$("$DIS" "$dest" -o - | grep -c '^define' || true)
echo "gen-rust-module: $dest: $n defined functions ($(rustc -vV | grep LLVM)), the build took $(( (end - start) / 1000000 )) ms" >&2
echo "$dest"
