// OpenCL C device code (clang-22 -x cl): helpers of one body over the address spaces
// (global, local, constant, private, generic), vector widths and element types that
// share a bit width, convergent barriers, kernels of one body and of one signature,
// atomics, images of no kind (pointers only), `addrspacecast` through generic pointers.
#define HELPERS(AS, N) \
  float sum_##N(AS const float *p, int n) { float s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; } \
  int isum_##N(AS const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; } \
  uint usum_##N(AS const uint *p, int n) { uint s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
#define FILL(AS, N) void fill_##N(AS int *p, int n, int v) { for (int i = 0; i < n; i++) p[i] = v + i; }

HELPERS(global, g) FILL(global, g)
HELPERS(local, l) FILL(local, l)
HELPERS(constant, c)
HELPERS(private, p) FILL(private, p)
HELPERS(, gen) FILL(, gen)

__attribute__((noinline)) int addi(int a, int b) { return a + b; }
__attribute__((noinline)) uint addu(uint a, uint b) { return a + b; }
__attribute__((noinline)) int addi_sat(int a, int b) { return add_sat(a, b); }
__attribute__((noinline)) uint addu_sat(uint a, uint b) { return add_sat(a, b); }
__attribute__((noinline)) int shr_i(int a, int b) { return a >> b; }
__attribute__((noinline)) uint shr_u(uint a, uint b) { return a >> b; }
__attribute__((noinline)) float4 mad4(float4 a, float4 b, float4 c) { return a * b + c; }
__attribute__((noinline)) float4 fma4(float4 a, float4 b, float4 c) { return fma(a, b, c); }
__attribute__((noinline)) int4 add4i(int4 a, int4 b) { return a + b; }
__attribute__((noinline)) uint4 add4u(uint4 a, uint4 b) { return a + b; }
__attribute__((noinline)) int2 add2i(int2 a, int2 b) { return a + b; }
__attribute__((noinline)) long add1l(long a, long b) { return a + b; }
__attribute__((noinline)) double addd(double a, double b) { return a + b; }
__attribute__((noinline)) long addl_bits(long a, long b) { return a + b; }

// convergent: a barrier in one and not in the other
__attribute__((noinline)) void stage_barrier(local int *t, int i) { t[i] += 1; barrier(CLK_LOCAL_MEM_FENCE); }
__attribute__((noinline)) void stage_barrier2(local int *t, int i) { t[i] += 1; barrier(CLK_LOCAL_MEM_FENCE); }
__attribute__((noinline)) void stage_nobarrier(local int *t, int i) { t[i] += 1; }
__attribute__((noinline)) void stage_global_fence(local int *t, int i) { t[i] += 1; barrier(CLK_GLOBAL_MEM_FENCE); }

__attribute__((noinline)) int atomic_bump(volatile global int *p) { return atomic_add(p, 1); }
__attribute__((noinline)) int atomic_bump2(volatile global int *p) { return atomic_add(p, 1); }
__attribute__((noinline)) int atomic_bump_local(volatile local int *p) { return atomic_add(p, 1); }
__attribute__((noinline)) uint atomic_bumpu(volatile global uint *p) { return atomic_add(p, 1u); }
__attribute__((noinline)) int atomic_max_i(volatile global int *p, int v) { return atomic_max(p, v); }
__attribute__((noinline)) uint atomic_max_u(volatile global uint *p, uint v) { return atomic_max(p, v); }

// generic pointers: the callers cast global and local pointers (addrspacecast)
__attribute__((noinline)) int gen_first(int *p) { return p[0]; }
__attribute__((noinline)) int gen_first2(int *p) { return p[0]; }
__attribute__((noinline)) int glob_first(global int *p) { return p[0]; }

kernel void k_sum(global const float *in, global float *out, int n) { out[get_global_id(0)] = sum_g(in, n); }
kernel void k_sum_twin(global const float *in, global float *out, int n) { out[get_global_id(0)] = sum_g(in, n); }
kernel void k_isum(global const int *in, global int *out, int n) { out[get_global_id(0)] = isum_g(in, n) + usum_g((global const uint *)in, n); }
kernel void k_csum(constant float *in, global float *out, int n) { out[get_global_id(0)] = sum_c(in, n) + isum_c((constant int *)in, n); }
kernel void k_local(global int *out, local int *tmp, int n) {
  int i = get_local_id(0);
  fill_l(tmp, n, i);
  stage_barrier(tmp, i);
  stage_barrier2(tmp, i);
  stage_nobarrier(tmp, i);
  stage_global_fence(tmp, i);
  out[get_global_id(0)] = isum_l(tmp, n) + usum_l((local uint *)tmp, n) + (int)sum_l((local float *)tmp, n)
    + atomic_bump_local(tmp) + gen_first(tmp) + gen_first2(out);
}
kernel void k_private(global int *out, int n) {
  int buf[16];
  fill_p(buf, 16, n);
  fill_gen(buf, 8, n);
  out[get_global_id(0)] = isum_p(buf, 16) + (int)usum_p((private uint *)buf, 16) + isum_gen(buf, 16) + (int)sum_gen((float *)buf, 4);
}
kernel void k_arith(global int *o, global uint *u, global float4 *f, global long *l, global double *d) {
  size_t i = get_global_id(0);
  o[i] = addi(o[i], 3) + addi_sat(o[i], 7) + shr_i(o[i], 2) + add4i((int4)(o[i]), (int4)(1)).x + add2i((int2)(1), (int2)(o[i])).y;
  u[i] = addu(u[i], 3u) + addu_sat(u[i], 7u) + shr_u(u[i], 2u) + add4u((uint4)(u[i]), (uint4)(1)).y;
  f[i] = mad4(f[i], f[i], f[i]) + fma4(f[i], f[i], f[i]);
  l[i] = add1l(l[i], 1) + addl_bits(l[i], 2);
  d[i] = addd(d[i], 1.0);
}
kernel void k_atomics(volatile global int *p, volatile global uint *q) {
  atomic_bump(p); atomic_bump2(p); atomic_bumpu(q); atomic_max_i(p, 5); atomic_max_u(q, 5u);
  p[1] = glob_first((global int *)p);
}
kernel void k_fill_a(global int *p, int n) { fill_g(p, n, 1); }
kernel void k_fill_b(global int *p, int n) { fill_g(p, n, 1); }
kernel void k_fill_c(global int *p, int n) { fill_g(p, n, 2); }
