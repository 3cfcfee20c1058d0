/* Objective-C on GCC's runtime (libobjc): a root class of our own (the runtime has no
   NSObject), classes whose synthesized accessors read ivars at the same offsets, and the
   interfaces the three units share. The runtime's ABI is fragile: every property's ivar
   is declared in its class's interface (a property without one is not laid out, and
   the program crashes in libobjc). */
#include <objc/runtime.h>
#include <stdio.h>

__attribute__((objc_root_class))
@interface Root {
  Class isa;
}
+ (id)alloc;
+ (id)new;
- (id)init;
- (void)free;
+ (Class)class;
- (Class)class;
- (const char *)name;
- (BOOL)isKindOf:(Class)c;
@end

/* Point and Size: one layout, one set of accessors each */
@interface Point : Root {
  int _x, _y;
  long _tag;
}
@property int x;
@property int y;
@property(nonatomic) long tag;
- (long)sum;
- (long)product;
@end

@interface Size : Root {
  int _width, _height;
  long _tag;
}
@property int width;
@property int height;
@property(nonatomic) long tag;
- (long)sum;
- (long)area;
@end

/* Unsigned twins of Point: the same bits, another signedness in the source only */
@interface UPoint : Root {
  unsigned _x, _y;
  long _tag;
}
@property unsigned x;
@property unsigned y;
@property(nonatomic) long tag;
- (long)sum;
@end

/* object-typed, atomic and copy properties go through the runtime's accessors */
@interface Box : Root {
  id _content, _weakContent;
  double _weight;
  float _ratio;
}
@property(atomic, assign) id content;
@property(nonatomic, assign) id weakContent;
@property(atomic) double weight;
@property(atomic) float ratio;
@end

@interface Counter : Root {
@public
  int count;
}
- (int)bump;
- (int)bumpBy:(int)n;
- (int)drop;
@end

/* a category on Point and on Size, in another unit */
@interface Point (Geometry)
- (long)manhattan;
- (long)doubled;
- (Point *)swapped;
@end
@interface Size (Geometry)
- (long)perimeter;
- (long)doubled;
@end

@interface Failure : Root {
  int _code;
}
@property int code;
+ (id)failureWithCode:(int)c;
@end

void run_blocks(void);
void run_exceptions(void);
