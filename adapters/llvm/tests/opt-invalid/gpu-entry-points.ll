; RULE: functions whose calling convention no call may use (shaders, amdgpu_cs_chain, like kernels) are left out of merging: a thunk or redirected call to one is invalid IR
; OPT22: makes @ps_b a thunk calling amdgpu_ps @ps_a; its verifier rejects the module ("calling convention does not permit calls") and opt aborts
; EXPECT:
target triple = "amdgcn-amd-amdpal"

define amdgpu_ps float @ps_a(float %x) {
  %y = fadd float %x, 1.0
  ret float %y
}

define amdgpu_ps float @ps_b(float %x) {
  %y = fadd float %x, 1.0
  ret float %y
}

define amdgpu_cs_chain void @chain_a(<3 x i32> inreg %sgpr, { i32, ptr addrspace(5), i32, i32 } %vgpr) {
  %x = extractvalue { i32, ptr addrspace(5), i32, i32 } %vgpr, 0
  store i32 %x, ptr addrspace(5) null
  ret void
}

define amdgpu_cs_chain void @chain_b(<3 x i32> inreg %sgpr, { i32, ptr addrspace(5), i32, i32 } %vgpr) {
  %x = extractvalue { i32, ptr addrspace(5), i32, i32 } %vgpr, 0
  store i32 %x, ptr addrspace(5) null
  ret void
}
