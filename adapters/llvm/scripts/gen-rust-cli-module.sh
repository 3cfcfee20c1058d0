#!/usr/bin/env bash
# Generates a third real multi-crate Rust module (bitcode): a small command-line tool on
# clap (derive), serde (derive) with serde_json, regex and rayon, crates the other Rust
# rows do not have (argument parsing, work-stealing parallel iterators).
#
#   adapters/llvm/scripts/gen-rust-cli-module.sh OUTDIR [release|release-g1]
#
# release: opt-level 3; release-g1: the same with debuginfo=1 (line tables, as many
# projects ship release builds). Creates a cargo project in OUTDIR/rust-cli (kept), builds
# every crate with RUSTFLAGS="--emit=llvm-bc,link -C codegen-units=1" and links their
# bitcode with llvm-link-22 into OUTDIR/rust-cli-PROFILE.bc, whose path is printed on the
# last stdout line. Versions are pinned; crates.io access for the first `cargo build`.
set -euo pipefail
out=${1:?usage: gen-rust-cli-module.sh OUTDIR [release|release-g1]}
profile=${2:-release}
case "$profile" in
  release) debug=0 ;;
  release-g1) debug=1 ;;
  *) echo "unknown profile $profile (release|release-g1)" >&2; exit 2 ;;
esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
proj="$out/rust-cli"
mkdir -p "$proj/src"
# Replaced only when the contents change (see gen-rust-module.sh).
put() {
  if ! cmp -s "$1.new.$$" "$1" 2>/dev/null; then mv "$1.new.$$" "$1"; else rm "$1.new.$$"; fi
}
cat > "$proj/Cargo.toml.new.$$" <<'TOML'
[package]
name = "mfcli"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
clap = { version = "=4.6.7", features = ["derive"] }
serde = { version = "=1.0.228", features = ["derive"] }
serde_json = "=1.0.150"
regex = "=1.13.2"
rayon = "=1.11.0"

[workspace]
TOML
put "$proj/Cargo.toml"
cat > "$proj/src/main.rs.new.$$" <<'RS'
// A small log-summarizing tool: arguments by clap, records by serde, matching by regex,
// the work split by rayon.
use std::collections::BTreeMap;

use clap::{Parser, Subcommand, ValueEnum};
use rayon::prelude::*;
use regex::Regex;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, ValueEnum, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
enum Level { Trace, Debug, Info, Warn, Error }

#[derive(Parser, Debug)]
#[command(name = "mfcli", version, about = "summarizes log lines")]
struct Cli {
    /// Lines to generate when no input is given.
    #[arg(short, long, default_value_t = 2000)]
    lines: usize,
    /// Minimum level.
    #[arg(short = 'm', long, value_enum, default_value_t = Level::Info)]
    min_level: Level,
    /// Pattern a message must match.
    #[arg(short, long)]
    pattern: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Counts per level and module.
    Count { #[arg(long)] by_module: bool },
    /// Prints matching records as JSON.
    Json { #[arg(long, default_value_t = 10)] limit: usize, #[arg(long)] pretty: bool },
    /// Top words.
    Words { #[arg(long, default_value_t = 5)] top: usize },
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
struct Record {
    ts: u64,
    level: Level,
    module: String,
    message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    latency_ms: Option<f64>,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Summary {
    total: usize,
    per_level: BTreeMap<String, usize>,
    per_module: BTreeMap<String, usize>,
    mean_latency: Option<f64>,
}

fn synth(n: usize) -> Vec<String> {
    let modules = ["net", "db", "cache", "auth", "http::server", "http::client"];
    let words = ["connected", "timeout", "retry", "miss", "hit", "closed", "opened", "slow query"];
    (0..n)
        .map(|i| {
            let lvl = ["TRACE", "DEBUG", "INFO", "WARN", "ERROR"][i * 7 % 5];
            format!("{} {lvl} [{}] {} id={} took={}ms", 1_700_000_000 + i, modules[i % 6], words[i * 3 % 8], i, i % 97)
        })
        .collect()
}

fn parse(re: &Regex, line: &str) -> Option<Record> {
    let c = re.captures(line)?;
    let level = match &c["level"] {
        "TRACE" => Level::Trace,
        "DEBUG" => Level::Debug,
        "INFO" => Level::Info,
        "WARN" => Level::Warn,
        _ => Level::Error,
    };
    Some(Record {
        ts: c["ts"].parse().ok()?,
        level,
        module: c["module"].to_string(),
        message: c["msg"].trim().to_string(),
        latency_ms: c.name("took").and_then(|m| m.as_str().parse().ok()),
        tags: c["msg"].split_whitespace().filter(|w| w.contains('=')).map(str::to_string).collect(),
    })
}

fn main() {
    let cli = Cli::parse();
    let re = Regex::new(r"^(?P<ts>\d+) (?P<level>[A-Z]+) \[(?P<module>[\w:]+)\] (?P<msg>.*?)(?: took=(?P<took>\d+)ms)?$").unwrap();
    let filter = cli.pattern.as_deref().map(|p| Regex::new(p).expect("bad pattern"));
    let lines = synth(cli.lines);
    let records: Vec<Record> = lines
        .par_iter()
        .filter_map(|l| parse(&re, l))
        .filter(|r| r.level >= cli.min_level)
        .filter(|r| filter.as_ref().is_none_or(|f| f.is_match(&r.message)))
        .collect();
    match cli.command.unwrap_or(Command::Count { by_module: true }) {
        Command::Count { by_module } => {
            let mut s = records
                .par_iter()
                .fold(Summary::default, |mut s, r| {
                    s.total += 1;
                    *s.per_level.entry(format!("{:?}", r.level)).or_default() += 1;
                    if by_module {
                        *s.per_module.entry(r.module.clone()).or_default() += 1;
                    }
                    s
                })
                .reduce(Summary::default, |mut a, b| {
                    a.total += b.total;
                    for (k, v) in b.per_level { *a.per_level.entry(k).or_default() += v; }
                    for (k, v) in b.per_module { *a.per_module.entry(k).or_default() += v; }
                    a
                });
            let lat: Vec<f64> = records.par_iter().filter_map(|r| r.latency_ms).collect();
            s.mean_latency = (!lat.is_empty()).then(|| lat.iter().sum::<f64>() / lat.len() as f64);
            println!("{}", serde_json::to_string(&s).unwrap());
        }
        Command::Json { limit, pretty } => {
            for r in records.iter().take(limit) {
                let text = if pretty { serde_json::to_string_pretty(r) } else { serde_json::to_string(r) }.unwrap();
                let back: Record = serde_json::from_str(&text).unwrap();
                assert_eq!(&back, r);
                println!("{text}");
            }
        }
        Command::Words { top } => {
            let mut counts: Vec<(String, usize)> = records
                .par_iter()
                .flat_map_iter(|r| r.message.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>())
                .fold(BTreeMap::<String, usize>::new, |mut m, w| { *m.entry(w).or_default() += 1; m })
                .reduce(BTreeMap::new, |mut a, b| { for (k, v) in b { *a.entry(k).or_default() += v; } a })
                .into_iter()
                .collect();
            counts.par_sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            let v = serde_json::Value::from_iter(counts.into_iter().take(top).map(|(w, n)| serde_json::json!({ "word": w, "n": n })));
            println!("{v}");
        }
    }
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
export CARGO_TARGET_DIR="$proj/target-$profile"
(cd "$proj" && CARGO_PROFILE_RELEASE_DEBUG=$debug RUSTFLAGS="--emit=llvm-bc,link -C codegen-units=1" \
  cargo build -q --release -j "${JOBS:-2}") >&2
dest="$out/rust-cli-$profile.bc"
# One bitcode file per crate (the newest of each name, should an old build linger).
bcs=()
seen=
for f in $(ls -t "$CARGO_TARGET_DIR/release/deps/"*.bc); do
  crate=$(basename "$f" | sed 's/-[0-9a-f]*\.bc$//')
  case " $seen " in *" $crate "*) continue ;; esac
  seen="$seen $crate"
  bcs+=("$f")
done
"$LINK" "${bcs[@]}" -o "$dest"
end=$(date +%s%N)
"$OPT" -passes=verify -disable-output "$dest"
n=$("$DIS" "$dest" -o - | grep -c '^define' || true)
echo "gen-rust-cli-module: $dest: $n defined functions ($(rustc -vV | grep LLVM)), the build took $(( (end - start) / 1000000 )) ms" >&2
echo "$dest"
