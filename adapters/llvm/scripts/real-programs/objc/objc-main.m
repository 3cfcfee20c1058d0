#import "objc.h"
#include <Block.h>
#include <string.h>

/* blocks: literals capturing by value and by reference, copied to the heap, called
   through one signature; alike blocks in different functions */
typedef long (^LongOp)(long);

static LongOp make_adder(long k) {
  return Block_copy(^(long v) { return v + k; });
}
static LongOp make_scaler(long k) {
  return Block_copy(^(long v) { return v * k; });
}
static LongOp make_offset(long k) {
  return Block_copy(^(long v) { return v + k; });
}

static long fold(long *v, int n, long (^op)(long, long), long init) {
  long acc = init;
  for (int i = 0; i < n; i++)
    acc = op(acc, v[i]);
  return acc;
}

void run_blocks(void) {
  long v[6] = {3, -1, 4, -1, 5, -9};
  __block long calls = 0;
  long (^add)(long, long) = ^(long a, long b) { calls++; return a + b; };
  long (^mul)(long, long) = ^(long a, long b) { calls++; return a * b; };
  long (^mx)(long, long) = ^(long a, long b) { calls++; return a > b ? a : b; };
  long (^plus)(long, long) = ^(long a, long b) { calls++; return a + b; };
  printf("fold add=%ld mul=%ld max=%ld plus=%ld calls=%ld\n", fold(v, 6, add, 0), fold(v, 6, mul, 1),
         fold(v, 6, mx, -100), fold(v, 6, plus, 10), calls);
  LongOp ops[3] = {make_adder(7), make_scaler(7), make_offset(-7)};
  for (int i = 0; i < 3; i++) {
    printf("op%d: %ld %ld\n", i, ops[i](5), ops[i](-2));
    Block_release(ops[i]);
  }
  Point *p = [Point new];
  p.x = 2;
  p.y = 9;
  long (^reader)(void) = ^{ return [p sum] + [p product]; };
  printf("block over object: %ld\n", reader());
  [p free];
}

static void thrower(int c) {
  if (c > 2)
    @throw [Failure failureWithCode:c];
}

void run_exceptions(void) {
  for (int c = 1; c <= 4; c++) {
    @try {
      thrower(c);
      printf("code %d: no exception\n", c);
    } @catch (Failure *f) {
      printf("code %d: caught Failure %d\n", c, f.code);
      [f free];
    } @finally {
      printf("code %d: finally\n", c);
    }
  }
}

int main(void) {
  Point *p = [Point new];
  Size *s = [Size new];
  UPoint *u = [UPoint new];
  p.x = -3;
  p.y = 11;
  p.tag = 100;
  s.width = 4;
  s.height = 6;
  s.tag = 200;
  u.x = 4000000000u;
  u.y = 5;
  u.tag = 300;
  printf("point %d %d %ld sum=%ld product=%ld manhattan=%ld doubled=%ld\n", p.x, p.y, p.tag, [p sum],
         [p product], [p manhattan], [p doubled]);
  printf("size %d %d %ld sum=%ld area=%ld perimeter=%ld doubled=%ld\n", s.width, s.height, s.tag, [s sum],
         [s area], [s perimeter], [s doubled]);
  printf("upoint %u %u %ld sum=%ld\n", u.x, u.y, u.tag, [u sum]);
  Point *q = [p swapped];
  printf("swapped %d %d\n", q.x, q.y);
  printf("classes %s %s %s kind=%d %d\n", [p name], [s name], [u name], [p isKindOf:[Root class]],
         [p isKindOf:[Size class]]);
  /* the methods the runtime found: an IMP compared with another */
  IMP a = class_getMethodImplementation([Point class], @selector(sum));
  IMP b = class_getMethodImplementation([Size class], @selector(sum));
  IMP c = class_getMethodImplementation([Point class], @selector(doubled));
  IMP d = class_getMethodImplementation([Size class], @selector(doubled));
  printf("imps sum %s, doubled %s\n", a == b ? "one" : "two", c == d ? "one" : "two");
  Box *box = [Box new];
  box.content = p;
  box.weakContent = s;
  box.weight = 2.5;
  box.ratio = 0.25f;
  printf("box %s %s %.2f %.2f\n", [box.content name], [box.weakContent name], box.weight, (double)box.ratio);
  Counter *k = [Counter new];
  [k bump];
  [k bumpBy:5];
  [k drop];
  printf("counter %d\n", k->count);
  run_blocks();
  run_exceptions();
  [q free];
  [p free];
  [s free];
  [u free];
  [box free];
  [k free];
  return 0;
}
