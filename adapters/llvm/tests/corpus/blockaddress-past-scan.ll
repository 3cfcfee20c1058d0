; RULE: block addresses of functions past 64 blocks (positions read from a table per layout, not by a search per address): a function of 66 blocks storing its own addresses merges with its copy (@s_b), not with one that stores two of them, past block 64, swapped (@s_c); addresses into a third function of 66 blocks compare by layout position on both sides of the 64-block scan (@u64_b merges with @u64_a; @u63 and @u65 stay apart)
; OPT22: @s_b thunk to @s_a; @s_c stays; @u64_b thunk to @u64_a; @u63 and @u65 stay
; EXPECT: s_b=thunk->s_a u64_b=thunk->u64_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
@slot = global ptr null

@tab = internal constant [66 x ptr] [ptr blockaddress(@t, %b0), ptr blockaddress(@t, %b1), ptr blockaddress(@t, %b2), ptr blockaddress(@t, %b3), ptr blockaddress(@t, %b4), ptr blockaddress(@t, %b5), ptr blockaddress(@t, %b6), ptr blockaddress(@t, %b7), ptr blockaddress(@t, %b8), ptr blockaddress(@t, %b9), ptr blockaddress(@t, %b10), ptr blockaddress(@t, %b11), ptr blockaddress(@t, %b12), ptr blockaddress(@t, %b13), ptr blockaddress(@t, %b14), ptr blockaddress(@t, %b15), ptr blockaddress(@t, %b16), ptr blockaddress(@t, %b17), ptr blockaddress(@t, %b18), ptr blockaddress(@t, %b19), ptr blockaddress(@t, %b20), ptr blockaddress(@t, %b21), ptr blockaddress(@t, %b22), ptr blockaddress(@t, %b23), ptr blockaddress(@t, %b24), ptr blockaddress(@t, %b25), ptr blockaddress(@t, %b26), ptr blockaddress(@t, %b27), ptr blockaddress(@t, %b28), ptr blockaddress(@t, %b29), ptr blockaddress(@t, %b30), ptr blockaddress(@t, %b31), ptr blockaddress(@t, %b32), ptr blockaddress(@t, %b33), ptr blockaddress(@t, %b34), ptr blockaddress(@t, %b35), ptr blockaddress(@t, %b36), ptr blockaddress(@t, %b37), ptr blockaddress(@t, %b38), ptr blockaddress(@t, %b39), ptr blockaddress(@t, %b40), ptr blockaddress(@t, %b41), ptr blockaddress(@t, %b42), ptr blockaddress(@t, %b43), ptr blockaddress(@t, %b44), ptr blockaddress(@t, %b45), ptr blockaddress(@t, %b46), ptr blockaddress(@t, %b47), ptr blockaddress(@t, %b48), ptr blockaddress(@t, %b49), ptr blockaddress(@t, %b50), ptr blockaddress(@t, %b51), ptr blockaddress(@t, %b52), ptr blockaddress(@t, %b53), ptr blockaddress(@t, %b54), ptr blockaddress(@t, %b55), ptr blockaddress(@t, %b56), ptr blockaddress(@t, %b57), ptr blockaddress(@t, %b58), ptr blockaddress(@t, %b59), ptr blockaddress(@t, %b60), ptr blockaddress(@t, %b61), ptr blockaddress(@t, %b62), ptr blockaddress(@t, %b63), ptr blockaddress(@t, %b64), ptr blockaddress(@t, %b65)]

define i32 @t(i32 %i) {
entry:
  %e = getelementptr [66 x ptr], ptr @tab, i32 0, i32 %i
  %p = load ptr, ptr %e
  indirectbr ptr %p, [label %b0, label %b1, label %b2, label %b3, label %b4, label %b5, label %b6, label %b7, label %b8, label %b9, label %b10, label %b11, label %b12, label %b13, label %b14, label %b15, label %b16, label %b17, label %b18, label %b19, label %b20, label %b21, label %b22, label %b23, label %b24, label %b25, label %b26, label %b27, label %b28, label %b29, label %b30, label %b31, label %b32, label %b33, label %b34, label %b35, label %b36, label %b37, label %b38, label %b39, label %b40, label %b41, label %b42, label %b43, label %b44, label %b45, label %b46, label %b47, label %b48, label %b49, label %b50, label %b51, label %b52, label %b53, label %b54, label %b55, label %b56, label %b57, label %b58, label %b59, label %b60, label %b61, label %b62, label %b63, label %b64, label %b65]
b0:
  ret i32 0
b1:
  ret i32 1
b2:
  ret i32 2
b3:
  ret i32 3
b4:
  ret i32 4
b5:
  ret i32 5
b6:
  ret i32 6
b7:
  ret i32 7
b8:
  ret i32 8
b9:
  ret i32 9
b10:
  ret i32 10
b11:
  ret i32 11
b12:
  ret i32 12
b13:
  ret i32 13
b14:
  ret i32 14
b15:
  ret i32 15
b16:
  ret i32 16
b17:
  ret i32 17
b18:
  ret i32 18
b19:
  ret i32 19
b20:
  ret i32 20
b21:
  ret i32 21
b22:
  ret i32 22
b23:
  ret i32 23
b24:
  ret i32 24
b25:
  ret i32 25
b26:
  ret i32 26
b27:
  ret i32 27
b28:
  ret i32 28
b29:
  ret i32 29
b30:
  ret i32 30
b31:
  ret i32 31
b32:
  ret i32 32
b33:
  ret i32 33
b34:
  ret i32 34
b35:
  ret i32 35
b36:
  ret i32 36
b37:
  ret i32 37
b38:
  ret i32 38
b39:
  ret i32 39
b40:
  ret i32 40
b41:
  ret i32 41
b42:
  ret i32 42
b43:
  ret i32 43
b44:
  ret i32 44
b45:
  ret i32 45
b46:
  ret i32 46
b47:
  ret i32 47
b48:
  ret i32 48
b49:
  ret i32 49
b50:
  ret i32 50
b51:
  ret i32 51
b52:
  ret i32 52
b53:
  ret i32 53
b54:
  ret i32 54
b55:
  ret i32 55
b56:
  ret i32 56
b57:
  ret i32 57
b58:
  ret i32 58
b59:
  ret i32 59
b60:
  ret i32 60
b61:
  ret i32 61
b62:
  ret i32 62
b63:
  ret i32 63
b64:
  ret i32 64
b65:
  ret i32 65
}

define void @s_a(i1 %c) {
entry:
  br label %b0
b0:
  store volatile ptr blockaddress(@s_a, %b0), ptr @slot
  br i1 %c, label %out, label %b1
b1:
  store volatile ptr blockaddress(@s_a, %b1), ptr @slot
  br i1 %c, label %out, label %b2
b2:
  store volatile ptr blockaddress(@s_a, %b2), ptr @slot
  br i1 %c, label %out, label %b3
b3:
  store volatile ptr blockaddress(@s_a, %b3), ptr @slot
  br i1 %c, label %out, label %b4
b4:
  store volatile ptr blockaddress(@s_a, %b4), ptr @slot
  br i1 %c, label %out, label %b5
b5:
  store volatile ptr blockaddress(@s_a, %b5), ptr @slot
  br i1 %c, label %out, label %b6
b6:
  store volatile ptr blockaddress(@s_a, %b6), ptr @slot
  br i1 %c, label %out, label %b7
b7:
  store volatile ptr blockaddress(@s_a, %b7), ptr @slot
  br i1 %c, label %out, label %b8
b8:
  store volatile ptr blockaddress(@s_a, %b8), ptr @slot
  br i1 %c, label %out, label %b9
b9:
  store volatile ptr blockaddress(@s_a, %b9), ptr @slot
  br i1 %c, label %out, label %b10
b10:
  store volatile ptr blockaddress(@s_a, %b10), ptr @slot
  br i1 %c, label %out, label %b11
b11:
  store volatile ptr blockaddress(@s_a, %b11), ptr @slot
  br i1 %c, label %out, label %b12
b12:
  store volatile ptr blockaddress(@s_a, %b12), ptr @slot
  br i1 %c, label %out, label %b13
b13:
  store volatile ptr blockaddress(@s_a, %b13), ptr @slot
  br i1 %c, label %out, label %b14
b14:
  store volatile ptr blockaddress(@s_a, %b14), ptr @slot
  br i1 %c, label %out, label %b15
b15:
  store volatile ptr blockaddress(@s_a, %b15), ptr @slot
  br i1 %c, label %out, label %b16
b16:
  store volatile ptr blockaddress(@s_a, %b16), ptr @slot
  br i1 %c, label %out, label %b17
b17:
  store volatile ptr blockaddress(@s_a, %b17), ptr @slot
  br i1 %c, label %out, label %b18
b18:
  store volatile ptr blockaddress(@s_a, %b18), ptr @slot
  br i1 %c, label %out, label %b19
b19:
  store volatile ptr blockaddress(@s_a, %b19), ptr @slot
  br i1 %c, label %out, label %b20
b20:
  store volatile ptr blockaddress(@s_a, %b20), ptr @slot
  br i1 %c, label %out, label %b21
b21:
  store volatile ptr blockaddress(@s_a, %b21), ptr @slot
  br i1 %c, label %out, label %b22
b22:
  store volatile ptr blockaddress(@s_a, %b22), ptr @slot
  br i1 %c, label %out, label %b23
b23:
  store volatile ptr blockaddress(@s_a, %b23), ptr @slot
  br i1 %c, label %out, label %b24
b24:
  store volatile ptr blockaddress(@s_a, %b24), ptr @slot
  br i1 %c, label %out, label %b25
b25:
  store volatile ptr blockaddress(@s_a, %b25), ptr @slot
  br i1 %c, label %out, label %b26
b26:
  store volatile ptr blockaddress(@s_a, %b26), ptr @slot
  br i1 %c, label %out, label %b27
b27:
  store volatile ptr blockaddress(@s_a, %b27), ptr @slot
  br i1 %c, label %out, label %b28
b28:
  store volatile ptr blockaddress(@s_a, %b28), ptr @slot
  br i1 %c, label %out, label %b29
b29:
  store volatile ptr blockaddress(@s_a, %b29), ptr @slot
  br i1 %c, label %out, label %b30
b30:
  store volatile ptr blockaddress(@s_a, %b30), ptr @slot
  br i1 %c, label %out, label %b31
b31:
  store volatile ptr blockaddress(@s_a, %b31), ptr @slot
  br i1 %c, label %out, label %b32
b32:
  store volatile ptr blockaddress(@s_a, %b32), ptr @slot
  br i1 %c, label %out, label %b33
b33:
  store volatile ptr blockaddress(@s_a, %b33), ptr @slot
  br i1 %c, label %out, label %b34
b34:
  store volatile ptr blockaddress(@s_a, %b34), ptr @slot
  br i1 %c, label %out, label %b35
b35:
  store volatile ptr blockaddress(@s_a, %b35), ptr @slot
  br i1 %c, label %out, label %b36
b36:
  store volatile ptr blockaddress(@s_a, %b36), ptr @slot
  br i1 %c, label %out, label %b37
b37:
  store volatile ptr blockaddress(@s_a, %b37), ptr @slot
  br i1 %c, label %out, label %b38
b38:
  store volatile ptr blockaddress(@s_a, %b38), ptr @slot
  br i1 %c, label %out, label %b39
b39:
  store volatile ptr blockaddress(@s_a, %b39), ptr @slot
  br i1 %c, label %out, label %b40
b40:
  store volatile ptr blockaddress(@s_a, %b40), ptr @slot
  br i1 %c, label %out, label %b41
b41:
  store volatile ptr blockaddress(@s_a, %b41), ptr @slot
  br i1 %c, label %out, label %b42
b42:
  store volatile ptr blockaddress(@s_a, %b42), ptr @slot
  br i1 %c, label %out, label %b43
b43:
  store volatile ptr blockaddress(@s_a, %b43), ptr @slot
  br i1 %c, label %out, label %b44
b44:
  store volatile ptr blockaddress(@s_a, %b44), ptr @slot
  br i1 %c, label %out, label %b45
b45:
  store volatile ptr blockaddress(@s_a, %b45), ptr @slot
  br i1 %c, label %out, label %b46
b46:
  store volatile ptr blockaddress(@s_a, %b46), ptr @slot
  br i1 %c, label %out, label %b47
b47:
  store volatile ptr blockaddress(@s_a, %b47), ptr @slot
  br i1 %c, label %out, label %b48
b48:
  store volatile ptr blockaddress(@s_a, %b48), ptr @slot
  br i1 %c, label %out, label %b49
b49:
  store volatile ptr blockaddress(@s_a, %b49), ptr @slot
  br i1 %c, label %out, label %b50
b50:
  store volatile ptr blockaddress(@s_a, %b50), ptr @slot
  br i1 %c, label %out, label %b51
b51:
  store volatile ptr blockaddress(@s_a, %b51), ptr @slot
  br i1 %c, label %out, label %b52
b52:
  store volatile ptr blockaddress(@s_a, %b52), ptr @slot
  br i1 %c, label %out, label %b53
b53:
  store volatile ptr blockaddress(@s_a, %b53), ptr @slot
  br i1 %c, label %out, label %b54
b54:
  store volatile ptr blockaddress(@s_a, %b54), ptr @slot
  br i1 %c, label %out, label %b55
b55:
  store volatile ptr blockaddress(@s_a, %b55), ptr @slot
  br i1 %c, label %out, label %b56
b56:
  store volatile ptr blockaddress(@s_a, %b56), ptr @slot
  br i1 %c, label %out, label %b57
b57:
  store volatile ptr blockaddress(@s_a, %b57), ptr @slot
  br i1 %c, label %out, label %b58
b58:
  store volatile ptr blockaddress(@s_a, %b58), ptr @slot
  br i1 %c, label %out, label %b59
b59:
  store volatile ptr blockaddress(@s_a, %b59), ptr @slot
  br i1 %c, label %out, label %b60
b60:
  store volatile ptr blockaddress(@s_a, %b60), ptr @slot
  br i1 %c, label %out, label %b61
b61:
  store volatile ptr blockaddress(@s_a, %b61), ptr @slot
  br i1 %c, label %out, label %b62
b62:
  store volatile ptr blockaddress(@s_a, %b62), ptr @slot
  br i1 %c, label %out, label %b63
b63:
  store volatile ptr blockaddress(@s_a, %b63), ptr @slot
  br i1 %c, label %out, label %b64
b64:
  store volatile ptr blockaddress(@s_a, %b64), ptr @slot
  br i1 %c, label %out, label %b65
b65:
  store volatile ptr blockaddress(@s_a, %b65), ptr @slot
  br i1 %c, label %out, label %b66
b66:
  ret void
out:
  ret void
}

define void @s_b(i1 %c) {
entry:
  br label %b0
b0:
  store volatile ptr blockaddress(@s_b, %b0), ptr @slot
  br i1 %c, label %out, label %b1
b1:
  store volatile ptr blockaddress(@s_b, %b1), ptr @slot
  br i1 %c, label %out, label %b2
b2:
  store volatile ptr blockaddress(@s_b, %b2), ptr @slot
  br i1 %c, label %out, label %b3
b3:
  store volatile ptr blockaddress(@s_b, %b3), ptr @slot
  br i1 %c, label %out, label %b4
b4:
  store volatile ptr blockaddress(@s_b, %b4), ptr @slot
  br i1 %c, label %out, label %b5
b5:
  store volatile ptr blockaddress(@s_b, %b5), ptr @slot
  br i1 %c, label %out, label %b6
b6:
  store volatile ptr blockaddress(@s_b, %b6), ptr @slot
  br i1 %c, label %out, label %b7
b7:
  store volatile ptr blockaddress(@s_b, %b7), ptr @slot
  br i1 %c, label %out, label %b8
b8:
  store volatile ptr blockaddress(@s_b, %b8), ptr @slot
  br i1 %c, label %out, label %b9
b9:
  store volatile ptr blockaddress(@s_b, %b9), ptr @slot
  br i1 %c, label %out, label %b10
b10:
  store volatile ptr blockaddress(@s_b, %b10), ptr @slot
  br i1 %c, label %out, label %b11
b11:
  store volatile ptr blockaddress(@s_b, %b11), ptr @slot
  br i1 %c, label %out, label %b12
b12:
  store volatile ptr blockaddress(@s_b, %b12), ptr @slot
  br i1 %c, label %out, label %b13
b13:
  store volatile ptr blockaddress(@s_b, %b13), ptr @slot
  br i1 %c, label %out, label %b14
b14:
  store volatile ptr blockaddress(@s_b, %b14), ptr @slot
  br i1 %c, label %out, label %b15
b15:
  store volatile ptr blockaddress(@s_b, %b15), ptr @slot
  br i1 %c, label %out, label %b16
b16:
  store volatile ptr blockaddress(@s_b, %b16), ptr @slot
  br i1 %c, label %out, label %b17
b17:
  store volatile ptr blockaddress(@s_b, %b17), ptr @slot
  br i1 %c, label %out, label %b18
b18:
  store volatile ptr blockaddress(@s_b, %b18), ptr @slot
  br i1 %c, label %out, label %b19
b19:
  store volatile ptr blockaddress(@s_b, %b19), ptr @slot
  br i1 %c, label %out, label %b20
b20:
  store volatile ptr blockaddress(@s_b, %b20), ptr @slot
  br i1 %c, label %out, label %b21
b21:
  store volatile ptr blockaddress(@s_b, %b21), ptr @slot
  br i1 %c, label %out, label %b22
b22:
  store volatile ptr blockaddress(@s_b, %b22), ptr @slot
  br i1 %c, label %out, label %b23
b23:
  store volatile ptr blockaddress(@s_b, %b23), ptr @slot
  br i1 %c, label %out, label %b24
b24:
  store volatile ptr blockaddress(@s_b, %b24), ptr @slot
  br i1 %c, label %out, label %b25
b25:
  store volatile ptr blockaddress(@s_b, %b25), ptr @slot
  br i1 %c, label %out, label %b26
b26:
  store volatile ptr blockaddress(@s_b, %b26), ptr @slot
  br i1 %c, label %out, label %b27
b27:
  store volatile ptr blockaddress(@s_b, %b27), ptr @slot
  br i1 %c, label %out, label %b28
b28:
  store volatile ptr blockaddress(@s_b, %b28), ptr @slot
  br i1 %c, label %out, label %b29
b29:
  store volatile ptr blockaddress(@s_b, %b29), ptr @slot
  br i1 %c, label %out, label %b30
b30:
  store volatile ptr blockaddress(@s_b, %b30), ptr @slot
  br i1 %c, label %out, label %b31
b31:
  store volatile ptr blockaddress(@s_b, %b31), ptr @slot
  br i1 %c, label %out, label %b32
b32:
  store volatile ptr blockaddress(@s_b, %b32), ptr @slot
  br i1 %c, label %out, label %b33
b33:
  store volatile ptr blockaddress(@s_b, %b33), ptr @slot
  br i1 %c, label %out, label %b34
b34:
  store volatile ptr blockaddress(@s_b, %b34), ptr @slot
  br i1 %c, label %out, label %b35
b35:
  store volatile ptr blockaddress(@s_b, %b35), ptr @slot
  br i1 %c, label %out, label %b36
b36:
  store volatile ptr blockaddress(@s_b, %b36), ptr @slot
  br i1 %c, label %out, label %b37
b37:
  store volatile ptr blockaddress(@s_b, %b37), ptr @slot
  br i1 %c, label %out, label %b38
b38:
  store volatile ptr blockaddress(@s_b, %b38), ptr @slot
  br i1 %c, label %out, label %b39
b39:
  store volatile ptr blockaddress(@s_b, %b39), ptr @slot
  br i1 %c, label %out, label %b40
b40:
  store volatile ptr blockaddress(@s_b, %b40), ptr @slot
  br i1 %c, label %out, label %b41
b41:
  store volatile ptr blockaddress(@s_b, %b41), ptr @slot
  br i1 %c, label %out, label %b42
b42:
  store volatile ptr blockaddress(@s_b, %b42), ptr @slot
  br i1 %c, label %out, label %b43
b43:
  store volatile ptr blockaddress(@s_b, %b43), ptr @slot
  br i1 %c, label %out, label %b44
b44:
  store volatile ptr blockaddress(@s_b, %b44), ptr @slot
  br i1 %c, label %out, label %b45
b45:
  store volatile ptr blockaddress(@s_b, %b45), ptr @slot
  br i1 %c, label %out, label %b46
b46:
  store volatile ptr blockaddress(@s_b, %b46), ptr @slot
  br i1 %c, label %out, label %b47
b47:
  store volatile ptr blockaddress(@s_b, %b47), ptr @slot
  br i1 %c, label %out, label %b48
b48:
  store volatile ptr blockaddress(@s_b, %b48), ptr @slot
  br i1 %c, label %out, label %b49
b49:
  store volatile ptr blockaddress(@s_b, %b49), ptr @slot
  br i1 %c, label %out, label %b50
b50:
  store volatile ptr blockaddress(@s_b, %b50), ptr @slot
  br i1 %c, label %out, label %b51
b51:
  store volatile ptr blockaddress(@s_b, %b51), ptr @slot
  br i1 %c, label %out, label %b52
b52:
  store volatile ptr blockaddress(@s_b, %b52), ptr @slot
  br i1 %c, label %out, label %b53
b53:
  store volatile ptr blockaddress(@s_b, %b53), ptr @slot
  br i1 %c, label %out, label %b54
b54:
  store volatile ptr blockaddress(@s_b, %b54), ptr @slot
  br i1 %c, label %out, label %b55
b55:
  store volatile ptr blockaddress(@s_b, %b55), ptr @slot
  br i1 %c, label %out, label %b56
b56:
  store volatile ptr blockaddress(@s_b, %b56), ptr @slot
  br i1 %c, label %out, label %b57
b57:
  store volatile ptr blockaddress(@s_b, %b57), ptr @slot
  br i1 %c, label %out, label %b58
b58:
  store volatile ptr blockaddress(@s_b, %b58), ptr @slot
  br i1 %c, label %out, label %b59
b59:
  store volatile ptr blockaddress(@s_b, %b59), ptr @slot
  br i1 %c, label %out, label %b60
b60:
  store volatile ptr blockaddress(@s_b, %b60), ptr @slot
  br i1 %c, label %out, label %b61
b61:
  store volatile ptr blockaddress(@s_b, %b61), ptr @slot
  br i1 %c, label %out, label %b62
b62:
  store volatile ptr blockaddress(@s_b, %b62), ptr @slot
  br i1 %c, label %out, label %b63
b63:
  store volatile ptr blockaddress(@s_b, %b63), ptr @slot
  br i1 %c, label %out, label %b64
b64:
  store volatile ptr blockaddress(@s_b, %b64), ptr @slot
  br i1 %c, label %out, label %b65
b65:
  store volatile ptr blockaddress(@s_b, %b65), ptr @slot
  br i1 %c, label %out, label %b66
b66:
  ret void
out:
  ret void
}

define void @s_c(i1 %c) {
entry:
  br label %b0
b0:
  store volatile ptr blockaddress(@s_c, %b0), ptr @slot
  br i1 %c, label %out, label %b1
b1:
  store volatile ptr blockaddress(@s_c, %b1), ptr @slot
  br i1 %c, label %out, label %b2
b2:
  store volatile ptr blockaddress(@s_c, %b2), ptr @slot
  br i1 %c, label %out, label %b3
b3:
  store volatile ptr blockaddress(@s_c, %b3), ptr @slot
  br i1 %c, label %out, label %b4
b4:
  store volatile ptr blockaddress(@s_c, %b4), ptr @slot
  br i1 %c, label %out, label %b5
b5:
  store volatile ptr blockaddress(@s_c, %b5), ptr @slot
  br i1 %c, label %out, label %b6
b6:
  store volatile ptr blockaddress(@s_c, %b6), ptr @slot
  br i1 %c, label %out, label %b7
b7:
  store volatile ptr blockaddress(@s_c, %b7), ptr @slot
  br i1 %c, label %out, label %b8
b8:
  store volatile ptr blockaddress(@s_c, %b8), ptr @slot
  br i1 %c, label %out, label %b9
b9:
  store volatile ptr blockaddress(@s_c, %b9), ptr @slot
  br i1 %c, label %out, label %b10
b10:
  store volatile ptr blockaddress(@s_c, %b10), ptr @slot
  br i1 %c, label %out, label %b11
b11:
  store volatile ptr blockaddress(@s_c, %b11), ptr @slot
  br i1 %c, label %out, label %b12
b12:
  store volatile ptr blockaddress(@s_c, %b12), ptr @slot
  br i1 %c, label %out, label %b13
b13:
  store volatile ptr blockaddress(@s_c, %b13), ptr @slot
  br i1 %c, label %out, label %b14
b14:
  store volatile ptr blockaddress(@s_c, %b14), ptr @slot
  br i1 %c, label %out, label %b15
b15:
  store volatile ptr blockaddress(@s_c, %b15), ptr @slot
  br i1 %c, label %out, label %b16
b16:
  store volatile ptr blockaddress(@s_c, %b16), ptr @slot
  br i1 %c, label %out, label %b17
b17:
  store volatile ptr blockaddress(@s_c, %b17), ptr @slot
  br i1 %c, label %out, label %b18
b18:
  store volatile ptr blockaddress(@s_c, %b18), ptr @slot
  br i1 %c, label %out, label %b19
b19:
  store volatile ptr blockaddress(@s_c, %b19), ptr @slot
  br i1 %c, label %out, label %b20
b20:
  store volatile ptr blockaddress(@s_c, %b20), ptr @slot
  br i1 %c, label %out, label %b21
b21:
  store volatile ptr blockaddress(@s_c, %b21), ptr @slot
  br i1 %c, label %out, label %b22
b22:
  store volatile ptr blockaddress(@s_c, %b22), ptr @slot
  br i1 %c, label %out, label %b23
b23:
  store volatile ptr blockaddress(@s_c, %b23), ptr @slot
  br i1 %c, label %out, label %b24
b24:
  store volatile ptr blockaddress(@s_c, %b24), ptr @slot
  br i1 %c, label %out, label %b25
b25:
  store volatile ptr blockaddress(@s_c, %b25), ptr @slot
  br i1 %c, label %out, label %b26
b26:
  store volatile ptr blockaddress(@s_c, %b26), ptr @slot
  br i1 %c, label %out, label %b27
b27:
  store volatile ptr blockaddress(@s_c, %b27), ptr @slot
  br i1 %c, label %out, label %b28
b28:
  store volatile ptr blockaddress(@s_c, %b28), ptr @slot
  br i1 %c, label %out, label %b29
b29:
  store volatile ptr blockaddress(@s_c, %b29), ptr @slot
  br i1 %c, label %out, label %b30
b30:
  store volatile ptr blockaddress(@s_c, %b30), ptr @slot
  br i1 %c, label %out, label %b31
b31:
  store volatile ptr blockaddress(@s_c, %b31), ptr @slot
  br i1 %c, label %out, label %b32
b32:
  store volatile ptr blockaddress(@s_c, %b32), ptr @slot
  br i1 %c, label %out, label %b33
b33:
  store volatile ptr blockaddress(@s_c, %b33), ptr @slot
  br i1 %c, label %out, label %b34
b34:
  store volatile ptr blockaddress(@s_c, %b34), ptr @slot
  br i1 %c, label %out, label %b35
b35:
  store volatile ptr blockaddress(@s_c, %b35), ptr @slot
  br i1 %c, label %out, label %b36
b36:
  store volatile ptr blockaddress(@s_c, %b36), ptr @slot
  br i1 %c, label %out, label %b37
b37:
  store volatile ptr blockaddress(@s_c, %b37), ptr @slot
  br i1 %c, label %out, label %b38
b38:
  store volatile ptr blockaddress(@s_c, %b38), ptr @slot
  br i1 %c, label %out, label %b39
b39:
  store volatile ptr blockaddress(@s_c, %b39), ptr @slot
  br i1 %c, label %out, label %b40
b40:
  store volatile ptr blockaddress(@s_c, %b40), ptr @slot
  br i1 %c, label %out, label %b41
b41:
  store volatile ptr blockaddress(@s_c, %b41), ptr @slot
  br i1 %c, label %out, label %b42
b42:
  store volatile ptr blockaddress(@s_c, %b42), ptr @slot
  br i1 %c, label %out, label %b43
b43:
  store volatile ptr blockaddress(@s_c, %b43), ptr @slot
  br i1 %c, label %out, label %b44
b44:
  store volatile ptr blockaddress(@s_c, %b44), ptr @slot
  br i1 %c, label %out, label %b45
b45:
  store volatile ptr blockaddress(@s_c, %b45), ptr @slot
  br i1 %c, label %out, label %b46
b46:
  store volatile ptr blockaddress(@s_c, %b46), ptr @slot
  br i1 %c, label %out, label %b47
b47:
  store volatile ptr blockaddress(@s_c, %b47), ptr @slot
  br i1 %c, label %out, label %b48
b48:
  store volatile ptr blockaddress(@s_c, %b48), ptr @slot
  br i1 %c, label %out, label %b49
b49:
  store volatile ptr blockaddress(@s_c, %b49), ptr @slot
  br i1 %c, label %out, label %b50
b50:
  store volatile ptr blockaddress(@s_c, %b50), ptr @slot
  br i1 %c, label %out, label %b51
b51:
  store volatile ptr blockaddress(@s_c, %b51), ptr @slot
  br i1 %c, label %out, label %b52
b52:
  store volatile ptr blockaddress(@s_c, %b52), ptr @slot
  br i1 %c, label %out, label %b53
b53:
  store volatile ptr blockaddress(@s_c, %b53), ptr @slot
  br i1 %c, label %out, label %b54
b54:
  store volatile ptr blockaddress(@s_c, %b54), ptr @slot
  br i1 %c, label %out, label %b55
b55:
  store volatile ptr blockaddress(@s_c, %b55), ptr @slot
  br i1 %c, label %out, label %b56
b56:
  store volatile ptr blockaddress(@s_c, %b56), ptr @slot
  br i1 %c, label %out, label %b57
b57:
  store volatile ptr blockaddress(@s_c, %b57), ptr @slot
  br i1 %c, label %out, label %b58
b58:
  store volatile ptr blockaddress(@s_c, %b58), ptr @slot
  br i1 %c, label %out, label %b59
b59:
  store volatile ptr blockaddress(@s_c, %b59), ptr @slot
  br i1 %c, label %out, label %b60
b60:
  store volatile ptr blockaddress(@s_c, %b60), ptr @slot
  br i1 %c, label %out, label %b61
b61:
  store volatile ptr blockaddress(@s_c, %b61), ptr @slot
  br i1 %c, label %out, label %b62
b62:
  store volatile ptr blockaddress(@s_c, %b62), ptr @slot
  br i1 %c, label %out, label %b63
b63:
  store volatile ptr blockaddress(@s_c, %b63), ptr @slot
  br i1 %c, label %out, label %b64
b64:
  store volatile ptr blockaddress(@s_c, %b65), ptr @slot
  br i1 %c, label %out, label %b65
b65:
  store volatile ptr blockaddress(@s_c, %b64), ptr @slot
  br i1 %c, label %out, label %b66
b66:
  ret void
out:
  ret void
}

define i32 @u63(ptr %out, i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  store i32 %z, ptr %out
  store ptr blockaddress(@t, %b63), ptr @slot
  ret i32 %z
}

define i32 @u64_a(ptr %out, i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  store i32 %z, ptr %out
  store ptr blockaddress(@t, %b64), ptr @slot
  ret i32 %z
}

define i32 @u64_b(ptr %out, i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  store i32 %z, ptr %out
  store ptr blockaddress(@t, %b64), ptr @slot
  ret i32 %z
}

define i32 @u65(ptr %out, i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  store i32 %z, ptr %out
  store ptr blockaddress(@t, %b65), ptr @slot
  ret i32 %z
}

define i32 @main() {
  %buf = alloca i32
  call void @s_b(i1 true)
  call void @s_c(i1 false)
  %r0 = call i32 @t(i32 65)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %r0)
  %r1 = call i32 @t(i32 64)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %r1)
  %r2 = call i32 @u64_b(ptr %buf, i32 2)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %r2)
  %r3 = call i32 @u65(ptr %buf, i32 5)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %r3)
  %sv = load ptr, ptr @slot
  %same = icmp eq ptr %sv, blockaddress(@t, %b65)
  %si = zext i1 %same to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %si)
  ret i32 0
}
