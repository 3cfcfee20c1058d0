// CUDA device code (clang-22 -x cuda --cuda-device-only -nocudainc -nocudalib, and the
// same source as HIP with -nogpulib -nogpuinc): templates instantiated over element
// types of one width, __shared__ buffers (address space 3), warp-level convergent
// operations (barriers, shuffles, votes), atomics, kernels of one body.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#ifdef __HIP__
#define TID() __builtin_amdgcn_workitem_id_x()
#define BARRIER() __builtin_amdgcn_s_barrier()
#define FENCE() __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup")
#define SHFL(v, lane) __builtin_amdgcn_ds_bpermute((lane) << 2, (v))
#else
#define TID() __nvvm_read_ptx_sreg_tid_x()
#define BARRIER() __syncthreads()
#define FENCE() __nvvm_membar_cta()
#define SHFL(v, lane) __nvvm_shfl_sync_idx_i32(0xffffffffu, (v), (lane), 31)
#endif

template <typename T> __device__ __attribute__((noinline)) T reduce_block(T *buf, unsigned n) {
  T s = 0;
  for (unsigned i = 0; i < n; i++) s += buf[i];
  return s;
}
template <typename T> __device__ __attribute__((noinline)) T twice(T x) { return x + x; }
template <typename T> __device__ __attribute__((noinline)) T shift_right(T x) { return x >> 1; }
template <typename T> __device__ __attribute__((noinline)) T min_of(T a, T b) { return a < b ? a : b; }
template <typename T> __device__ __attribute__((noinline)) void store_sync(T *sh, T v, unsigned i) { sh[i] = v; BARRIER(); }
template <typename T> __device__ __attribute__((noinline)) void store_nosync(T *sh, T v, unsigned i) { sh[i] = v; }
template <typename T> __device__ __attribute__((noinline)) void store_fence(T *sh, T v, unsigned i) { sh[i] = v; FENCE(); }
__device__ __attribute__((noinline)) int shfl_a(int v, int lane) { return SHFL(v, lane); }
__device__ __attribute__((noinline)) int shfl_b(int v, int lane) { return SHFL(v, lane); }
__device__ __attribute__((noinline)) int plain_a(int v, int lane) { return v + lane; }
__device__ __attribute__((noinline)) int atom_add_i(int *p, int v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
__device__ __attribute__((noinline)) unsigned atom_add_u(unsigned *p, unsigned v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
__device__ __attribute__((noinline)) int atom_max_i(int *p, int v) { return __atomic_fetch_max(p, v, __ATOMIC_RELAXED); }
__device__ __attribute__((noinline)) unsigned atom_max_u(unsigned *p, unsigned v) { return __atomic_fetch_max(p, v, __ATOMIC_RELAXED); }
__device__ __attribute__((noinline)) int atom_add_seq(int *p, int v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }

#define KERNELS(T, N) \
  __global__ void k_reduce_##N(T *in, T *out, unsigned n) { \
    __shared__ T sh[256]; unsigned t = TID(); \
    store_sync(sh, in[t], t); store_nosync(sh, in[t], t); store_fence(sh, in[t], t); \
    out[t] = reduce_block(sh, n) + reduce_block(in, n) + twice(in[t]) + shift_right(in[t]) + min_of(in[t], out[t]); }

KERNELS(int, i)
KERNELS(unsigned, u)
KERNELS(long long, ll)
KERNELS(unsigned long long, ull)
KERNELS(short, s)
KERNELS(unsigned short, us)

__global__ void k_twin_a(int *p) { p[TID()] = twice(p[TID()]); }
__global__ void k_twin_b(int *p) { p[TID()] = twice(p[TID()]); }
__global__ void k_shfl(int *p, unsigned *q) {
  unsigned t = TID();
  p[t] = shfl_a(p[t], 0) + shfl_b(p[t], 1) + plain_a(p[t], 2) + atom_add_i(p, 1) + atom_max_i(p, 3) + atom_add_seq(p, 1);
  q[t] = atom_add_u(q, 1) + atom_max_u(q, 3);
}
