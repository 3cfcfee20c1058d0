//! Running the LLVM 22 tools and one differential case: reference = `opt-22
//! -passes=mergefunc`, candidate = any tool with the same interface (our `mergefunc` CLI
//! in `differential.rs`, opt itself through bitcode in `corpus_selfcheck.rs`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::classify::{self, Classification};
use super::llparse;

/// Paths of the LLVM 22 command-line tools.
#[derive(Clone, Debug)]
pub struct Tools {
    pub opt: PathBuf,
    pub lli: PathBuf,
    pub llvm_dis: PathBuf,
    pub llvm_as: PathBuf,
}

/// A `<name>-22` tool on `PATH`, or `/usr/lib/llvm-22/bin/<name>`.
pub fn find_tool(name: &str) -> Option<PathBuf> {
    let suffixed = format!("{name}-22");
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let p = dir.join(&suffixed);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    let p = PathBuf::from(format!("/usr/lib/llvm-22/bin/{name}"));
    p.is_file().then_some(p)
}

/// Finds `opt-22`, `lli-22`, `llvm-dis-22`, `llvm-as-22` (or `/usr/lib/llvm-22/bin/*`).
pub fn find_tools() -> Result<Tools, String> {
    let get = |n: &str| find_tool(n).ok_or_else(|| format!("{n}-22 not found"));
    Ok(Tools { opt: get("opt")?, lli: get("lli")?, llvm_dis: get("llvm-dis")?, llvm_as: get("llvm-as")? })
}

/// Whether the program-building tests run: in CI, or with `MERGEFUNC_EXEC_DIFF` set to
/// anything but `0` (`0` skips them anywhere). Prints a SKIP line naming `what` when not.
pub fn exec_diff_wanted(what: &str) -> bool {
    let wanted = match std::env::var("MERGEFUNC_EXEC_DIFF").ok().as_deref() {
        Some("0") => false,
        Some(_) => true,
        None => std::env::var_os("CI").is_some(),
    };
    if !wanted {
        eprintln!("SKIP: {what} runs in CI or with MERGEFUNC_EXEC_DIFF=1");
    }
    wanted
}

/// The tools, or `None` after a loud SKIP message. With `CI` set a missing tool is a
/// failure, never a skip.
pub fn tools_or_skip(test: &str) -> Option<Tools> {
    match find_tools() {
        Ok(t) => Some(t),
        Err(e) => {
            if std::env::var_os("CI").is_some() {
                panic!("{test}: LLVM 22 tools are required when CI is set: {e} (run .ci/install-llvm.sh)");
            }
            eprintln!("\n========================================================================");
            eprintln!("SKIP {test}: {e}. Install LLVM 22 (.ci/install-llvm.sh) to run it.");
            eprintln!("========================================================================\n");
            None
        }
    }
}

/// Output of one process run.
pub struct RunOut {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
}

/// Runs a command with a time limit, capturing both streams.
pub fn run(cmd: &mut Command, limit: Duration) -> Result<RunOut, String> {
    let desc = format!("{cmd:?}");
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {desc}: {e}"))?;
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = so.read_to_end(&mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = se.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            break st;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            timed_out = true;
            break child.wait().map_err(|e| e.to_string())?;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&t_out.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&t_err.join().unwrap()).into_owned();
    Ok(RunOut { code: status.code(), stdout, stderr, timed_out })
}

fn run_ok(cmd: &mut Command, limit: Duration) -> Result<RunOut, String> {
    let desc = format!("{cmd:?}");
    let r = run(cmd, limit)?;
    if r.timed_out {
        return Err(format!("timed out after {limit:?}: {desc}"));
    }
    if r.code != Some(0) {
        return Err(format!("failed ({:?}): {desc}\n{}", r.code, tail(&r.stderr, 40)));
    }
    Ok(r)
}

/// The last `n` lines of a text.
pub fn tail(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    let t = lines[lines.len().saturating_sub(n)..].join("\n");
    if t.len() > 3000 {
        let mut cut = 3000;
        while !t.is_char_boundary(cut) {
            cut -= 1;
        }
        format!("{} ...[truncated]", &t[..cut])
    } else {
        t
    }
}

/// Maps a `mergefunc` option to opt's `cl::opt`.
pub fn opt_flag(opt: &str) -> Result<&'static str, String> {
    match opt {
        "--use-aliases" => Ok("-mergefunc-use-aliases"),
        "--preserve-debug-info" => Ok("-mergefunc-preserve-debug-info"),
        o => Err(format!("no opt equivalent for option {o}")),
    }
}

const TOOL_LIMIT: Duration = Duration::from_secs(600);

/// `opt-22 -S -passes=mergefunc [flags] input -o out`.
pub fn opt_mergefunc(t: &Tools, input: &Path, opts: &[String], out: &Path) -> Result<(), String> {
    let mut c = Command::new(&t.opt);
    c.arg("-passes=mergefunc");
    for o in opts {
        c.arg(opt_flag(o)?);
    }
    if out.extension().is_some_and(|e| e == "ll") {
        c.arg("-S");
    }
    c.arg(input).arg("-o").arg(out);
    run_ok(&mut c, TOOL_LIMIT).map(|_| ())
}

/// `opt-22 -passes=verify -disable-output path`.
pub fn verify(t: &Tools, path: &Path) -> Result<(), String> {
    run_ok(Command::new(&t.opt).arg("-passes=verify").arg("-disable-output").arg(path), TOOL_LIMIT)
        .map(|_| ())
        .map_err(|e| format!("LLVM verifier rejects {}: {e}", path.display()))
}

/// The textual IR of a `.ll` or `.bc` file.
pub fn text_of(t: &Tools, path: &Path) -> Result<String, String> {
    if path.extension().is_some_and(|e| e == "bc") {
        let r = run_ok(Command::new(&t.llvm_dis).arg(path).arg("-o").arg("-"), TOOL_LIMIT)?;
        Ok(r.stdout)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Runs `lli-22` on a module with `main`: (exit code, stdout).
pub fn lli(t: &Tools, path: &Path) -> Result<(Option<i32>, String), String> {
    let r = run(Command::new(&t.lli).arg(path), Duration::from_secs(120))?;
    if r.timed_out {
        return Err(format!("lli timed out on {}", path.display()));
    }
    if r.code.is_none() || r.stderr.contains("JIT session error") || r.stderr.contains("Failed to materialize") {
        return Err(format!("lli could not run {}: {}", path.display(), tail(&r.stderr, 20)));
    }
    Ok((r.code, r.stdout))
}

/// A documented, deliberate difference from LLVM 22: in `file`, our tool's record for
/// `func` (rendered like [`classify::FnRecord`]'s `Display`, e.g. `kept` or
/// `kept calls(a,b)`) is `ours`, for `reason`. The harness asserts that LLVM really
/// differs there and that we really produce `ours`.
#[derive(Clone, Copy, Debug)]
pub struct Deviation {
    pub file: &'static str,
    pub func: &'static str,
    pub ours: &'static str,
    pub reason: &'static str,
}

/// A candidate tool: (input, options, output path) → writes textual IR to output.
pub type Candidate<'a> = &'a dyn Fn(&Path, &[String], &Path) -> Result<(), String>;

/// What one case produced (for reports).
pub struct CaseReport {
    pub name: String,
    pub input_funcs: usize,
    pub reference: Classification,
    pub candidate: Classification,
    pub ref_time: Duration,
    pub cand_time: Duration,
    pub lli_checked: bool,
}

/// Options of one case.
pub struct CaseOpts<'a> {
    pub name: &'a str,
    pub input: &'a Path,
    pub opts: &'a [String],
    pub workdir: &'a Path,
    pub deviations: &'a [Deviation],
    /// Compare `lli` behaviour of input and candidate output when the input has `main`.
    pub lli: bool,
    /// Compare kept functions' callee lists (redirected callers) too.
    pub callees: bool,
    pub cand_name: &'a str,
}

/// Runs our `mergefunc` CLI (`bin`) as a differential candidate: `input -S -o out`, then
/// `opts` (shared with opt-22) and `extra` (ours only). Fails on a time-out, a non-zero
/// exit, or a missing output.
pub fn run_mergefunc_cli(
    bin: &Path,
    input: &Path,
    opts: &[String],
    extra: &[&str],
    out: &Path,
    limit: Duration,
) -> Result<(), String> {
    let mut c = Command::new(bin);
    c.arg(input).arg("-S").arg("-o").arg(out).args(opts).args(extra);
    let r = run(&mut c, limit)?;
    if r.timed_out {
        return Err("mergefunc timed out".into());
    }
    if r.code != Some(0) {
        return Err(format!("exit {:?}\n{}", r.code, tail(&r.stderr, 40)));
    }
    if !out.is_file() {
        return Err(format!("mergefunc exited 0 but wrote no {}", out.display()));
    }
    Ok(())
}

/// Runs one differential case. `Err` carries a readable report of every difference.
pub fn run_case(t: &Tools, c: &CaseOpts<'_>, candidate: Candidate<'_>) -> Result<CaseReport, String> {
    std::fs::create_dir_all(c.workdir).map_err(|e| e.to_string())?;
    let stem = c.name.trim_end_matches(".ll").trim_end_matches(".bc");
    let ref_out = c.workdir.join(format!("{stem}.opt22.ll"));
    let cand_out = c.workdir.join(format!("{stem}.{}.ll", c.cand_name));
    let input_text = text_of(t, c.input)?;
    let input = llparse::parse(&input_text);

    let t0 = Instant::now();
    opt_mergefunc(t, c.input, c.opts, &ref_out)?;
    let ref_time = t0.elapsed();
    let t1 = Instant::now();
    candidate(c.input, c.opts, &cand_out).map_err(|e| format!("{}: {} failed: {e}", c.name, c.cand_name))?;
    let cand_time = t1.elapsed();

    let mut problems = String::new();
    if let Err(e) = verify(t, &cand_out) {
        writeln!(problems, "{e}").unwrap();
    }
    let reference = classify::classify(&input, &llparse::parse(&std::fs::read_to_string(&ref_out).unwrap()));
    let candidate_c = classify::classify(&input, &llparse::parse(&text_of(t, &cand_out)?));

    // Documented deviations of this file.
    let mut skip = BTreeSet::new();
    for d in c.deviations.iter().filter(|d| d.file == c.name) {
        skip.insert(d.func.to_string());
        let ours = candidate_c.funcs.get(d.func).map(|r| r.to_string()).unwrap_or_else(|| "<missing>".into());
        let llvm = reference.funcs.get(d.func).map(|r| r.to_string()).unwrap_or_else(|| "<missing>".into());
        if ours != d.ours {
            writeln!(
                problems,
                "documented deviation not met: {}: expected {} `{}` ({}), got `{ours}`",
                d.func, c.cand_name, d.ours, d.reason
            )
            .unwrap();
        }
        if llvm == d.ours {
            writeln!(
                problems,
                "documented deviation is stale: {}: opt-22 now also gives `{llvm}`; remove it from the table",
                d.func
            )
            .unwrap();
        }
    }

    let diffs = classify::compare(&reference, &candidate_c, &skip, c.callees);
    if !diffs.is_empty() {
        let shown = &diffs[..diffs.len().min(60)];
        writeln!(
            problems,
            "{} function(s) differ (reference opt-22 vs {}):\n{}{}",
            diffs.len(),
            c.cand_name,
            classify::render_diffs(shown, "opt-22", c.cand_name),
            if diffs.len() > shown.len() {
                format!("  ... and {} more\n", diffs.len() - shown.len())
            } else {
                String::new()
            }
        )
        .unwrap();
    }
    let count =
        |cl: &Classification| cl.funcs.iter().filter(|(n, r)| !skip.contains(*n) && r.outcome.is_merged()).count();
    let (rm, cm) = (count(&reference), count(&candidate_c));
    if rm != cm {
        writeln!(problems, "merged-function count differs: opt-22 {rm}, {} {cm}", c.cand_name).unwrap();
    }
    if skip.is_empty() && reference.new_bodies.len() != candidate_c.new_bodies.len() {
        writeln!(
            problems,
            "new private bodies differ: opt-22 {:?}, {} {:?}",
            reference.new_bodies, c.cand_name, candidate_c.new_bodies
        )
        .unwrap();
    }

    let mut lli_checked = false;
    if c.lli && input.has_main() {
        lli_checked = true;
        match (lli(t, c.input), lli(t, &cand_out)) {
            (Ok(before), Ok(after)) => {
                if before != after {
                    writeln!(
                        problems,
                        "behaviour changed under lli-22:\n  before: exit {:?}, stdout {:?}\n  after:  exit {:?}, stdout {:?}",
                        before.0,
                        tail(&before.1, 10),
                        after.0,
                        tail(&after.1, 10)
                    )
                    .unwrap();
                }
            }
            (Err(e), _) | (_, Err(e)) => writeln!(problems, "{e}").unwrap(),
        }
    }

    if problems.is_empty() {
        Ok(CaseReport {
            name: c.name.to_string(),
            input_funcs: input.funcs.len(),
            reference,
            candidate: candidate_c,
            ref_time,
            cand_time,
            lli_checked,
        })
    } else {
        Err(format!(
            "=== {} (options {:?}) ===\n{problems}  outputs: {} / {}\n",
            c.name,
            c.opts,
            ref_out.display(),
            cand_out.display()
        ))
    }
}

/// The corpus directory and its files (sorted).
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

pub fn corpus_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/corpus exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    v.sort();
    v
}

/// Work directory for generated files of one test.
pub fn workdir(test: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mergefunc-differential").join(test);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Repository root (the workspace).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Runs `adapters/llvm/scripts/NAME` with `args`, returning the last non-empty stdout line (the
/// generated module's path). Its stderr is passed through on failure.
pub fn run_script(name: &str, args: &[&str], limit: Duration) -> Result<PathBuf, String> {
    let script = repo_root().join("adapters/llvm/scripts").join(name);
    let r = run(Command::new("bash").arg(&script).args(args), limit)?;
    if r.timed_out || r.code != Some(0) {
        return Err(format!("{name} failed ({:?}, timed out: {}):\n{}", r.code, r.timed_out, tail(&r.stderr, 40)));
    }
    eprintln!("{}", tail(&r.stderr, 6));
    let last = r.stdout.lines().rev().find(|l| !l.trim().is_empty()).ok_or("script printed no path")?;
    Ok(PathBuf::from(last.trim()))
}
