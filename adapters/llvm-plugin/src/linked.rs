//! Whether the module the pass runs on is a whole program whose comdat groups the linker
//! has already resolved (`LlvmModule::set_comdats_resolved`).
//!
//! That is known in one setting only: lld's ELF driver (`ld.lld`) running a full-LTO link
//! (FullLTOLastEP, on the combined module `ld-temp.o`) to a final output. There, before
//! LTO, lld resolves every comdat group among all input files, bitcode and native: a
//! bitcode copy that lost has its members turned into declarations or
//! `available_externally` (and taken out of the group) before the module is combined, so
//! each group still in the module is the copy that won; lld then reads the object compiled
//! from the module ignoring its comdats, so none of its groups is dropped (not even by a
//! native object listed later: its copy lost at resolution). docs/plugin.md has the
//! experiment.
//!
//! Not resolved (the default stays): any other host (gold, bfd, ld64, rustc's own fat LTO,
//! `opt`, `lld-link`, `wasm-ld`), ThinLTO backends, and an lld link whose output is
//! linked again: `-r`/`--relocatable` (the groups are written to the output object) or
//! an output of IR or assembly (`emit-llvm`, `emit-asm`, `--lto-emit-asm`), and the index
//! link of a distributed ThinLTO build (`--thinlto-index-only`, `--lto-obj-path=`,
//! `obj-path=`: the object compiled from the full-LTO module is saved, groups and all, for
//! a later link that resolves them again). The command
//! line is read from `/proc/self/cmdline`, response files (`@FILE`) included; anything
//! that cannot be read (no `/proc`, a missing response file, response files nested too
//! deep) counts as not resolved.
//!
//! Invariant: an answer of `true` needs positive evidence of every condition above.

use crate::params::Origin;
use std::path::Path;

/// How deep response files may nest before the answer is "not resolved".
const MAX_RESPONSE_DEPTH: u32 = 8;

/// Whether the groups of module `name`, run on from `origin` in this process, are
/// resolved (module docs).
pub fn comdats_resolved(origin: Origin, name: &str) -> bool {
    if origin != Origin::FullLtoLink || name != "ld-temp.o" {
        return false;
    }
    let Ok(exe) = std::fs::read_link("/proc/self/exe") else { return false };
    let Ok(raw) = std::fs::read("/proc/self/cmdline") else { return false };
    let Ok(text) = String::from_utf8(raw) else { return false };
    let argv: Vec<String> = text.split('\0').filter(|a| !a.is_empty()).map(str::to_owned).collect();
    final_lld_elf_link(&exe, &argv, &|p| std::fs::read_to_string(p).ok())
}

/// Whether the process `exe` with arguments `argv` (`argv[0]` first) is `ld.lld` linking
/// a final output; `read` reads a response file.
pub fn final_lld_elf_link(exe: &Path, argv: &[String], read: &dyn Fn(&Path) -> Option<String>) -> bool {
    let file_name = |p: &Path| p.file_name().and_then(|n| n.to_str()).map(str::to_owned).unwrap_or_default();
    let exe_name = file_name(exe);
    // The lld binary (Debian's `lld` behind `ld.lld-22`), run under its ELF name.
    let lld = exe_name == "lld" || exe_name.starts_with("lld-") || exe_name.starts_with("ld.lld");
    let Some(arg0) = argv.first() else { return false };
    if !lld || !file_name(Path::new(arg0)).starts_with("ld.lld") {
        return false;
    }
    let mut args = Vec::new();
    if !expand(&argv[1..], read, 0, &mut args) {
        return false;
    }
    !args.iter().any(|a| links_again(a))
}

/// Whether argument `a` makes lld's output something that is linked again.
fn links_again(a: &str) -> bool {
    matches!(a, "-r" | "--relocatable" | "-relocatable" | "-Ur" | "--Ur")
        || a.ends_with("emit-llvm")
        || a.ends_with("emit-asm")
        || a.ends_with("emit-bitcode")
        || a.contains("thinlto-index-only")
        || a.contains("obj-path")
}

/// Appends `args` to `out` with response files replaced by their words; `false` if one
/// cannot be read or they nest deeper than [`MAX_RESPONSE_DEPTH`].
fn expand(args: &[String], read: &dyn Fn(&Path) -> Option<String>, depth: u32, out: &mut Vec<String>) -> bool {
    for a in args {
        match a.strip_prefix('@') {
            Some(file) => {
                let Some(text) = read(Path::new(file)) else { return false };
                if depth >= MAX_RESPONSE_DEPTH || !expand(&words(&text), read, depth + 1, out) {
                    return false;
                }
            }
            None => out.push(a.clone()),
        }
    }
    true
}

/// The words of a response file: split at white space outside quotes, quotes removed, a
/// backslash taking the next character as it is (GNU style, which lld reads on Unix).
fn words(text: &str) -> Vec<String> {
    let (mut out, mut cur, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (_, '\\') => {
                cur.extend(chars.next());
                any = true;
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    const LLD: &str = "/usr/lib/llvm-22/bin/lld";
    const NONE: &dyn Fn(&Path) -> Option<String> = &|_| None;

    #[test]
    fn a_final_lld_link_resolves_groups() {
        let a = argv(&["/usr/bin/ld.lld", "-pie", "-o", "prog", "a.o", "b.o", "--load-pass-plugin=p.so"]);
        assert!(final_lld_elf_link(Path::new(LLD), &a, NONE));
        assert!(final_lld_elf_link(Path::new("/opt/bin/ld.lld"), &a, NONE));
    }

    #[test]
    fn other_hosts_and_flavors_do_not() {
        let a = argv(&["/usr/bin/ld.lld", "-o", "prog", "a.o"]);
        for exe in ["/usr/bin/ld.gold", "/usr/bin/x86_64-linux-gnu-ld.bfd", "/usr/bin/rustc", "/usr/bin/opt-22"] {
            assert!(!final_lld_elf_link(Path::new(exe), &a, NONE), "{exe}");
        }
        for arg0 in ["lld-link", "ld64.lld", "wasm-ld", "/usr/bin/clang-22"] {
            assert!(!final_lld_elf_link(Path::new(LLD), &argv(&[arg0, "-o", "x", "a.o"]), NONE), "{arg0}");
        }
        assert!(!final_lld_elf_link(Path::new(LLD), &[], NONE));
    }

    #[test]
    fn outputs_linked_again_do_not() {
        for flag in [
            "-r",
            "--relocatable",
            "--plugin-opt=emit-llvm",
            "--lto-emit-asm",
            "-plugin-opt=emit-asm",
            "--thinlto-index-only",
            "--thinlto-index-only=idx.rsp",
            "-plugin-opt=thinlto-index-only",
            "--lto-obj-path=lto.o",
            "--plugin-opt=obj-path=lto.o",
        ] {
            let a = argv(&["ld.lld", "-o", "x.o", flag, "a.o"]);
            assert!(!final_lld_elf_link(Path::new(LLD), &a, NONE), "{flag}");
        }
        // `-plugin-opt emit-llvm` as two arguments.
        assert!(!final_lld_elf_link(Path::new(LLD), &argv(&["ld.lld", "-plugin-opt", "emit-llvm", "a.o"]), NONE));
        assert!(!final_lld_elf_link(Path::new(LLD), &argv(&["ld.lld", "--plugin-opt", "obj-path=x.o", "a.o"]), NONE));
    }

    #[test]
    fn response_files_are_read() {
        let files = |p: &Path| match p.to_str()? {
            "ok.rsp" => Some("-o prog \"a b.o\" @inner.rsp\n".to_owned()),
            "inner.rsp" => Some("c.o 'd.o'".to_owned()),
            "reloc.rsp" => Some("a.o\n  -r\n".to_owned()),
            "loop.rsp" => Some("@loop.rsp".to_owned()),
            _ => None,
        };
        let run = |rsp: &str| final_lld_elf_link(Path::new(LLD), &argv(&["ld.lld", rsp]), &files);
        assert!(run("@ok.rsp"));
        assert!(!run("@reloc.rsp"));
        assert!(!run("@missing.rsp"));
        assert!(!run("@loop.rsp"));
        assert_eq!(words("-o prog \"a b.o\" x\\ y '' z"), ["-o", "prog", "a b.o", "x y", "", "z"]);
    }

    #[test]
    fn only_the_full_lto_module_is_asked_about() {
        assert!(!comdats_resolved(Origin::ThinLtoBackend, "ld-temp.o"));
        assert!(!comdats_resolved(Origin::ByName, "ld-temp.o"));
        assert!(!comdats_resolved(Origin::NoLto, "a.c"));
        // The test process is not lld.
        assert!(!comdats_resolved(Origin::FullLtoLink, "ld-temp.o"));
    }
}
