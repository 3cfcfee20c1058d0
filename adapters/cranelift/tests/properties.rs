//! Properties of the encoding, checked over every function of every input file:
//! * a renamed copy of a function compares equal to it and hashes the same;
//! * the order is antisymmetric and transitive on the functions of a file.

mod common;

use core::cmp::Ordering;
use std::path::{Path, PathBuf};

use cranelift_codegen::ir::UserFuncName;
use mergefunc::hash::FunctionHasher;
use mergefunc::{Comparator, FuncId, Module};
use mergefunc_cranelift::{ClifModule, Linkage};

fn inputs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs");
    let mut v: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    v.retain(|p| p.extension().is_some_and(|e| e == "clif"));
    v.sort();
    v
}

fn bodies(m: &ClifModule) -> Vec<FuncId> {
    m.ids().filter(|f| m.body(*f).is_some() && m.func(*f).ineligible.is_none()).collect()
}

#[test]
fn copies_compare_equal() {
    let mut checked = 0;
    for path in inputs() {
        let text = common::read(&path);
        let mut m = ClifModule::from_clif(&text).unwrap();
        let originals = bodies(&m);
        let mut pairs = Vec::new();
        for f in originals {
            let mut copy = m.function(f).unwrap().clone();
            let name = format!("{}_copy", m.decl(f).name);
            copy.name = UserFuncName::testcase(&name);
            let c = m.add_function(name, Linkage::Export, copy);
            pairs.push((f, c));
        }
        m.refresh_all();
        let mut cmp = Comparator::new();
        let mut h = FunctionHasher::new();
        for (f, c) in pairs {
            // A function that calls itself is not equal to a copy that calls the
            // original (LLVM's self-call rule); taking the original's address is the
            // same in both.
            let self_ref = {
                let mut users = Vec::new();
                m.users_of(f, mergefunc::UseKind::DirectCalls, &mut users);
                users.contains(&f)
            };
            let o = cmp.compare(&m, f, c);
            if self_ref {
                assert_ne!(o, Ordering::Equal, "{}: %{} calls itself", path.display(), m.decl(f).name);
            } else {
                assert_eq!(o, Ordering::Equal, "{}: %{} differs from its copy", path.display(), m.decl(f).name);
                assert_eq!(h.hash(&m, f), h.hash(&m, c));
            }
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
}

#[test]
fn order_is_a_total_order() {
    for path in inputs() {
        let m = ClifModule::from_clif(&common::read(&path)).unwrap();
        let fs = bodies(&m);
        let mut cmp = Comparator::new();
        let n = fs.len();
        let mut table = vec![vec![Ordering::Equal; n]; n];
        for i in 0..n {
            for j in 0..n {
                table[i][j] = cmp.compare(&m, fs[i], fs[j]);
            }
        }
        for i in 0..n {
            assert_eq!(table[i][i], Ordering::Equal);
            for j in 0..n {
                assert_eq!(table[i][j], table[j][i].reverse(), "{}: antisymmetry", path.display());
                for k in 0..n {
                    if table[i][j] != Ordering::Greater && table[j][k] != Ordering::Greater {
                        assert_ne!(table[i][k], Ordering::Greater, "{}: transitivity", path.display());
                    }
                }
            }
        }
    }
}

/// Every function in near_duplicates.clif differs from every other one.
#[test]
fn near_duplicates_are_all_distinct() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs/near_duplicates.clif");
    let m = ClifModule::from_clif(&common::read(&path)).unwrap();
    let fs = bodies(&m);
    assert_eq!(fs.len(), 7);
    for (i, a) in fs.iter().enumerate() {
        for b in &fs[i + 1..] {
            assert_ne!(
                mergefunc::compare_functions(&m, *a, *b),
                Ordering::Equal,
                "{} == {}",
                m.decl(*a).name,
                m.decl(*b).name
            );
        }
    }
}
