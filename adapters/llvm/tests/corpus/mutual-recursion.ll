; RULE: mutually recursive pairs are not recognised: ping calls pong, ping2 calls pong2, two different globals (LLVM's documented cross-reference limitation)
; OPT22: nothing merged
; EXPECT:
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @ping(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %next
done:
  ret i32 0
next:
  %m = sub i32 %n, 1
  %r = call i32 @pong(i32 %m)
  %s = add i32 %r, 2
  ret i32 %s
}

define i32 @pong(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %next
done:
  ret i32 0
next:
  %m = sub i32 %n, 1
  %r = call i32 @ping(i32 %m)
  %s = add i32 %r, 2
  ret i32 %s
}

define i32 @ping2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %next
done:
  ret i32 0
next:
  %m = sub i32 %n, 1
  %r = call i32 @pong2(i32 %m)
  %s = add i32 %r, 2
  ret i32 %s
}

define i32 @pong2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %next
done:
  ret i32 0
next:
  %m = sub i32 %n, 1
  %r = call i32 @ping2(i32 %m)
  %s = add i32 %r, 2
  ret i32 %s
}

define i32 @main() {
  %a = call i32 @ping(i32 5)
  %b = call i32 @ping2(i32 6)
  %s = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
