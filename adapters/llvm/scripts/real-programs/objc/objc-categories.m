#import "objc.h"

@implementation Point (Geometry)
- (long)manhattan {
  return (self.x < 0 ? -(long)self.x : self.x) + (self.y < 0 ? -(long)self.y : self.y);
}
- (long)doubled {
  return 2 * [self sum];
}
- (Point *)swapped {
  Point *p = [Point new];
  p.x = self.y;
  p.y = self.x;
  return p;
}
@end

@implementation Size (Geometry)
- (long)perimeter {
  return 2 * [self sum];
}
- (long)doubled {
  return 2 * [self sum];
}
@end
