//! Unit tests of the safe layer, the view and the rewrites on small hand-written modules.

use crate::module::{reason, LlvmModule};
use crate::safe::{Op, V};
use mergefunc::*;
use std::cmp::Ordering;

const DL: &str =
    "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n";

/// Parses and builds every view (views are otherwise built when the core first reads
/// them; these tests read them directly).
fn load(src: &str) -> LlvmModule {
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "test.ll").unwrap_or_else(|e| panic!("{e}"));
    // The views and facts themselves: full facts everywhere (the load's shortcuts off;
    // `build_all_views` forgets them).
    m.testing().build_all_views();
    m
}

fn id(m: &LlvmModule, name: &str) -> FuncId {
    m.func_by_name(name).unwrap_or_else(|| panic!("no function {name}"))
}

fn equal(m: &LlvmModule, a: &str, b: &str) -> bool {
    compare_functions(m, id(m, a), id(m, b)) == Ordering::Equal
}

fn insts(m: &LlvmModule, f: &str) -> Vec<Inst> {
    m.body(id(m, f)).unwrap().insts.to_vec()
}

#[test]
fn parse_errors_are_reported() {
    let e = LlvmModule::parse(b"define i32 @f( {", "bad.ll").unwrap_err();
    assert!(e.0.contains("cannot parse bad.ll"), "{e}");
    // Parses, but the verifier rejects it (a block without terminator is a parse error;
    // use a type mismatch the parser accepts).
    let e = LlvmModule::parse(
        b"define i32 @f() {\n  ret i32 0\nb:\n  %x = add i32 %y, 1\n  %y = add i32 %x, 1\n  ret i32 %x\n}\n",
        "v.ll",
    );
    if let Err(e) = e {
        assert!(e.0.contains("v.ll"), "{e}");
    }
    let e = LlvmModule::parse(b"\x42\x43\xc0\xde garbage", "x.bc").unwrap_err();
    assert!(e.0.contains("x.bc"), "{e}");
    assert!(LlvmModule::load("/nonexistent/in.ll".as_ref()).is_err());
}

#[test]
fn ptr_and_i64_are_coerced() {
    let m = load(
        "define i64 @a(ptr %p) {\n  %v = load i64, ptr %p\n  ret i64 %v\n}\n\
         define ptr @b(ptr %p) {\n  %v = load ptr, ptr %p\n  ret ptr %v\n}\n\
         define i32 @c(ptr %p) {\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n",
    );
    assert_eq!(m.target().ptr_as_int, Some(PtrAsInt { addr_space: 0, bits: 64 }));
    assert!(equal(&m, "a", "b"));
    assert!(!equal(&m, "a", "c"));
}

#[test]
fn switch_case_values_are_props() {
    let sw = |name: &str, k: u32| {
        format!(
            "define i32 @{name}(i32 %x) {{\n  switch i32 %x, label %d [ i32 1, label %a\n i32 {k}, label %b ]\n\
             a:\n  ret i32 10\nb:\n  ret i32 20\nd:\n  ret i32 0\n}}\n"
        )
    };
    let m = load(&(sw("s1", 2) + &sw("s2", 3) + &sw("s3", 2)));
    assert!(!equal(&m, "s1", "s2"));
    assert!(equal(&m, "s1", "s3"));
    let i = &insts(&m, "s1")[0];
    assert_eq!(i.opcode, Op::Switch.raw());
    let b = m.body(id(&m, "s1")).unwrap();
    assert_eq!(b.props_of(i).len(), 2);
    assert_eq!(b.block_succs(BlockId(0)).len(), 3);
}

#[test]
fn wide_integers_and_floats_are_exact() {
    let m = load(
        "define i128 @w1(i128 %x) {\n  %y = add i128 %x, 170141183460469231731687303715884105727\n  ret i128 %y\n}\n\
         define i128 @w2(i128 %x) {\n  %y = add i128 %x, 170141183460469231731687303715884105726\n  ret i128 %y\n}\n\
         define i128 @w3(i128 %x) {\n  %y = add i128 %x, -2\n  ret i128 %y\n}\n\
         define x86_fp80 @f1(x86_fp80 %x) {\n  %y = fadd x86_fp80 %x, 0xK4000C000000000000000\n  ret x86_fp80 %y\n}\n\
         define x86_fp80 @f2(x86_fp80 %x) {\n  %y = fadd x86_fp80 %x, 0xK4000C000000000000001\n  ret x86_fp80 %y\n}\n\
         define half @h1(half %x) {\n  %y = fadd half %x, 0xH3C01\n  ret half %y\n}\n",
    );
    assert!(!equal(&m, "w1", "w2"));
    let konst = |f: &str| {
        let b = m.body(id(&m, f)).unwrap();
        let Value::Const(c) = b.uses[1].value else { panic!("not a constant") };
        m.const_data(c).kind.clone()
    };
    assert_eq!(konst("w1"), ConstKind::Int(vec![u64::MAX, i64::MAX as u64].into()));
    assert_eq!(konst("w3"), ConstKind::Int(vec![u64::MAX - 1, u64::MAX].into()));
    assert_eq!(konst("f1"), ConstKind::Float(vec![0xC000000000000000, 0x4000].into()));
    assert_eq!(konst("h1"), ConstKind::Float(vec![0x3c01].into()));
    assert!(!equal(&m, "f1", "f2"));
}

#[test]
fn range_attributes_are_exact_identities() {
    let call = |name: &str, hi: u32| {
        format!("define i32 @{name}(ptr %p) {{\n  %v = call range(i32 0, {hi}) i32 @ext(ptr %p)\n  ret i32 %v\n}}\n")
    };
    let m = load(&(call("r1", 10) + &call("r2", 11) + &call("r3", 10) + "declare i32 @ext(ptr)\n"));
    assert!(!equal(&m, "r1", "r2"));
    assert!(equal(&m, "r1", "r3"));
    let b = m.body(id(&m, "r1")).unwrap();
    let attrs = b.props_of(&b.insts[0]).iter().find_map(|p| match p {
        Prop::Attrs(a) => Some(*a),
        _ => None,
    });
    let list = m.attrs(attrs.unwrap());
    assert!(matches!(list.ret[0], Attr::Opaque(..)), "{list:?}");
}

#[test]
fn int_and_flag_attributes() {
    let m = load(
        "define void @a(ptr align 8 dereferenceable(16) %p) nounwind {\n  ret void\n}\n\
         define void @b(ptr align 4 dereferenceable(16) %p) nounwind {\n  ret void\n}\n",
    );
    let Prop::Attrs(a) = m.func(id(&m, "a")).sig[0] else { panic!() };
    let list = m.attrs(a);
    assert!(list.func.iter().any(|x| matches!(x, Attr::Flag(_))), "{list:?}");
    assert!(list.params[0].iter().any(|x| matches!(x, Attr::Int(_, 8))), "{list:?}");
    assert!(!equal(&m, "a", "b"));
}

#[test]
fn attribute_lists_are_converted_set_by_set_and_interned_by_content() {
    let m = load(
        "define void @a(i32 %x, ptr noundef %p, i32 %y) #0 {\n  \
           call void @c(i32 %x, ptr noundef %p, i32 %y) #0\n  ret void\n}\n\
         define void @b(i32 %x, ptr noundef %p, i32 %y) #0 {\n  ret void\n}\n\
         define void @d(i32 %x, ptr %p, i32 noundef %y) #0 {\n  ret void\n}\n\
         declare void @c(i32, ptr, i32)\n\
         attributes #0 = { nounwind \"key\"=\"value\" }\n",
    );
    let attrs_of = |f: &str| match m.func(id(&m, f)).sig[0] {
        Prop::Attrs(a) => a,
        ref p => panic!("{p:?}"),
    };
    let (a, b, d) = (attrs_of("a"), attrs_of("b"), attrs_of("d"));
    assert_eq!(a, b);
    assert_ne!(a, d);
    let list = m.attrs(a);
    // String attributes with their key and value; no return attributes; the parameter
    // sets up to the last non-empty one (`%y`'s empty set is dropped).
    assert!(
        list.func.iter().any(|x| matches!(x, Attr::Str(k, v) if &k[..] == b"key" && &v[..] == b"value")),
        "{list:?}"
    );
    assert!(list.func.iter().any(|x| matches!(x, Attr::Flag(_))), "{list:?}");
    assert!(list.ret.is_empty(), "{list:?}");
    assert_eq!(list.params.len(), 2, "{list:?}");
    assert!(list.params[0].is_empty() && list.params[1].len() == 1, "{list:?}");
    assert_eq!(m.attrs(d).params.len(), 3);
    // A call site's list with the same content is the same list.
    let body = m.body(id(&m, "a")).unwrap();
    let call = body.props_of(&body.insts[0]).iter().find_map(|p| match p {
        Prop::Attrs(x) => Some(*x),
        _ => None,
    });
    assert_eq!(call, Some(a));
}

/// A function's attribute list is hashed from LLVM's attributes at load and converted
/// only when it is read: loading converts none of the lists below (each function has its
/// own), the hash handed to the core is the hash of the conversion, the conversion is
/// the one a call site's list gets, and a list with a type attribute is converted at once.
#[test]
fn function_attribute_lists_are_hashed_at_load_and_converted_when_read() {
    let mut m = load(
        "define zeroext i8 @a(i32 %x, ptr noundef align 8 dereferenceable(16) %p, i32 %y) #0 {\n  \
           call zeroext i8 @c(i32 %x, ptr noundef align 8 dereferenceable(16) %p, i32 %y) #1\n  ret i8 0\n}\n\
         define i8 @b(i32 %x, ptr %p, i32 %y) #1 {\n  ret i8 0\n}\n\
         define i8 @d(i32 %x, ptr %p, i32 %y) {\n  ret i8 0\n}\n\
         define i8 @e(ptr byval(i32) %p) {\n  ret i8 0\n}\n\
         define i8 @f(i32 %x, ptr %p, i32 noundef %y) #0 {\n  ret i8 0\n}\n\
         declare zeroext i8 @c(i32, ptr, i32)\n\
         attributes #0 = { nounwind \"key\"=\"value\" }\n\
         attributes #1 = { nounwind \"key\"=\"other\" \"\"=\"\" }\n",
    );
    let attrs_of = |m: &LlvmModule, f: &str| match m.func(id(m, f)).sig[0] {
        Prop::Attrs(a) => a,
        ref p => panic!("{p:?}"),
    };
    let lazy = ["a", "b", "d", "f"].map(|f| attrs_of(&m, f));
    let e = attrs_of(&m, "e");
    let (n, converted) = m.testing().lazy_attr_lists();
    // @a, @b, @d (the empty list), @f and the declaration @c (full facts in these tests).
    assert_eq!((n, converted), (5, 0), "hashed, none converted at load");
    assert_eq!(m.attrs_hash_hint(e), None, "a type attribute: converted at once");
    let mut h = mergefunc::hash::FunctionHasher::new();
    for a in lazy {
        let hint = m.attrs_hash_hint(a).expect("hashed without conversion");
        let list = m.attrs(a).clone();
        assert_eq!(hint, h.attrs_hash_of_list(&m, &list), "{list:?}");
    }
    assert_eq!(m.testing().lazy_attr_lists(), (5, 4));
    // The conversion of @a's list is the one its call site's list (another LLVM list:
    // other function attributes) would get with @a's function attributes.
    let body = m.body(id(&m, "a")).unwrap();
    let call = body.props_of(&body.insts[0]).iter().find_map(|p| match p {
        Prop::Attrs(x) => Some(*x),
        _ => None,
    });
    let (fl, cl) = (m.attrs(lazy[0]), m.attrs(call.expect("call attributes")));
    assert_eq!((&fl.ret, &fl.params), (&cl.ret, &cl.params));
    assert_eq!(fl.params.len(), 2, "trailing empty sets dropped: {fl:?}");
    assert!(m.attrs(lazy[2]).func.is_empty() && m.attrs(lazy[2]).params.is_empty());
    assert_eq!(m.attrs(lazy[1]).func.len(), 3, "{:?}", m.attrs(lazy[1]));
    // Different lists stay apart by content, equal content compares equal.
    assert_ne!(mergefunc::order::cmp_attrs(&m, lazy[0], lazy[3]), std::cmp::Ordering::Equal);
    assert_eq!(mergefunc::order::cmp_attrs(&m, lazy[0], lazy[0]), std::cmp::Ordering::Equal);
}

#[test]
fn gep_offsets_use_the_index_width() {
    let m = load(
        "define ptr @a(ptr %p) {\n  %q = getelementptr i32, ptr %p, i64 1\n  ret ptr %q\n}\n\
         define ptr @b(ptr %p) {\n  %q = getelementptr inbounds i8, ptr %p, i64 4\n  ret ptr %q\n}\n\
         define ptr @c(ptr %p, i64 %i) {\n  %q = getelementptr i8, ptr %p, i64 %i\n  ret ptr %q\n}\n\
         %S = type { i8, i32, [4 x i16] }\n\
         define ptr @d(ptr %p) {\n  %q = getelementptr %S, ptr %p, i64 1, i32 2, i64 3\n  ret ptr %q\n}\n",
    );
    let gep = |f: &str| insts(&m, f)[0];
    match gep("a").kind {
        InstKind::Address { offset, .. } => assert_eq!(offset, Some(ConstOffset { bits: 64, value: 4 })),
        k => panic!("{k:?}"),
    }
    assert_eq!(gep("b").weak_flags & 1, 1);
    assert!(matches!(gep("c").kind, InstKind::Address { offset: None, .. }));
    // 16 (one %S) + 8 (field 2) + 6 (three i16).
    assert!(matches!(gep("d").kind, InstKind::Address { offset: Some(ConstOffset { value: 30, .. }), .. }));
    assert!(!equal(&m, "a", "b"), "a plain comparison also compares the weak flags");

    let m = LlvmModule::parse(
        b"target datalayout = \"e-p:128:128:128:32\"\ndefine ptr @a(ptr %p) {\n  %q = getelementptr i32, ptr %p, i64 -1\n  ret ptr %q\n}\n",
        "w.ll",
    )
    .unwrap();
    let mut m = m;
    m.testing().build_all_views();
    let i = insts(&m, "a")[0];
    assert!(
        matches!(i.kind, InstKind::Address { offset: Some(ConstOffset { bits: 32, value: 0xffff_fffc }), .. }),
        "{i:?}"
    );
}

#[test]
fn flags_and_props() {
    let m = load(
        "define i32 @a(i32 %x, ptr %p) {\n  %y = add nuw nsw i32 %x, 1\n  %z = load atomic i32, ptr %p syncscope(\"singlethread\") acquire, align 4, !noundef !0\n  ret i32 %z\n}\n\
         define i32 @b(i32 %x, ptr %p) {\n  %y = add nsw i32 %x, 1\n  %z = load atomic i32, ptr %p syncscope(\"singlethread\") acquire, align 4, !noundef !0\n  ret i32 %z\n}\n\
         define i32 @c(i32 %x, ptr %p) {\n  %y = add nuw nsw i32 %x, 1\n  %z = load atomic i32, ptr %p acquire, align 4, !noundef !0\n  ret i32 %z\n}\n\
         !0 = !{}\n",
    );
    assert_eq!(insts(&m, "a")[0].flags, 3);
    assert_eq!(insts(&m, "b")[0].flags, 2);
    assert!(!equal(&m, "a", "b"));
    assert!(!equal(&m, "a", "c"), "sync scopes differ");
    let b = m.body(id(&m, "a")).unwrap();
    let props = b.props_of(&b.insts[1]);
    assert_eq!(props.len(), 7, "{props:?}");
}

#[test]
fn eligibility() {
    let m = load(
        "declare void @llvm.foo(metadata)\n\
         declare i1 @llvm.type.test(ptr, metadata)\n\
         define i1 @d1(ptr %p) {\n  %r = call i1 @llvm.type.test(ptr %p, metadata !0)\n  ret i1 %r\n}\n\
         define i1 @d2(ptr %p) {\n  %r = call i1 @llvm.type.test(ptr %p, metadata !1)\n  ret i1 %r\n}\n\
         define amdgpu_kernel void @k() {\n  ret void\n}\n\
         define available_externally i32 @ae() {\n  ret i32 1\n}\n\
         declare i32 @decl()\n\
         !0 = distinct !{}\n!1 = !{!\"x\"}\n",
    );
    assert_eq!(m.func(id(&m, "d1")).ineligible, Some(Ineligible::Adapter(reason::DISTINCT_MD)));
    assert_eq!(m.func(id(&m, "d2")).ineligible, None);
    assert_eq!(m.func(id(&m, "k")).ineligible, Some(Ineligible::Adapter(reason::KERNEL)));
    assert!(!m.func(id(&m, "k")).callable);
    assert_eq!(m.func(id(&m, "ae")).ineligible, Some(Ineligible::NoBody));
    assert_eq!(m.func(id(&m, "decl")).ineligible, Some(Ineligible::NoBody));
    assert!(m.body(id(&m, "decl")).is_none());
}

#[test]
fn linkage_used_and_unnamed_addr() {
    let m = load(
        "@llvm.used = appending global [1 x ptr] [ptr @u], section \"llvm.metadata\"\n\
         define void @u() {\n  ret void\n}\n\
         define weak_odr void @wo() unnamed_addr {\n  ret void\n}\n\
         define linkonce void @lo() local_unnamed_addr {\n  ret void\n}\n\
         define internal void @in() {\n  ret void\n}\n",
    );
    assert!(m.func(id(&m, "u")).used_externally);
    let wo = m.func(id(&m, "wo"));
    assert!(wo.linkage.odr && !wo.linkage.interposable && wo.unnamed_addr);
    let lo = m.func(id(&m, "lo"));
    assert!(lo.linkage.interposable && lo.linkage.discardable_if_unused && !lo.unnamed_addr);
    assert!(m.func(id(&m, "in")).linkage.local);
}

#[test]
fn constants_data_and_wrappers() {
    let m = load(
        "@s = constant [4 x i8] c\"a\\00b\\00\"\n\
         declare void @ext()\n\
         define ptr @a() {\n  ret ptr dso_local_equivalent @ext\n}\n\
         define <4 x i32> @v() {\n  ret <4 x i32> <i32 1, i32 2, i32 3, i32 4>\n}\n\
         define i64 @e() {\n  ret i64 add (i64 ptrtoint (ptr @s to i64), i64 1)\n}\n",
    );
    let ret_const = |f: &str| {
        let b = m.body(id(&m, f)).unwrap();
        let Value::Const(c) = b.uses[0].value else { panic!() };
        m.const_data(c).kind.clone()
    };
    assert!(matches!(ret_const("a"), ConstKind::Wrapped { kind: 0, target: GlobalRef::Func(_) }));
    assert_eq!(ret_const("v"), ConstKind::DataVector(vec![1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0].into()));
    assert!(matches!(ret_const("e"), ConstKind::Opaque(_)));
}

/// A function of 2,000 blocks, each storing its own block's address: every address
/// interned has its block's layout position, and the interning steps through the
/// function's blocks a bounded number of times, not once per address (n² / 2 steps).
#[test]
fn block_addresses_of_a_big_function_read_its_layout_once() {
    let n = 2000;
    let mut src = String::from("define void @f(ptr %slot, i1 %c) {\nentry:\n  br label %b0\n");
    for i in 0..n {
        src += &format!(
            "b{i}:\n  store volatile ptr blockaddress(@f, %b{i}), ptr %slot\n  br i1 %c, label %b{}, label %out\n",
            i + 1
        );
    }
    src += &format!("b{n}:\n  ret void\nout:\n  ret void\n}}\n");
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "test.ll").unwrap_or_else(|e| panic!("{e}"));
    crate::safe::BLOCK_STEPS.with(|s| s.set(0));
    m.testing().build_all_views();
    let steps = crate::safe::BLOCK_STEPS.with(|s| s.get());
    let positions: Vec<u32> = m
        .body(id(&m, "f"))
        .unwrap()
        .uses
        .iter()
        .filter_map(|u| match u.value {
            Value::Const(c) => match m.const_data(c).kind {
                ConstKind::BlockAddress { block, .. } => Some(block),
                _ => None,
            },
            _ => None,
        })
        .collect();
    // `b{i}` follows the entry block: position i + 1.
    assert_eq!(positions, (1..=n as u32).collect::<Vec<_>>());
    assert!(steps < 10 * n as u64, "{steps} block steps");
}

/// A GEP constant expression's `inrange` is read by the shim and compared structurally
/// (width and bounds), as LLVM's comparator does: no printing (which cost about 9k
/// instructions per constant on C++ vtable stores), and different ranges stay apart.
/// Aggregate constants holding the compared functions' own block addresses, more of
/// them than one comparison walks before it remembers the pairs of different constants
/// it found equal (1,024): the remembered pairs change no verdict. A copy whose blocks
/// are laid out in another order merges; a difference in the last element (another
/// block or another integer) is
/// found in both orders (the last element pairs two constants each met before, never
/// with each other), and the merge run keeps those apart.
#[test]
fn constants_past_the_walk_budget_keep_block_roles() {
    let n = 1100;
    // Element i of `@name`'s table: { blockaddress(@name, %a(i % 3 + 1)), i64 i % 5 },
    // `last` replacing the last element's (block, integer); `layout` orders the blocks.
    let func = |name: &str, last: (usize, usize), layout: &[usize]| {
        let mut elems: Vec<String> = (0..n - 1)
            .map(|i| format!("{{ ptr, i64 }} {{ ptr blockaddress(@{name}, %a{}), i64 {} }}", i % 3 + 1, i % 5))
            .collect();
        elems.push(format!("{{ ptr, i64 }} {{ ptr blockaddress(@{name}, %a{}), i64 {} }}", last.0, last.1));
        let mut s = format!(
            "define i32 @{name}(ptr %out) {{\nentry:\n  store [{n} x {{ ptr, i64 }}] [{}], ptr %out\n  \
             %p = load ptr, ptr %out\n  indirectbr ptr %p, [label %a1, label %a2, label %a3]\n",
            elems.join(", ")
        );
        for k in layout {
            s += &format!("a{k}:\n  ret i32 {k}\n");
        }
        s + "}\n"
    };
    let base = ((n - 1) % 3 + 1, (n - 1) % 5);
    let src = [
        func("f", base, &[1, 2, 3]),
        func("g", base, &[3, 1, 2]),
        func("h_block", (base.0 % 3 + 1, base.1), &[1, 2, 3]),
        func("h_int", (base.0, base.1 + 1), &[1, 2, 3]),
    ]
    .concat();
    let m = load(&src);
    assert!(equal(&m, "f", "g") && equal(&m, "g", "f"));
    for h in ["h_block", "h_int"] {
        let (a, b) = (id(&m, "f"), id(&m, h));
        let o = compare_functions(&m, a, b);
        assert_ne!(o, Ordering::Equal, "{h}");
        assert_eq!(compare_functions(&m, b, a), o.reverse(), "{h}");
    }
    let (m, r) = merged(&src, Options::default());
    let pairs: Vec<_> =
        r.merges.iter().map(|x| (m.func_name(x.folded).to_vec(), m.func_name(x.target).to_vec())).collect();
    assert_eq!(pairs.len(), 1, "{pairs:?}");
    assert!(
        pairs.iter().all(|(a, b)| [a, b].iter().all(|x| x.as_slice() == b"f" || x.as_slice() == b"g")),
        "{pairs:?}"
    );
}

#[test]
fn gep_inrange_is_structural() {
    let m = load(
        "@vt = constant [4 x ptr] zeroinitializer\n\
         define ptr @r1() {\n  ret ptr getelementptr inbounds inrange(-16, 16) (i8, ptr @vt, i64 16)\n}\n\
         define ptr @r2() {\n  ret ptr getelementptr inbounds inrange(-16, 8) (i8, ptr @vt, i64 16)\n}\n\
         define ptr @r3() {\n  ret ptr getelementptr inbounds (i8, ptr @vt, i64 16)\n}\n",
    );
    let ret_const = |f: &str| {
        let b = m.body(id(&m, f)).unwrap();
        let Value::Const(c) = b.uses[0].value else { panic!() };
        m.const_data(c).kind.clone()
    };
    let (k1, k2, k3) = (ret_const("r1"), ret_const("r2"), ret_const("r3"));
    assert!(matches!(k1, ConstKind::Expr { .. }), "{k1:?}");
    assert!(matches!(k2, ConstKind::Expr { .. }), "{k2:?}");
    assert!(matches!(k3, ConstKind::Expr { .. }), "{k3:?}");
    assert!(k1 != k2 && k1 != k3 && k2 != k3);
}

/// LLVM 22's `ptrauth` constant has a fifth operand, the deactivation symbol, that the
/// C API has no getter for: a signed pointer with one is not the same value as the
/// pointer signed without it (defining the symbol turns the signing off).
#[test]
fn ptrauth_deactivation_symbols_are_compared() {
    let f = |name: &str, c: &str| format!("define ptr @{name}() {{\n  call void @use(ptr {c})\n  ret ptr null\n}}\n");
    let plain = "ptrauth (ptr @ext, i32 0)";
    let deact = "ptrauth (ptr @ext, i32 0, i64 0, ptr null, ptr @ds)";
    let deact2 = "ptrauth (ptr @ext, i32 0, i64 0, ptr null, ptr @ds2)";
    let m = load(
        &(f("plain", plain)
            + &f("plain_b", plain)
            + &f("deact", deact)
            + &f("deact_b", deact)
            + &f("deact2", deact2)
            + "declare void @ext()\ndeclare void @use(ptr)\n@ds = global i8 0\n@ds2 = global i8 0\n"),
    );
    assert!(equal(&m, "plain", "plain_b"));
    assert!(equal(&m, "deact", "deact_b"));
    assert!(!equal(&m, "plain", "deact"));
    assert!(!equal(&m, "deact", "deact2"));
}

#[test]
fn worklist_hash_is_llvms() {
    let m = load(
        "define i32 @a(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
         define i32 @b(i32 %x) {\n  %y = add i32 %x, 2\n  ret i32 %y\n}\n\
         define i32 @c(i32 %x) {\n  %y = mul i32 %x, 2\n  ret i32 %y\n}\n",
    );
    let h = |f: &str| m.worklist_hash(id(&m, f)).unwrap();
    assert_eq!(h("a"), h("b"));
    assert_ne!(h("a"), h("c"));
}

fn merged(src: &str, opts: Options) -> (LlvmModule, Report) {
    let mut m = load(src);
    let r = merge_module(&mut m, &Options { check_fast_path: true, ..opts }).unwrap_or_else(|e| panic!("{e}"));
    m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
    (m, r)
}

const PAIR: &str = "define i32 @a(i32 %x) {\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n\
                    define i32 @b(i32 %x) {\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n";

/// A thunk keeps only the `!type` and `!kcfi_type` attachments of the function it
/// replaces (as LLVM's `writeThunk`), so its signature props change when the folded
/// function had another compared attachment (`-fsanitize=function` puts `!func_sanitize`
/// on every function): its facts are rebuilt, not kept.
#[test]
fn thunks_dropping_attachments_get_new_facts() {
    let src =
        "define i32 @a(i32 %x) !func_sanitize !0 {\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n\
               define i32 @b(i32 %x) !func_sanitize !0 {\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n\
               @t = global ptr @b\n!0 = !{i32 -1056584962, i32 905068220}\n";
    let (mut m, r) = merged(src, Options::default());
    assert_eq!(r.merges.len(), 1);
    assert_eq!(r.merges[0].action, FoldAction::Thunk);
    let b = id(&m, "b");
    m.assert_facts_are_current(b);
    assert!(!m.to_text().contains("@b(i32 %0) !func_sanitize"), "{}", m.to_text());
}

/// The private body of a weak (or ODR) pair lives where the pair lives: it takes the
/// survivor's partition, as LLVM's body does (`copyAttributesFrom`), and its facts say so.
#[test]
fn split_bodies_keep_the_partition() {
    let body = "{\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n";
    let src =
        format!("define weak i32 @a(i32 %x) partition \"p1\" {body}define weak i32 @b(i32 %x) partition \"p1\" {body}");
    let (m, r) = merged(&src, Options::default());
    assert_eq!(r.merges.len(), 2);
    let text = m.to_text();
    assert!(text.contains("define private i32 @a.merged(i32 %x) partition \"p1\""), "{text}");
}

/// Constants compared by their printed form (here `add` of a `ptrtoint`, whose flags
/// LLVM-C cannot read) must not be keyed by text that names an unnamed global: `@3`
/// prints as `@2` once an unnamed function before it is erased, so `@y`'s constant,
/// first read after the merge of `@0` and `@1`, printed like `@x`'s, read before it (the
/// pair `@z_a`/`@z_b` has it in its prefix data, read at load), and `@y` was folded
/// into `@x` though they pass the addresses of two different functions.
#[test]
fn printed_constants_naming_unnamed_globals_are_identities() {
    let unnamed = |k: u32, c: u32| {
        format!(
            "define internal i32 @{k}(i32 %x) unnamed_addr {{\n  %a = call i32 @ext(i32 %x)\n  \
             %b = add i32 %a, {c}\n  %c = mul i32 %b, {c}\n  ret i32 %c\n}}\n"
        )
    };
    let user = |name: &str, k: u32| {
        format!(
            "define void @{name}() {{\n  call void @use(i64 add (i64 ptrtoint (ptr @{k} to i64), i64 1))\n  \
             call void @use(i64 7)\n  ret void\n}}\n"
        )
    };
    let z = |name: &str| {
        format!(
            "define void @{name}() prefix i64 add (i64 ptrtoint (ptr @2 to i64), i64 1) {{\n  \
             call void @use(i64 1)\n  call void @use(i64 1)\n  ret void\n}}\n"
        )
    };
    let src = format!(
        "declare void @use(i64)\ndeclare i32 @ext(i32)\n{}{}{}{}{}{}{}{}",
        unnamed(0, 100),
        unnamed(1, 100),
        unnamed(2, 202),
        unnamed(3, 203),
        z("z_a"),
        z("z_b"),
        user("x", 2),
        user("y", 3)
    );
    // As the command loads a module: views are read when the pass first needs them.
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "test.ll").unwrap_or_else(|e| panic!("{e}"));
    let r = merge_module(&mut m, &Options { check_fast_path: true, ..Options::default() }).unwrap();
    let folded: Vec<String> =
        r.merges.iter().map(|x| String::from_utf8_lossy(m.func_name(x.folded)).into_owned()).collect();
    assert!(folded.iter().any(|f| f == "z_b"), "{folded:?}");
    assert!(!folded.iter().any(|f| f == "x" || f == "y"), "{folded:?}");
}

/// `dso_local_equivalent @f` and `no_cfi @f` are told apart by their kind, not by whether
/// the printed form contains a keyword (which a function's name may contain too).
#[test]
fn wrapped_function_constants_are_told_apart_by_kind() {
    let f = |name: &str, c: &str| {
        format!("define void @{name}() {{\n  call void @use(ptr {c})\n  call void @use(ptr null)\n  ret void\n}}\n")
    };
    let m = load(
        &(f("dle", "dso_local_equivalent @dso_local_equivalent_fn")
            + &f("nocfi", "no_cfi @dso_local_equivalent_fn")
            + &f("nocfi_b", "no_cfi @dso_local_equivalent_fn")
            + "declare void @dso_local_equivalent_fn()\ndeclare void @use(ptr)\n"),
    );
    assert!(!equal(&m, "dle", "nocfi"));
    assert!(equal(&m, "nocfi", "nocfi_b"));
}

/// In a function with an `inalloca` argument, an alloca's `inalloca` bit is read exactly
/// (it was read from the printed alloca, where a type named `%inalloca_args` read as the
/// keyword).
#[test]
fn alloca_bits_are_read_exactly() {
    let f = |name: &str, kw: &str| {
        format!(
            "define void @{name}() {{\n  %x = alloca {kw}%inalloca_args, align 4\n  \
             %a = alloca inalloca %inalloca_args, align 4\n  call void @g(ptr inalloca(%inalloca_args) %a)\n  \
             ret void\n}}\n"
        )
    };
    let m = load(
        &(f("plain", "")
            + &f("plain_b", "")
            + &f("marked", "inalloca ")
            + "%inalloca_args = type { i32 }\ndeclare void @g(ptr inalloca(%inalloca_args))\n"),
    );
    assert!(equal(&m, "plain", "plain_b"));
    assert!(!equal(&m, "plain", "marked"));
}

#[test]
fn thunks_and_redirected_calls() {
    let src = format!(
        "{PAIR}define i32 @user(i32 %x) {{\n  %r = call i32 @b(i32 %x)\n  ret i32 %r\n}}\n@t = global ptr @b\n"
    );
    let (mut m, r) = merged(&src, Options::default());
    assert_eq!(r.merges.len(), 1);
    assert_eq!(r.merges[0].action, FoldAction::Thunk);
    let b = id(&m, "b");
    m.materialize(b);
    let text = m.to_text();
    assert!(text.contains("tail call i32 @a(i32 %0)"), "{text}");
    assert!(text.contains("call i32 @a(i32 %x)"), "{text}");
    // The thunk is tagged `!mergefunc.thunk`, so it is never a candidate again.
    assert!(text.contains("!mergefunc.thunk"), "{text}");
    assert_eq!(m.func(b).ineligible, Some(mergefunc::Ineligible::Adapter(crate::module::reason::THUNK)));
}

#[test]
fn weak_pairs_get_a_private_body() {
    let src = PAIR.replace("define i32", "define weak i32");
    let (m, r) = merged(&src, Options::default());
    assert_eq!(r.stats.double_weak, 1);
    let text = m.to_text();
    assert!(text.contains("define private i32 @a.merged(i32 %x)"), "{text}");
    assert!(text.contains("define weak i32 @a(i32 %0)"), "{text}");
}

/// A weak pair's private body takes no name whose symbol another global of the module
/// has: a private prefix (`.L` on ELF, `l_` on Mach-O, `$` on MIPS...) before `a.merged`, written
/// verbatim (`\01`) or, where the target adds no prefix to names, plainly. Without the
/// check the body defined `.La.merged` a second time and llc-22 stopped.
#[test]
fn private_bodies_take_no_symbol_another_global_has() {
    let other = |name: &str| format!("define i32 @{name}(i32 %x) {{\n  %y = sub i32 %x, 9\n  ret i32 %y\n}}\n");
    for (taken, want) in [
        (vec!["\"\\01.La.merged\""], "a.merged.1"),
        (vec![".La.merged"], "a.merged.1"),
        (vec!["\"\\01La.merged\""], "a.merged.1"),
        (vec!["\"$a.merged\""], "a.merged.1"),
        // Mach-O's private code prefix `l` and global prefix `_`.
        (vec!["\"\\01l_a.merged\""], "a.merged.1"),
        (vec![".La.merged", "\"\\01la.merged.1\""], "a.merged.1.1"),
        // Only a private prefix before the name is the body's symbol.
        (vec!["a.merged.x", "_a.merged", "\"\\01a.merged\""], "a.merged"),
    ] {
        let src = PAIR.replace("define i32", "define weak i32") + &taken.iter().map(|n| other(n)).collect::<String>();
        let (m, r) = merged(&src, Options::default());
        assert_eq!(r.stats.double_weak, 1, "{taken:?}");
        let text = m.to_text();
        assert!(text.contains(&format!("define private i32 @{want}(i32 %x)")), "{taken:?}: {text}");
    }
}

/// On Mach-O an alias with weak or linkonce linkage is emitted as a local symbol, so a
/// folded function that would become one becomes a thunk (a weak definition); external
/// aliases are still written there, and on ELF the same module gets every alias.
#[test]
fn mach_o_gets_no_weak_or_linkonce_aliases() {
    let body = "(i32 %x) unnamed_addr {\n  %y = mul i32 %x, 3\n  %z = add i32 %y, 1\n  ret i32 %z\n}\n";
    let src = |triple: &str| {
        format!(
            "target triple = \"{triple}\"\ndefine i32 @a{body}define i32 @b{body}define weak i32 @c{body}\
             define weak_odr i32 @d{body}@t = global [3 x ptr] [ptr @b, ptr @c, ptr @d]\n"
        )
    };
    let opts = || Options { use_aliases: true, ..Default::default() };
    for triple in ["x86_64-apple-macosx14.0.0", "arm64-apple-ios17.0"] {
        let (m, r) = merged(&src(triple), opts());
        assert_eq!(r.merges.len(), 3, "{triple}");
        let text = m.to_text();
        assert!(text.contains("@b = unnamed_addr alias i32 (i32), ptr @a"), "{triple}: {text}");
        assert!(text.contains("define weak i32 @c(i32 %0) unnamed_addr"), "{triple}: {text}");
        assert!(text.contains("define weak_odr i32 @d(i32 %0) unnamed_addr"), "{triple}: {text}");
        assert!(!text.contains("@c = weak") && !text.contains("@d = weak_odr"), "{triple}: {text}");
    }
    let (m, _) = merged(&src("x86_64-unknown-linux-gnu"), opts());
    let text = m.to_text();
    assert!(text.contains("@c = weak unnamed_addr alias i32 (i32), ptr @a"), "{text}");
    assert!(text.contains("@d = weak_odr unnamed_addr alias i32 (i32), ptr @a"), "{text}");
}

/// A private body split off an ODR pair keeps the pair's view (its metadata is uniqued
/// content, so the ids stay valid) and its copy key: later functions with the same body
/// merge into it on the shim's word, without views of their own. Without the key, c and
/// d are read and compared; without the moved view, the body's view is built again.
/// Without any view read first, no view is built at all: b merges into a, and c and d
/// into the body, on claims about unread bodies.
#[test]
fn split_bodies_keep_their_view_and_copy_key() {
    let body = |name: &str| {
        format!(
            "define linkonce_odr i32 @{name}(ptr %p) {{\n  %q = load ptr, ptr %p, !nonnull !0, !align !1\n  \
             %v = load i32, ptr %q\n  %w = add i32 %v, 3\n  ret i32 %w\n}}\n"
        )
    };
    let mut src: String = ["a", "b", "c", "d"].iter().map(|n| body(n)).collect();
    src.push_str("!0 = !{}\n!1 = !{i64 8}\n");
    for read_a in [false, true] {
        let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "split.ll").unwrap_or_else(|e| panic!("{e}"));
        m.testing().set_check_copies(true);
        if read_a {
            let a = id(&m, "a");
            m.materialize_view(a);
        }
        let r = merge_module(&mut m, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
        m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
        assert_eq!(r.stats.functions_merged, 3, "{r:?}");
        assert_eq!(r.stats.double_weak, 1, "{r:?}");
        // a is never read by the driver: b merges into it on a claim, and c and d into
        // the private body that took a's place in the tree (without its copy key, they
        // would be read and compared).
        assert_eq!(m.testing().same_body_claims(), 3, "{r:?}");
        assert_eq!(r.stats.same_body_merged, 3, "{r:?}");
        assert_eq!(r.stats.unread_pairs_merged, 3, "{r:?}");
        assert_eq!(r.stats.comparisons, 0, "{r:?}");
        // a's view, when built, moves with the body (its metadata is uniqued content):
        // one build in all; none when nothing asked for it.
        assert_eq!(m.testing().views_built(), read_a as u64, "read_a {read_a}: {r:?}");
        let (_, diffs) = m.testing().copy_report();
        assert!(diffs.is_empty(), "{diffs:?}");
        let text = m.to_text();
        assert_eq!(text.matches("define private i32 @a.merged(ptr %p)").count(), 1, "{text}");
        // The pair and the others have no uses left: all four are erased.
        assert!(!text.contains("linkonce_odr"), "{text}");
    }
}

/// A split body keeps its view also when the view holds distinct metadata (a loop's
/// `!llvm.loop` node, whose id belongs to the metadata caches' generation): a split that
/// replaces no block-address constant frees nothing those caches know, so they keep their
/// generation and the moved view is what a build gives now (debug builds check it on
/// the spot). Two builds in all (a and b, to compare them); three when metadata refers to
/// an argument (a debug record of `%n`), whose replacement may delete that metadata: the
/// caches then start a new generation and the body's view is built again. Copies and
/// claims are off: a claim on the unread tree function pairs the two loop ids without
/// building a view.
#[test]
fn split_bodies_keep_views_with_distinct_metadata() {
    let body = |name: &str, lp: u32, dbg: Option<(u32, u32, u32)>| {
        let sp = dbg.map_or(String::new(), |d| format!(" !dbg !{}", d.0));
        let rec = dbg.map_or(String::new(), |d| format!("  #dbg_value(i32 %n, !{}, !DIExpression(), !{})\n", d.1, d.2));
        format!(
            "define linkonce_odr i32 @{name}(ptr %p, i32 %n){sp} {{\nentry:\n{rec}  br label %loop\nloop:\n  \
             %i = phi i32 [ 0, %entry ], [ %j, %loop ]\n  %j = add i32 %i, 1\n  %c = icmp slt i32 %j, %n\n  \
             br i1 %c, label %loop, label %done, !llvm.loop !{lp}\ndone:\n  ret i32 %j\n}}\n"
        )
    };
    let loops = "!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.mustprogress\"}\n!2 = distinct !{!2, !1}\n";
    let plain = format!("{}{}{loops}", body("a", 0, None), body("b", 2, None));
    let debug_info = "!llvm.dbg.cu = !{!20}\n!llvm.module.flags = !{!21}\n\
        !10 = distinct !DISubprogram(name: \"a\", scope: !22, file: !22, line: 1, type: !23, unit: !20, spFlags: DISPFlagDefinition)\n\
        !11 = distinct !DISubprogram(name: \"b\", scope: !22, file: !22, line: 2, type: !23, unit: !20, spFlags: DISPFlagDefinition)\n\
        !12 = !DILocalVariable(name: \"n\", arg: 2, scope: !10, file: !22, line: 1, type: !24)\n\
        !13 = !DILocation(line: 1, scope: !10)\n\
        !14 = !DILocalVariable(name: \"n\", arg: 2, scope: !11, file: !22, line: 2, type: !24)\n\
        !15 = !DILocation(line: 2, scope: !11)\n\
        !20 = distinct !DICompileUnit(language: DW_LANG_C99, file: !22, emissionKind: FullDebug)\n\
        !21 = !{i32 2, !\"Debug Info Version\", i32 3}\n!22 = !DIFile(filename: \"t.c\", directory: \"/\")\n\
        !23 = !DISubroutineType(types: !{})\n!24 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n";
    let with_records =
        format!("{}{}{loops}{debug_info}", body("a", 0, Some((10, 12, 13))), body("b", 2, Some((11, 14, 15))));
    for (src, builds) in [(plain, 2), (with_records, 3)] {
        let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "split.ll").unwrap_or_else(|e| panic!("{e}"));
        m.testing().set_copy_views(false);
        let r = merge_module(&mut m, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
        m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
        assert_eq!((r.stats.functions_merged, r.stats.double_weak), (1, 1), "{r:?}");
        assert_eq!(m.testing().views_built(), builds, "{r:?}\n{src}");
        let text = m.to_text();
        assert!(text.contains("define private i32 @a.merged(ptr %p, i32 %n)"), "{text}");
        assert!(text.contains("label %done, !llvm.loop !"), "{text}");
    }
}

/// A split body takes over its function's cached tree key (so cycle keys read it
/// without a walk), except when the instructions name that function: it has no body
/// for a moment and then becomes a thunk or an alias, so a key moved then would be
/// stale. Split directly: the plain body holds the moved key at once, equal to a fresh
/// walk; the self-recursive one holds none. Merged end to end (with and without cycle
/// mode): every cached tree key equals a fresh walk.
#[test]
fn split_bodies_take_their_tree_key_unless_they_name_it() {
    let src = "declare i32 @k(i32)\n\
               define linkonce_odr i32 @x1(i32 %a) {\n  %b = call i32 @k(i32 %a)\n  %c = add i32 %b, 3\n  ret i32 %c\n}\n\
               define linkonce_odr i32 @x2(i32 %a) {\n  %b = call i32 @k(i32 %a)\n  %c = add i32 %b, 3\n  ret i32 %c\n}\n\
               define linkonce_odr i32 @r1(i32 %a) {\n  %b = call i32 @r1(i32 %a)\n  %c = add i32 %b, 5\n  ret i32 %c\n}\n\
               define linkonce_odr i32 @r2(i32 %a) {\n  %b = call i32 @r2(i32 %a)\n  %c = add i32 %b, 5\n  ret i32 %c\n}\n\
               define i32 @use(i32 %a) {\n  %1 = call i32 @x1(i32 %a)\n  %2 = call i32 @x2(i32 %1)\n  \
               %3 = call i32 @r1(i32 %2)\n  %4 = call i32 @r2(i32 %3)\n  ret i32 %4\n}\n";
    let parse =
        || LlvmModule::parse(format!("{DL}{src}").as_bytes(), "split-keys.ll").unwrap_or_else(|e| panic!("{e}"));

    let mut m = parse();
    let (x1, r1) = (id(&m, "x1"), id(&m, "r1"));
    assert!(m.tree_key_of(x1).is_some() && m.tree_key_of(r1).is_some());
    let xb = mergefunc::ModuleMut::split_body(&mut m, x1).unwrap_or_else(|e| panic!("{e}"));
    let rb = mergefunc::ModuleMut::split_body(&mut m, r1).unwrap_or_else(|e| panic!("{e}"));
    let moved = m.funcs[xb.index()].tree_key.map(|t| t.key);
    assert!(moved.is_some(), "the plain body did not take x1's tree key");
    assert!(m.funcs[rb.index()].tree_key.is_none(), "the self-recursive body took r1's stale tree key");
    m.clear_tree_key(xb);
    assert_eq!(m.tree_key_of(xb), moved, "the moved key differs from a fresh walk");

    for cycles in [false, true] {
        let mut m = parse();
        let r = merge_module(&mut m, &Options { merge_cycles: cycles, ..Options::default() })
            .unwrap_or_else(|e| panic!("{e}"));
        m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
        assert_eq!(r.stats.double_weak, 2, "{r:?}");
        m.testing().check_tree_keys().unwrap_or_else(|e| panic!("cycles {cycles}: {e}"));
    }
}

/// Claims about unread bodies vouch for eligibility: functions whose intrinsic call takes
/// a distinct metadata node (LLVM's rule makes them ineligible) get no claim and do not
/// merge, while the same bodies with a uniqued node merge on a claim, no view built.
#[test]
fn unread_claims_decline_what_a_build_would_refuse() {
    let body = |name: &str, md: &str| {
        format!(
            "define internal i64 @{name}(i64 %x) {{\n  %r = call i64 @llvm.read_register.i64(metadata {md})\n  \
             %s = add i64 %r, %x\n  ret i64 %s\n}}\n"
        )
    };
    let mut src = String::from("declare i64 @llvm.read_register.i64(metadata)\n");
    for (name, md) in [("a", "!0"), ("b", "!0"), ("c", "!1"), ("d", "!1")] {
        src.push_str(&body(name, md));
    }
    src.push_str(
        "define i64 @use(i64 %x) {\n  %1 = call i64 @a(i64 %x)\n  %2 = call i64 @b(i64 %1)\n  \
         %3 = call i64 @c(i64 %2)\n  %4 = call i64 @d(i64 %3)\n  ret i64 %4\n}\n!0 = distinct !{!\"rsp\"}\n\
         !1 = !{!\"rsp\"}\n",
    );
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "distinct.ll").unwrap_or_else(|e| panic!("{e}"));
    m.testing().set_check_copies(true);
    let r = merge_module(&mut m, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
    m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
    // d folds into c (as with opt-22); a and b stay.
    assert_eq!(r.merges.len(), 1, "{r:?}");
    assert_eq!((m.func_name(r.merges[0].folded), m.func_name(r.merges[0].target)), (&b"d"[..], &b"c"[..]), "{r:?}");
    assert_eq!(m.testing().same_body_claims(), 1, "{r:?}");
    assert_eq!(r.stats.unread_pairs_merged, 1, "{r:?}");
    let (_, diffs) = m.testing().copy_report();
    assert!(diffs.is_empty(), "{diffs:?}");
    // a's and b's views were built (no claim spared them) and found them ineligible.
    for f in ["a", "b"] {
        assert!(m.func(id(&m, f)).ineligible.is_some(), "{f}");
    }
}

/// The same-body walk pairs every plain operand by place and checks a call's callee
/// apart: functions that differ only in the order of two local arguments of a call, or
/// only in the callee, are never claimed the same; a self call matches a self call. Of
/// five functions, only the exact copy merges on a claim (and the checking mode, which
/// builds both views of every claimed pair, finds no difference).
#[test]
fn same_body_claims_pair_operands_by_place_and_callees_apart() {
    let body = |name: &str, args: &str, callee: &str| {
        format!(
            "define internal i64 @{name}(i64 %x, i64 %y) {{\n  %a = add i64 %x, 1\n  %b = mul i64 %y, 3\n  \
             %c = call i64 @{callee}(i64 {args})\n  %d = call i64 @{name}(i64 %c, i64 %x)\n  ret i64 %d\n}}\n"
        )
    };
    let mut src = String::from("declare i64 @f(i64, i64)\ndeclare i64 @g(i64, i64)\n");
    for (name, args, callee) in [
        ("a", "%a, i64 %b", "f"),
        ("b", "%a, i64 %b", "f"),
        ("c", "%b, i64 %a", "f"),
        ("d", "%a, i64 %b", "g"),
        ("e", "%a, i64 %a", "f"),
    ] {
        src.push_str(&body(name, args, callee));
    }
    src.push_str(
        "define i64 @use(i64 %x) {\n  %1 = call i64 @a(i64 %x, i64 %x)\n  %2 = call i64 @b(i64 %1, i64 %x)\n  \
         %3 = call i64 @c(i64 %2, i64 %x)\n  %4 = call i64 @d(i64 %3, i64 %x)\n  %5 = call i64 @e(i64 %4, i64 %x)\n  \
         ret i64 %5\n}\n",
    );
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "operands.ll").unwrap_or_else(|e| panic!("{e}"));
    m.testing().set_check_copies(true);
    let r = merge_module(&mut m, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
    m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
    assert_eq!(r.merges.len(), 1, "{r:?}");
    assert_eq!((m.func_name(r.merges[0].folded), m.func_name(r.merges[0].target)), (&b"b"[..], &b"a"[..]), "{r:?}");
    assert_eq!(m.testing().same_body_claims(), 1, "{r:?}");
    let (_, diffs) = m.testing().copy_report();
    assert!(diffs.is_empty(), "{diffs:?}");
    for f in ["c", "d", "e"] {
        assert!(m.to_text().contains(&format!("define internal i64 @{f}(i64 %x, i64 %y) {{\n  %a = add")), "{f}");
    }
}

/// A function with an unread tree function's body that survives the merge (the smaller
/// name) takes the tree node unread: no view is built for the pair, nor for a third
/// function with the same body that meets the survivor there. Outputs as with views
/// (checked against the comparator's path in the second run).
#[test]
fn unread_pairs_merge_without_views_when_the_newcomer_survives() {
    let body = |name: &str| {
        format!("define i64 @{name}(i64 %x) {{\n  %y = mul i64 %x, 7\n  %z = add i64 %y, 3\n  ret i64 %z\n}}\n")
    };
    let src = format!(
        "{}{}{}define i64 @use(i64 %x) {{\n  %1 = call i64 @zz(i64 %x)\n  %2 = call i64 @aa(i64 %1)\n  \
         %3 = call i64 @mm(i64 %2)\n  ret i64 %3\n}}\n",
        body("zz"),
        body("aa"),
        body("mm")
    );
    let mut texts = Vec::new();
    for check in [false, true] {
        let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "swap.ll").unwrap_or_else(|e| panic!("{e}"));
        let r = merge_module(&mut m, &Options { check_fast_path: check, ..Options::default() })
            .unwrap_or_else(|e| panic!("{e}"));
        m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
        let folded: Vec<(String, String)> = r
            .merges
            .iter()
            .map(|x| {
                (
                    String::from_utf8_lossy(m.func_name(x.folded)).into(),
                    String::from_utf8_lossy(m.func_name(x.target)).into(),
                )
            })
            .collect();
        assert_eq!(folded, [("zz".to_string(), "aa".to_string()), ("mm".to_string(), "aa".to_string())], "{r:?}");
        if !check {
            assert_eq!(r.stats.unread_pairs_merged, 2, "{r:?}");
            assert_eq!(m.testing().views_built(), 0, "{r:?}");
        }
        texts.push(m.to_text());
    }
    assert_eq!(texts[0], texts[1]);
}

/// A function of two loops, each branch carrying the `!llvm.loop` id given.
fn two_loops(name: &str, first: &str, second: &str) -> String {
    format!(
        "define i64 @{name}(i64 %n) {{\nentry:\n  br label %a\na:\n  %i = phi i64 [ 0, %entry ], [ %i1, %a ]\n  \
         %i1 = add i64 %i, 1\n  %c = icmp ult i64 %i1, %n\n  br i1 %c, label %a, label %m, !llvm.loop !{first}\n\
         m:\n  %j = phi i64 [ %i1, %a ], [ %j1, %m ]\n  %j1 = mul i64 %j, 3\n  %d = icmp ult i64 %j1, %n\n  \
         br i1 %d, label %m, label %x, !llvm.loop !{second}\nx:\n  ret i64 %j1\n}}\n"
    )
}

/// Merges of `src` (function pairs, folded then kept) with and without
/// `check_fast_path` (which builds and compares both views of every claim), the two
/// outputs the same; also the unread pairs merged and the views built without the check.
fn merges_both_ways(src: &str) -> (Vec<(String, String)>, u64, u64) {
    let mut runs = Vec::new();
    for check in [false, true] {
        let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "loops.ll").unwrap_or_else(|e| panic!("{e}"));
        let r = merge_module(&mut m, &Options { check_fast_path: check, ..Options::default() })
            .unwrap_or_else(|e| panic!("{e}"));
        m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
        let merged: Vec<(String, String)> = r
            .merges
            .iter()
            .map(|x| {
                (
                    String::from_utf8_lossy(m.func_name(x.folded)).into(),
                    String::from_utf8_lossy(m.func_name(x.target)).into(),
                )
            })
            .collect();
        runs.push((merged, r.stats.unread_pairs_merged, m.testing().views_built(), m.to_text()));
    }
    assert_eq!(runs[0].0, runs[1].0, "merges with and without the check");
    assert_eq!(runs[0].3, runs[1].3, "outputs with and without the check");
    let (merged, unread, views, _) = runs.swap_remove(0);
    (merged, unread, views)
}

/// Two loops' `!llvm.loop` ids are distinct nodes: functions that differ only in them are
/// equal under the order's consistent renaming, and the claim on an unread tree function
/// pairs them the same way (no view built). A renaming that is not one-to-one (one id on
/// both loops against two ids, or an id both functions share against one of their own)
/// is no claim and no merge: the views are read, and the order tells them apart.
#[test]
fn unread_claims_pair_distinct_loop_ids_by_a_consistent_renaming() {
    let md = "!0 = !{!\"llvm.loop.mustprogress\"}\n!1 = distinct !{!1, !0}\n!2 = distinct !{!2, !0}\n\
              !3 = distinct !{!3, !0}\n!4 = distinct !{!4, !0}\n!5 = distinct !{!5, !0}\n!6 = distinct !{!6, !0}\n";
    let renamed =
        format!("{}{}{}{md}", two_loops("zz", "1", "2"), two_loops("aa", "3", "4"), two_loops("mm", "5", "6"));
    let (merged, unread, views) = merges_both_ways(&renamed);
    assert_eq!(merged, [("zz".to_string(), "aa".to_string()), ("mm".to_string(), "aa".to_string())]);
    assert_eq!((unread, views), (2, 0), "merged on the claim, without views");
    for (f, g) in
        [(("1", "2"), ("3", "3")), (("3", "3"), ("1", "2")), (("1", "2"), ("1", "1")), (("1", "1"), ("2", "1"))]
    {
        let src = format!("{}{}{md}", two_loops("aa", f.0, f.1), two_loops("bb", g.0, g.1));
        let (merged, unread, _) = merges_both_ways(&src);
        assert_eq!((merged.len(), unread), (0, 0), "{f:?} against {g:?}");
    }
    // The same ids, and ids renamed consistently where one is shared: one merge.
    for (f, g) in [(("1", "2"), ("1", "2")), (("1", "2"), ("1", "3")), (("1", "1"), ("2", "2"))] {
        let src = format!("{}{}{md}", two_loops("aa", f.0, f.1), two_loops("bb", g.0, g.1));
        let (merged, unread, _) = merges_both_ways(&src);
        assert_eq!((merged.len(), unread), (1, 1), "{f:?} against {g:?}");
    }
}

/// Two functions whose loads carry chains of `n` distinct tuples (`!k = distinct
/// !{"c", !k+1}`), each function its own chain, entered at every eighth link by a load;
/// the loads are laid out deepest entry first, while the CFG runs from the shallowest.
/// The order walks blocks in CFG order and meets the whole chain from its first link:
/// past its `META_DEPTH_LIMIT` (32) links it compares tuples by identity, so chains of
/// more than 32 links differ. The claim on the unread tree function walks loads in
/// layout order, 8 links from each; it stays the order's verdict by making at most 32
/// pairs of different tuples: 40 links are no claim and no merge (a claim merged them,
/// and `check_fast_path` failed the run), 32 links merge on the claim.
#[test]
fn unread_claims_rename_no_more_distinct_pairs_than_the_order_compares() {
    let chains = |n: usize| {
        let roots: Vec<usize> = (0..n).step_by(8).filter(|r| r + 8 <= n).collect();
        let func = |name: &str, base: usize| {
            let mut f = format!("define i32 @{name}(ptr %p) {{\nentry:\n  br label %b0\n");
            for &r in roots.iter().rev() {
                f += &format!("b{r}:\n  %v{r} = load i32, ptr %p, !foo !{}\n", base + r);
                f += &match roots.contains(&(r + 8)) {
                    true => format!("  br label %b{}\n", r + 8),
                    false => format!("  ret i32 %v{r}\n"),
                };
            }
            f + "}\n"
        };
        let chain = |base: usize| {
            (0..n)
                .map(|i| match i + 1 < n {
                    true => format!("!{} = distinct !{{!\"c\", !{}}}\n", base + i, base + i + 1),
                    false => format!("!{} = distinct !{{!\"end\"}}\n", base + i),
                })
                .collect::<String>()
        };
        format!("{}{}{}{}", func("zz", 0), func("aa", 100), chain(0), chain(100))
    };
    let (merged, unread, _) = merges_both_ways(&chains(40));
    assert_eq!((merged.len(), unread), (0, 0), "40 links");
    let (merged, unread, views) = merges_both_ways(&chains(32));
    assert_eq!((merged.len(), unread, views), (1, 1, 0), "32 links");
}

/// Two functions, each a load whose `!foo` is its own distinct tuple `!{"x", !0}` over a
/// chain of `n` distinct tuples both share (`!k = distinct !{"t", !k+1}`), entered at
/// every eighth link by loads laid out deepest first. The interning reads a tuple taller
/// than `META_INTERN_DEPTH` (256) as its identity: over 256 links the two tops differ in
/// the order. The claim on the unread tree function meets the chain 8 links at a time
/// (the same nodes on both sides) and stays the order's verdict by pairing two
/// different tuples only when at most 256 tuples are reachable from each: 256 links are
/// no claim and no merge (a claim merged them, and `check_fast_path` failed the run),
/// 255 merge on the claim.
#[test]
fn unread_claims_pair_no_tuple_the_interning_reads_as_its_identity() {
    let shared_chain = |n: usize| {
        let func = |name: &str, top: usize| {
            let mut f = format!("define i32 @{name}(ptr %p) {{\n");
            for r in (0..n).step_by(8).rev() {
                f += &format!("  %v{r} = load volatile i32, ptr %p, !foo !{r}\n");
            }
            f + &format!("  %top = load i32, ptr %p, !foo !{top}\n  ret i32 %top\n}}\n")
        };
        let mut src = func("zz", 1000) + &func("aa", 1001);
        for i in 0..n {
            src += &match i + 1 < n {
                true => format!("!{i} = distinct !{{!\"t\", !{}}}\n", i + 1),
                false => format!("!{i} = distinct !{{!\"end\"}}\n"),
            };
        }
        src + "!1000 = distinct !{!\"x\", !0}\n!1001 = distinct !{!\"x\", !0}\n"
    };
    let (merged, unread, _) = merges_both_ways(&shared_chain(256));
    assert_eq!((merged.len(), unread), (0, 0), "256 links");
    let (merged, unread, views) = merges_both_ways(&shared_chain(255));
    assert_eq!((merged.len(), unread, views), (1, 1, 0), "255 links");
}

/// `FastPath::tiny_body` answers from the IR what the view says once built (one block of
/// at most one instruction), and leaves built views to the driver.
#[test]
fn tiny_body_agrees_with_the_view() {
    let src = "define i32 @ret() {\n  ret i32 7\n}\n\
               define i32 @two(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
               define void @blocks() {\n  br label %b\nb:\n  ret void\n}\n\
               declare void @decl()\n";
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "tiny.ll").unwrap_or_else(|e| panic!("{e}"));
    // These functions never merge: their views are built only on the full path.
    m.forget_shapes();
    for (name, tiny) in [("ret", Some(true)), ("two", Some(false)), ("blocks", Some(false)), ("decl", None)] {
        let f = id(&m, name);
        assert_eq!(m.tiny_body_of(f), tiny, "{name} unread");
        m.materialize_view(f);
        let from_view = m.body(f).map(|b| b.blocks.len() == 1 && b.blocks[0].insts.len() < 2);
        assert_eq!(from_view, tiny, "{name}'s view");
        assert_eq!(m.tiny_body_of(f), None, "{name} built");
    }
}

/// Two unread ODR functions whose body is a single `ret` have one body on the shim's
/// word, but neither a thunk to it (too small) nor an alias (their addresses matter) may
/// be written: they stay apart, as with opt-22, and the size rule is read without a view.
#[test]
fn unread_tiny_odr_pairs_stay_apart() {
    let src = "define linkonce_odr i32 @a() {\n  ret i32 7\n}\ndefine linkonce_odr i32 @b() {\n  ret i32 7\n}\n\
               define i32 @use() {\n  %1 = call i32 @a()\n  %2 = call i32 @b()\n  %3 = add i32 %1, %2\n  \
               ret i32 %3\n}\n";
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "tiny-odr.ll").unwrap_or_else(|e| panic!("{e}"));
    m.testing().set_check_copies(true);
    let r = merge_module(&mut m, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.testing().same_body_claims(), 1, "{r:?}");
    assert_eq!(r.stats.unread_pairs_merged, 1, "{r:?}");
    assert!(r.merges.is_empty(), "{r:?}");
    assert_eq!(m.testing().views_built(), 0, "{r:?}");
    let text = m.to_text();
    assert!(text.contains("define linkonce_odr i32 @a()") && text.contains("define linkonce_odr i32 @b()"), "{text}");
}

#[test]
fn aliases_and_rauw() {
    let src = PAIR.replace("@b(i32 %x) {", "@b(i32 %x) unnamed_addr {") + "@t = global ptr @b\n";
    let (m, r) = merged(&src, Options { use_aliases: true, ..Default::default() });
    assert_eq!(r.merges[0].action, FoldAction::Alias, "{r:?}");
    assert!(m.to_text().contains("@b = unnamed_addr alias i32 (i32), ptr @a"), "{}", m.to_text());

    let src = PAIR.replace("define i32 @b(i32 %x) {", "define internal i32 @b(i32 %x) unnamed_addr {")
        + "@t = global ptr @b\n";
    let (m, r) = merged(&src, Options::default());
    assert_eq!(r.merges[0].action, FoldAction::Erased, "{r:?}");
    assert_eq!(r.merges[0].uses, UseRewrite::AllUses);
    assert!(m.to_text().contains("@t = global ptr @a"), "{}", m.to_text());
}

/// Where LLVM 22 writes an invalid module (RAUW or an alias across address spaces, with a
/// use that is not a call), the rewrite is declined up front and the next one taken:
/// direct calls move and the folded function becomes a thunk; the refusal is counted.
#[test]
fn rewrites_across_address_spaces_are_declined_up_front() {
    let pair = "define i32 @a(i32 %x) addrspace(1) {\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n\
                define internal i32 @b(i32 %x) unnamed_addr {\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n\
                define i32 @user(i32 %x) {\n  %r = call i32 @b(i32 %x)\n  ret i32 %r\n}\n";
    // Only called: RAUW is redirecting the calls, and b goes.
    let (m, r) = merged(pair, Options::default());
    assert_eq!((r.merges[0].action, r.merges[0].uses), (FoldAction::Erased, UseRewrite::AllUses), "{r:?}");
    assert!(m.to_text().contains("call addrspace(1) i32 @a(i32 %x)"), "{}", m.to_text());
    assert_eq!(r.stats.rewrites_refused, 0);
    // Its address stored too: no RAUW (the initializer would change type); calls move, b is a thunk.
    let src = format!("{pair}@t = global ptr @b\n");
    let (m, r) = merged(&src, Options::default());
    assert_eq!((r.merges[0].action, r.merges[0].uses), (FoldAction::Thunk, UseRewrite::DirectCalls), "{r:?}");
    assert_eq!((r.stats.rewrites_refused, r.stats.pairs_kept_apart), (1, 0));
    assert_eq!(r.refused[0].rewrite, Rewrite::ReplaceAllUses);
    assert!(m.to_text().contains("@t = global ptr @b"), "{}", m.to_text());
    // Aliases on: no alias either (an alias has its aliasee's type); a thunk.
    let src = src.replace("define internal i32 @b", "define i32 @b");
    let (_, r) = merged(&src, Options { use_aliases: true, ..Default::default() });
    assert_eq!(r.merges[0].action, FoldAction::Thunk, "{r:?}");
    let refused: Vec<Rewrite> = r.refused.iter().map(|x| x.rewrite).collect();
    assert_eq!(refused, [Rewrite::ReplaceAllUses, Rewrite::Alias]);
}

/// A function may be aligned to 2^32, which LLVM-C's 32-bit getter reads as no
/// alignment: the survivor keeps the larger alignment, as LLVM's `writeAlias` sets it.
#[test]
fn alignments_up_to_two_to_the_32_survive() {
    let src = PAIR
        .replace("@a(i32 %x) {", "@a(i32 %x) align 4294967296 {")
        .replace("@b(i32 %x) {", "@b(i32 %x) unnamed_addr align 2 {");
    let (m, r) = merged(&src, Options { use_aliases: true, ..Default::default() });
    assert_eq!(r.merges[0].action, FoldAction::Alias, "{r:?}");
    assert!(m.to_text().contains("define i32 @a(i32 %x) align 4294967296 {"), "{}", m.to_text());
    assert_eq!(m.func(id(&m, "a")).align, Some(1 << 32));
}

#[test]
fn struct_results_are_cast_elementwise() {
    let src = "define { i64, ptr } @s1(ptr %p) {\n  %v = load { i64, ptr }, ptr %p\n  ret { i64, ptr } %v\n}\n\
               define { ptr, i64 } @s2(ptr %p) {\n  %v = load { ptr, i64 }, ptr %p\n  ret { ptr, i64 } %v\n}\n";
    let (m, r) = merged(src, Options::default());
    assert_eq!(r.merges.len(), 1);
    let t = m.to_text();
    assert!(t.contains("inttoptr") && t.contains("ptrtoint") && t.contains("insertvalue"), "{t}");
}

#[test]
fn gep_flags_are_intersected() {
    let src = "define ptr @a(ptr %p, i64 %i) {\n  %q = getelementptr inbounds i32, ptr %p, i64 %i\n  %r = getelementptr i8, ptr %q, i64 1\n  ret ptr %r\n}\n\
               define ptr @b(ptr %p, i64 %i) {\n  %q = getelementptr nuw i32, ptr %p, i64 %i\n  %r = getelementptr i8, ptr %q, i64 1\n  ret ptr %r\n}\n";
    let (m, r) = merged(src, Options::default());
    assert_eq!(r.merges.len(), 1);
    let t = m.to_text();
    assert!(t.contains("%q = getelementptr i32, ptr %p, i64 %i"), "{t}");
}

#[test]
fn preserve_debug_info_thunk_keeps_the_function() {
    let src = format!("{PAIR}define i32 @user(i32 %x) {{\n  %r = call i32 @b(i32 %x)\n  ret i32 %r\n}}\n");
    let (m, r) = merged(&src, Options { preserve_debug_info: true, ..Default::default() });
    assert_eq!(r.merges[0].action, FoldAction::Thunk);
    let t = m.to_text();
    assert!(t.contains("call i32 @b(i32 %x)"), "callers untouched: {t}");
    assert!(t.contains("tail call i32 @a(i32 %x)"), "{t}");
}

#[test]
fn chains_merge_and_views_follow() {
    let src = format!(
        "{}{}define i32 @c1(i32 %x) {{\n  %r = call i32 @a(i32 %x)\n  %s = add i32 %r, 3\n  ret i32 %s\n}}\n\
         define i32 @c2(i32 %x) {{\n  %r = call i32 @b(i32 %x)\n  %s = add i32 %r, 3\n  ret i32 %s\n}}\n",
        PAIR.replace("define i32", "define internal i32"),
        ""
    );
    let (m, r) = merged(&src, Options::default());
    assert_eq!(r.merges.len(), 2, "{r:?}");
    assert!(m.func_by_name("b").is_none());
    let _ = V(std::ptr::null_mut());
}

/// After RAUW and call redirection, views of the users are patched in place (not
/// rebuilt), and a patched view equals a view rebuilt from the IR.
#[test]
fn patched_views_equal_rebuilt_views() {
    let src = "@t = global ptr null\n\
        define internal i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
        define internal i32 @g(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
        define i32 @u1(i32 %x) {\n  %r = call i32 @f(i32 %x)\n  store ptr getelementptr (i8, ptr @f, i64 8), ptr @t\n  ret i32 %r\n}\n\
        define i32 @u2(i32 %x) {\n  %r = call i32 @g(i32 %x)\n  %s = call i32 @f(i32 %r)\n  ret i32 %s\n}\n\
        define i32 @h(i32 %x) {\n  %r = call i32 @u2(i32 %x)\n  store ptr @u2, ptr @t\n  ret i32 %r\n}\n";
    let mut m = load(src);
    let (f, g, u1, u2, h) = (id(&m, "f"), id(&m, "g"), id(&m, "u1"), id(&m, "u2"), id(&m, "h"));
    let callee_of = |m: &LlvmModule, u: FuncId, call: usize| {
        let b = m.body(u).unwrap();
        let i = b.insts[call];
        let InstKind::Call { callee } = i.kind else { panic!("not a call") };
        match b.operands(&i)[callee as usize].value {
            Value::Const(c) => m.const_data(c).kind.clone(),
            v => panic!("callee {v:?}"),
        }
    };
    // RAUW g -> f: u2's first call now calls f; its view is patched, not dropped.
    m.replace_all_uses(g, f).unwrap();
    assert!(m.has_body(u2) && m.body(u2).is_some(), "view kept");
    assert_eq!(callee_of(&m, u2, 0), ConstKind::Global(GlobalRef::Func(f)));
    m.assert_view_is_current(u2);
    // RAUW f -> g (g's symbol still exists): u1 calls f and stores a GEP constant on f.
    m.replace_all_uses(f, g).unwrap();
    assert!(m.body(u1).is_some(), "u1's view (call + constant GEP on f) patched");
    assert_eq!(callee_of(&m, u1, 0), ConstKind::Global(GlobalRef::Func(g)));
    m.assert_view_is_current(u1);
    m.assert_view_is_current(u2);
    // Redirecting direct calls of u2 to u1 changes h's call but not its stored address.
    m.replace_direct_calls(u2, u1).unwrap();
    assert!(m.body(h).is_some(), "h's view patched");
    assert_eq!(callee_of(&m, h, 0), ConstKind::Global(GlobalRef::Func(u1)));
    m.assert_view_is_current(h);
    assert!(m.to_text().contains("store ptr @u2, ptr @t"), "{}", m.to_text());
    // A self call appears when a function's callee is replaced by the function itself.
    m.replace_all_uses(u2, h).unwrap();
    assert_eq!(callee_of(&m, h, 0), ConstKind::Global(GlobalRef::Func(u1)));
    m.assert_view_is_current(h);
    m.verify().unwrap();
}

/// Functions `f{i}` and `g{i}`, equal, with debug records before their returns.
fn debug_pairs(n: usize) -> String {
    let mut s = String::new();
    let mut md = String::from(
        "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!1}\n\
         !0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)\n\
         !1 = !{i32 2, !\"Debug Info Version\", i32 3}\n!2 = !DIFile(filename: \"t.c\", directory: \"/\")\n\
         !3 = !DISubroutineType(types: !{})\n!4 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n",
    );
    let mut next = 5;
    for i in 0..n {
        for name in ["f", "g"] {
            let (sp, var, loc, k) = (next, next + 1, next + 2, i + 2);
            next += 3;
            s += &format!(
                "define i32 @{name}{i}(i32 %x) !dbg !{sp} {{\n  %y = mul i32 %x, {k}\n  \
                 #dbg_value(i32 %y, !{var}, !DIExpression(), !{loc})\n  ret i32 %y, !dbg !{loc}\n}}\n"
            );
            md += &format!(
                "!{sp} = distinct !DISubprogram(name: \"{name}{i}\", scope: !2, file: !2, line: 1, type: !3, \
                 unit: !0, spFlags: DISPFlagDefinition)\n\
                 !{var} = !DILocalVariable(name: \"y\", scope: !{sp}, file: !2, line: 2, type: !4)\n\
                 !{loc} = !DILocation(line: 2, scope: !{sp})\n"
            );
        }
    }
    s + &md
}

#[test]
fn thunks_keep_no_debug_records_of_the_old_body() {
    // A thunk's old body is deleted and a new block appended, often at the address of a
    // deleted one: records that trailed a deleted block must not reappear in it.
    let (m, r) = merged(&debug_pairs(16), Options::default());
    assert_eq!(r.merges.len(), 16, "{r:?}");
    assert!(r.merges.iter().all(|x| x.action == FoldAction::Thunk), "{r:?}");
    let text = m.to_text();
    for i in 0..16 {
        let at = text.find(&format!("define i32 @g{i}(")).unwrap_or_else(|| panic!("no g{i}: {text}"));
        let thunk = &text[at..at + text[at..].find("\n}\n").unwrap()];
        assert!(!thunk.contains("#dbg"), "{thunk}");
    }
}

/// The prescan reads blocks in layout order but must give LLVM's `StructuralHash`, which
/// visits the reachable blocks depth first, last successor first, and its merge-key refs
/// in that same order: blocks laid out against the CFG, an unreachable block, a loop.
#[test]
fn prescan_follows_llvms_block_order() {
    let mut m = load(
        "define void @p() {\n  ret void\n}\ndefine void @q() {\n  ret void\n}\ndefine void @r() {\n  ret void\n}\n\
         define void @shuffled(i1 %c) {\nentry:\n  br i1 %c, label %then, label %else\n\
         dead:\n  call void @r()\n  %d = mul i32 1, 2\n  ret void\n\
         else:\n  call void @q()\n  br label %join\n\
         join:\n  %j = add i32 1, 2\n  ret void\n\
         then:\n  call void @p()\n  %t = sub i32 3, 4\n  br label %loop\n\
         loop:\n  %l = xor i32 5, 6\n  br i1 %c, label %loop, label %join\n}\n\
         define void @inorder(i1 %c) {\nentry:\n  br i1 %c, label %then, label %else\n\
         then:\n  call void @p()\n  %t = sub i32 3, 4\n  br label %loop\n\
         loop:\n  %l = xor i32 5, 6\n  br i1 %c, label %loop, label %join\n\
         else:\n  call void @q()\n  br label %join\n\
         join:\n  %j = add i32 1, 2\n  ret void\n}\n",
    );
    let pairs = m.testing().structural_hash_pairs();
    assert_eq!(pairs.len(), 5);
    for (name, prescan, shim, walk, llvm) in &pairs {
        assert_eq!((prescan, shim, walk), (llvm, llvm, llvm), "{name}");
        assert!(m.prescanned(id(&m, name)).is_some(), "{name}: the prescan declined it");
    }
    // Same reachable blocks in the same depth-first order: the same hash, whatever the
    // layout and the unreachable block.
    assert_eq!(pairs[3].4, pairs[4].4);
    // The refs (calls of @q and @p) come in depth-first order, as from the LLVM-C walk.
    assert_eq!(m.testing().check_prescan_keys(), Ok(5));
}

#[test]
fn load_records_whether_block_addresses_exist() {
    let plain = load("define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n");
    assert!(!plain.block_addresses());
    let taken = load(concat!(
        "@t = global ptr blockaddress(@g, %b)\n",
        "define i32 @f(i32 %x) {\n  ret i32 %x\n}\n",
        "define i32 @g(i32 %x) {\n  br label %b\nb:\n  ret i32 %x\n}\n",
    ));
    assert!(taken.block_addresses());
}

/// Facts copy no names: the core reads them through `Module::func_name`, from LLVM while
/// a function lives, and an erased function keeps the name it had.
#[test]
fn names_are_read_from_llvm_not_copied_into_facts() {
    let body = |name: &str, link: &str| {
        format!("define {link} i64 @{name}(i64 %x) unnamed_addr {{\n  %y = mul i64 %x, 7\n  %z = add i64 %y, 3\n  ret i64 %z\n}}\n")
    };
    let long = "n".repeat(300);
    let src = format!(
        "{}{}{}define i64 @use(i64 %x) {{\n  %1 = call i64 @{long}_b(i64 %x)\n  %2 = call i64 @loc(i64 %1)\n  ret i64 %2\n}}\n",
        body(&format!("{long}_a"), ""),
        body(&format!("{long}_b"), ""),
        body("loc", "internal")
    );
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "names.ll").unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<FuncId> = (0..m.num_funcs()).map(FuncId::new).collect();
    assert!(ids.iter().all(|&f| m.func(f).name.is_empty()));
    let names: Vec<Vec<u8>> = ids.iter().map(|&f| m.func_name(f).to_vec()).collect();
    assert_eq!(names[0], format!("{long}_a").into_bytes());
    let r = merge_module(&mut m, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
    m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
    let folded: Vec<(Vec<u8>, Vec<u8>, FoldAction)> =
        r.merges.iter().map(|x| (m.func_name(x.folded).to_vec(), m.func_name(x.target).to_vec(), x.action)).collect();
    let a = format!("{long}_a").into_bytes();
    assert_eq!(
        folded,
        [(format!("{long}_b").into_bytes(), a.clone(), FoldAction::Thunk), (b"loc".to_vec(), a, FoldAction::Erased)],
        "{r:?}"
    );
    // Every function keeps answering with the name it has (or had, when erased).
    for (&f, name) in ids.iter().zip(&names) {
        assert_eq!(m.func_name(f), &name[..], "{f}");
    }
}

/// A block address into a function alone on its shape stops no claim or copy (it names
/// a block of neither function of the pair), and the pass never reads the block headers
/// of the alone functions for it; a block address into a candidate still does.
#[test]
fn block_addresses_into_alone_functions_leave_claims_alone() {
    let pair = |name: &str, addr: &str| {
        format!(
            "define ptr @{name}(i64 %x) {{\n  %y = mul i64 %x, 7\n  store i64 %y, ptr @sink\n  ret ptr {addr}\n}}\n"
        )
    };
    let alone = "define i32 @alone(i32 %a, i32 %b, i32 %c) {\n  br label %b1\nb1:\n  %s = sub i32 %a, %c\n  \
                 ret i32 %s\n}\n";
    for (addr, claims) in [("blockaddress(@alone, %b1)", true), ("blockaddress(@p1, %b)", false)] {
        let mut src = format!("@sink = global i64 0\n@t = global ptr blockaddress(@alone, %b1)\n{alone}");
        src += &pair("p1", addr).replace("ret ptr", "br label %b\nb:\n  ret ptr");
        src += &pair("p2", addr).replace("ret ptr", "br label %b\nb:\n  ret ptr");
        let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "ba.ll").unwrap_or_else(|e| panic!("{e}"));
        let alone_id = m.func_by_name("alone").unwrap_or_else(|| panic!("no @alone"));
        assert!(m.testing().alone_on_shape().contains(&alone_id), "{addr}");
        let r = merge_module(&mut m, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
        m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
        // With a block address into @p1 the pair is left to the order (no claim).
        assert_eq!(r.merges.len(), usize::from(claims), "{addr}: {r:?}");
        assert_eq!(r.stats.unread_pairs_merged, u64::from(claims), "{addr}: {r:?}");
        assert!(!m.testing().alone_block_headers_read(), "{addr}");
        assert!(m.testing().block_addresses(), "{addr}");
    }
}

/// A module where merging moves a call without `!dbg`, in a function with debug info, to a
/// function with debug info: `@plain` (no debug info) folds into `@traced`.
fn call_location_module(plain_attrs: &str) -> String {
    format!(
        concat!(
            "define i64 @traced(i64 %a) !dbg !10 {{\n  %s = shl i64 %a, 3, !dbg !11\n  ret i64 %s, !dbg !11\n}}\n",
            "define internal i64 @plain(i64 %a) {} {{\n  %s = shl i64 %a, 3\n  ret i64 %s\n}}\n",
            "define i64 @user(i64 %x) !dbg !12 {{\n  %r = call i64 @plain(i64 %x)\n  ret i64 %r, !dbg !13\n}}\n",
            "!llvm.dbg.cu = !{{!1}}\n!llvm.module.flags = !{{!3}}\n",
            "!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)\n",
            "!2 = !DIFile(filename: \"m.c\", directory: \"/\")\n",
            "!3 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n",
            "!4 = !DISubroutineType(types: !{{}})\n",
            "!10 = distinct !DISubprogram(name: \"traced\", scope: !2, file: !2, line: 2, type: !4, spFlags: DISPFlagDefinition, unit: !1)\n",
            "!11 = !DILocation(line: 2, column: 7, scope: !10)\n",
            "!12 = distinct !DISubprogram(name: \"user\", scope: !2, file: !2, line: 9, type: !4, spFlags: DISPFlagDefinition, unit: !1)\n",
            "!13 = !DILocation(line: 9, column: 3, scope: !12)\n",
        ),
        plain_attrs
    )
}

/// LLVM 22 leaves such a call without a location and the verifier rejects the module
/// ("inlinable function call in a function with debug info must have a !dbg location");
/// we give it a line-0 location in the caller's scope, for redirected calls (`@plain` is
/// internal) and for replaced uses (`unnamed_addr`).
#[test]
fn moved_calls_get_a_debug_location_where_the_verifier_needs_one() {
    for attrs in ["", "unnamed_addr"] {
        // `merged` runs the verifier on the result.
        let (m, r) = merged(&call_location_module(attrs), Options::default());
        assert_eq!(r.stats.functions_merged, 1, "{attrs}");
        let text = m.to_text();
        assert!(text.contains("call i64 @traced(i64 %x), !dbg"), "{attrs}: {text}");
        assert!(text.contains("!DILocation(line: 0, scope: !"), "{attrs}: {text}");
        assert!(m.func_by_name("plain").is_none(), "{attrs}: @plain should be erased");
    }
}

/// Every function definition of `text` (LLVM assembly), sorted, and the module's other
/// lines in their order.
fn definitions(text: &str) -> (Vec<String>, Vec<String>) {
    let (mut defs, mut rest, mut cur) = (Vec::new(), Vec::new(), None::<String>);
    for line in text.lines() {
        match cur.as_mut() {
            Some(body) => {
                body.push_str(line);
                body.push('\n');
                if line == "}" {
                    defs.extend(cur.take());
                }
            }
            None if line.starts_with("define ") => cur = Some(format!("{line}\n")),
            None => rest.push(line.to_string()),
        }
    }
    defs.sort();
    (defs, rest)
}

/// Two equal weak functions with `preserve_debug_info` (opt-22 crashes on this): the same
/// merge as without the option, a new private body and two thunks to it (a thunk written
/// in place keeps its parameter names).
#[test]
fn preserve_debug_info_double_thunk_matches_the_default() {
    let src = "declare void @sink(i32)\n\
               define weak void @w1(i32 %v) {\n  call void @sink(i32 %v)\n  call void @sink(i32 %v)\n  ret void\n}\n\
               define weak void @w2(i32 %v) {\n  call void @sink(i32 %v)\n  call void @sink(i32 %v)\n  ret void\n}\n";
    let (plain, r1) = merged(src, Options::default());
    let (pdi, r2) = merged(src, Options { preserve_debug_info: true, ..Options::default() });
    assert_eq!(r1.stats.double_weak, 1);
    assert_eq!(r2.stats.double_weak, 1);
    assert_eq!(format!("{:?}", r1.merges), format!("{:?}", r2.merges));
    let text = pdi.to_text();
    // The same functions; their order differs as LLVM's does: a thunk written in place
    // keeps its place, a new one (LLVM's `NewG`) is appended to the module.
    assert_eq!(definitions(&text.replace("%v", "%0")), definitions(&plain.to_text().replace("%v", "%0")));
    assert!(text.contains("define private void @w1.merged(i32"), "{text}");
    assert_eq!(text.matches("tail call void @w1.merged(").count(), 2, "{text}");
}

/// Keeping erased functions and bodies allocated (`set_keep_erased`, the CLI's mode)
/// must give the same module as destroying them: every corpus module, merged with the
/// default options and with each option on, prints the same text, and both verify. The
/// corpus has erased functions, thunks, aliases, block addresses, debug records and
/// functions that metadata refers to.
#[test]
fn keeping_erased_ir_gives_the_same_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut kept_any = 0usize;
    for f in files.iter().filter(|p| p.extension().is_some_and(|e| e == "ll")) {
        let src = std::fs::read(f).unwrap();
        let all = [
            Options::default(),
            Options { use_aliases: true, ..Options::default() },
            Options { preserve_debug_info: true, ..Options::default() },
            Options { merge_cycles: true, ..Options::default() },
        ];
        for opts in all {
            let mut out = Vec::new();
            for keep in [false, true] {
                let mut m = LlvmModule::parse(&src, "corpus.ll").unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                m.set_keep_erased(keep);
                let r = merge_module(&mut m, &opts).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                m.verify().unwrap_or_else(|e| panic!("{} (keep {keep}): {e}", f.display()));
                if keep && !r.merges.is_empty() {
                    kept_any += 1;
                }
                out.push(m.to_text());
            }
            assert_eq!(out[0], out[1], "{} ({opts:?}): the modes differ", f.display());
        }
    }
    assert!(kept_any >= 150, "only {kept_any} corpus runs merged anything");
}

/// What keeping erased IR must still destroy: a function that metadata names (the
/// metadata must forget it) and a body whose block address a global holds (the
/// `blockaddress` constant must go). Both modes give the same module.
#[test]
fn keeping_erased_ir_still_destroys_what_others_name() {
    let named = "define internal void @g() {\n  ret void\n}\n!named = !{!0}\n!0 = !{ptr @g}\n";
    let addressed = "@p = global ptr blockaddress(@h, %bb)\n\
                     define i32 @f(i32 %x) {\n  ret i32 %x\n}\n\
                     define i32 @h(i32 %x) {\n  br label %bb\nbb:\n  ret i32 %x\n}\n";
    for (src, thunk) in [(named, false), (addressed, true)] {
        let mut out = Vec::new();
        for keep in [false, true] {
            let mut m = load(src);
            m.set_keep_erased(keep);
            if thunk {
                m.write_thunk(id(&m, "h"), id(&m, "f"), ThunkStyle::default()).unwrap();
            } else {
                m.erase(id(&m, "g")).unwrap();
            }
            m.verify().unwrap_or_else(|e| panic!("keep {keep}: {e}\n{}", m.to_text()));
            out.push(m.to_text());
        }
        assert_eq!(out[0], out[1], "the modes differ");
        if thunk {
            assert!(!out[1].contains("blockaddress"), "{}", out[1]);
        } else {
            assert!(!out[1].contains("@g"), "{}", out[1]);
        }
    }
}

/// A function removed in keep mode leaves its blocks in the unlinked function, but no use
/// of anything else: its callee, its personality and the global it loads are unused
/// after it goes (so the callee can be erased in turn), in both modes, and the module
/// verifies and prints the same.
#[test]
fn keeping_an_erased_body_drops_every_use_it_made() {
    let src = "@gv = internal global i32 7\n\
               declare i32 @pers(...)\n\
               define internal i32 @c(i32 %x) {\n  ret i32 %x\n}\n\
               define internal i32 @g(i32 %x) personality ptr @pers {\n\
               entry:\n  %y = load i32, ptr @gv\n  %r = invoke i32 @c(i32 %y) to label %ok unwind label %bad\n\
               ok:\n  %s = add i32 %r, %x\n  ret i32 %s\n\
               bad:\n  %lp = landingpad { ptr, i32 } cleanup\n  ret i32 0\n}\n\
               define i32 @user() {\n  ret i32 1\n}\n";
    let mut out = Vec::new();
    for keep in [false, true] {
        let mut m = load(src);
        m.set_keep_erased(keep);
        let value = |m: &LlvmModule, name: &str| m.funcs[id(m, name).index()].v.unwrap();
        assert!(value(&m, "c").has_uses() && value(&m, "pers").has_uses());
        m.erase(id(&m, "g")).unwrap();
        assert!(!value(&m, "c").has_uses(), "keep {keep}: the erased body still calls @c");
        assert!(!value(&m, "pers").has_uses(), "keep {keep}: the erased function still names its personality");
        let gv = m.m.named_global("gv").expect("@gv is in the module");
        assert!(!gv.has_uses(), "keep {keep}: @gv is still used");
        m.erase(id(&m, "c")).unwrap();
        m.verify().unwrap_or_else(|e| panic!("keep {keep}: {e}\n{}", m.to_text()));
        out.push(m.to_text());
    }
    assert_eq!(out[0], out[1], "the modes differ");
    assert!(!out[1].contains("@g(") && !out[1].contains("@c("), "{}", out[1]);
}

/// A thunk is written into a shell that replaces the folded function (LLVM's `NewG`,
/// appended to the module as LLVM appends it): it keeps the name, linkage, comdat,
/// section, attributes, `!type` attachments, `llvm.used` membership and every use (a
/// global's initializer, a caller) of the function it replaces, drops its other
/// attachments, and stands under the same id, in both keep modes; a function whose block
/// address is taken is cleared instead, and moved to the end of the module likewise.
#[test]
fn thunks_replace_the_folded_function_with_a_shell() {
    let src = "$g = comdat any\n\
               @p = global ptr @g\n\
               @q = global i64 ptrtoint (ptr @g to i64)\n\
               @ba = global ptr blockaddress(@h, %bb)\n\
               @llvm.used = appending global [1 x ptr] [ptr @g], section \"llvm.metadata\"\n\
               define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
               define i32 @g(i32 %x) #0 section \".text.g\" comdat !type !0 !prof !1 {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
               define i32 @between() {\n  %r = call i32 @g(i32 2)\n  ret i32 %r\n}\n\
               define i32 @h(i32 %x) {\n  br label %bb\nbb:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
               attributes #0 = { noinline }\n\
               !0 = !{i64 0, !\"t\"}\n!1 = !{!\"function_entry_count\", i64 3}\n";
    for keep in [false, true] {
        let mut m = load(src);
        m.set_keep_erased(keep);
        let (g, h) = (id(&m, "g"), id(&m, "h"));
        let old = m.funcs[g.index()].v.unwrap();
        m.write_thunk(g, id(&m, "f"), ThunkStyle::default()).unwrap();
        m.write_thunk(h, id(&m, "f"), ThunkStyle::default()).unwrap();
        m.verify().unwrap_or_else(|e| panic!("keep {keep}: {e}\n{}", m.to_text()));
        let text = m.to_text();
        assert_ne!(m.funcs[g.index()].v.unwrap(), old, "keep {keep}: @g was not replaced");
        assert_eq!(m.func_of.get(&m.funcs[g.index()].v.unwrap()), Some(&g));
        assert!(m.func(g).used_externally, "keep {keep}: @g left llvm.used");
        let define = text.lines().find(|l| l.starts_with("define i32 @g(")).unwrap_or_else(|| panic!("{text}"));
        for part in ["comdat", "section \".text.g\"", "!type !", "#0"] {
            assert!(define.contains(part), "keep {keep}: {part} missing from {define}");
        }
        assert!(!define.contains("!prof"), "keep {keep}: {define}");
        for user in ["@p = global ptr @g", "ptrtoint (ptr @g to i64)", "[ptr @g]", "call i32 @g(i32 2)"] {
            assert!(text.contains(user), "keep {keep}: {user} missing:\n{text}");
        }
        let order: Vec<&str> = text.lines().filter(|l| l.starts_with("define")).collect();
        assert_eq!(order.len(), 4, "{text}");
        // Thunks go to the end of the module in the order they are written, as LLVM's.
        assert!(order[1].contains("@between(") && order[2].contains("@g(") && order[3].contains("@h("), "{order:?}");
        // @h's block address goes: it was cleared in place (no shell).
        assert!(!text.contains("blockaddress"), "keep {keep}:\n{text}");
        assert!(text.contains("tail call i32 @f(i32 %0)"), "{text}");
    }
}

/// A function inside big constants (a table of 300 functions) becomes a thunk in its own
/// object: a fresh shell would need LLVM's RAUW, which re-uniques the table once per folded
/// function (quadratic in the table's size). The output is what the shell gives: the thunk
/// at the end of the module, the table still naming it.
#[test]
fn thunks_in_big_tables_keep_their_object() {
    let mut src = String::new();
    for i in 0..300 {
        src.push_str(&format!("define i32 @t{i}(i32 %x) {{\n  %y = mul i32 %x, {}\n  ret i32 %y\n}}\n", i + 2));
    }
    src.push_str("define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n");
    src.push_str("define i32 @g(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n");
    src.push_str("define i32 @last() {\n  ret i32 0\n}\n");
    let ents: Vec<String> = (0..300).map(|i| format!("ptr @t{i}")).chain(["ptr @g".to_string()]).collect();
    src.push_str(&format!("@vt = constant [301 x ptr] [{}]\n", ents.join(", ")));
    for keep in [false, true] {
        let mut m = load(&src);
        m.set_keep_erased(keep);
        let g = id(&m, "g");
        let old = m.funcs[g.index()].v.unwrap();
        m.write_thunk(g, id(&m, "f"), ThunkStyle::default()).unwrap();
        m.verify().unwrap_or_else(|e| panic!("keep {keep}: {e}"));
        assert_eq!(m.funcs[g.index()].v.unwrap(), old, "keep {keep}: @g was replaced by a shell");
        let text = m.to_text();
        assert!(text.contains("ptr @t299, ptr @g]"), "keep {keep}: the table lost @g");
        let order: Vec<&str> = text.lines().filter(|l| l.starts_with("define")).collect();
        assert!(order[order.len() - 2].contains("@last(") && order[order.len() - 1].contains("@g("), "{order:?}");
        assert!(text.contains("define i32 @g(i32 %0)") && text.contains("tail call i32 @f(i32 %0)"), "{text}");
    }
}

/// The walk a thunk uses to choose between a fresh shell and the folded function's own
/// object (`constants_containing`) finds exactly the constants the full reference walk
/// finds, in its order, while their operands stay within the limit, and gives up as soon
/// as they pass it (nested constants counted too).
#[test]
fn constants_containing_stops_at_the_operand_limit() {
    let mut src = String::from(
        "define i64 @a(i64 %x) {\n  ret i64 %x\n}\n\
         define i64 @b(i64 %x) {\n  %y = call i64 @a(i64 %x)\n  ret i64 %y\n}\n",
    );
    // 20 globals of { ptr, i64 } (2 operands each) and a table of 20 GEPs (2 each, and
    // the table itself 20): 100 operands in 41 constants.
    for i in 0..20 {
        src.push_str(&format!("@p{i} = global {{ ptr, i64 }} {{ ptr @a, i64 {i} }}\n"));
    }
    let ents: Vec<String> = (0..20).map(|i| format!("ptr getelementptr (i8, ptr @a, i64 {})", i + 1)).collect();
    src.push_str(&format!("@t = global [20 x ptr] [{}]\n", ents.join(", ")));
    let m = load(&src);
    let a = m.funcs[id(&m, "a").index()].v.unwrap();
    let (mut users, mut sig, mut all) = (Vec::new(), Vec::new(), Vec::new());
    m.referencing_funcs_split(a, &mut users, &mut sig, &mut all);
    assert_eq!(all.len(), 41);
    let total: u64 = all.iter().map(|c| u64::from(c.num_operands())).sum();
    assert_eq!(total, 100);
    assert_eq!(m.constants_containing(a, total), Some(all.clone()));
    assert_eq!(m.constants_containing(a, 1_000), Some(all));
    assert_eq!(m.constants_containing(a, total - 1), None);
    assert_eq!(m.constants_containing(a, 0), None);
    // No constant around @b: an empty list whatever the limit.
    let b = m.funcs[id(&m, "b").index()].v.unwrap();
    assert_eq!(m.constants_containing(b, 0), Some(Vec::new()));
}

/// GEP offsets come from a cache keyed by (source type, address space, index constants):
/// every offset in every view must equal LLVM's own fold of that instruction, on shapes
/// that share a key and shapes that differ only in an index, an address space or a
/// source type, and on every corpus module.
#[test]
fn cached_gep_offsets_equal_llvms_fold() {
    let mut m = load(
        "target datalayout = \"p1:32:32\"\n\
         %s = type { i8, i32, [4 x i16] }\n\
         define ptr @a(ptr %p) {\n  %x = getelementptr %s, ptr %p, i64 0, i32 2, i64 3\n  ret ptr %x\n}\n\
         define ptr @b(ptr %p) {\n  %x = getelementptr %s, ptr %p, i64 0, i32 2, i64 3\n  ret ptr %x\n}\n\
         define ptr @c(ptr %p) {\n  %x = getelementptr %s, ptr %p, i64 0, i32 2, i64 1\n  ret ptr %x\n}\n\
         define ptr @d(ptr %p) {\n  %x = getelementptr { i8, double }, ptr %p, i64 0, i32 1\n  ret ptr %x\n}\n\
         define ptr @e(ptr %p) {\n  %x = getelementptr { i8, i32 }, ptr %p, i64 0, i32 1\n  ret ptr %x\n}\n\
         define ptr addrspace(1) @f(ptr addrspace(1) %p) {\n  %x = getelementptr %s, ptr addrspace(1) %p, i64 -1, i32 1\n  ret ptr addrspace(1) %x\n}\n\
         define ptr @g(ptr %p) {\n  %x = getelementptr %s, ptr %p, i64 -1, i32 1\n  ret ptr %x\n}\n\
         define ptr @h(ptr %p, i64 %i) {\n  %x = getelementptr %s, ptr %p, i64 %i, i32 1\n  ret ptr %x\n}\n",
    );
    assert_eq!(m.testing().check_gep_offsets(), Ok(8));
    let off = |f: &str| match insts(&m, f)[0].kind {
        InstKind::Address { offset, .. } => offset.map(|o| (o.bits, o.value)),
        k => panic!("{k:?}"),
    };
    assert_eq!(off("a"), Some((64, 14)));
    assert_eq!(off("b"), off("a"));
    assert_eq!(off("c"), Some((64, 10)));
    assert_eq!(off("d"), Some((64, 8)));
    assert_eq!(off("e"), Some((64, 4)));
    assert_eq!(off("f"), Some((32, (-12i64 as u32) as u128)));
    assert_eq!(off("g"), Some((64, -12i64 as u64 as u128)));
    assert_eq!(off("h"), None);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut checked = 0;
    for f in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
        if f.extension().is_some_and(|e| e == "ll") {
            let mut m = LlvmModule::load(&f).unwrap();
            m.testing().build_all_views();
            checked += m.testing().check_gep_offsets().unwrap_or_else(|name| panic!("{}: {name}", f.display()));
        }
    }
    assert!(checked > 0, "the corpus has getelementptr instructions");
}

#[test]
fn copies_take_struct_names_callees_and_cache_generations_into_account() {
    let body = |name: &str, ty: &str, callee: &str, md: &str| {
        format!(
            "define i32 @{name}(ptr %p) {{\n  %g = getelementptr {ty}, ptr %p, i64 0, i32 1\n  \
             %v = load i32, ptr %g, !mf.tag {md}\n  %r = call i32 @{callee}(i32 %v)\n  ret i32 %r\n}}\n"
        )
    };
    let mut src = String::from(
        "%A = type { i32, ptr }\n%B = type { i32, ptr }\n%C = type { i64, ptr }\n\
         define i32 @ka(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
         define i32 @kb(i32 %x) {\n  %y = mul i32 %x, 3\n  ret i32 %y\n}\n",
    );
    for (name, ty, callee, md) in [
        ("fa", "%A", "ka", "!0"),
        ("fb", "%B", "kb", "!0"),
        ("fc", "%C", "ka", "!0"),
        ("fd", "%B", "ka", "!0"),
        ("ga", "%A", "ka", "!1"),
        ("gb", "%A", "ka", "!1"),
        ("gc", "%A", "ka", "!1"),
    ] {
        src.push_str(&body(name, ty, callee, md));
    }
    src.push_str("!0 = !{}\n!1 = distinct !{}\n");
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "copies.ll").unwrap_or_else(|e| panic!("{e}"));
    m.testing().set_check_copies(true);
    let view = |m: &mut LlvmModule, f: &str| {
        let f = id(m, f);
        m.materialize_view(f);
        f
    };
    let fa = view(&mut m, "fa");
    // A rewrite clears the metadata caches: `!{}` gets its old id back, so fa's view
    // is still a source.
    m.forget_consts(&[]);
    let (fb, fc, fd) = (view(&mut m, "fb"), view(&mut m, "fc"), view(&mut m, "fd"));
    let (copies, diffs) = m.testing().copy_report();
    assert!(diffs.is_empty(), "{diffs:?}");
    // %B differs from %A in its name only: fb (another callee) and fd (the same callee)
    // copy fa's view; %C has another field type, so fc is built.
    assert_eq!(copies, 2);
    assert_eq!(m.view_copied_from(fd), Some(fa));
    // A copy that calls another function is not the same records: no hint for the core.
    assert_eq!(m.view_copied_from(fb), None);
    assert_eq!(m.view_copied_from(fc), None);
    assert!(equal(&m, "fa", "fd"));
    assert!(!equal(&m, "fa", "fb"));
    let source_ty = |m: &LlvmModule, f: FuncId| match m.body(f).unwrap().insts[0].kind {
        InstKind::Address { source_ty, .. } => source_ty,
        k => panic!("not an address computation: {k:?}"),
    };
    assert_eq!(source_ty(&m, fa), source_ty(&m, fb), "congruent named structs share a type id");
    assert_ne!(source_ty(&m, fa), source_ty(&m, fc));
    // A distinct node's id belongs to its cache generation: gb is built after the caches
    // were cleared, gc (same generation) copies gb.
    let ga = view(&mut m, "ga");
    m.forget_consts(&[]);
    let (gb, gc) = (view(&mut m, "gb"), view(&mut m, "gc"));
    let (copies, diffs) = m.testing().copy_report();
    assert!(diffs.is_empty(), "{diffs:?}");
    assert_eq!(copies, 3);
    assert_eq!(m.view_copied_from(gb), None);
    assert_eq!(m.view_copied_from(gc), Some(gb));
    assert_eq!(m.view_copied_from(ga), None);
}

/// The same-body check compares the attachments a view records by identity: the same
/// nodes make a copy; another loop id (`!llvm.loop`, a distinct node per loop) stops the
/// copy, and the order then finds the functions equal when the loop ids hold the same
/// properties, different when not; a load's attachments and a call's `!range` keep
/// functions apart; a hint (`!prof`) on a branch does neither.
#[test]
fn copies_compare_the_attachments_views_record() {
    let body = |name: &str, loop_md: &str, load_md: &str, range_md: &str| {
        format!(
            "define i32 @{name}(ptr %p, i32 %n) {{\nentry:\n  br label %loop\nloop:\n  \
             %i = phi i32 [ 0, %entry ], [ %j, %loop ]\n  %v = load i32, ptr %p, !mf.tag {load_md}\n  \
             %c = call i32 @k(i32 %v), !range {range_md}\n  %j = add i32 %i, %c\n  \
             %d = icmp slt i32 %j, %n\n  br i1 %d, label %loop, label %exit, !llvm.loop {loop_md}\n\
             exit:\n  ret i32 %j\n}}\n"
        )
    };
    let mut src = String::from("declare i32 @k(i32)\n");
    for (name, loop_md, load_md, range_md) in [
        ("fa", "!0", "!3", "!5"),
        ("fb", "!0, !prof !9", "!3", "!5"),
        ("fc", "!2", "!4", "!5"),
        ("fd", "!2", "!3", "!6"),
        ("fe", "!1", "!3", "!5"),
        ("ff", "!7", "!3", "!5"),
    ] {
        src.push_str(&body(name, loop_md, load_md, range_md));
    }
    src.push_str(
        "!0 = distinct !{!0}\n!1 = distinct !{!1}\n!2 = distinct !{!2}\n!3 = !{i32 1}\n!4 = !{i32 2}\n\
         !5 = !{i32 0, i32 10}\n!6 = !{i32 0, i32 20}\n!7 = distinct !{!7, !8}\n\
         !8 = !{!\"llvm.loop.mustprogress\"}\n!9 = !{!\"branch_weights\", i32 1, i32 9}\n",
    );
    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "attachments.ll").unwrap_or_else(|e| panic!("{e}"));
    m.testing().set_check_copies(true);
    let view = |m: &mut LlvmModule, f: &str| {
        let f = id(m, f);
        m.materialize_view(f);
        f
    };
    let fa = view(&mut m, "fa");
    let [fb, fc, fd, fe, ff] = ["fb", "fc", "fd", "fe", "ff"].map(|f| view(&mut m, f));
    let (copies, diffs) = m.testing().copy_report();
    assert!(diffs.is_empty(), "{diffs:?}");
    // fb differs from fa in a hint only: a copy, and equal under the order.
    assert_eq!(copies, 1);
    assert_eq!(m.view_copied_from(fb), Some(fa));
    assert!(equal(&m, "fa", "fb"));
    // Another load attachment (fc), another `!range` on the call (fd), another loop id
    // (fe, ff): built directly.
    for f in [fc, fd, fe, ff] {
        assert_eq!(m.view_copied_from(f), None);
    }
    assert!(!equal(&m, "fa", "fc"));
    assert!(!equal(&m, "fa", "fd"));
    // fe's loop id has fa's (empty) properties: a renaming; ff's says mustprogress.
    assert!(equal(&m, "fa", "fe"));
    assert!(!equal(&m, "fa", "ff"));
}

/// The load's prescan records where each definition's blocks and instructions lie (the
/// range that `FastPath::prefetch` asks for): every block and instruction of every
/// definition is inside its function's range. (`a2` and `b2` copy `a` and `b`, so that
/// neither is left out as alone on its shape and prefix key.)
#[test]
fn prescan_records_each_body_footprint() {
    let m = LlvmModule::parse(
        format!(
            "{DL}declare i32 @k(i32)\n\
             define i32 @a(i32 %x) {{\nentry:\n  %c = icmp eq i32 %x, 0\n  br i1 %c, label %t, label %e\n\
             t:\n  %y = call i32 @k(i32 %x)\n  ret i32 %y\ne:\n  ret i32 1\n}}\n\
             define i32 @b(i32 %x) {{\n  %y = add i32 %x, 1\n  ret i32 %y\n}}\n\
             define i32 @b2(i32 %x) {{\n  %y = add i32 %x, 1\n  ret i32 %y\n}}\n\
             define i32 @a2(i32 %x) {{\nentry:\n  %c = icmp eq i32 %x, 0\n  br i1 %c, label %t, label %e\n\
             t:\n  %y = call i32 @k(i32 %x)\n  ret i32 %y\ne:\n  ret i32 1\n}}\n\
             define i64 @alone(i64 %x) {{\n  ret i64 %x\n}}\n"
        )
        .as_bytes(),
        "footprints.ll",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    for name in ["a", "b"] {
        let f = id(&m, name);
        let (lo, hi) = m.keys.footprints[f.index()];
        assert!(lo != 0 && lo <= hi, "{name}: {lo:#x}..{hi:#x}");
        let v = m.func_value(f).unwrap();
        for b in v.blocks() {
            assert!((lo..=hi).contains(&(b.0 as u64)), "{name}: block outside its range");
            for i in b.instructions() {
                assert!((lo..=hi).contains(&(i.value().0 as u64)), "{name}: instruction outside its range");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 7);
    // A declaration has no body to fetch; a definition alone on its shape is never read.
    assert_eq!(m.keys.footprints[id(&m, "k").index()], (0, 0));
    assert_eq!(m.keys.footprints[id(&m, "alone").index()], (0, 0));
}

/// Check mode names the first record where a copied view and the direct build differ,
/// and nothing when they are equal.
#[test]
fn check_mode_names_the_first_difference() {
    use crate::module::first_difference;
    assert_eq!(first_difference("operand", &[1, 2, 3], &[1, 2, 3]), None);
    assert_eq!(
        first_difference("operand", &[1, 2, 3], &[1, 5, 3]).unwrap(),
        "operand 1: Some(2) built, Some(5) copied"
    );
    assert_eq!(first_difference("prop", &[1, 2], &[1, 2, 7]).unwrap(), "prop 2: None built, Some(7) copied");
}

/// A triple without a datalayout: the triple's layout (i686: 32-bit pointers); a triple
/// with no known layout: no pointer/integer rule, GEPs structural.
#[test]
fn layout_comes_from_the_triple() {
    let src = "define i32 @a(i32 %x) {\n  ret i32 %x\n}\n\
               define ptr @b(ptr %x) {\n  ret ptr %x\n}\n\
               define i32 @f1(ptr %p) {\n  %q = getelementptr {i32, i64}, ptr %p, i32 0, i32 1\n  %v = load i32, ptr %q\n  ret i32 %v\n}\n\
               define i32 @b4(ptr %p) {\n  %q = getelementptr i8, ptr %p, i32 4\n  %v = load i32, ptr %q\n  ret i32 %v\n}\n";
    let parse = |triple: &str| {
        let mut m = LlvmModule::parse(format!("target triple = \"{triple}\"\n{src}").as_bytes(), "t.ll").unwrap();
        m.testing().build_all_views();
        m
    };
    let m = parse("i686-unknown-linux-gnu");
    assert_eq!(m.target().ptr_as_int, Some(PtrAsInt { addr_space: 0, bits: 32 }));
    assert!(m.to_text().contains("target datalayout = \"e-m:e-p:32:32"), "{}", m.to_text());
    assert!(equal(&m, "a", "b"));
    assert!(equal(&m, "f1", "b4"), "i686 aligns i64 to 4: field 1 is byte 4");
    let m = parse("x86_64-unknown-linux-gnu");
    assert!(!equal(&m, "a", "b"));
    assert!(!equal(&m, "f1", "b4"), "x86_64: field 1 is byte 8");
    let m = parse("hsail-unknown-unknown");
    assert_eq!(m.target().ptr_as_int, None);
    assert!(!m.to_text().contains("target datalayout"));
    assert!(!equal(&m, "f1", "b4"), "unknown layout: GEPs are compared structurally");
}

/// A triple without a datalayout is parsed under the triple's layout, not given it after
/// parsing: what the text leaves implicit (a load's, store's or alloca's alignment) is
/// what opt-22 and llc-22 read. Parsed under LLVM's default layout, i686's implicit
/// `load double` read as `align 8` and equalled an explicit `align 8` load (a false
/// merge: `layout-triple-implicit-align.ll`).
#[test]
fn implicit_alignments_follow_the_triple() {
    let src = "define double @imp(ptr %p) {\n  %x = load double, ptr %p\n  ret double %x\n}\n\
               define double @a8(ptr %p) {\n  %x = load double, ptr %p, align 8\n  ret double %x\n}\n\
               define double @a4(ptr %p) {\n  %x = load double, ptr %p, align 4\n  ret double %x\n}\n\
               define void @st(ptr %p, i64 %v) {\n  store i64 %v, ptr %p\n  %s = alloca i32\n  store i32 0, ptr %s\n  ret void\n}\n";
    let parse = |triple: &str| {
        let mut m = LlvmModule::parse(format!("target triple = \"{triple}\"\n{src}").as_bytes(), "t.ll").unwrap();
        m.testing().build_all_views();
        m
    };
    let m = parse("i686-unknown-linux-gnu");
    assert!(m.to_text().contains("load double, ptr %p, align 4\n  ret"), "{}", m.to_text());
    assert!(!equal(&m, "imp", "a8"), "i686 aligns double to 4: the implicit load promises 4, not 8");
    assert!(equal(&m, "imp", "a4"));
    let m = parse("aarch64-unknown-linux-gnu");
    assert!(m.to_text().contains("store i64 %v, ptr %p, align 8"), "{}", m.to_text());
    assert!(equal(&m, "imp", "a8"));
    // avr aligns everything to a byte
    let m = parse("avr");
    let t = m.to_text();
    assert!(t.contains("store i64 %v, ptr %p, align 1") && t.contains("alloca i32, align 1"), "{t}");
    assert!(!equal(&m, "imp", "a4") && !equal(&m, "imp", "a8"));
}

/// Prefix and prologue data, the partition and function attachments are part of the
/// signature; `!dbg`/`!prof` are not.
#[test]
fn function_level_properties_are_compared() {
    let f = |name: &str, extra: &str| {
        format!("define i32 @{name}(i32 %x) {extra} {{\n  %y = add i32 %x, 1\n  ret i32 %y\n}}\n")
    };
    let src = [
        f("pre1", "prefix i32 1"),
        f("pre2", "prefix i32 2"),
        f("pre1b", "prefix i32 1"),
        f("pro1", "prologue i8 144"),
        f("pro2", "prologue i8 204"),
        f("part1", "partition \"p1\""),
        f("part2", "partition \"p2\""),
        f("k1", "!kcfi_type !1"),
        f("k2", "!kcfi_type !2"),
        f("k1b", "!kcfi_type !3"),
        f("prof1", "!prof !4"),
        f("prof2", "!prof !5"),
        f("plain", ""),
        f("nested", "!custom !6"),
    ]
    .concat()
        + "!1 = !{i32 1}\n!2 = !{i32 2}\n!3 = !{i32 1}\n!4 = !{!\"function_entry_count\", i64 1}\n\
           !5 = !{!\"function_entry_count\", i64 2}\n!6 = !{!7}\n!7 = !{i32 1}\n";
    let m = load(&src);
    assert!(!equal(&m, "pre1", "pre2"));
    assert!(equal(&m, "pre1", "pre1b"));
    assert!(!equal(&m, "pre1", "plain"));
    assert!(!equal(&m, "pro1", "pro2"));
    assert!(!equal(&m, "part1", "part2"));
    assert!(!equal(&m, "k1", "k2"));
    assert!(equal(&m, "k1", "k1b"), "uniqued nodes with equal operands are one node");
    assert!(!equal(&m, "k1", "plain"));
    assert!(equal(&m, "prof1", "prof2"));
    assert!(equal(&m, "prof1", "plain"));
    assert_eq!(m.func(id(&m, "nested")).ineligible, Some(Ineligible::Adapter(reason::ATTACHMENT)));
}

/// Functions whose block addresses are used outside them are ineligible; the adapter
/// refuses thunks that call `naked`, `preallocated`, `inalloca` or interrupt-handler
/// functions.
#[test]
fn escaping_block_addresses_and_unthunkable_functions() {
    let m = load(concat!(
        "@t = global ptr blockaddress(@esc, %b)\n",
        "define i32 @esc(ptr %p) {\n  indirectbr ptr %p, [label %b]\nb:\n  ret i32 1\n}\n",
        "define i32 @own(i1 %c) {\n  %p = select i1 %c, ptr blockaddress(@own, %b), ptr blockaddress(@own, %b)\n",
        "  indirectbr ptr %p, [label %b]\nb:\n  ret i32 1\n}\n",
        "define void @nk(i32 %x) naked {\n  unreachable\n}\n",
        "define void @pa(ptr preallocated(i64) %p) {\n  ret void\n}\n",
        "define void @ia(i32 %x, ptr inalloca(i64) %p) {\n  ret void\n}\n",
        "define x86_intrcc void @isr(ptr byval(i64) %f) {\n  ret void\n}\n",
        "define void @irq() \"interrupt\"=\"machine\" {\n  ret void\n}\n",
        "define void @ok(ptr byval(i64) %f) {\n  ret void\n}\n",
        "define amdgpu_ps void @ps() {\n  ret void\n}\n",
        "@tab = private constant [1 x ptr] [ptr blockaddress(@table, %b)]\n",
        "define i32 @table() {\n  %t = load ptr, ptr @tab\n  indirectbr ptr %t, [label %b]\nb:\n  ret i32 1\n}\n",
        "@pub = constant [1 x ptr] [ptr blockaddress(@public_table, %b)]\n",
        "define i32 @public_table() {\n  %t = load ptr, ptr @pub\n  indirectbr ptr %t, [label %b]\nb:\n  ret i32 1\n}\n",
    ));
    assert_eq!(m.func(id(&m, "esc")).ineligible, Some(Ineligible::Adapter(reason::BLOCK_ADDRESS_ESCAPES)));
    assert_eq!(m.func(id(&m, "own")).ineligible, None);
    // A private table of its own labels used only by the function is not a use outside
    // it; a table other modules can see is.
    assert_eq!(m.func(id(&m, "table")).ineligible, None);
    assert_eq!(m.func(id(&m, "public_table")).ineligible, Some(Ineligible::Adapter(reason::BLOCK_ADDRESS_ESCAPES)));
    for f in ["nk", "pa", "ia", "isr", "irq"] {
        assert!(m.thunk_may_call(id(&m, f)).is_err(), "{f}");
    }
    assert_eq!(m.thunk_may_call(id(&m, "ok")), Ok(()));
    assert_eq!(m.func(id(&m, "ps")).ineligible, Some(Ineligible::Adapter(reason::KERNEL)));
}

/// Neighbouring functions with equal signature props share one allocation of them (the
/// facts of many equal functions touch no fresh memory each); unequal ones do not, and
/// shared props compare as the copies would.
#[test]
fn neighbours_with_equal_signatures_share_their_props() {
    let m = load(concat!(
        "define i32 @a(i32 %x) nounwind {\n  ret i32 %x\n}\n",
        "define i32 @b(i32 %x) nounwind {\n  ret i32 %x\n}\n",
        "define i32 @c(i32 %x) noinline {\n  ret i32 %x\n}\n",
        "define i32 @d(i32 %x) noinline {\n  ret i32 %x\n}\n",
    ));
    let sig = |f: &str| m.func(id(&m, f)).sig.clone();
    assert!(std::sync::Arc::ptr_eq(&sig("a"), &sig("b")));
    assert!(std::sync::Arc::ptr_eq(&sig("c"), &sig("d")));
    assert!(!std::sync::Arc::ptr_eq(&sig("b"), &sig("c")));
    assert_ne!(sig("b"), sig("c"));
    assert!(equal(&m, "a", "b") && equal(&m, "c", "d") && !equal(&m, "b", "c"));
}

/// The thunk checks read from a converted attribute list (every function with full
/// facts) give LLVM's answers: each function here has a twin, so none is alone on its
/// shape and every list is converted.
#[test]
fn thunk_checks_from_converted_lists_match_llvm() {
    let mut text = String::new();
    for twin in ["a", "b"] {
        for (name, sig) in [
            ("nk", "void @nk{t}(i32 %x) naked"),
            ("pa", "void @pa{t}(ptr preallocated(i64) %p)"),
            ("ia", "void @ia{t}(i32 %x, ptr inalloca(i64) %p)"),
            ("irq", "void @irq{t}() \"interrupt\"=\"machine\""),
            ("sig", "void @sig{t}() \"signal\""),
            ("both", "void @both{t}(ptr preallocated(i64) %p) naked"),
            ("ok", "void @ok{t}(ptr byval(i64) %f) \"interrupts\"=\"1\""),
        ] {
            let _ = name;
            let body = if sig.contains("naked") { "  unreachable" } else { "  ret void" };
            text.push_str(&format!("define {} {{\n{body}\n}}\n", sig.replace("{t}", twin)));
        }
    }
    let m = load(&text);
    let mut checked = 0;
    for f in ["nk", "pa", "ia", "irq", "sig", "both", "ok"] {
        for twin in ["a", "b"] {
            let fid = id(&m, &format!("{f}{twin}"));
            let v = m.funcs[fid.index()].v.expect("live");
            assert!(m.converted_list_flags(v).is_some(), "{f}{twin}: list converted");
            assert_eq!(m.thunk_may_call(fid), m.thunk_may_call_by_llvm(v), "{f}{twin}");
            checked += 1;
        }
    }
    assert_eq!(checked, 14);
    assert!(m.thunk_may_call(id(&m, "oka")).is_ok());
    assert_eq!(m.thunk_may_call(id(&m, "botha")), Err("a naked function cannot be a thunk"));
}

/// The thunk checks read a function's list flags from its slot (`ListMemo`) only while
/// the slot's key is the function's list as it is now: a list changed behind the facts
/// (here copied from another function, without rebuilding them) is looked up in the
/// cache of lists (or asked of LLVM where the cache never saw it), never answered from
/// the stale copy.
#[test]
fn thunk_checks_follow_a_list_changed_behind_the_slot() {
    let text = concat!(
        "define void @nka(i32 %x) naked {\n  unreachable\n}\n",
        "define void @nkb(i32 %x) naked {\n  unreachable\n}\n",
        "define void @oka(i32 %x) nounwind {\n  ret void\n}\n",
        "define void @okb(i32 %x) nounwind {\n  ret void\n}\n",
        "define void @okc(i32 %x) nounwind {\n  ret void\n}\n",
        "define void @okd(i32 %x) nounwind {\n  ret void\n}\n",
        "define void @irqa(i32 %x) \"interrupt\"=\"machine\" {\n  ret void\n}\n",
        "define void @irqb(i32 %x) \"interrupt\"=\"machine\" {\n  ret void\n}\n",
    );
    let m = load(text);
    let v = |f: &str| m.funcs[id(&m, f).index()].v.expect("live");
    for f in ["nka", "oka", "okb"] {
        assert_eq!(m.thunk_may_call(id(&m, f)), m.thunk_may_call_by_llvm(v(f)), "{f}");
    }
    assert!(m.thunk_may_call(id(&m, "oka")).is_ok());
    // Full facts keep their list's cache entry in the slot.
    for f in ["nka", "oka", "okb", "okc", "irqa"] {
        assert_ne!(m.funcs[id(&m, f).index()].list_memo, Default::default(), "{f}");
    }
    // A list the cache holds (a naked function's, converted with its facts).
    assert!(v("oka").copy_attributes_from(v("nka")));
    assert_eq!(m.thunk_may_call(id(&m, "oka")), Err("a naked function cannot be a thunk"));
    assert!(v("okb").copy_attributes_from(v("irqa")));
    assert_eq!(m.thunk_may_call(id(&m, "okb")), Err("an interrupt handler cannot be called from a thunk"));
    assert_eq!(m.thunk_may_call(id(&m, "okb")), m.thunk_may_call_by_llvm(v("okb")));
    // Untouched functions still answer from their slots.
    assert!(m.thunk_may_call(id(&m, "okc")).is_ok());
}

/// Attachments are interned in full, nested nodes included (LLVM's `cmpMDNode` reads
/// one level and equates every nested node, which merges loads whose TBAA types differ):
/// tags that differ only below the first level are different items and keep the loads
/// apart, as does a different offset in the tag.
#[test]
fn attachments_are_read_in_full() {
    let m = load(concat!(
        "define i32 @a(ptr %p) {\n  %v = load i32, ptr %p, !tbaa !0\n  ret i32 %v\n}\n",
        "define i32 @b(ptr %p) {\n  %v = load i32, ptr %p, !tbaa !3\n  ret i32 %v\n}\n",
        "define i32 @c(ptr %p) {\n  %v = load i32, ptr %p, !tbaa !5\n  ret i32 %v\n}\n",
        "define i32 @d(ptr %p) {\n  store i32 1, ptr %p, !tbaa !0\n  ret i32 0\n}\n",
        "define i32 @e(ptr %p) {\n  store i32 1, ptr %p, !tbaa !3\n  ret i32 0\n}\n",
        "!0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2, i64 0}\n!2 = !{!\"root\"}\n",
        "!3 = !{!4, !4, i64 0}\n!4 = !{!\"long\", !2, i64 0}\n",
        "!5 = !{!6, !1, i64 4}\n!6 = !{!\"pair\", !1, i64 0, !1, i64 4}\n",
    ));
    assert!(!equal(&m, "a", "b"));
    assert!(!equal(&m, "a", "c"));
    assert!(!equal(&m, "d", "e"), "store attachments are compared");
    let tag = |f: &str| {
        let body = m.body(id(&m, f)).unwrap();
        let md = body.props.iter().find_map(|p| match p {
            Prop::Meta(Some(x)) => Some(*x),
            _ => None,
        });
        md.expect("the attachment")
    };
    assert_ne!(tag("a"), tag("b"));
    assert_eq!(tag("a"), tag("d"));
    // The type node `!1` is interned by its content: the string "int", the root, 0.
    let MetaData::Node(ops) = m.meta_data(tag("a")) else { panic!("a tuple") };
    assert_eq!(ops.len(), 3);
    assert_eq!(ops[0], ops[1]);
    let MetaData::Node(ty) = m.meta_data(ops[0].unwrap()) else { panic!("a tuple") };
    assert!(matches!(m.meta_data(ty[0].unwrap()), MetaData::String(s) if &s[..] == b"int"));
    assert!(matches!(m.meta_data(ops[2].unwrap()), MetaData::Const(_)));
}

/// The shim's use walks (`V::instruction_users`, `V::instruction_user_functions`) report
/// what the LLVM-C walk over the use list does, in the same order, on every function of
/// every corpus module: every instruction user, or only the call sites whose callee the
/// function is; their functions once per run of uses in one block, never twice in a row.
#[test]
fn shim_use_walks_match_the_llvm_c_walk() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let (mut users, mut calls) = (0, 0);
    for f in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
        if f.extension().is_none_or(|e| e != "ll") {
            continue;
        }
        let m = LlvmModule::load(&f).unwrap();
        for s in &m.funcs {
            let Some(v) = s.v else { continue };
            for direct in [false, true] {
                let mut want = Vec::new();
                for (u, user) in v.uses() {
                    let n = user.num_operands();
                    let callee = user.is_call() && n > 0 && user.operand(n - 1) == Some(v) && {
                        // SAFETY: `user` is a live call site with `n` operands.
                        unsafe { inkwell::llvm_sys::core::LLVMGetOperandUse(user.0, n - 1) == u }
                    };
                    if user.is_instruction() && (!direct || callee) {
                        want.push(user);
                    }
                }
                let mut got = Vec::new();
                v.instruction_users(direct, &mut got);
                assert_eq!(got, want, "{}", f.display());
                let (mut want_fns, mut last_block) = (Vec::new(), None);
                for i in &want {
                    let b = i.parent_block().unwrap();
                    if Some(b) != last_block {
                        last_block = Some(b);
                        if want_fns.last() != Some(&b.parent()) {
                            want_fns.push(b.parent());
                        }
                    }
                }
                let mut got_fns = Vec::new();
                v.instruction_user_functions(direct, &mut got_fns);
                assert_eq!(got_fns, want_fns, "{}", f.display());
                if direct {
                    calls += got.len();
                } else {
                    users += got.len();
                }
            }
        }
    }
    assert!(users > 100 && calls > 50, "{users} instruction users, {calls} calls");
}

/// A function loading through `%p` with attachment `!mf.deep !MD`.
fn load_tagged(f: &str, md: u32) -> String {
    format!("define i32 @{f}(ptr %p) {{\n  %v = load i32, ptr %p, !mf.deep !{md}\n  ret i32 %v\n}}\n")
}

/// Chains of 300 uniqued tuples, one per `(first node number, leaf string)`: `!N = !{!N+1}`
/// down to `!N+300 = !{!"leaf"}`.
fn uniqued_chains(src: &mut String, chains: &[(u32, &str)]) {
    for &(start, leaf) in chains {
        for i in 0..300 {
            src.push_str(&format!("!{} = !{{!{}}}\n", start + i, start + i + 1));
        }
        src.push_str(&format!("!{} = !{{!\"{leaf}\"}}\n", start + 300));
    }
}

/// Metadata nested deeper than the interning reads (a chain of 300 tuples under a load's
/// attachment) is interned as node identities below that depth: the same chain is
/// equal, another chain that differs only at its far end is not, and nothing recurses
/// without bound.
#[test]
fn deeply_nested_attachments_compare_by_identity_below_the_depth_limit() {
    let mut src = load_tagged("a", 0) + &load_tagged("b", 0) + &load_tagged("c", 1000);
    uniqued_chains(&mut src, &[(0, "x"), (1000, "y")]);
    let m = load(&src);
    assert!(equal(&m, "a", "b"));
    assert!(!equal(&m, "a", "c"));
}

/// A metadata item's id is a function of the item alone, not of the depth it was met at
/// first: the distinct node `!256` met first 256 levels under `@deep`'s attachment (at
/// the interning's limit), then 1 level under `@g`'s, still equals its congruent twin
/// `!502` under `@h`'s, whichever view is built first.
#[test]
fn metadata_met_first_deep_inside_keeps_the_id_it_has_on_its_own() {
    let deep = load_tagged("deep", 0);
    let pair = load_tagged("g", 500) + &load_tagged("h", 501);
    let mut md = String::new();
    for i in 0..256 {
        md.push_str(&format!("!{i} = !{{!{}}}\n", i + 1));
    }
    md.push_str("!256 = distinct !{!\"x\"}\n!500 = !{!256}\n!501 = !{!502}\n!502 = distinct !{!\"x\"}\n");
    for (first, src) in [("deep", format!("{deep}{pair}{md}")), ("pair", format!("{pair}{deep}{md}"))] {
        let m = load(&src);
        assert!(equal(&m, "g", "h"), "{first} first");
    }
}

/// A distinct node taller than the interning reads (a loop id or scope of each function
/// over a shared chain of 300 uniqued tuples) is still read by its content, renamed as
/// every distinct node is: its tall operand is an identity, one object in both
/// functions, so `@a` and `@b` (each with its own distinct node over the same chain, as
/// LLVM's comparator calls equal) are equal, and `@c`, whose chain ends in another
/// string, is not. A chain of 4,000 distinct nodes (each a tall distinct operand of the
/// next: an identity, so that reading nests no deeper than the heights allow) interns on
/// a small stack.
#[test]
fn tall_distinct_nodes_over_tall_uniqued_operands_are_read_by_content() {
    let mut src = load_tagged("a", 0) + &load_tagged("b", 1) + &load_tagged("c", 2);
    src.push_str("!0 = distinct !{!10}\n!1 = distinct !{!10}\n!2 = distinct !{!1000}\n");
    uniqued_chains(&mut src, &[(10, "x"), (1000, "y")]);
    let m = load(&src);
    assert!(equal(&m, "a", "b"));
    assert!(!equal(&m, "a", "c"));
    on_a_small_stack(move || {
        let mut src = load_tagged("a", 0) + &load_tagged("b", 0);
        for i in 0..4000 {
            src.push_str(&format!("!{i} = distinct !{{!{}}}\n", i + 1));
        }
        src.push_str("!4000 = !{!\"x\"}\n");
        let m = load(&src);
        assert!(equal(&m, "a", "b"));
    });
}

/// Runs `f` on a thread with a stack of 2 MiB (a Rust thread's default, smaller than a
/// host's main thread), whatever `RUST_MIN_STACK` says: a recursion over IR structure
/// that grows with the input overflows it and aborts the test binary.
fn on_a_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(2 << 20).spawn(f).unwrap().join().unwrap();
}

/// A type nested 4,000 levels deep (named structs, each holding the one before: LLVM's
/// parser reads them one at a time): the interning reads `TYPE_INTERN_DEPTH` levels and
/// keys the type below by its identity, so neither it nor the order's type comparison
/// nor the type hash recurse with the nesting. The functions on one type are equal, the
/// one storing another constant is not, and runs (with and without cycles and
/// `--drop-differing-attachments`) merge the pair.
#[test]
fn types_nested_deeper_than_the_interning_reads_merge_on_a_small_stack() {
    on_a_small_stack(|| {
        const D: usize = 4_000;
        let mut src = "%T0 = type { i64 }\n".to_string();
        for i in 1..=D {
            src.push_str(&format!("%T{i} = type {{ i8, %T{} }}\n", i - 1));
        }
        let idx = vec!["i32 1"; D].join(", ");
        for (f, c) in [("a", 1), ("b", 1), ("c", 2)] {
            src.push_str(&format!(
                "define i64 @{f}(ptr %p) {{\n  %a = alloca %T{D}\n  %q = getelementptr %T{D}, ptr %a, i64 0, {idx}\n\
                 store i64 {c}, ptr %q\n  %v = load i64, ptr %q\n  ret i64 %v\n}}\n"
            ));
        }
        let m = load(&src);
        assert!(equal(&m, "a", "b"));
        assert!(!equal(&m, "a", "c"));
        for (drop, cycles) in [(false, false), (true, true)] {
            let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "deep.ll").unwrap();
            m.set_drop_differing_attachments(drop);
            let opts = Options { merge_cycles: cycles, check_fast_path: true, ..Options::default() };
            let r = merge_module(&mut m, &opts).unwrap();
            m.verify().unwrap();
            assert_eq!(r.merges.len(), 1, "drop {drop}, cycles {cycles}");
        }
    });
}

/// A constant's id is a function of the constant alone, not of the depth it was met at
/// first: `%A { ptr @x }` met first 256 levels inside `@deep`'s store (at the interning's
/// limit) and `[1 x %A]` 2 levels under it, then on their own in `@a` and `@c`, still equal
/// their congruent twins `%B { ptr @x }` (in `@b`) and `[1 x %B]` (in `@d`), as in opt-22,
/// whichever view is built first.
#[test]
fn constants_met_first_deep_inside_keep_the_id_they_have_on_their_own() {
    let (mut ty, mut c) = ("%A".to_string(), "{ ptr @x }".to_string());
    for _ in 0..256 {
        c = format!("[{ty} {c}]");
        ty = format!("[1 x {ty}]");
    }
    let types = "%A = type { ptr }\n%B = type { ptr }\n@x = global i32 0\n";
    let deep = format!("define void @deep(ptr %p) {{\n  store {ty} {c}, ptr %p\n  ret void\n}}\n");
    let f =
        |n: &str, t: &str, v: &str| format!("define void @{n}(ptr %p) {{\n  store {t} {v}, ptr %p\n  ret void\n}}\n");
    let pairs = f("a", "%A", "{ ptr @x }")
        + &f("b", "%B", "{ ptr @x }")
        + &f("c", "[1 x %A]", "[%A { ptr @x }]")
        + &f("d", "[1 x %B]", "[%B { ptr @x }]");
    for (first, src) in [("deep", format!("{types}{deep}{pairs}")), ("pairs", format!("{types}{pairs}{deep}"))] {
        let m = load(&src);
        assert!(equal(&m, "a", "b"), "{first} first");
        assert!(equal(&m, "c", "d"), "{first} first");
        assert!(!equal(&m, "a", "c"));
    }
}

/// Constant expressions nested 8,000 levels deep, read from bitcode (LLVM's bitcode
/// reader and pass take them; its text parser recurses, so the text is parsed on a big
/// stack first): the interning reads `CONST_INTERN_DEPTH` levels and keys the constant
/// below by its identity, so nothing recurses with the nesting on a 2 MiB stack. Uses
/// of one constant are equal; a chain that differs only at its far end (another global)
/// is not; runs merge the pair.
#[test]
fn constants_nested_deeper_than_the_interning_reads_merge_on_a_small_stack() {
    const D: usize = 8_000;
    let chain = |leaf: &str| (0..D).fold(leaf.to_string(), |e, _| format!("getelementptr (i8, ptr {e}, i64 1)"));
    let mut src = "@g = global [4 x i8] zeroinitializer\n@h = global [4 x i8] zeroinitializer\n".to_string();
    for (f, leaf) in [("a", "@g"), ("b", "@g"), ("c", "@h")] {
        src.push_str(&format!("define void @{f}(ptr %p) {{\n  store ptr {}, ptr %p\n  ret void\n}}\n", chain(leaf)));
    }
    let text = format!("{DL}{src}");
    let bitcode = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || LlvmModule::parse(text.as_bytes(), "deep.ll").unwrap().to_bitcode())
        .unwrap()
        .join()
        .unwrap();
    on_a_small_stack(move || {
        let mut m = LlvmModule::parse(&bitcode, "deep.bc").unwrap();
        m.testing().build_all_views();
        assert!(equal(&m, "a", "b"));
        assert!(!equal(&m, "a", "c"));
        for (drop, cycles) in [(false, false), (true, true)] {
            let mut m = LlvmModule::parse(&bitcode, "deep.bc").unwrap();
            m.set_drop_differing_attachments(drop);
            let opts = Options { merge_cycles: cycles, check_fast_path: true, ..Options::default() };
            let r = merge_module(&mut m, &opts).unwrap();
            m.verify().unwrap();
            assert_eq!(r.merges.len(), 1, "drop {drop}, cycles {cycles}");
        }
    });
}

/// Four one-load functions: `@a` and `@c` alike, `@b` with another `!range` node, `@h`
/// like `@a` but for a `!prof` on a call (a hint no view records), `@t` with another
/// `!tbaa` type tree, `@u` like `@t` (its tree spelled again: the same uniqued nodes).
const ATTACHED_LOADS: &str = "declare void @f()\n\
    define i32 @a(ptr %p) {\n  %x = load i32, ptr %p, !range !0\n  call void @f()\n  ret i32 %x\n}\n\
    define i32 @b(ptr %p) {\n  %x = load i32, ptr %p, !range !1\n  call void @f()\n  ret i32 %x\n}\n\
    define i32 @c(ptr %p) {\n  %x = load i32, ptr %p, !range !0\n  call void @f()\n  ret i32 %x\n}\n\
    define i32 @h(ptr %p) {\n  %x = load i32, ptr %p, !range !0\n  call void @f(), !prof !2\n  ret i32 %x\n}\n\
    define i32 @t(ptr %p) {\n  %x = load i32, ptr %p, !range !0, !tbaa !3\n  call void @f()\n  ret i32 %x\n}\n\
    define i32 @u(ptr %p) {\n  %x = load i32, ptr %p, !range !0, !tbaa !6\n  call void @f()\n  ret i32 %x\n}\n\
    !0 = !{i32 0, i32 10}\n!1 = !{i32 0, i32 11}\n!2 = !{!\"branch_weights\", i32 7}\n\
    !3 = !{!4, !4, i64 0}\n!4 = !{!\"int\", !5, i64 0}\n!5 = !{!\"root A\"}\n\
    !6 = !{!7, !7, i64 0}\n!7 = !{!\"int\", !8, i64 0}\n!8 = !{!\"root A\"}\n";

/// The second tree key ([`mergefunc::FastPath::tree_subkey`]) hashes the attachments the
/// views record: equal functions (hints apart, distinct copies of one tree) share it, a
/// load's other `!range` or `!tbaa` gives another, and with
/// `--drop-differing-attachments` (which the views leave out) all share one. In a run, the
/// functions that differ only in attachments are told apart without a view: `@b` meets
/// `@a` under its tree key, the bucket splits, and no view is built at all.
#[test]
fn second_tree_keys_hash_the_attachments_views_record() {
    let subkeys = |m: &mut LlvmModule| -> Vec<Option<u64>> {
        ["a", "b", "c", "h", "t", "u"].iter().map(|n| m.tree_subkey_of(id(m, n))).collect()
    };
    let mut m = load(ATTACHED_LOADS);
    let keys = subkeys(&mut m);
    assert!(keys.iter().all(|k| k.is_some()), "{keys:?}");
    let [a, b, c, h, t, u] = keys[..] else { unreachable!() };
    assert_eq!((a, a, t), (c, h, u));
    assert_ne!(a, b);
    assert_ne!(a, t);
    assert!(m.testing().check_tree_keys().is_ok());
    let mut m = load(ATTACHED_LOADS);
    m.set_drop_differing_attachments(true);
    let keys = subkeys(&mut m);
    assert!(keys.iter().all(|k| k.is_some() && *k == keys[0]), "{keys:?}");

    // Distinct loop nodes pair by renaming: two loops alike but for them are equal.
    let loops = "define void @l1(i32 %n) {\nentry:\n  br label %l\nl:\n  %i = phi i32 [ 0, %entry ], [ %j, %l ]\n  %j = add i32 %i, 1\n  %c = icmp slt i32 %j, %n\n  br i1 %c, label %l, label %e, !llvm.loop !0\ne:\n  ret void\n}\n\
        define void @l2(i32 %n) {\nentry:\n  br label %l\nl:\n  %i = phi i32 [ 0, %entry ], [ %j, %l ]\n  %j = add i32 %i, 1\n  %c = icmp slt i32 %j, %n\n  br i1 %c, label %l, label %e, !llvm.loop !2\ne:\n  ret void\n}\n\
        !0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.mustprogress\"}\n!2 = distinct !{!2, !1}\n";
    let mut m = load(loops);
    assert!(equal(&m, "l1", "l2"));
    let (l1, l2) = (id(&m, "l1"), id(&m, "l2"));
    assert_eq!(m.tree_subkey_of(l1), m.tree_subkey_of(l2));
    assert!(m.tree_subkey_of(l1).is_some());
    assert!(m.testing().check_tree_keys().is_ok_and(|pairs| pairs >= 1));

    let (_, checked) = merged(ATTACHED_LOADS, Options::default());
    assert_eq!(checked.merges.len(), 3, "{checked:?}");
    // Without the claims' checks (which build both views).
    let mut m = LlvmModule::parse(format!("{DL}{ATTACHED_LOADS}").as_bytes(), "test.ll").unwrap();
    let r = merge_module(&mut m, &Options::default()).unwrap();
    assert_eq!(r.merges, checked.merges);
    assert!(r.stats.tree_splits >= 1, "{r:?}");
    assert_eq!(m.testing().views_built(), 0, "{r:?}");
}

/// The attachment keys keep the content keys of metadata nodes from one function to the
/// next (a memo cleared with the metadata caches): each function gets the key it gets
/// in a module where it is the first one asked, whichever order the others were asked in.
#[test]
fn attachment_key_memo_changes_no_key() {
    let names = ["a", "b", "c", "h", "t", "u"];
    let alone: Vec<Option<u64>> = names
        .iter()
        .map(|n| {
            let mut m = load(ATTACHED_LOADS);
            m.tree_subkey_of(id(&m, n))
        })
        .collect();
    assert!(alone.iter().all(Option::is_some), "{alone:?}");
    let mut m = load(ATTACHED_LOADS);
    let forward: Vec<_> = names.iter().map(|n| m.tree_subkey_of(id(&m, n))).collect();
    let mut m = load(ATTACHED_LOADS);
    let mut backward: Vec<_> = names.iter().rev().map(|n| m.tree_subkey_of(id(&m, n))).collect();
    backward.reverse();
    assert_eq!(forward, alone);
    assert_eq!(backward, alone);
}

/// C++ factory functions: each stores a vtable pointer, a constant `getelementptr` into
/// its own class's vtable, and they differ in nothing else. The tree key hashes no
/// constant's identity, so they share it; the second key hashes the global variables
/// named inside constant operands, so they get different second keys while equal
/// functions (`@f1`, `@g1`: the same vtable, also inside an aggregate, and twice in one
/// constant) share one. In a run no view is built for the factories that differ: a
/// bucket split files each alone, and the one equal pair merges by the same-body claim.
#[test]
fn second_tree_keys_tell_vtable_stores_apart() {
    let mut src = String::from("declare ptr @new()\n");
    for v in ["v1", "v2", "v3", "v4"] {
        src.push_str(&format!("@{v} = constant [4 x ptr] zeroinitializer\n"));
    }
    let body = |v: &str| {
        format!(
            "{{\n  %p = call ptr @new()\n  store ptr getelementptr inbounds (i8, ptr @{v}, i64 16), ptr %p\n  \
             store {{ ptr, ptr }} {{ ptr getelementptr (i8, ptr @{v}, i64 8), ptr @v4 }}, ptr %p\n  ret ptr %p\n}}\n"
        )
    };
    for (f, v) in [("f1", "v1"), ("f2", "v2"), ("f3", "v3"), ("g1", "v1")] {
        src.push_str(&format!("define ptr @{f}() {}", body(v)));
    }
    let mut m = load(&src);
    let keys: Vec<_> = ["f1", "f2", "f3", "g1"].iter().map(|n| m.tree_key_of(id(&m, n))).collect();
    assert!(keys.iter().all(|k| k.is_some() && *k == keys[0]), "{keys:?}");
    let subs: Vec<_> = ["f1", "f2", "f3", "g1"].iter().map(|n| m.tree_subkey_of(id(&m, n))).collect();
    assert!(subs.iter().all(Option::is_some), "{subs:?}");
    assert_eq!(subs[0], subs[3]);
    assert!(subs[0] != subs[1] && subs[0] != subs[2] && subs[1] != subs[2], "{subs:?}");
    assert!(equal(&m, "f1", "g1") && !equal(&m, "f1", "f2"));
    assert!(m.testing().check_tree_keys().is_ok_and(|pairs| pairs >= 1));

    let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "test.ll").unwrap();
    let r = merge_module(&mut m, &Options::default()).unwrap();
    assert_eq!(r.merges.len(), 1, "{r:?}");
    assert_eq!(r.stats.comparisons, 0, "{r:?}");
    assert_eq!(m.testing().views_built(), 0, "{r:?}");
    let (_, checked) = merged(&src, Options::default());
    assert_eq!(checked.merges, r.merges);
}

/// An alias replacing a folded function keeps its DLL storage class and partition: a
/// `dllexport` function stays exported from its DLL (LLVM 22's alias loses both).
#[test]
fn aliases_keep_dll_storage_and_partition() {
    let body = "{\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n";
    let src = format!(
        "target triple = \"x86_64-pc-windows-msvc\"\n\
         define dllexport i32 @a(i32 %x) unnamed_addr partition \"p1\" {body}\
         define dllexport i32 @b(i32 %x) unnamed_addr partition \"p1\" {body}"
    );
    let (m, r) = merged(&src, Options { use_aliases: true, ..Default::default() });
    assert_eq!(r.merges[0].action, FoldAction::Alias, "{r:?}");
    let text = m.to_text();
    assert!(text.contains("@b = dllexport unnamed_addr alias i32 (i32), ptr @a, partition \"p1\""), "{text}");
}

/// A folded function that metadata other than `!associated` names (`!callees`, named
/// metadata, debug info) is erased as LLVM erases it, the operand becoming null: debug
/// info must not change the code. One an `!associated` attachment names is kept, as a
/// thunk (erasing it would leave the attachment without a global).
#[test]
fn only_associated_metadata_keeps_a_folded_function() {
    let body = "{\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n";
    let src = format!(
        "define i32 @a(i32 %x) {body}define linkonce_odr i32 @b(i32 %x) {body}\
         define i32 @user(ptr %f, i32 %x) {{\n  %r = call i32 %f(i32 %x), !callees !0\n  %s = call i32 @b(i32 %r)\n  ret i32 %s\n}}\n\
         !0 = !{{ptr @a, ptr @b}}\n!named = !{{!0}}\n"
    );
    let (m, r) = merged(&src, Options::default());
    assert_eq!(r.merges[0].action, FoldAction::Erased, "{r:?}");
    assert!(m.to_text().contains("!{ptr @a, null}"), "{}", m.to_text());
    let src = format!("{src}@sec = global i32 0, section \"s\", !associated !1\n!1 = !{{ptr @b}}\n");
    let (m, r) = merged(&src, Options::default());
    assert_eq!(r.merges[0].action, FoldAction::Thunk, "{r:?}");
    assert_eq!(r.refused[0].rewrite, Rewrite::Erase);
    assert!(m.to_text().contains("!{ptr @b}"), "{}", m.to_text());
}

/// The custom metadata kinds the adapter reads (`srcloc`, `heapallocsite`, the thunk
/// tag) are looked up without registering them: a run that writes no thunk leaves the
/// context's kind names (which bitcode written from it lists) as the parser left them; the
/// first thunk registers its tag, and a later run, in the same context or on the output
/// read back as text or bitcode, still finds the thunk ineligible.
#[test]
fn custom_kinds_are_registered_only_by_a_thunk() {
    use crate::safe::kinds::{known_md_kinds, NO_MD_KIND};
    let names = ["mergefunc.thunk", "srcloc", "heapallocsite"];
    let (m, r) = merged("define i32 @a(i32 %x) {\n  ret i32 %x\n}\n", Options::default());
    assert!(r.merges.is_empty());
    assert_eq!(known_md_kinds(m.ctx, names), [NO_MD_KIND; 3]);
    assert!(!String::from_utf8_lossy(&m.to_bitcode()).contains("heapallocsite"));

    let (mut m, r) = merged(&format!("{PAIR}@t = global ptr @b\n"), Options::default());
    assert_eq!(r.merges.len(), 1);
    assert_eq!(r.merges[0].action, FoldAction::Thunk);
    let [tag, srcloc, heap] = known_md_kinds(m.ctx, names);
    assert_ne!(tag, NO_MD_KIND);
    assert_eq!([srcloc, heap], [NO_MD_KIND; 2]);
    let again = merge_module(&mut m, &Options::default()).unwrap();
    assert!(again.merges.is_empty());
    for out in [m.to_text().into_bytes(), m.to_bitcode()] {
        let mut m2 = LlvmModule::parse(&out, "again").unwrap_or_else(|e| panic!("{e}"));
        let r2 = merge_module(&mut m2, &Options::default()).unwrap();
        assert!(r2.merges.is_empty());
        assert_eq!(m2.func(id(&m2, "b")).ineligible, Some(Ineligible::Adapter(reason::THUNK)));
    }
}

/// The custom metadata kinds are looked up at their first use only: a run where no
/// function has an attachment and no view is built never reads the context's kind names;
/// a function attachment makes the load look them up (the thunk tag and the compared
/// attachments need them), and so does a view with an instruction attachment, whose
/// `!srcloc` hints then still keep no functions apart.
#[test]
fn custom_kinds_are_looked_up_only_when_asked() {
    let plain = "define i32 @a(i32 %x) {\n  ret i32 %x\n}\n\
                 define i32 @b(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";
    let (m, r) = merged(plain, Options::default());
    assert!(r.merges.is_empty());
    assert!(!m.kinds.custom_read());

    let tagged = "define i32 @a(i32 %x) !mergefunc.test !0 {\n  ret i32 %x\n}\n!0 = !{}\n";
    let m = LlvmModule::parse(format!("{DL}{tagged}").as_bytes(), "t.ll").unwrap_or_else(|e| panic!("{e}"));
    assert!(m.kinds.custom_read());

    let hinted = "declare void @g(i32)\n\
                  define void @a(i32 %x) {\n  call void @g(i32 %x), !srcloc !0\n  call void @g(i32 %x)\n  ret void\n}\n\
                  define void @b(i32 %x) {\n  call void @g(i32 %x), !srcloc !1\n  call void @g(i32 %x)\n  ret void\n}\n\
                  !0 = !{i64 1}\n!1 = !{i64 2}\n";
    let (m, r) = merged(hinted, Options::default());
    assert_eq!(r.merges.len(), 1, "{r:?}");
    assert!(m.kinds.custom_read());
    assert_ne!(m.kinds.md_hints()[2], crate::safe::kinds::NO_MD_KIND);
}

/// `V::global_head` (what the facts read of a function, in one shim call) answers as the
/// separate readers do, for every function, global variable, alias and ifunc of the
/// corpus, and for a value that is not global.
/// Calls `visit` with every global value (function, variable, alias, ifunc) of every
/// module of the corpus, with the module and its file.
fn for_each_corpus_global(mut visit: impl FnMut(&std::path::Path, &LlvmModule, V)) {
    for sub in ["tests/corpus", "tests/cycles", "tests/drop-attachments"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(sub);
        for f in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
            if f.extension().is_none_or(|e| e != "ll") {
                continue;
            }
            let m = LlvmModule::load(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let globals = m.m.functions().chain(m.m.global_variables()).chain(m.m.aliases()).chain(m.m.ifuncs());
            for v in globals {
                visit(&f, &m, v);
            }
        }
    }
}

#[test]
fn global_head_answers_as_the_separate_readers() {
    use crate::safe::GlobalHead;
    let mut checked = 0;
    for_each_corpus_global(|f, _, v| {
        let object = !v.global_attachments_except(&[]).is_empty();
        let expected = GlobalHead {
            linkage: v.linkage(),
            declaration: v.is_declaration(),
            dso_local: v.is_dso_local(),
            has_metadata: object,
            cc: v.call_conv(),
            align: v.alignment(),
            unnamed_addr: v.unnamed_addr(),
        };
        assert_eq!(v.global_head(), expected, "{}: {}", f.display(), String::from_utf8_lossy(&v.name()));
        checked += 1;
    });
    assert!(checked > 1000, "only {checked} globals");
    let m = load(PAIR);
    let f = m.m.functions().next().unwrap();
    let inst = f.first_block().and_then(|b| b.first_instruction()).unwrap().value();
    assert_eq!(inst.global_head(), GlobalHead::default());
    assert_eq!(GlobalHead::default().linkage, inst.linkage());
}

/// The one symbol-table lookup of `has_global_value_named` answers as LLVM-C's four
/// lookups by kind, for every global of the corpus (functions, variables, aliases and
/// ifuncs), the same names with a byte more or less, and the private-prefixed names
/// `private_symbol_taken` asks about.
#[test]
fn one_lookup_finds_global_values_of_every_kind() {
    let (mut checked, mut found) = (0, 0);
    for_each_corpus_global(|f, m, v| {
        let name = v.name();
        let mut longer = name.clone();
        longer.push(b'x');
        let shorter = &name[..name.len().saturating_sub(1)];
        let dotted = [&b".L"[..], &name].concat();
        for n in [&name[..], &longer[..], shorter, &dotted[..], &dotted[2..]] {
            let want = m.m.has_global_value_named_by_kind(n);
            assert_eq!(m.m.has_global_value_named(n), want, "{}: {}", f.display(), String::from_utf8_lossy(n));
            found += usize::from(want);
            checked += 1;
        }
    });
    assert!(checked > 5000 && found > 1000, "only {checked} names, {found} found");
}

/// The one-call forwarding body (`write_forwarding_body`) is written only where no
/// argument or result needs a cast, and then is what the builder path writes: an
/// unnamed block with `tail call` of the target under its calling convention and
/// attribute list (but `jumptable`), and the return of its result (or `ret void`).
/// Everywhere else it declines and changes nothing, and the builder path casts.
#[test]
fn forwarding_bodies_in_one_call_only_without_casts() {
    let src = "declare fastcc i64 @f(i64 noundef, ptr) unnamed_addr #0\n\
               declare i64 @g(i64, ptr)\n\
               declare void @gv(i64, ptr)\n\
               declare ptr @gp(i64, ptr)\n\
               declare i64 @gi(i32, ptr)\n\
               declare i64 @va(i64, ...)\n\
               declare i64 @gva(i64)\n\
               attributes #0 = { nounwind jumptable }\n";
    let m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "test.ll").unwrap_or_else(|e| panic!("{e}"));
    let v = |n: &str| m.func_value(id(&m, n)).unwrap();
    let f = v("f");
    // Written: the same parameter types, and the same result or none.
    let (call, ret) = v("g").write_forwarding_body(f, None, 1, 8).expect("no cast needed");
    assert!(call.is_instruction() && ret.is_instruction());
    assert!(v("gv").write_forwarding_body(f, None, 2, 8).is_some());
    // Declined, nothing written: a result or an argument that needs a cast, a
    // variadic target, another parameter count.
    assert!(v("gp").write_forwarding_body(f, None, 1, 8).is_none());
    assert!(v("gi").write_forwarding_body(f, None, 1, 8).is_none());
    assert!(v("gva").write_forwarding_body(v("va"), None, 1, 0).is_none());
    assert!(v("gva").write_forwarding_body(f, None, 1, 8).is_none());
    let text = m.to_text();
    assert!(
        text.contains("define i64 @g(i64 %0, ptr %1) {\n  %3 = tail call fastcc i64 @f(i64 noundef %0, ptr %1) #1\n  ret i64 %3\n}"),
        "{text}"
    );
    assert!(
        text.contains("define void @gv(i64 %0, ptr %1) {\n  %3 = musttail call fastcc i64 @f(i64 noundef %0, ptr %1) #1\n  ret void\n}"),
        "{text}"
    );
    for declined in ["declare ptr @gp(i64, ptr)", "declare i64 @gi(i32, ptr)", "declare i64 @gva(i64)"] {
        assert!(text.contains(declined), "{declined} got a body:\n{text}");
    }
    // The call's attributes are the target's without `jumptable`.
    assert!(text.contains("attributes #1 = { nounwind }"), "{text}");
}

/// Functions whose attribute lists differ in one string value (bytes past a NUL
/// included), one parameter's attribute, which parameter carries an attribute, an
/// integer value, or the return vs a parameter; two lists LLVM uniques into one; and
/// kinds the lazy path declines (type, range) or flags (naked, preallocated, inalloca).
const ATTR_NEAR_TWINS: &str = "define i32 @s_a(i32 %x) #0 {\n  ret i32 %x\n}\n\
     define i32 @s_b(i32 %x) #1 {\n  ret i32 %x\n}\n\
     define i32 @p_a(i32 %x, i32 %y) {\n  ret i32 %x\n}\n\
     define i32 @p_b(i32 %x, i32 noundef %y) {\n  ret i32 %x\n}\n\
     define i32 @o_a(i32 noundef %x, i32 %y) {\n  ret i32 %x\n}\n\
     define i32 @o_b(i32 %x, i32 noundef %y) {\n  ret i32 %x\n}\n\
     define i32 @r_a(i32 %x) #2 {\n  ret i32 %x\n}\n\
     define i32 @r_b(i32 %x) #3 {\n  ret i32 %x\n}\n\
     define i32 @k_a(i32 %x) #4 {\n  ret i32 %x\n}\n\
     define i32 @k_b(i32 %x) #5 {\n  ret i32 %x\n}\n\
     define noundef i32 @ret_a(i32 %x) {\n  ret i32 %x\n}\n\
     define i32 @ret_b(i32 noundef %x) {\n  ret i32 %x\n}\n\
     define i32 @al_a(ptr align 4 %p, ptr %q) {\n  ret i32 0\n}\n\
     define i32 @al_b(ptr align 8 %p, ptr %q) {\n  ret i32 0\n}\n\
     define i32 @n_a(i32 %x) #6 {\n  ret i32 %x\n}\n\
     define i32 @n_b(i32 %x) #7 {\n  ret i32 %x\n}\n\
     define i32 @m_a(ptr %p) memory(read) {\n  ret i32 0\n}\n\
     define i32 @m_b(ptr %p) memory(argmem: read) {\n  ret i32 0\n}\n\
     define i32 @by_a(ptr byval(i32) %p) {\n  ret i32 0\n}\n\
     define i32 @rg_a(i32 range(i32 0, 10) %x) {\n  ret i32 %x\n}\n\
     define void @nk() naked {\n  unreachable\n}\n\
     define void @pa(ptr preallocated(i32) %p) {\n  ret void\n}\n\
     define void @ia(ptr inalloca(i32) %p) {\n  ret void\n}\n\
     define void @ir() \"interrupt\" {\n  ret void\n}\n\
     define void @se(ptr swifterror %p) {\n  ret void\n}\n\
     attributes #0 = { nounwind \"key\"=\"a\" }\n\
     attributes #1 = { nounwind \"key\"=\"b\" }\n\
     attributes #2 = { nounwind \"key\"=\"a\" \"z\"=\"\" }\n\
     attributes #3 = { nounwind \"key\"=\"a\" \"z\" }\n\
     attributes #4 = { \"ab\"=\"c\" }\n\
     attributes #5 = { \"a\"=\"bc\" }\n\
     attributes #6 = { \"k\"=\"a\\00b\" }\n\
     attributes #7 = { \"k\"=\"a\\00c\" }\n";

/// The lazy attribute path agrees with converting each function's list set by set (as
/// call sites' lists are), on the near twins above and every corpus module: the
/// conversion read later is the eager one, the hash handed to the core is the hash of
/// that conversion, the flags are the eager ones, and two functions' lists compare equal
/// exactly when their eager conversions are one interned list.
#[test]
fn lazy_attribute_lists_agree_with_the_eager_conversion() {
    let check = |mut m: LlvmModule, what: &str| -> usize {
        m.testing().build_all_views();
        let lazy: std::collections::HashSet<AttrsId> = m.testing().lazy_attr_ids().into_iter().collect();
        let mut seen = Vec::new();
        for f in (0..m.num_funcs()).map(FuncId::new) {
            let Some(Prop::Attrs(a)) = m.func(f).sig.first().cloned() else { continue };
            if !lazy.contains(&a) {
                continue;
            }
            let flags = m.testing().recorded_fn_attr_flags(f);
            let (e, eflags) = m.testing().eager_fn_attrs(f);
            let name = String::from_utf8_lossy(m.func_name(f)).into_owned();
            assert_eq!(m.attrs(a), m.attrs(e), "{what}: @{name}");
            assert_eq!(flags, Some(eflags), "{what}: @{name}'s flags");
            let hint = m.attrs_hash_hint(a).expect("a lazy list has a hash");
            let mut h = mergefunc::hash::FunctionHasher::new();
            assert_eq!(hint, h.attrs_hash_of_list(&m, m.attrs(e)), "{what}: @{name}");
            seen.push((a, e, hint));
        }
        for &(a, e, ha) in &seen {
            for &(b, f, hb) in &seen {
                let same = mergefunc::order::cmp_attrs(&m, a, b) == Ordering::Equal;
                assert_eq!(same, e == f, "{what}: lists {a:?} {b:?}");
                assert!(!same || ha == hb, "{what}: equal lists, different hashes");
            }
        }
        seen.len()
    };
    let twins = load(ATTR_NEAR_TWINS);
    // All but @by_a, @rg_a, @pa and @ia (type and range attributes: converted at once).
    assert_eq!(check(twins, "near twins"), 21);
    let m = load(ATTR_NEAR_TWINS);
    for (a, b, same) in [
        ("s_a", "s_b", false),
        ("p_a", "p_b", false),
        ("o_a", "o_b", false),
        ("r_a", "r_b", true),
        ("k_a", "k_b", false),
        ("ret_a", "ret_b", false),
        ("al_a", "al_b", false),
        ("n_a", "n_b", false),
        ("m_a", "m_b", false),
    ] {
        assert_eq!(equal(&m, a, b), same, "@{a} vs @{b}");
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut checked = 0;
    for f in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
        if f.extension().is_some_and(|e| e == "ll") {
            checked += check(LlvmModule::load(&f).unwrap(), &f.display().to_string());
        }
    }
    assert!(checked > 100, "only {checked} lazy lists in the corpus");
}

/// A list made of its sets' cached conversions is the list converted attribute by
/// attribute through LLVM-C (one interned id, the same flags), for every function and
/// call site of the near twins above and of every corpus module.
#[test]
fn lists_from_converted_sets_are_the_eager_conversions() {
    let check = |mut m: LlvmModule, what: &str| -> usize {
        let pairs = m.testing().lists_from_sets_and_eager();
        for (i, (sets, eager)) in pairs.iter().enumerate() {
            assert_eq!(sets, eager, "{what}: list {i}");
        }
        pairs.len()
    };
    assert!(check(load(ATTR_NEAR_TWINS), "near twins") >= 25);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut checked = 0;
    for f in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
        if f.extension().is_some_and(|e| e == "ll") {
            checked += check(LlvmModule::load(&f).unwrap(), &f.display().to_string());
        }
    }
    assert!(checked > 500, "only {checked} lists in the corpus");
}

/// A call site whose LLVM attribute list is one a function's list already hashed shares
/// that list's id (the cache is keyed by LLVM's list and the count read, whoever owns
/// it): equal lists still have one id, so call sites compare as before.
#[test]
fn call_sites_share_the_id_of_a_hashed_function_list() {
    let mut m = load(
        "define i32 @f(i32 %x) #0 {\n  ret i32 %x\n}\n\
         define i32 @g(i32 %x) {\n  %r = call i32 @f(i32 %x) #0\n  ret i32 %r\n}\n\
         define i32 @h(i32 %x) {\n  %r = call i32 @f(i32 %x) #0\n  ret i32 %r\n}\n\
         define i32 @k(i32 %x) {\n  %r = call i32 @f(i32 %x) #1\n  ret i32 %r\n}\n\
         attributes #0 = { nounwind \"key\"=\"a\" }\n\
         attributes #1 = { nounwind \"key\"=\"b\" }\n",
    );
    let lazy = m.testing().lazy_attr_ids();
    let call_attrs = |m: &LlvmModule, f: &str| {
        let body = m.body(id(m, f)).unwrap();
        body.props_of(&body.insts[0])
            .iter()
            .find_map(|p| match p {
                Prop::Attrs(x) => Some(*x),
                _ => None,
            })
            .expect("call attributes")
    };
    let (g, h, k) = (call_attrs(&m, "g"), call_attrs(&m, "h"), call_attrs(&m, "k"));
    let f = match m.func(id(&m, "f")).sig[0] {
        Prop::Attrs(a) => a,
        ref p => panic!("{p:?}"),
    };
    assert!(lazy.contains(&f));
    assert_eq!((g, h), (f, f), "one LLVM list, one id");
    assert_ne!(g, k);
    assert!(equal(&m, "g", "h"));
    assert!(!equal(&m, "g", "k"));
}

/// A pair of bodies a same-body walk found different is not walked again until a
/// rewrite: five functions that share every key but read different constant tables (one
/// is a copy of the first) are claimed against the tree functions, and the views built
/// for the four that differ then look for a copy source among the same functions without
/// walking those pairs again: fewer walks than when every pair is walked again (release
/// builds: at most one walk per pair, 9 against 15; debug builds check views and walk
/// more either way, 12 against 19). Only the exact copy merges, and the output is the
/// one without copies and claims, remembered or not.
#[test]
fn bodies_found_different_are_not_walked_again_until_a_rewrite() {
    let body = |name: &str, k: u32| {
        format!(
            "define internal i32 @{name}(ptr %p) {{\n  %b = load i8, ptr %p, align 1\n  %z = zext i8 %b to i64\n  \
             %q = getelementptr inbounds nuw i32, ptr @t{k}, i64 %z\n  %r = load i32, ptr %q, align 4\n  ret i32 %r\n}}\n"
        )
    };
    let names = ["a", "b", "c", "d", "e"];
    let mut src = String::new();
    for k in 1..=4 {
        src.push_str(&format!(
            "@t{k} = internal constant [256 x i32] [i32 {k}, i32 1, i32 2, i32 3, i32 0{}]\n",
            ", i32 0".repeat(251)
        ));
    }
    for (i, name) in names.iter().enumerate() {
        src.push_str(&body(name, if *name == "e" { 1 } else { i as u32 + 1 }));
    }
    src.push_str("define i32 @use(ptr %p) {\n");
    for (i, name) in names.iter().enumerate() {
        src.push_str(&format!("  %{} = call i32 @{name}(ptr %p)\n", i + 1));
    }
    src.push_str("  ret i32 %5\n}\n");
    let mut outs = Vec::new();
    let mut walks = Vec::new();
    for (copies, remember) in [(true, true), (true, false), (false, true)] {
        let mut m =
            LlvmModule::parse(format!("{DL}{src}").as_bytes(), "different.ll").unwrap_or_else(|e| panic!("{e}"));
        m.testing().set_copy_views(copies);
        m.testing().set_remember_different_bodies(remember);
        let r = merge_module(&mut m, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
        m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
        assert_eq!(r.merges.len(), 1, "{r:?}");
        assert_eq!((m.func_name(r.merges[0].folded), m.func_name(r.merges[0].target)), (&b"e"[..], &b"a"[..]), "{r:?}");
        if copies {
            walks.push(m.testing().same_body_walks());
            assert_eq!(m.testing().same_body_claims(), 1);
        } else {
            assert_eq!(m.testing().same_body_walks(), 0);
        }
        outs.push(m.to_text());
    }
    assert!(walks[0] < walks[1], "walks remembered / not: {walks:?}");
    if !cfg!(debug_assertions) {
        assert!(walks[0] <= (names.len() * (names.len() - 1) / 2) as u64, "walks remembered / not: {walks:?}");
    }
    assert_eq!(outs[0], outs[1]);
    assert_eq!(outs[0], outs[2]);
}

/// Pairs that differ become equal after a rewrite: in chains `m_i -> k_i -> h_i -> f_i`
/// (i = 1, 2; callers first in the module), each caller passes its callee's address to
/// `@sink` (an operand no copy renames, so `h1` and `h2` differ while `f1` and `f2` are
/// distinct), and all are `unnamed_addr`, so each fold replaces every use. Each fold makes
/// the next pair of callers equal: every level merges (on the claims'
/// word when copies are on), with the same output as without copies and claims.
#[test]
fn bodies_found_different_before_a_rewrite_may_merge_after_it() {
    let level = |name: &str, callee: &str| {
        format!(
            "define i32 @{name}(i32 %x) unnamed_addr {{\n  call void @sink(ptr @{callee})\n  \
             %r = call i32 @{callee}(i32 %x)\n  %s = add i32 %r, 1\n  ret i32 %s\n}}\n"
        )
    };
    let mut defs = Vec::new();
    for i in 1..=2 {
        defs.push(format!(
            "define internal i32 @f{i}(i32 %x) unnamed_addr {{\n  %a = mul i32 %x, 7\n  %b = add i32 %a, 3\n  \
             %c = xor i32 %b, %x\n  ret i32 %c\n}}\n"
        ));
        for (name, callee) in [("h", "f"), ("k", "h"), ("m", "k")] {
            defs.push(level(&format!("{name}{i}"), &format!("{callee}{i}")));
        }
    }
    // Callers first: they are filed before their callees fold.
    defs.reverse();
    let src = format!("declare void @sink(ptr)\n{}", defs.concat());
    let mut outs = Vec::new();
    for copies in [true, false] {
        let mut m = LlvmModule::parse(format!("{DL}{src}").as_bytes(), "chain.ll").unwrap_or_else(|e| panic!("{e}"));
        m.testing().set_copy_views(copies);
        let r = merge_module(&mut m, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
        m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
        let mut pairs: Vec<_> = r
            .merges
            .iter()
            .map(|g| {
                (
                    String::from_utf8_lossy(m.func_name(g.folded)).into_owned(),
                    String::from_utf8_lossy(m.func_name(g.target)).into_owned(),
                )
            })
            .collect();
        pairs.sort();
        assert_eq!(
            pairs,
            [("f2", "f1"), ("h2", "h1"), ("k2", "k1"), ("m2", "m1")].map(|(a, b)| (a.to_string(), b.to_string())),
            "copies: {copies}"
        );
        if copies {
            assert!(m.testing().same_body_claims() >= 3, "{} claims", m.testing().same_body_claims());
        }
        outs.push(m.to_text());
    }
    assert_eq!(outs[0], outs[1]);
}
