; RULE: a landingpad's `cleanup` flag is compared (LLVM 22 does not): without it, the unwinder passes over the frame when no clause matches, so the pad's code does not run
; OPT22: @lp_cleanup becomes a thunk of @lp_catch_only, whose pad has no `cleanup`: the thrown double no longer stops there, so main prints "1 0" before the merge and "0 0" after it
; EXPECT: lp_cleanup=thunk->lp_catch_only
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@_ZTIi = external constant ptr
@_ZTId = external constant ptr
@count = global i32 0
@.fmt = private unnamed_addr constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)
declare ptr @__cxa_allocate_exception(i64)
declare void @__cxa_throw(ptr, ptr, ptr)
declare i32 @__gxx_personality_v0(...)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()

define void @throw_double() {
  %e = call ptr @__cxa_allocate_exception(i64 8)
  store double 1.0, ptr %e
  call void @__cxa_throw(ptr %e, ptr @_ZTId, ptr null)
  unreachable
}

; Counts the exception passing through (cleanup) although it only catches int.
define void @lp_cleanup() personality ptr @__gxx_personality_v0 {
  invoke void @throw_double() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup catch ptr @_ZTIi
  %n = load i32, ptr @count
  %n1 = add i32 %n, 1
  store i32 %n1, ptr @count
  resume { ptr, i32 } %l
}

define void @lp_catch_only() personality ptr @__gxx_personality_v0 {
  invoke void @throw_double() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } catch ptr @_ZTIi
  %n = load i32, ptr @count
  %n1 = add i32 %n, 1
  store i32 %n1, ptr @count
  resume { ptr, i32 } %l
}

; Runs f, catches whatever it throws, and returns how many pads counted it.
define i32 @run(ptr %f) personality ptr @__gxx_personality_v0 {
  store i32 0, ptr @count
  invoke void %f() to label %ok unwind label %lp
ok:
  ret i32 -1
lp:
  %l = landingpad { ptr, i32 } catch ptr null
  %e = extractvalue { ptr, i32 } %l, 0
  %x = call ptr @__cxa_begin_catch(ptr %e)
  call void @__cxa_end_catch()
  %n = load i32, ptr @count
  ret i32 %n
}

define i32 @main() {
  %a = call i32 @run(ptr @lp_cleanup)
  %b = call i32 @run(ptr @lp_catch_only)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a, i32 %b)
  ret i32 0
}
