// The library interpose-main.c's runs preload (LD_PRELOAD): compiled with -DSIDE=a it
// defines twin_a, weak_a and prot_a, with -DSIDE=b their `_b` twins, each returning what
// no original returns (the argument's negation less a marker per symbol).
#define CAT2(x, y) x##_##y
#define CAT(x, y) CAT2(x, y)
int CAT(twin, SIDE)(int x) { return -x - 100; }
int CAT(weak, SIDE)(int x) { return -x - 200; }
int CAT(prot, SIDE)(int x) { return -x - 300; }
