; RUN-OPTS: --use-aliases
; RULE: §4.3 §4.4 on Mach-O an alias with weak or linkonce linkage (ODR or not) is emitted as a local symbol (`.weak_reference NAME` and `NAME = TARGET`), so a folded function that would become one becomes a thunk, which stays a weak definition; an external alias is still written (docs/deviations.md)
; OPT22: @ext_b alias to @ext_a; @weak_c (weak) alias to @ext_a; @lo_d (linkonce_odr, `unnamed_addr`) replaced by @ext_a; @odr_x and @odr_y (linkonce_odr) aliases to a new private body. In the object, `_weak_c`, `_odr_x` and `_odr_y` are then local (`t`): another object calling `_weak_c` does not link, and a strong `_weak_c` elsewhere no longer takes over this object's calls
; TARGET: Mach-O (x86_64-apple-macosx), whose weak aliases are local symbols
; EXPECT: ext_b=alias->ext_a weak_c=alias->ext_a lo_d=erased odr_x=alias->new{odr_x,odr_y} odr_y=alias->new{odr_x,odr_y}
target triple = "x86_64-apple-macosx14.0.0"

define i32 @ext_a(i32 %x) unnamed_addr {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}

define i32 @ext_b(i32 %x) unnamed_addr {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}

define weak i32 @weak_c(i32 %x) unnamed_addr {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}

define linkonce_odr i32 @lo_d(i32 %x) unnamed_addr {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}

define linkonce_odr i32 @odr_x(i32 %x) unnamed_addr {
  %y = mul i32 %x, 5
  %z = sub i32 %y, 2
  ret i32 %z
}

define linkonce_odr i32 @odr_y(i32 %x) unnamed_addr {
  %y = mul i32 %x, 5
  %z = sub i32 %y, 2
  ret i32 %z
}

@addrs = global [5 x ptr] [ptr @ext_b, ptr @weak_c, ptr @lo_d, ptr @odr_x, ptr @odr_y]

define i32 @user(i32 %x) {
  %a = call i32 @weak_c(i32 %x)
  %b = call i32 @lo_d(i32 %a)
  %c = call i32 @odr_x(i32 %b)
  %d = call i32 @odr_y(i32 %c)
  ret i32 %d
}
