; RULE: function multiversioning (target(...), target_clones): versions of one body for different instruction sets ("target-features", or "target-cpu" alone) never merge; twins of one target do, a `.default` clone folds into a plain function of the same attributes, and the resolvers of twin clone families (each returning its own clones) stay apart
; OPT22: @sum_avx2_b thunk to @sum_avx2_a; @mv_b.avx2.0 thunk to @mv_a.avx2.0; @mv_b.default.1 and @sum_plain (the same attributes as the `.default` clones) thunks to @mv_a.default.1; @sum_sse42, @sum_v3 (avx2 features, another target-cpu), @mv_c.sse4.2.0 and both resolvers stay
; EXPECT: sum_avx2_b=thunk->sum_avx2_a mv_b.avx2.0=thunk->mv_a.avx2.0 mv_b.default.1=thunk->mv_a.default.1 sum_plain=thunk->mv_a.default.1
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$mv_a.resolver = comdat any
$mv_b.resolver = comdat any

@__cpu_model = external dso_local global { i32, i32, i32, [1 x i32] }
@mv_a = weak_odr ifunc i64 (ptr, i32), ptr @mv_a.resolver
@mv_b = weak_odr ifunc i64 (ptr, i32), ptr @mv_b.resolver
declare void @__cpu_indicator_init()
define i64 @sum_avx2_a(ptr %p, i32 %n) #0 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 3
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define i64 @sum_avx2_b(ptr %p, i32 %n) #0 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 3
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define i64 @sum_sse42(ptr %p, i32 %n) #1 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 3
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define i64 @sum_v3(ptr %p, i32 %n) #3 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 3
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define i64 @sum_plain(ptr %p, i32 %n) #2 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 5
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define i64 @mv_a.avx2.0(ptr %p, i32 %n) #0 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 5
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define i64 @mv_a.default.1(ptr %p, i32 %n) #2 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 5
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define i64 @mv_b.avx2.0(ptr %p, i32 %n) #0 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 5
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define i64 @mv_b.default.1(ptr %p, i32 %n) #2 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 5
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define i64 @mv_c.sse4.2.0(ptr %p, i32 %n) #1 {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %ix = zext nneg i32 %i to i64
  %a = getelementptr inbounds nuw i32, ptr %p, i64 %ix
  %v = load i32, ptr %a, align 4
  %w = sext i32 %v to i64
  %m = mul nsw i64 %w, 5
  %h = ashr i32 %v, 3
  %hw = sext i32 %h to i64
  %t = add nsw i64 %m, %hw
  %s1 = add nsw i64 %t, %s
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ 0, %entry ], [ %s1, %loop ]
  ret i64 %r
}
define weak_odr ptr @mv_a.resolver() #9 comdat {
  call void @__cpu_indicator_init()
  %f = load i32, ptr getelementptr inbounds nuw (i8, ptr @__cpu_model, i64 12), align 4
  %b = and i32 %f, 1024
  %has = icmp ne i32 %b, 0
  %r = select i1 %has, ptr @mv_a.avx2.0, ptr @mv_a.default.1
  ret ptr %r
}
define weak_odr ptr @mv_b.resolver() #9 comdat {
  call void @__cpu_indicator_init()
  %f = load i32, ptr getelementptr inbounds nuw (i8, ptr @__cpu_model, i64 12), align 4
  %b = and i32 %f, 1024
  %has = icmp ne i32 %b, 0
  %r = select i1 %has, ptr @mv_b.avx2.0, ptr @mv_b.default.1
  ret ptr %r
}

attributes #0 = { nounwind "target-cpu"="x86-64" "target-features"="+avx,+avx2,+cmov,+crc32,+cx8,+fxsr,+mmx,+popcnt,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { nounwind "target-cpu"="x86-64" "target-features"="+cmov,+crc32,+cx8,+fxsr,+mmx,+popcnt,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87" }
attributes #2 = { nounwind "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nounwind "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+cmov,+crc32,+cx8,+fxsr,+mmx,+popcnt,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #9 = { nounwind }
