//! The pass parameters and the plugin's environment variables, parsed without LLVM.
//!
//! Parameters: `mergefunc-rs<ITEM;ITEM;...>`, where an item is one of the flags
//! `use-aliases`, `merge-cycles`, `preserve-debug-info`, `drop-differing-attachments`,
//! `stats`, `verify`, `linked` (each also as
//! `no-FLAG`, the later item winning), or `report=PATH`, `threads=N` (and `test-panic`,
//! for the tests only). Empty items are
//! ignored. The same text, in `MERGEFUNC_PLUGIN_PARAMS`, configures the passes the plugin
//! adds to the host's pipeline by itself.
//!
//! `MERGEFUNC_PLUGIN_AUTO` says where the plugin adds the pass by itself: unset, empty,
//! `1`, `on` or `all`: a full-LTO link, ThinLTO backends and builds without LTO; `link`:
//! only at link time (full-LTO link, ThinLTO backends); `0`, `off` or `none`: nowhere (the
//! pass then runs only when a pipeline names it).

use std::path::PathBuf;

/// Options of one run of the pass.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params {
    /// The core's options.
    pub merge: mergefunc::Options,
    /// Where to write the JSON report (`%m` is replaced by the module's name).
    pub report: Option<PathBuf>,
    /// Print one line of statistics to standard error.
    pub stats: bool,
    /// Run the LLVM verifier on the result.
    pub verify: bool,
    /// `drop-differing-attachments`: the `mergefunc` command's option of that name
    /// (`LlvmModule::set_drop_differing_attachments`).
    pub drop_attachments: bool,
    /// `linked` / `no-linked`: the module's comdat groups are (not) resolved by the link,
    /// whatever the host (`None`: as [`crate::linked`] finds out).
    pub linked: Option<bool>,
    /// Threads of the adapter's prescans (1: the host's thread only).
    pub threads: usize,
    /// `test-panic`: panic inside the run, after the module is borrowed (tests/run.sh uses
    /// it to check that a panic reaches the host as an ordinary error, not an abort).
    pub test_panic: bool,
}

/// The flag items, for messages.
const FLAGS: &str =
    "use-aliases, merge-cycles, preserve-debug-info, drop-differing-attachments, stats, verify, linked (or no-FLAG), report=PATH, threads=N";

/// Parses the text between `mergefunc-rs<` and `>`.
pub fn parse(text: &str) -> Result<Params, String> {
    let mut p = Params { threads: 1, ..Params::default() };
    for item in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        if let Some(path) = item.strip_prefix("report=") {
            if path.is_empty() {
                return Err("mergefunc-rs: report= needs a file name".into());
            }
            p.report = Some(PathBuf::from(path));
            continue;
        }
        if let Some(n) = item.strip_prefix("threads=") {
            p.threads = n
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=256).contains(n))
                .ok_or_else(|| format!("mergefunc-rs: threads= needs a number from 1 to 256, not {n:?}"))?;
            continue;
        }
        let (on, flag) = match item.strip_prefix("no-") {
            Some(f) => (false, f),
            None => (true, item),
        };
        match flag {
            "use-aliases" => p.merge.use_aliases = on,
            "merge-cycles" => p.merge.merge_cycles = on,
            "preserve-debug-info" => p.merge.preserve_debug_info = on,
            "drop-differing-attachments" => p.drop_attachments = on,
            "stats" => p.stats = on,
            "verify" => p.verify = on,
            "linked" => p.linked = Some(on),
            "test-panic" => p.test_panic = on,
            _ => return Err(format!("mergefunc-rs: unknown parameter {item:?} (known: {FLAGS})")),
        }
    }
    Ok(p)
}

/// Where the pass was added to the host's pipeline (the numbers are shared with
/// `cpp/register.cpp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Named in a pipeline (`-passes=mergefunc-rs`).
    ByName,
    /// FullLTOLastEP: a full-LTO link, on the whole program.
    FullLtoLink,
    /// OptimizerLastEP of a build without LTO.
    NoLto,
    /// OptimizerLastEP of a ThinLTO backend (one module of the link).
    ThinLtoBackend,
}

impl Origin {
    /// The origin numbered `n` by the glue.
    pub fn from_raw(n: u32) -> Option<Origin> {
        Some(match n {
            0 => Origin::ByName,
            1 => Origin::FullLtoLink,
            2 => Origin::NoLto,
            3 => Origin::ThinLtoBackend,
            _ => return None,
        })
    }

    /// The name used in statistics lines.
    pub fn as_str(self) -> &'static str {
        match self {
            Origin::ByName => "by-name",
            Origin::FullLtoLink => "full-lto-link",
            Origin::NoLto => "no-lto",
            Origin::ThinLtoBackend => "thin-lto-backend",
        }
    }
}

/// Whether `MERGEFUNC_PLUGIN_AUTO` (its value `setting`, `None` when unset) lets the
/// plugin add the pass at `origin`; `Err` for a value it does not know.
pub fn auto_allows(setting: Option<&str>, origin: Origin) -> Result<bool, String> {
    let link = matches!(origin, Origin::FullLtoLink | Origin::ThinLtoBackend);
    match setting.map(str::trim) {
        None | Some("" | "1" | "on" | "all") => Ok(origin != Origin::ByName),
        Some("link") => Ok(link),
        Some("0" | "off" | "none") => Ok(false),
        Some(other) => Err(format!(
            "mergefunc-rs: MERGEFUNC_PLUGIN_AUTO={other:?} is not one of all, link, off; the pass is not added"
        )),
    }
}

/// The report path with `%m` replaced by the module's name (characters other than ASCII
/// letters, digits, `.`, `-` and `_` become `_`).
pub fn report_path(path: &std::path::Path, module: &str) -> PathBuf {
    let text = path.to_string_lossy();
    if !text.contains("%m") {
        return path.to_path_buf();
    }
    let safe: String = module
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .collect();
    PathBuf::from(text.replace("%m", &safe))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_text_is_the_clis_default() {
        let p = parse("").unwrap();
        assert_eq!(p.merge, mergefunc::Options::default());
        assert_eq!((p.report, p.stats, p.verify, p.threads, p.drop_attachments), (None, false, false, 1, false));
    }

    #[test]
    fn flags_and_values() {
        let p = parse("use-aliases;merge-cycles;preserve-debug-info;stats;verify;report=/tmp/r %m.json;threads=4;")
            .unwrap();
        assert!(p.merge.use_aliases && p.merge.merge_cycles && p.merge.preserve_debug_info);
        assert!(p.stats && p.verify);
        assert_eq!(p.report.as_deref(), Some(std::path::Path::new("/tmp/r %m.json")));
        assert_eq!(p.threads, 4);
    }

    #[test]
    fn the_later_item_wins() {
        assert!(!parse("use-aliases;no-use-aliases").unwrap().merge.use_aliases);
        assert!(parse("no-merge-cycles;merge-cycles").unwrap().merge.merge_cycles);
        assert!(parse("drop-differing-attachments").unwrap().drop_attachments);
        assert!(!parse("drop-differing-attachments;no-drop-differing-attachments").unwrap().drop_attachments);
        assert_eq!(parse("").unwrap().linked, None);
        assert_eq!(parse("no-linked;linked").unwrap().linked, Some(true));
        assert_eq!(parse("linked;no-linked").unwrap().linked, Some(false));
    }

    #[test]
    fn bad_items_are_errors_that_name_them() {
        for (text, needle) in [
            ("aliases", "\"aliases\""),
            ("use-aliases;bogus", "\"bogus\""),
            ("threads=0", "threads="),
            ("threads=x", "threads="),
            ("report=", "report="),
            ("no-report", "\"no-report\""),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn auto_settings() {
        use Origin::*;
        for setting in [None, Some(""), Some("1"), Some("all"), Some("on")] {
            assert_eq!(auto_allows(setting, FullLtoLink), Ok(true));
            assert_eq!(auto_allows(setting, NoLto), Ok(true));
            assert_eq!(auto_allows(setting, ThinLtoBackend), Ok(true));
        }
        assert_eq!(auto_allows(Some("link"), FullLtoLink), Ok(true));
        assert_eq!(auto_allows(Some("link"), ThinLtoBackend), Ok(true));
        assert_eq!(auto_allows(Some("link"), NoLto), Ok(false));
        for setting in ["0", "off", "none"] {
            for o in [FullLtoLink, NoLto, ThinLtoBackend] {
                assert_eq!(auto_allows(Some(setting), o), Ok(false));
            }
        }
        assert!(auto_allows(Some("yes please"), NoLto).is_err());
    }

    #[test]
    fn origins_round_trip() {
        for n in 0..4 {
            assert_eq!(Origin::from_raw(n).map(|o| o as u32), Some(n));
        }
        assert_eq!(Origin::from_raw(4), None);
    }

    #[test]
    fn report_paths() {
        let p = std::path::Path::new("out/%m.json");
        assert_eq!(report_path(p, "dir/a b.o"), PathBuf::from("out/dir_a_b.o.json"));
        assert_eq!(report_path(std::path::Path::new("r.json"), "x"), PathBuf::from("r.json"));
    }
}
