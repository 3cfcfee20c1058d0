#import "objc.h"
#include <stdlib.h>

@implementation Root
+ (id)alloc {
  return class_createInstance(self, 0);
}
+ (id)new {
  return [[self alloc] init];
}
- (id)init {
  return self;
}
- (void)free {
  object_dispose(self);
}
+ (Class)class {
  return self;
}
- (Class)class {
  return object_getClass(self);
}
- (const char *)name {
  return class_getName(object_getClass(self));
}
- (BOOL)isKindOf:(Class)c {
  for (Class k = object_getClass(self); k; k = class_getSuperclass(k))
    if (k == c)
      return YES;
  return NO;
}
@end

@implementation Point
@synthesize x = _x, y = _y, tag = _tag;
- (long)sum {
  return (long)self.x + self.y;
}
- (long)product {
  return (long)self.x * self.y;
}
@end

@implementation Size
@synthesize width = _width, height = _height, tag = _tag;
- (long)sum {
  return (long)self.width + self.height;
}
- (long)area {
  return (long)self.width * self.height;
}
@end

@implementation UPoint
@synthesize x = _x, y = _y, tag = _tag;
- (long)sum {
  return (long)self.x + self.y;
}
@end

@implementation Box
@synthesize content = _content, weakContent = _weakContent, weight = _weight, ratio = _ratio;
@end

@implementation Counter
- (int)bump {
  return ++count;
}
- (int)bumpBy:(int)n {
  count += n;
  return count;
}
- (int)drop {
  return --count;
}
@end

@implementation Failure
@synthesize code = _code;
+ (id)failureWithCode:(int)c {
  Failure *f = [self new];
  f.code = c;
  return f;
}
@end
