//! Smoke tests of the `mergefunc` command.
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const INPUT: &str = r#"
define internal i32 @a(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 7
  ret i32 %z
}
define internal i32 @b(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 7
  ret i32 %z
}
define i32 @user(i32 %x) {
  %r = call i32 @a(i32 %x)
  %s = call i32 @b(i32 %r)
  ret i32 %s
}
"#;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mergefunc-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mergefunc")).args(args).output().unwrap()
}

fn os(p: &Path) -> &std::ffi::OsStr {
    p.as_os_str()
}

#[test]
fn merges_writes_text_bitcode_and_report() {
    let d = dir("ok");
    let input = d.join("in.ll");
    std::fs::write(&input, INPUT).unwrap();
    let out = d.join("out.ll");
    let report = d.join("r.json");
    let o = run(&[os(&input), "-o".as_ref(), os(&out), "--report".as_ref(), os(&report), "--time".as_ref()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(!text.contains("@b("), "{text}");
    assert!(text.contains("call i32 @a(i32 %r)"), "{text}");
    let stderr = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].starts_with("mergefunc: merge pass ") && lines[0].ends_with(" s"), "{stderr}");
    let json = std::fs::read_to_string(&report).unwrap();
    assert!(json.contains(r#""survivor": "a", "folded": "b", "action": "erase""#), "{json}");
    assert!(json.contains(r#""functions_merged": 1"#), "{json}");
    assert!(json.contains(r#""unique_keys": "#), "{json}");

    // Bitcode by extension, and the bitcode reads back.
    let bc = d.join("out.bc");
    let o = run(&[os(&input), "-o".as_ref(), os(&bc), "--stats".as_ref()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("merged=1"));
    let bytes = std::fs::read(&bc).unwrap();
    assert_eq!(&bytes[..2], b"BC");
    let back = d.join("back.ll");
    let o = run(&[os(&bc), "-o".as_ref(), os(&back)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    // -S forces text; `-` writes to stdout.
    let forced = d.join("forced.bc");
    assert!(run(&[os(&input), "-o".as_ref(), os(&forced), "-S".as_ref()]).status.success());
    assert!(std::fs::read_to_string(&forced).unwrap().contains("define"));
    let o = run(&[os(&input), "-o".as_ref(), "-".as_ref(), "--use-aliases".as_ref(), "--merge-cycles".as_ref()]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("define i32 @user"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_input_and_output_fail_cleanly() {
    let d = dir("bad");
    let out = d.join("out.ll");
    // Missing input.
    let o = run(&[os(&d.join("missing.ll")), "-o".as_ref(), os(&out)]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read"));
    // Unparsable input.
    let bad = d.join("bad.ll");
    std::fs::write(&bad, "define i32 @f( {").unwrap();
    let o = run(&[os(&bad), "-o".as_ref(), os(&out)]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot parse"));
    // Invalid IR (fails the verifier).
    let invalid = d.join("invalid.ll");
    std::fs::write(&invalid, "define i32 @f() {\n  %x = add i32 %x, 1\n  ret i32 %x\n}\n").unwrap();
    let o = run(&[os(&invalid), "-o".as_ref(), os(&out)]);
    assert!(!o.status.success());
    assert!(!out.exists(), "no partial output");
    // Unwritable output.
    let good = d.join("in.ll");
    std::fs::write(&good, INPUT).unwrap();
    let o = run(&[os(&good), "-o".as_ref(), os(&d.join("no/such/dir/out.ll"))]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write"));
    // Usage errors.
    assert!(!run(&[os(&good)]).status.success());
    assert!(!run(&[os(&good), "-o".as_ref(), os(&out), "--bogus".as_ref()]).status.success());
    assert!(std::fs::read_dir(&d).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().contains(".tmp")));
    let _ = std::fs::remove_dir_all(&d);
}

/// Runs the command as an unprivileged user when this process is privileged (root writes
/// read-only files; `opt` run by root does too): `None` if that cannot be arranged.
fn run_unprivileged(args: &[&std::ffi::OsStr], probe: &Path) -> Option<Output> {
    use std::os::unix::process::CommandExt;
    let mut c = Command::new(env!("CARGO_BIN_EXE_mergefunc"));
    c.args(args);
    if std::fs::OpenOptions::new().write(true).open(probe).is_ok() {
        c.uid(65534).gid(65534);
    }
    c.output().ok()
}

/// An existing output file the user may not write is refused, as opt-22 refuses it
/// ("Permission denied"), before anything is merged; the file keeps its content.
#[test]
fn read_only_output_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let d = dir("readonly");
    std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o777)).unwrap();
    let input = d.join("in.ll");
    std::fs::write(&input, INPUT).unwrap();
    std::fs::set_permissions(&input, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = d.join("out.ll");
    std::fs::write(&out, "old").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o444)).unwrap();
    let Some(o) = run_unprivileged(&[os(&input), "-o".as_ref(), os(&out)], &out) else {
        eprintln!("SKIP: cannot run the command as an unprivileged user");
        return;
    };
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(err.contains("Permission denied"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
    assert!(std::fs::read_dir(&d).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().contains(".tmp")));
    let _ = std::fs::remove_dir_all(&d);
}

/// A destination that is not a regular file is written in place, never replaced: with a
/// rename, `-o /dev/null` run as root would put a regular file at `/dev/null` (every later
/// reader of `/dev/null` then reads what was written into it). A named pipe stands in for
/// the device here; a symbolic link is written through and stays a link.
#[test]
fn special_and_linked_outputs_are_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let d = dir("special");
    let input = d.join("in.ll");
    std::fs::write(&input, INPUT).unwrap();
    let expected = run(&[os(&input), "-o".as_ref(), "-".as_ref()]);
    assert!(expected.status.success());
    // A named pipe, read by another process while the command writes it.
    let fifo = d.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let copy = d.join("from-pipe.ll");
        let reader = Command::new("sh")
            .arg("-c")
            .arg(format!("cat '{}' > '{}'", fifo.display(), copy.display()))
            .spawn()
            .unwrap();
        let o = run(&[os(&input), "-S".as_ref(), "-o".as_ref(), os(&fifo)]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut reader = reader;
        assert!(reader.wait().unwrap().success());
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the pipe was replaced");
        assert_eq!(std::fs::read(&copy).unwrap(), expected.stdout);
    } else {
        eprintln!("SKIP: no mkfifo here");
    }
    // /dev/null itself, when it is the device: it stays the device.
    if std::fs::metadata("/dev/null").is_ok_and(|m| m.file_type().is_char_device()) {
        let o = run(&[os(&input), "-o".as_ref(), "/dev/null".as_ref(), "--report".as_ref(), "/dev/null".as_ref()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device(), "/dev/null was replaced");
    }
    // A symbolic link to a regular file: the file gets the output, the link stays a link.
    let target = d.join("target.ll");
    std::fs::write(&target, "old").unwrap();
    let link = d.join("link.ll");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let o = run(&[os(&input), "-o".as_ref(), os(&link)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
    assert_eq!(std::fs::read(&target).unwrap(), expected.stdout);
    // A link to nothing yet: writing through it creates the file it names.
    let later = d.join("later.ll");
    let dangling = d.join("dangling.ll");
    std::os::unix::fs::symlink(&later, &dangling).unwrap();
    let o = run(&[os(&input), "-o".as_ref(), os(&dangling)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read(&later).unwrap(), expected.stdout);
    assert!(std::fs::read_dir(&d).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().contains(".tmp")));
    let _ = std::fs::remove_dir_all(&d);
}

/// A report that cannot be written fails the run before the output is written: all or
/// nothing.
#[test]
fn unwritable_report_leaves_no_output() {
    let d = dir("badreport");
    let input = d.join("in.ll");
    std::fs::write(&input, INPUT).unwrap();
    let out = d.join("out.ll");
    let report = d.join("no/such/dir/r.json");
    let o = run(&[os(&input), "-o".as_ref(), os(&out), "--report".as_ref(), os(&report)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(err.contains("cannot write") && err.contains("r.json"), "{err}");
    assert!(!out.exists(), "the output was written although the report could not be");
    // An existing output stays as it was.
    std::fs::write(&out, "old").unwrap();
    let o = run(&[os(&input), "-o".as_ref(), os(&out), "--report".as_ref(), os(&report)]);
    assert!(!o.status.success());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
    assert!(std::fs::read_dir(&d).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().contains(".tmp")));
    let _ = std::fs::remove_dir_all(&d);
}

/// `-v` names an unnamed function as the output prints it (`@0`), the private body split
/// out of two weak functions has a name of its own (`a.merged`, see
/// `private-bodies-named.ll`), and the JSON report keeps names that are not UTF-8 apart
/// (their bytes in a `_hex` field) and numbers unnamed functions.
#[test]
fn verbose_and_report_name_every_function() {
    let d = dir("names");
    let input = d.join("in.ll");
    let body = "(i32 %x) {\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n";
    let body2 = body.replace("7", "8");
    let body3 = body.replace("7", "9");
    let src = format!(
        "define weak i32 @a{body}define weak i32 @b{body}\
         define internal i32 @\"f\\FF\"{body2}define internal i32 @\"f\\FE\"{body2}\
         define i32 @user(i32 %x) {{\n  %r = call i32 @\"f\\FF\"(i32 %x)\n  %s = call i32 @\"f\\FE\"(i32 %r)\n  ret i32 %s\n}}\n\
         define internal i32 @0{body3}define internal i32 @1{body3}\
         define i32 @user2(i32 %x) {{\n  %r = call i32 @0(i32 %x)\n  %s = call i32 @1(i32 %r)\n  ret i32 %s\n}}\n"
    );
    std::fs::write(&input, src).unwrap();
    let out = d.join("out.ll");
    let report = d.join("r.json");
    let o = run(&[os(&input), "-o".as_ref(), os(&out), "-v".as_ref(), "--report".as_ref(), os(&report)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(!err.contains("-> @:"), "{err}");
    assert!(err.contains("@b -> @a.merged: thunk"), "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("define private i32 @a.merged("), "{text}");
    let json = std::fs::read_to_string(&report).unwrap();
    assert!(json.contains(r#""survivor_hex": "66fe""#), "{json}");
    assert!(json.contains(r#""folded_hex": "66ff""#), "{json}");
    assert!(json.contains(r#""survivor": "a.merged""#), "{json}");
    assert!(json.contains(r#""survivor": "", "survivor_number": "#), "{json}");
    let _ = std::fs::remove_dir_all(&d);
}

/// A rewrite the adapter declines (RAUW of a function whose address is stored, by one in
/// another address space) is counted with its reason by `--stats` and listed by `-v` and
/// the report; the run succeeds with a thunk instead.
#[test]
fn declined_rewrites_are_reported_with_their_reason() {
    let d = dir("declined");
    let input = d.join("in.ll");
    let body = "{\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n";
    let src = format!(
        "define i32 @a(i32 %x) addrspace(1) {body}define internal i32 @b(i32 %x) unnamed_addr {body}\
         @t = global ptr @b\n"
    );
    std::fs::write(&input, src).unwrap();
    let (out, report) = (d.join("out.ll"), d.join("r.json"));
    let o = run(&[
        os(&input),
        "-o".as_ref(),
        os(&out),
        "--stats".as_ref(),
        "-v".as_ref(),
        "--report".as_ref(),
        os(&report),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("rewrites_refused=1 pairs_kept_apart=0"), "{err}");
    assert!(err.contains("declined rauw x1: its address is used"), "{err}");
    assert!(err.contains("@b -> @a: no rauw ("), "{err}");
    assert!(err.contains("@b -> @a: thunk (uses: calls)"), "{err}");
    let json = std::fs::read_to_string(&report).unwrap();
    assert!(json.contains(r#""rewrite": "rauw""#) && json.contains(r#""rewrites_refused": 1"#), "{json}");
    let _ = std::fs::remove_dir_all(&d);
}

/// Merging a merged module changes nothing: the thunks of the first run are tagged with
/// `!mergefunc.thunk` and never merged again (opt-22 would fold `c`'s thunk into `b`'s).
#[test]
fn merging_twice_changes_nothing() {
    let d = dir("twice");
    let f =
        |n: &str| format!("define i64 @{n}(i64 %x) {{\n  %y = mul i64 %x, 3\n  %z = add i64 %y, 1\n  ret i64 %z\n}}\n");
    let src = format!(
        "{}{}{}define i64 @user(i64 %x) {{\n  %a = call i64 @b(i64 %x)\n  %c = call i64 @c(i64 %a)\n  ret i64 %c\n}}\n",
        f("a"),
        f("b"),
        f("c")
    );
    let input = d.join("in.ll");
    std::fs::write(&input, src).unwrap();
    let once = d.join("once.ll");
    let twice = d.join("twice.ll");
    let o = run(&[os(&input), "-o".as_ref(), os(&once), "--stats".as_ref()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("merged=2"), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&[os(&once), "-o".as_ref(), os(&twice), "--stats".as_ref()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("merged=0"), "{}", String::from_utf8_lossy(&o.stderr));
    // Everything but the `; ModuleID = <input path>` line is identical.
    let body = |p: &Path| std::fs::read_to_string(p).unwrap().lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&once), body(&twice));
    let _ = std::fs::remove_dir_all(&d);
}

/// The prescan's thread count never changes the output: a module above the prescan's
/// threshold for threads (512 candidates), with functions the prescan leaves out as
/// never merging, merged with 1, 2 and 3 threads.
#[test]
fn output_does_not_depend_on_threads() {
    let d = dir("threads");
    let mut src = String::new();
    for i in 0..350u32 {
        // Pairs of equal functions, each calling its pair's callee: the leaves merge at
        // once, their callers once the callees have merged.
        for v in ["a", "b"] {
            let call = if i >= 50 {
                format!("  %c = call i64 @f{}{v}(i64 %z)\n  ret i64 %c\n", i - 50)
            } else {
                "  ret i64 %z\n".into()
            };
            src += &format!(
                "define internal i64 @f{i}{v}(i64 %x) {{\n  %y = mul i64 %x, {}\n  %z = add i64 %y, {i}\n{call}}}\n",
                i + 2
            );
        }
    }
    // Functions of the pairs' shape that no other function equals (their constants
    // differ): the prescan finds them alone on their keys and leaves them out.
    for i in 0..100u32 {
        src += &format!(
            "define i64 @u{i}(i64 %x) {{\n  %y = mul i64 %x, {}\n  %z = add i64 %y, 7\n  ret i64 %z\n}}\n",
            i + 1000
        );
    }
    src += "define i64 @main_user(i64 %x) {\n";
    for i in 0..350u32 {
        src += &format!("  %ra{i} = call i64 @f{i}a(i64 %x)\n  %rb{i} = call i64 @f{i}b(i64 %x)\n");
    }
    src += "  ret i64 %ra0\n}\n";
    let input = d.join("in.ll");
    std::fs::write(&input, src).unwrap();
    let mut outs = Vec::new();
    for t in ["1", "2", "3"] {
        let out = d.join(format!("out{t}.ll"));
        let o = run(&[os(&input), "-o".as_ref(), os(&out), "--stats".as_ref(), "--threads".as_ref(), t.as_ref()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(stderr.contains("merged=350 "), "{stderr}");
        let never = stderr.split("never_merges=").nth(1).and_then(|r| r.split(' ').next()?.parse::<u32>().ok());
        assert!(never.is_some_and(|n| n >= 100), "{stderr}");
        outs.push((std::fs::read_to_string(&out).unwrap(), stderr));
    }
    assert!(outs.iter().all(|o| o == &outs[0]), "outputs differ between thread counts");
    // Copied views and bodies matched without a view (the 50 leaf pairs are identical)
    // change nothing but the work done.
    let count = |stderr: &str, what: &str| -> u64 {
        let line = stderr.lines().find(|l| l.contains(what)).unwrap_or_else(|| panic!("{stderr}"));
        line.rsplit(' ').next().unwrap().trim().parse().unwrap()
    };
    let copied = |stderr: &str| count(stderr, "views copied");
    let matched = |stderr: &str| count(stderr, "body without a view");
    assert!(copied(&outs[0].1) + matched(&outs[0].1) >= 50, "{}", outs[0].1);
    let out = d.join("out-no-copies.ll");
    let o = run(&[os(&input), "-o".as_ref(), os(&out), "--stats".as_ref(), "--no-copy-views".as_ref()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(copied(&stderr), 0, "{stderr}");
    assert_eq!(matched(&stderr), 0, "{stderr}");
    assert!(!stderr.contains("copies_merged") && !stderr.contains("same_body_merged"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), outs[0].0, "--no-copy-views changed the output");
    assert!(!run(&[os(&input), "-o".as_ref(), os(&d.join("x.ll")), "--threads".as_ref(), "0".as_ref()])
        .status
        .success());
    let _ = std::fs::remove_dir_all(&d);
}

/// The command is linked in the order of `link-order.txt` (see `link_order.rs`) whenever
/// the build finds `ld.lld` beside LLVM 22's `llvm-config`; the code warm-up then reads
/// the range between the order's first and last names, the shim's two markers. A build
/// that loses the order (a renamed marker, a linker that ignores the file) would turn
/// the warm-up off without a sign: the markers must be in order, at most 1 MiB apart.
#[test]
fn the_command_is_linked_with_its_hot_code_between_the_markers() {
    let Some(prefix) = option_env!("LLVM_SYS_221_PREFIX") else { return };
    let bin = Path::new(prefix).join("bin");
    if std::env::var_os("MERGEFUNC_LINK_ORDER").is_some_and(|v| v == "0")
        || !bin.join("ld.lld").exists()
        || !cfg!(all(target_os = "linux", target_env = "gnu"))
    {
        return; // linked without the order
    }
    let out = Command::new(bin.join("llvm-nm")).arg(env!("CARGO_BIN_EXE_mergefunc")).output().expect("llvm-nm runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let address = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_suffix(name).filter(|a| a.ends_with(" T ") || a.ends_with(" t ")))
            .and_then(|a| u64::from_str_radix(a.split(' ').next().unwrap_or(""), 16).ok())
            .unwrap_or_else(|| panic!("{name} is not a function of the command"))
    };
    let (start, end) = (address("mergefunc_hot_text_start"), address("mergefunc_hot_text_end"));
    assert!(start < end && end - start <= 1 << 20, "markers at {start:#x} and {end:#x}");
}
