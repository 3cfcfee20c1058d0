//! `mergefunc`: LLVM's MergeFunctions on an LLVM 22 module, with the `mergefunc` core.
//!
//! ```text
//! mergefunc INPUT.{ll,bc} -o OUTPUT.{ll,bc} [--use-aliases] [--preserve-debug-info]
//!           [--merge-cycles] [--report FILE.json] [--stats] [-v|--verbose] [--time] [-S] [--no-verify]
//!           [--threads N] [--no-copy-views] [--no-tree-keys] [--near-misses FILE.json]
//!           [--check-fast-path] [--drop-differing-attachments] [--linked]
//! mergefunc explain INPUT.{ll,bc} F G [--before-merge] [--use-aliases] [--merge-cycles]
//!           [--drop-differing-attachments] [--linked]
//! ```
//! The output format follows the extension (`.ll` text, anything else bitcode); `-S`
//! forces text; `-` as output writes text to standard output (`-` as input reads standard
//! input). The output (and the `--report` file) is written to a temporary file next to the
//! destination and renamed into place, so a failed run never leaves a partial file; both
//! are checked and created before the merge, so a destination that cannot be written
//! (a read-only file, as `opt` refuses it, or a missing directory) fails the run before
//! anything is written. A destination that is not a regular file (`/dev/null`, a named
//! pipe) is written in place instead, and a symbolic link is written through.
//!
//! `-v` prints one line per merge (`@folded -> @survivor: action (uses: ...)`), an
//! unnamed function under the number the output module gives it (`@0`), and one line
//! per rewrite the adapter declined (`... no rauw (reason)`).
//!
//! `--time` prints the time of the merge pass proper: from the parsed and verified module
//! to the last rewrite (the first prescan and the adapter's module facts, plus
//! `merge_module`), without parsing, verifying and writing. With `--stats` too, two
//! more lines split it up: facts and merge with their CPU time (of every thread: the
//! prescan may use several), then the wall time of the prescans, views, rewrites and the
//! rest (the core).
//!
//! `--threads N` bounds the threads that read the module before merging (default: the
//! available parallelism, at most 8). The output does not depend on it.
//!
//! `--no-copy-views` builds every function's view through LLVM-C instead of copying the
//! view of a function with the same body, and never merges a function on the word that it
//! has a tree function's body without building its view (see
//! `LlvmModule::testing().set_copy_views`). The output is the same either way; the option is there
//! to measure the copies.
//!
//! `--floors` (for the benchmark) parses and verifies the input, times one walk over
//! every function header and one over every instruction (`mergefunc_llvm::floors`),
//! prints both, writes the module unchanged if `-o` is given, and merges nothing.
//!
//! `mergefunc explain INPUT F G` prints why functions `F` and `G` do not merge (the first
//! rule of the order at which they differ, with both instructions), or that one of them
//! is not a candidate and why, or that they are equal. It merges a copy of the input
//! first (with the given options), so the answer is about the pair as the merge left it:
//! that they merged, or what still keeps them apart once the functions they call were
//! merged; `--before-merge` explains the order on the input as it is. `--near-misses FILE.json` writes
//! every pair of functions that shared a hash bucket and did not merge, grouped by that
//! rule (see `docs/explain.md`); with `--stats` the top groups are printed too.
//!
//! `--no-tree-keys` makes the core build and hash the view of every candidate it files
//! in its tree, instead of filing it under a key from the prescan and reading it only when
//! another function has the same key (see `LlvmModule::testing().set_tree_keys`). The output is the
//! same either way.
//!
//! `--check-fast-path` makes the core check every trusted answer of the adapter's fast
//! path (`mergefunc::Options::check_fast_path`: a claim that two functions have the same
//! body is checked by building both views and comparing them); a wrong one stops the run
//! with an error. The output is the same; the tests pass it.
//!
//! `--drop-differing-attachments` (opt-in) merges functions that differ only in
//! instruction attachments that state facts the optimizer may assume (`!tbaa`,
//! `!alias.scope`, `!noalias`, `!range`, `!nonnull`, `!llvm.loop`, ...: the allowlist in
//! `LlvmModule::set_drop_differing_attachments`), and removes from the survivor every such
//! attachment that a function folded into it does not have. Every other attachment still
//! keeps functions apart.
//!
//! `--linked` (opt-in) states that the input is a whole program after the link, with its
//! comdat groups resolved: the module a full-LTO link optimizes (lld's `ld-temp.o`, as
//! `-Wl,--save-temps` writes it), not an object still to be linked with others (nor the
//! output of `ld -r`). Code outside a comdat group may then be pointed at a local member
//! of it, as LLVM does; by default that is declined, since a link that keeps another
//! copy of the group drops this one (see `LlvmModule::set_comdats_resolved`).
//!
//! `--test-llvm22-attachments` (for the tests only, not in the usage) compares instruction
//! attachments as LLVM 22 does, which is unsound (see `docs/deviations.md`): the
//! differential tests require opt-22's merges exactly with it, which shows that every
//! difference of the default run from opt-22 is an attachment.

#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use mergefunc::{merge_module, Module, Options};
use mergefunc_llvm::report::to_json;
use mergefunc_llvm::LlvmModule;
use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: mergefunc INPUT.{ll,bc} -o OUTPUT.{ll,bc} [--use-aliases] [--preserve-debug-info] \
[--merge-cycles] [--report FILE.json] [--stats] [-v|--verbose] [--time] [-S] [--no-verify] [--threads N] \
[--no-copy-views] [--no-tree-keys] [--near-misses FILE.json] [--check-fast-path] [--drop-differing-attachments] \
[--linked]
       mergefunc explain INPUT.{ll,bc} F G [--before-merge] [--use-aliases] [--merge-cycles] \
[--drop-differing-attachments] [--linked]

  --linked  the input is a whole program after the link (a full-LTO module, e.g. lld's
            ld-temp.o): its comdat groups are the copies the linker keeps, so merges may
            reach into them. Not for objects still to be linked or `ld -r` output.";

struct Args {
    input: PathBuf,
    output: PathBuf,
    text: bool,
    opts: Options,
    report: Option<PathBuf>,
    stats: bool,
    verbose: bool,
    time: bool,
    verify: bool,
    threads: Option<usize>,
    floors: bool,
    copy_views: bool,
    tree_keys: bool,
    near_misses: Option<PathBuf>,
    llvm22_attachments: bool,
    drop_attachments: bool,
    linked: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut input = None;
    let mut output = None;
    let mut a = Args {
        input: PathBuf::new(),
        output: PathBuf::new(),
        text: false,
        opts: Options::default(),
        report: None,
        stats: false,
        verbose: false,
        time: false,
        verify: true,
        threads: None,
        floors: false,
        copy_views: true,
        tree_keys: true,
        near_misses: None,
        llvm22_attachments: false,
        drop_attachments: false,
        linked: false,
    };
    let mut it = std::env::args_os().skip(1);
    while let Some(arg) = it.next() {
        match arg.to_str() {
            Some("-o") => output = Some(PathBuf::from(it.next().ok_or("-o needs a file name")?)),
            Some("--report") => a.report = Some(PathBuf::from(it.next().ok_or("--report needs a file name")?)),
            Some("--near-misses") => {
                a.near_misses = Some(PathBuf::from(it.next().ok_or("--near-misses needs a file name")?))
            }
            Some("-S") => a.text = true,
            Some("--use-aliases") => a.opts.use_aliases = true,
            Some("--preserve-debug-info") => a.opts.preserve_debug_info = true,
            Some("--merge-cycles") => a.opts.merge_cycles = true,
            Some("--check-fast-path") => a.opts.check_fast_path = true,
            Some("--stats") => a.stats = true,
            Some("-v" | "--verbose") => a.verbose = true,
            Some("--time") => a.time = true,
            Some("--no-verify") => a.verify = false,
            Some("--no-copy-views") => a.copy_views = false,
            Some("--floors") => a.floors = true,
            Some("--no-tree-keys") => a.tree_keys = false,
            Some("--drop-differing-attachments") => a.drop_attachments = true,
            Some("--linked") => a.linked = true,
            // Not in the usage: the tests' model of LLVM 22's unsound attachment rule.
            Some("--test-llvm22-attachments") => a.llvm22_attachments = true,
            Some("--threads") => {
                let n = it.next().ok_or("--threads needs a number")?;
                a.threads = Some(
                    n.to_str()
                        .and_then(|s| s.parse::<usize>().ok())
                        .filter(|n| *n > 0)
                        .ok_or_else(|| format!("--threads needs a positive number, not {}", n.to_string_lossy()))?,
                );
            }
            Some("-h" | "--help") => return Err(String::new()),
            Some(s) if s.starts_with("--report=") => a.report = Some(PathBuf::from(&s["--report=".len()..])),
            Some(s) if s.starts_with("-o") && s.len() > 2 => output = Some(PathBuf::from(&s[2..])),
            Some(s) if s.starts_with('-') && s != "-" => return Err(format!("unknown option {s}")),
            _ => {
                if input.is_some() {
                    return Err(format!("more than one input file ({})", Path::new(&arg).display()));
                }
                input = Some(PathBuf::from(arg));
            }
        }
    }
    a.input = input.ok_or("no input file")?;
    if a.floors && output.is_none() {
        output = Some(PathBuf::new());
    }
    a.output = output.ok_or("no output file (-o)")?;
    if a.output.as_os_str() == "-" || a.output.extension().is_some_and(|e| e == "ll") {
        a.text = true;
    }
    Ok(a)
}

/// An output file staged next to its destination: checked and created before the merge
/// runs (so an output that cannot be written fails the run before anything is written),
/// filled afterwards, and renamed into place by [`Staged::commit`]. Dropped uncommitted
/// (an error, a panic), the temporary file goes and the destination is untouched.
///
/// Only regular files are replaced by a rename. A destination that is a device, a FIFO
/// or a socket (`-o /dev/null`, `/dev/stdout`, a named pipe) is written in place at
/// commit: renaming over it would replace the node itself (run as root, `-o /dev/null`
/// would leave a regular file at `/dev/null` for every later program to read). A symbolic
/// link is followed: the file it names is replaced, the link stays.
struct Staged {
    /// The destination as the user named it (for messages).
    path: PathBuf,
    how: Staging,
}

/// How a [`Staged`] output reaches its destination.
enum Staging {
    /// A regular file or a new one: written to `tmp` beside `dest` (the destination with
    /// symbolic links resolved), then renamed over it.
    Rename { dest: PathBuf, tmp: PathBuf, file: Option<std::fs::File> },
    /// Anything else that exists (a device, a FIFO, a socket, a dangling link): the
    /// content is held and written into the destination, opened for writing, at commit.
    InPlace { data: Option<Vec<u8>> },
    /// Committed (nothing left to clean up).
    Done,
}

impl Staged {
    /// Refuses what `opt` refuses: a destination that is a directory, or an existing
    /// file this process may not write ("Permission denied"), which a rename would
    /// otherwise silently replace. Then creates the temporary file.
    fn create(path: &Path) -> Result<Staged, String> {
        let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        let is_link = std::fs::symlink_metadata(path).is_ok_and(|md| md.file_type().is_symlink());
        let dest = match std::fs::metadata(path) {
            Ok(md) if md.is_dir() => return Err(format!("cannot write {}: it is a directory", path.display())),
            Ok(md) if !md.is_file() => {
                return Ok(Staged { path: path.to_path_buf(), how: Staging::InPlace { data: None } })
            }
            Ok(_) => {
                // Opened for writing without truncation: the check changes nothing.
                std::fs::OpenOptions::new().write(true).open(path).map_err(fail)?;
                if is_link {
                    std::fs::canonicalize(path).map_err(fail)?
                } else {
                    path.to_path_buf()
                }
            }
            // A link to nothing: writing through it creates the file it names.
            Err(_) if is_link => return Ok(Staged { path: path.to_path_buf(), how: Staging::InPlace { data: None } }),
            Err(_) => path.to_path_buf(),
        };
        let dir = match dest.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = dest.file_name().ok_or_else(|| format!("{} is not a file name", path.display()))?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".tmp{}", std::process::id()));
        let tmp = dir.join(tmp_name);
        let file = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp).map_err(fail)?;
        Ok(Staged { path: path.to_path_buf(), how: Staging::Rename { dest, tmp, file: Some(file) } })
    }

    /// Writes the whole content to the temporary file (or holds it, for a destination
    /// written in place).
    fn fill(&mut self, content: &[u8]) -> Result<(), String> {
        let fail = |e: std::io::Error| format!("cannot write {}: {e}", self.path.display());
        match &mut self.how {
            Staging::Rename { file, .. } => {
                let mut f = file.take().ok_or("internal error: output filled twice")?;
                f.write_all(content).and_then(|_| f.sync_all()).map_err(fail)
            }
            Staging::InPlace { data } if data.is_none() => {
                *data = Some(content.to_vec());
                Ok(())
            }
            Staging::InPlace { .. } | Staging::Done => Err("internal error: output filled twice".into()),
        }
    }

    /// Renames the filled temporary file into place, or writes the held content into a
    /// destination that is written in place.
    fn commit(mut self) -> Result<(), String> {
        let fail = |e: std::io::Error| format!("cannot write {}: {e}", self.path.display());
        match std::mem::replace(&mut self.how, Staging::Done) {
            Staging::Rename { dest, tmp, .. } => {
                if let Err(e) = std::fs::rename(&tmp, &dest) {
                    let _ = std::fs::remove_file(&tmp);
                    return Err(fail(e));
                }
            }
            Staging::InPlace { data } => {
                let data = data.ok_or("internal error: output committed before it was filled")?;
                let mut f = std::fs::OpenOptions::new()
                    .write(true)
                    .create(true)
                    .truncate(true)
                    .open(&self.path)
                    .map_err(fail)?;
                f.write_all(&data).and_then(|_| f.flush()).map_err(fail)?;
            }
            Staging::Done => {}
        }
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Staging::Rename { tmp, .. } = &self.how {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// The name of `f` as the output module prints it: an unnamed function is `@N` (its
/// number in the output, `slots`), or `@<unnamed>` once it is gone.
fn printable_name<'a>(m: &'a LlvmModule, f: mergefunc::FuncId, slots: &[Option<usize>]) -> Cow<'a, [u8]> {
    let name = m.func_name(f);
    if !name.is_empty() {
        return Cow::Borrowed(name);
    }
    match slots.get(f.index()).copied().flatten() {
        Some(n) => Cow::Owned(n.to_string().into_bytes()),
        None => Cow::Borrowed(b"<unnamed>"),
    }
}

/// `mergefunc explain INPUT F G [--before-merge] [--use-aliases] [--merge-cycles]
/// [--drop-differing-attachments] [--linked]`.
fn run_explain(args: &[std::ffi::OsString]) -> Result<(), String> {
    let (mut before, mut opts, mut pos, mut drop) = (false, Options::default(), Vec::new(), false);
    let mut linked = false;
    for a in args {
        match a.to_str() {
            Some("--before-merge") => before = true,
            Some("--use-aliases") => opts.use_aliases = true,
            Some("--merge-cycles") => opts.merge_cycles = true,
            Some("--drop-differing-attachments") => drop = true,
            Some("--linked") => linked = true,
            Some(s) if s.starts_with("--") => return Err(format!("unknown option {s}\n{USAGE}")),
            Some(s) => pos.push(s),
            None => return Err("arguments must be UTF-8".into()),
        }
    }
    let [input, f, g] = pos[..] else {
        return Err(format!("explain needs INPUT F G\n{USAGE}"));
    };
    let mut m = LlvmModule::load(Path::new(input)).map_err(|e| e.to_string())?;
    // In that mode views leave the droppable attachments out, so the order the
    // explanation follows is the one that merge run used.
    m.set_drop_differing_attachments(drop);
    // By default the pair is explained as the merge left it: merge a second copy.
    let merged = if before {
        None
    } else {
        let mut merged = LlvmModule::load(Path::new(input)).map_err(|e| e.to_string())?;
        merged.set_drop_differing_attachments(drop);
        merged.set_comdats_resolved(linked);
        let r = merge_module(&mut merged, &opts).map_err(|e| format!("merging failed: {e}"))?;
        Some((r, merged))
    };
    let after = merged.as_ref().map(|(r, mm)| (r, mm));
    let text = mergefunc_llvm::explain::explain_pair(&mut m, f, g, after)?;
    // The process exits now: the merged copy need not be torn down.
    std::mem::forget(merged);
    write_stdout(text.as_bytes())
}

/// Writes `data` to standard output; a reader that went away (`mergefunc explain ... |
/// head`) is an error message and exit 1, not a panic.
fn write_stdout(data: &[u8]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    out.write_all(data).and_then(|_| out.flush()).map_err(|e| format!("cannot write standard output: {e}"))
}

fn run() -> Result<(), String> {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if argv.first().is_some_and(|a| a == "explain") {
        return run_explain(&argv[1..]);
    }
    // One module, one pass: keep memory that parsing frees mapped for the pass.
    mergefunc_llvm::tune_allocator_for_one_shot();
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            return write_stdout(format!("{USAGE}\n").as_bytes());
        }
        Err(e) => return Err(format!("{e}\n{USAGE}")),
    };
    if args.floors {
        // The benchmark's floors and memory baseline (see `mergefunc_llvm::floors`).
        let write = Some(args.output.as_path()).filter(|p| !p.as_os_str().is_empty());
        let f = mergefunc_llvm::floors(&args.input, write)?;
        eprintln!(
            "mergefunc: floors: headers {:.6} s (cpu {:.6} s), instructions {:.6} s (cpu {:.6} s) ({} functions, {} \
             instructions)",
            f.headers.0, f.headers.1, f.instructions.0, f.instructions.1, f.counts.0, f.counts.1
        );
        return Ok(());
    }
    // The near-miss report reads an unmerged copy of the input (see mergefunc_llvm::explain).
    if args.near_misses.is_some() && args.input.as_os_str() == "-" {
        return Err("--near-misses needs an input file, not -".into());
    }
    // Every file the run writes is checked and created first: a run writes all of them
    // or none (the renames at the end are the only step after which a failure could leave
    // one written and another not).
    let mut out_file = if args.output.as_os_str() == "-" { None } else { Some(Staged::create(&args.output)?) };
    let mut report_file = args.report.as_deref().map(Staged::create).transpose()?;
    let mut near_file = args.near_misses.as_deref().map(Staged::create).transpose()?;
    let pristine = match &args.near_misses {
        Some(_) => {
            let mut p = LlvmModule::load_with_threads(&args.input, args.threads).map_err(|e| e.to_string())?;
            mergefunc_llvm::explain::materialize_all(&mut p);
            Some(p)
        }
        None => None,
    };
    let mut m = LlvmModule::load_with_threads(&args.input, args.threads).map_err(|e| e.to_string())?;
    // The process writes the module and exits: erased bodies need not be destroyed.
    m.set_keep_erased(true);
    m.testing().set_copy_views(args.copy_views);
    m.testing().set_tree_keys(args.tree_keys);
    m.testing().set_llvm22_attachments(args.llvm22_attachments);
    m.set_drop_differing_attachments(args.drop_attachments);
    m.set_comdats_resolved(args.linked);
    let (start, cpu0) = (Instant::now(), mergefunc_llvm::process_cpu_seconds());
    let report = merge_module(&mut m, &args.opts).map_err(|e| format!("merging failed: {e}"))?;
    let (merge_secs, merge_cpu) = (start.elapsed().as_secs_f64(), mergefunc_llvm::process_cpu_seconds() - cpu0);
    // The pass: the adapter's module facts (built right after parsing) plus the merge.
    let (setup_secs, setup_cpu) = m.setup_seconds();
    let secs = setup_secs + merge_secs;
    if args.time {
        eprintln!("mergefunc: merge pass {secs:.6} s");
    }
    if args.verify {
        m.verify().map_err(|e| format!("internal error: {e}"))?;
    }
    let data = if args.text { m.to_text().into_bytes() } else { m.to_bitcode() };
    // Names are read only where records are printed.
    let unnamed = |f: mergefunc::FuncId| m.func_name(f).is_empty();
    let any_unnamed = || {
        report.merges.iter().any(|r| unnamed(r.folded) || unnamed(r.target))
            || report.refused.iter().any(|r| unnamed(r.func) || unnamed(r.target))
    };
    let slots = if (args.verbose || args.report.is_some()) && any_unnamed() { m.unnamed_slots() } else { Vec::new() };
    if let Some(f) = report_file.as_mut() {
        let json = to_json(&report, &m, &slots, if args.time { Some(secs) } else { None });
        f.fill(json.as_bytes())?;
    }
    let near = pristine.as_ref().map(|p| mergefunc_llvm::explain::near_misses_of(p, &report));
    if let (Some(f), Some(p), Some(nm)) = (near_file.as_mut(), &pristine, &near) {
        f.fill(mergefunc_llvm::explain::near_miss_json(p, nm).as_bytes())?;
    }
    match out_file.as_mut() {
        Some(f) => f.fill(&data)?,
        None => write_stdout(&data)?,
    }
    if let Some(f) = out_file.take() {
        f.commit()?;
    }
    if let Some(f) = report_file.take() {
        f.commit()?;
    }
    if let Some(f) = near_file.take() {
        f.commit()?;
    }
    if args.verbose {
        let name = |f| printable_name(&m, f, &slots);
        for r in &report.merges {
            eprintln!("mergefunc: {}", r.display_with(name));
        }
        for r in &report.refused {
            eprintln!("mergefunc: {}", r.display_with(name));
        }
    }
    if args.stats {
        eprintln!("mergefunc: {}", report.stats);
        // Declined rewrites by kind and reason (each one is listed by -v and --report).
        let mut declined: std::collections::BTreeMap<(&str, &str, bool), usize> = Default::default();
        for r in &report.refused {
            *declined.entry((r.rewrite.as_str(), r.reason, r.pair_kept_apart)).or_default() += 1;
        }
        for ((rewrite, reason, apart), n) in declined {
            let then = if apart { "pair kept apart" } else { "another rewrite used" };
            eprintln!("mergefunc: declined {rewrite} x{n}: {reason} ({then})");
        }
        for line in near.iter().flat_map(|nm| mergefunc_llvm::explain::near_miss_stats(nm, 10)) {
            eprintln!("mergefunc: {line}");
        }
        eprintln!("mergefunc: views built: {}", m.testing().views_built());
        eprintln!("mergefunc: views copied from a function with the same body: {}", m.testing().copy_report().0);
        eprintln!(
            "mergefunc: functions found to have a tree function's body without a view: {}",
            m.testing().same_body_claims()
        );
        if args.time {
            eprintln!(
                "mergefunc: time: module facts {setup_secs:.6} s (cpu {setup_cpu:.6} s), merge {merge_secs:.6} s \
                 (cpu {merge_cpu:.6} s), pass cpu {:.6} s",
                setup_cpu + merge_cpu
            );
            let t = m.pass_times();
            eprintln!(
                "mergefunc: time parts (wall): prescan {:.6} s, views {:.6} s, rewrites {:.6} s, core and the rest \
                 {:.6} s (of which same-body claims {:.6} s, merge keys {:.6} s)",
                t.prescan,
                t.views,
                t.rewrites,
                merge_secs - t.prescan - t.views - t.rewrites,
                t.claims,
                t.keys
            );
        }
    }
    // Everything is written and the process ends: destroying the module and its context
    // (about 7% of a whole run on rust-linked-release) would only hand memory back that
    // the exit returns anyway.
    std::mem::forget(m);
    std::mem::forget(pristine);
    Ok(())
}

fn main() -> ExitCode {
    match std::panic::catch_unwind(run) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("mergefunc: error: {e}");
            ExitCode::FAILURE
        }
        Err(_) => {
            eprintln!("mergefunc: internal error (panic)");
            ExitCode::from(101)
        }
    }
}
