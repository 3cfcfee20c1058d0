// The driver of real-programs.py's `classes-cxx`.
#include <cstdio>
void coroutine_families(int seed);
void thread_local_families(int seed);
void visitor_families(int seed);
int main() {
  static volatile int seeds[] = {1, 6, 13};
  for (int i = 0; i < 3; i++) {
    std::printf("== seed %d\n", seeds[i]);
    coroutine_families(seeds[i]);
    thread_local_families(seeds[i]);
    visitor_families(seeds[i]);
  }
  return 0;
}
