/* Force-included when building lz4's command line program for wasm32-wasi: Debian's
 * wasi-libc (2022) declares neither chmod nor chown, which lz4's util.h calls to copy
 * file attributes. WASI has no permission bits or owners, so both fail with ENOSYS. */
#include <errno.h>
#include <sys/types.h>
static inline int chmod(const char *path, mode_t mode) { (void)path; (void)mode; errno = ENOSYS; return -1; }
static inline int chown(const char *path, uid_t uid, gid_t gid) { (void)path; (void)uid; (void)gid; errno = ENOSYS; return -1; }
