//! The cranelift-module path: declarations in, definitions out, with `u0:N` names.

use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::ir::{Function, UserFuncName};
use cranelift_codegen::{isa, Context};
use cranelift_module::{
    DataDescription, DataId, FuncId, Linkage, Module, ModuleDeclarations, ModuleReloc, ModuleResult,
};
use mergefunc_cranelift::ClifModule;

/// A backend that records definitions instead of compiling them.
#[derive(Default)]
struct Recorder {
    decls: ModuleDeclarations,
    defined: Vec<(FuncId, Function)>,
}

impl Module for Recorder {
    fn isa(&self) -> &dyn isa::TargetIsa {
        unimplemented!("the recorder compiles nothing")
    }
    fn declarations(&self) -> &ModuleDeclarations {
        &self.decls
    }
    fn declare_function(
        &mut self,
        name: &str,
        linkage: Linkage,
        sig: &cranelift_codegen::ir::Signature,
    ) -> ModuleResult<FuncId> {
        Ok(self.decls.declare_function(name, linkage, sig)?.0)
    }
    fn declare_anonymous_function(&mut self, sig: &cranelift_codegen::ir::Signature) -> ModuleResult<FuncId> {
        self.decls.declare_anonymous_function(sig)
    }
    fn declare_data(&mut self, name: &str, linkage: Linkage, writable: bool, tls: bool) -> ModuleResult<DataId> {
        Ok(self.decls.declare_data(name, linkage, writable, tls)?.0)
    }
    fn declare_anonymous_data(&mut self, writable: bool, tls: bool) -> ModuleResult<DataId> {
        self.decls.declare_anonymous_data(writable, tls)
    }
    fn define_function_with_control_plane(
        &mut self,
        func: FuncId,
        ctx: &mut Context,
        _: &mut ControlPlane,
    ) -> ModuleResult<()> {
        self.defined.push((func, ctx.func.clone()));
        Ok(())
    }
    fn define_function_bytes(&mut self, _: FuncId, _: u64, _: &[u8], _: &[ModuleReloc]) -> ModuleResult<()> {
        unimplemented!()
    }
    fn define_data(&mut self, _: DataId, _: &DataDescription) -> ModuleResult<()> {
        unimplemented!()
    }
}

/// Bodies written against cranelift-module's naming: function `FuncId(n)` is `u0:n`.
const BODIES: &str = r#"
function u0:0(i64) -> i64 {
block0(v0: i64):
    v1 = iconst.i64 3
    v2 = imul v0, v1
    v3 = iadd v2, v0
    return v3
}

function u0:1(i64) -> i64 {
block0(v0: i64):
    v1 = iconst.i64 3
    v2 = imul v0, v1
    v3 = iadd v2, v0
    return v3
}

function u0:2(i64) -> i64 {
    sig0 = (i64) -> i64
    fn0 = colocated u0:1 sig0
    fn1 = u0:3 sig0
    fn2 = u0:4 sig0
block0(v0: i64):
    v1 = call fn0(v0)
    v2 = call fn1(v1)
    v3 = call fn2(v2)
    return v3
}

function u0:3(i64) -> i64 {
block0(v0: i64):
    v1 = iconst.i64 5
    v2 = isub v0, v1
    v3 = bxor v2, v0
    return v3
}

function u0:4(i64) -> i64 {
block0(v0: i64):
    v1 = iconst.i64 5
    v2 = isub v0, v1
    v3 = bxor v2, v0
    return v3
}
"#;

#[test]
fn declarations_in_definitions_out() {
    let mut backend = Recorder::default();
    let funcs = cranelift_reader::parse_functions(BODIES).unwrap();
    let linkages = [Linkage::Export, Linkage::Local, Linkage::Export, Linkage::Preemptible, Linkage::Preemptible];
    let names = ["triple_a", "triple_b", "driver", "weak_a", "weak_b"];
    let mut bodies = Vec::new();
    for ((f, l), n) in funcs.into_iter().zip(linkages).zip(names) {
        let id = backend.declare_function(n, l, &f.signature).unwrap();
        assert_eq!(f.name, UserFuncName::user(0, id.as_u32()));
        bodies.push((id, f));
    }
    // An import nobody defines.
    let sig = bodies[0].1.signature.clone();
    backend.declare_function("external", Linkage::Import, &sig).unwrap();
    let mut m = ClifModule::from_declarations(backend.declarations(), bodies);
    // Declared after the snapshot of the declarations: the id the merged module picks
    // for the function it creates is taken, so `define_into` must rename references.
    let other = backend.declare_anonymous_function(&sig).unwrap();
    let report = m.merge(&Default::default()).unwrap();
    m.verify().unwrap();
    let lines: Vec<String> = report.merges.iter().map(|r| r.display(&m).to_string()).collect();
    assert_eq!(
        lines,
        [
            "@triple_b -> @triple_a: erase (uses: calls)",
            "@weak_b -> @weak_a.merged: thunk (uses: none) [shared body]",
            "@weak_a -> @weak_a.merged: thunk (uses: none) [shared body]",
        ]
    );
    let created: Vec<_> = m.ids().filter(|f| m.is_created(*f)).collect();
    assert_eq!(created.len(), 1);
    assert_eq!(m.to_clif().matches(&format!("u0:{}", other.as_u32())).count(), 3, "{}", m.to_clif());

    let ids = m.define_into(&mut backend).unwrap();
    // triple_b was erased: it is defined as a trapping stub (cranelift-object wants
    // every Local function defined). The import is not defined.
    let defined: Vec<u32> = backend.defined.iter().map(|(id, _)| id.as_u32()).collect();
    let new_id = backend.declarations().get_functions().last().unwrap().0;
    assert!(new_id.as_u32() > other.as_u32());
    assert_eq!(ids.last(), Some(&new_id));
    assert_eq!(defined, [0, 1, 2, 3, 4, new_id.as_u32()]);
    let stub = backend.defined[1].1.display().to_string();
    assert!(stub.contains("trap user1"), "{stub}");
    // Every reference to the created function uses the id cranelift-module gave it.
    let text: String = backend.defined.iter().map(|(_, f)| f.display().to_string()).collect();
    assert!(text.contains(&format!("u0:{}", new_id.as_u32())), "{text}");
    assert!(!text.contains("fn0 = colocated u0:1 "), "a call of the erased function is left:\n{text}");
    for (_, f) in &backend.defined {
        cranelift_codegen::verify_function(
            f,
            &cranelift_codegen::settings::Flags::new(cranelift_codegen::settings::builder()),
        )
        .unwrap();
    }
    insta::with_settings!({snapshot_path => "../../../snapshots/cranelift", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("module_integration", format!("{}\n----- DEFINED\n{text}", lines.join("\n")));
    });
}
