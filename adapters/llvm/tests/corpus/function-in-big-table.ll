; RULE: a function named in big constants (a 300-entry table, constant expressions) folds like any other: the thunk keeps the folded function's name, place at the end of the module and every use in the table; an internal duplicate whose address is in the table becomes a thunk too
; OPT22: @b0..@b9 become thunks to @a0..@a9 (appended at the end); @lb a thunk to @la; the table and @ints still name every thunk
; EXPECT: b0=thunk->a0 b1=thunk->a1 b2=thunk->a2 b3=thunk->a3 b4=thunk->a4 b5=thunk->a5 b6=thunk->a6 b7=thunk->a7 b8=thunk->a8 b9=thunk->a9 lb=thunk->la
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
define i32 @t0(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}
define i32 @t1(i32 %x) {
  %y = mul i32 %x, 4
  ret i32 %y
}
define i32 @t2(i32 %x) {
  %y = mul i32 %x, 5
  ret i32 %y
}
define i32 @t3(i32 %x) {
  %y = mul i32 %x, 6
  ret i32 %y
}
define i32 @t4(i32 %x) {
  %y = mul i32 %x, 7
  ret i32 %y
}
define i32 @t5(i32 %x) {
  %y = mul i32 %x, 8
  ret i32 %y
}
define i32 @t6(i32 %x) {
  %y = mul i32 %x, 9
  ret i32 %y
}
define i32 @t7(i32 %x) {
  %y = mul i32 %x, 10
  ret i32 %y
}
define i32 @t8(i32 %x) {
  %y = mul i32 %x, 11
  ret i32 %y
}
define i32 @t9(i32 %x) {
  %y = mul i32 %x, 12
  ret i32 %y
}
define i32 @t10(i32 %x) {
  %y = mul i32 %x, 13
  ret i32 %y
}
define i32 @t11(i32 %x) {
  %y = mul i32 %x, 14
  ret i32 %y
}
define i32 @t12(i32 %x) {
  %y = mul i32 %x, 15
  ret i32 %y
}
define i32 @t13(i32 %x) {
  %y = mul i32 %x, 16
  ret i32 %y
}
define i32 @t14(i32 %x) {
  %y = mul i32 %x, 17
  ret i32 %y
}
define i32 @t15(i32 %x) {
  %y = mul i32 %x, 18
  ret i32 %y
}
define i32 @t16(i32 %x) {
  %y = mul i32 %x, 19
  ret i32 %y
}
define i32 @t17(i32 %x) {
  %y = mul i32 %x, 20
  ret i32 %y
}
define i32 @t18(i32 %x) {
  %y = mul i32 %x, 21
  ret i32 %y
}
define i32 @t19(i32 %x) {
  %y = mul i32 %x, 22
  ret i32 %y
}
define i32 @t20(i32 %x) {
  %y = mul i32 %x, 23
  ret i32 %y
}
define i32 @t21(i32 %x) {
  %y = mul i32 %x, 24
  ret i32 %y
}
define i32 @t22(i32 %x) {
  %y = mul i32 %x, 25
  ret i32 %y
}
define i32 @t23(i32 %x) {
  %y = mul i32 %x, 26
  ret i32 %y
}
define i32 @t24(i32 %x) {
  %y = mul i32 %x, 27
  ret i32 %y
}
define i32 @t25(i32 %x) {
  %y = mul i32 %x, 28
  ret i32 %y
}
define i32 @t26(i32 %x) {
  %y = mul i32 %x, 29
  ret i32 %y
}
define i32 @t27(i32 %x) {
  %y = mul i32 %x, 30
  ret i32 %y
}
define i32 @t28(i32 %x) {
  %y = mul i32 %x, 31
  ret i32 %y
}
define i32 @t29(i32 %x) {
  %y = mul i32 %x, 32
  ret i32 %y
}
define i32 @t30(i32 %x) {
  %y = mul i32 %x, 33
  ret i32 %y
}
define i32 @t31(i32 %x) {
  %y = mul i32 %x, 34
  ret i32 %y
}
define i32 @t32(i32 %x) {
  %y = mul i32 %x, 35
  ret i32 %y
}
define i32 @t33(i32 %x) {
  %y = mul i32 %x, 36
  ret i32 %y
}
define i32 @t34(i32 %x) {
  %y = mul i32 %x, 37
  ret i32 %y
}
define i32 @t35(i32 %x) {
  %y = mul i32 %x, 38
  ret i32 %y
}
define i32 @t36(i32 %x) {
  %y = mul i32 %x, 39
  ret i32 %y
}
define i32 @t37(i32 %x) {
  %y = mul i32 %x, 40
  ret i32 %y
}
define i32 @t38(i32 %x) {
  %y = mul i32 %x, 41
  ret i32 %y
}
define i32 @t39(i32 %x) {
  %y = mul i32 %x, 42
  ret i32 %y
}
define i32 @t40(i32 %x) {
  %y = mul i32 %x, 43
  ret i32 %y
}
define i32 @t41(i32 %x) {
  %y = mul i32 %x, 44
  ret i32 %y
}
define i32 @t42(i32 %x) {
  %y = mul i32 %x, 45
  ret i32 %y
}
define i32 @t43(i32 %x) {
  %y = mul i32 %x, 46
  ret i32 %y
}
define i32 @t44(i32 %x) {
  %y = mul i32 %x, 47
  ret i32 %y
}
define i32 @t45(i32 %x) {
  %y = mul i32 %x, 48
  ret i32 %y
}
define i32 @t46(i32 %x) {
  %y = mul i32 %x, 49
  ret i32 %y
}
define i32 @t47(i32 %x) {
  %y = mul i32 %x, 50
  ret i32 %y
}
define i32 @t48(i32 %x) {
  %y = mul i32 %x, 51
  ret i32 %y
}
define i32 @t49(i32 %x) {
  %y = mul i32 %x, 52
  ret i32 %y
}
define i32 @t50(i32 %x) {
  %y = mul i32 %x, 53
  ret i32 %y
}
define i32 @t51(i32 %x) {
  %y = mul i32 %x, 54
  ret i32 %y
}
define i32 @t52(i32 %x) {
  %y = mul i32 %x, 55
  ret i32 %y
}
define i32 @t53(i32 %x) {
  %y = mul i32 %x, 56
  ret i32 %y
}
define i32 @t54(i32 %x) {
  %y = mul i32 %x, 57
  ret i32 %y
}
define i32 @t55(i32 %x) {
  %y = mul i32 %x, 58
  ret i32 %y
}
define i32 @t56(i32 %x) {
  %y = mul i32 %x, 59
  ret i32 %y
}
define i32 @t57(i32 %x) {
  %y = mul i32 %x, 60
  ret i32 %y
}
define i32 @t58(i32 %x) {
  %y = mul i32 %x, 61
  ret i32 %y
}
define i32 @t59(i32 %x) {
  %y = mul i32 %x, 62
  ret i32 %y
}
define i32 @t60(i32 %x) {
  %y = mul i32 %x, 63
  ret i32 %y
}
define i32 @t61(i32 %x) {
  %y = mul i32 %x, 64
  ret i32 %y
}
define i32 @t62(i32 %x) {
  %y = mul i32 %x, 65
  ret i32 %y
}
define i32 @t63(i32 %x) {
  %y = mul i32 %x, 66
  ret i32 %y
}
define i32 @t64(i32 %x) {
  %y = mul i32 %x, 67
  ret i32 %y
}
define i32 @t65(i32 %x) {
  %y = mul i32 %x, 68
  ret i32 %y
}
define i32 @t66(i32 %x) {
  %y = mul i32 %x, 69
  ret i32 %y
}
define i32 @t67(i32 %x) {
  %y = mul i32 %x, 70
  ret i32 %y
}
define i32 @t68(i32 %x) {
  %y = mul i32 %x, 71
  ret i32 %y
}
define i32 @t69(i32 %x) {
  %y = mul i32 %x, 72
  ret i32 %y
}
define i32 @t70(i32 %x) {
  %y = mul i32 %x, 73
  ret i32 %y
}
define i32 @t71(i32 %x) {
  %y = mul i32 %x, 74
  ret i32 %y
}
define i32 @t72(i32 %x) {
  %y = mul i32 %x, 75
  ret i32 %y
}
define i32 @t73(i32 %x) {
  %y = mul i32 %x, 76
  ret i32 %y
}
define i32 @t74(i32 %x) {
  %y = mul i32 %x, 77
  ret i32 %y
}
define i32 @t75(i32 %x) {
  %y = mul i32 %x, 78
  ret i32 %y
}
define i32 @t76(i32 %x) {
  %y = mul i32 %x, 79
  ret i32 %y
}
define i32 @t77(i32 %x) {
  %y = mul i32 %x, 80
  ret i32 %y
}
define i32 @t78(i32 %x) {
  %y = mul i32 %x, 81
  ret i32 %y
}
define i32 @t79(i32 %x) {
  %y = mul i32 %x, 82
  ret i32 %y
}
define i32 @t80(i32 %x) {
  %y = mul i32 %x, 83
  ret i32 %y
}
define i32 @t81(i32 %x) {
  %y = mul i32 %x, 84
  ret i32 %y
}
define i32 @t82(i32 %x) {
  %y = mul i32 %x, 85
  ret i32 %y
}
define i32 @t83(i32 %x) {
  %y = mul i32 %x, 86
  ret i32 %y
}
define i32 @t84(i32 %x) {
  %y = mul i32 %x, 87
  ret i32 %y
}
define i32 @t85(i32 %x) {
  %y = mul i32 %x, 88
  ret i32 %y
}
define i32 @t86(i32 %x) {
  %y = mul i32 %x, 89
  ret i32 %y
}
define i32 @t87(i32 %x) {
  %y = mul i32 %x, 90
  ret i32 %y
}
define i32 @t88(i32 %x) {
  %y = mul i32 %x, 91
  ret i32 %y
}
define i32 @t89(i32 %x) {
  %y = mul i32 %x, 92
  ret i32 %y
}
define i32 @t90(i32 %x) {
  %y = mul i32 %x, 93
  ret i32 %y
}
define i32 @t91(i32 %x) {
  %y = mul i32 %x, 94
  ret i32 %y
}
define i32 @t92(i32 %x) {
  %y = mul i32 %x, 95
  ret i32 %y
}
define i32 @t93(i32 %x) {
  %y = mul i32 %x, 96
  ret i32 %y
}
define i32 @t94(i32 %x) {
  %y = mul i32 %x, 97
  ret i32 %y
}
define i32 @t95(i32 %x) {
  %y = mul i32 %x, 98
  ret i32 %y
}
define i32 @t96(i32 %x) {
  %y = mul i32 %x, 99
  ret i32 %y
}
define i32 @t97(i32 %x) {
  %y = mul i32 %x, 100
  ret i32 %y
}
define i32 @t98(i32 %x) {
  %y = mul i32 %x, 101
  ret i32 %y
}
define i32 @t99(i32 %x) {
  %y = mul i32 %x, 102
  ret i32 %y
}
define i32 @t100(i32 %x) {
  %y = mul i32 %x, 103
  ret i32 %y
}
define i32 @t101(i32 %x) {
  %y = mul i32 %x, 104
  ret i32 %y
}
define i32 @t102(i32 %x) {
  %y = mul i32 %x, 105
  ret i32 %y
}
define i32 @t103(i32 %x) {
  %y = mul i32 %x, 106
  ret i32 %y
}
define i32 @t104(i32 %x) {
  %y = mul i32 %x, 107
  ret i32 %y
}
define i32 @t105(i32 %x) {
  %y = mul i32 %x, 108
  ret i32 %y
}
define i32 @t106(i32 %x) {
  %y = mul i32 %x, 109
  ret i32 %y
}
define i32 @t107(i32 %x) {
  %y = mul i32 %x, 110
  ret i32 %y
}
define i32 @t108(i32 %x) {
  %y = mul i32 %x, 111
  ret i32 %y
}
define i32 @t109(i32 %x) {
  %y = mul i32 %x, 112
  ret i32 %y
}
define i32 @t110(i32 %x) {
  %y = mul i32 %x, 113
  ret i32 %y
}
define i32 @t111(i32 %x) {
  %y = mul i32 %x, 114
  ret i32 %y
}
define i32 @t112(i32 %x) {
  %y = mul i32 %x, 115
  ret i32 %y
}
define i32 @t113(i32 %x) {
  %y = mul i32 %x, 116
  ret i32 %y
}
define i32 @t114(i32 %x) {
  %y = mul i32 %x, 117
  ret i32 %y
}
define i32 @t115(i32 %x) {
  %y = mul i32 %x, 118
  ret i32 %y
}
define i32 @t116(i32 %x) {
  %y = mul i32 %x, 119
  ret i32 %y
}
define i32 @t117(i32 %x) {
  %y = mul i32 %x, 120
  ret i32 %y
}
define i32 @t118(i32 %x) {
  %y = mul i32 %x, 121
  ret i32 %y
}
define i32 @t119(i32 %x) {
  %y = mul i32 %x, 122
  ret i32 %y
}
define i32 @t120(i32 %x) {
  %y = mul i32 %x, 123
  ret i32 %y
}
define i32 @t121(i32 %x) {
  %y = mul i32 %x, 124
  ret i32 %y
}
define i32 @t122(i32 %x) {
  %y = mul i32 %x, 125
  ret i32 %y
}
define i32 @t123(i32 %x) {
  %y = mul i32 %x, 126
  ret i32 %y
}
define i32 @t124(i32 %x) {
  %y = mul i32 %x, 127
  ret i32 %y
}
define i32 @t125(i32 %x) {
  %y = mul i32 %x, 128
  ret i32 %y
}
define i32 @t126(i32 %x) {
  %y = mul i32 %x, 129
  ret i32 %y
}
define i32 @t127(i32 %x) {
  %y = mul i32 %x, 130
  ret i32 %y
}
define i32 @t128(i32 %x) {
  %y = mul i32 %x, 131
  ret i32 %y
}
define i32 @t129(i32 %x) {
  %y = mul i32 %x, 132
  ret i32 %y
}
define i32 @t130(i32 %x) {
  %y = mul i32 %x, 133
  ret i32 %y
}
define i32 @t131(i32 %x) {
  %y = mul i32 %x, 134
  ret i32 %y
}
define i32 @t132(i32 %x) {
  %y = mul i32 %x, 135
  ret i32 %y
}
define i32 @t133(i32 %x) {
  %y = mul i32 %x, 136
  ret i32 %y
}
define i32 @t134(i32 %x) {
  %y = mul i32 %x, 137
  ret i32 %y
}
define i32 @t135(i32 %x) {
  %y = mul i32 %x, 138
  ret i32 %y
}
define i32 @t136(i32 %x) {
  %y = mul i32 %x, 139
  ret i32 %y
}
define i32 @t137(i32 %x) {
  %y = mul i32 %x, 140
  ret i32 %y
}
define i32 @t138(i32 %x) {
  %y = mul i32 %x, 141
  ret i32 %y
}
define i32 @t139(i32 %x) {
  %y = mul i32 %x, 142
  ret i32 %y
}
define i32 @t140(i32 %x) {
  %y = mul i32 %x, 143
  ret i32 %y
}
define i32 @t141(i32 %x) {
  %y = mul i32 %x, 144
  ret i32 %y
}
define i32 @t142(i32 %x) {
  %y = mul i32 %x, 145
  ret i32 %y
}
define i32 @t143(i32 %x) {
  %y = mul i32 %x, 146
  ret i32 %y
}
define i32 @t144(i32 %x) {
  %y = mul i32 %x, 147
  ret i32 %y
}
define i32 @t145(i32 %x) {
  %y = mul i32 %x, 148
  ret i32 %y
}
define i32 @t146(i32 %x) {
  %y = mul i32 %x, 149
  ret i32 %y
}
define i32 @t147(i32 %x) {
  %y = mul i32 %x, 150
  ret i32 %y
}
define i32 @t148(i32 %x) {
  %y = mul i32 %x, 151
  ret i32 %y
}
define i32 @t149(i32 %x) {
  %y = mul i32 %x, 152
  ret i32 %y
}
define i32 @t150(i32 %x) {
  %y = mul i32 %x, 153
  ret i32 %y
}
define i32 @t151(i32 %x) {
  %y = mul i32 %x, 154
  ret i32 %y
}
define i32 @t152(i32 %x) {
  %y = mul i32 %x, 155
  ret i32 %y
}
define i32 @t153(i32 %x) {
  %y = mul i32 %x, 156
  ret i32 %y
}
define i32 @t154(i32 %x) {
  %y = mul i32 %x, 157
  ret i32 %y
}
define i32 @t155(i32 %x) {
  %y = mul i32 %x, 158
  ret i32 %y
}
define i32 @t156(i32 %x) {
  %y = mul i32 %x, 159
  ret i32 %y
}
define i32 @t157(i32 %x) {
  %y = mul i32 %x, 160
  ret i32 %y
}
define i32 @t158(i32 %x) {
  %y = mul i32 %x, 161
  ret i32 %y
}
define i32 @t159(i32 %x) {
  %y = mul i32 %x, 162
  ret i32 %y
}
define i32 @t160(i32 %x) {
  %y = mul i32 %x, 163
  ret i32 %y
}
define i32 @t161(i32 %x) {
  %y = mul i32 %x, 164
  ret i32 %y
}
define i32 @t162(i32 %x) {
  %y = mul i32 %x, 165
  ret i32 %y
}
define i32 @t163(i32 %x) {
  %y = mul i32 %x, 166
  ret i32 %y
}
define i32 @t164(i32 %x) {
  %y = mul i32 %x, 167
  ret i32 %y
}
define i32 @t165(i32 %x) {
  %y = mul i32 %x, 168
  ret i32 %y
}
define i32 @t166(i32 %x) {
  %y = mul i32 %x, 169
  ret i32 %y
}
define i32 @t167(i32 %x) {
  %y = mul i32 %x, 170
  ret i32 %y
}
define i32 @t168(i32 %x) {
  %y = mul i32 %x, 171
  ret i32 %y
}
define i32 @t169(i32 %x) {
  %y = mul i32 %x, 172
  ret i32 %y
}
define i32 @t170(i32 %x) {
  %y = mul i32 %x, 173
  ret i32 %y
}
define i32 @t171(i32 %x) {
  %y = mul i32 %x, 174
  ret i32 %y
}
define i32 @t172(i32 %x) {
  %y = mul i32 %x, 175
  ret i32 %y
}
define i32 @t173(i32 %x) {
  %y = mul i32 %x, 176
  ret i32 %y
}
define i32 @t174(i32 %x) {
  %y = mul i32 %x, 177
  ret i32 %y
}
define i32 @t175(i32 %x) {
  %y = mul i32 %x, 178
  ret i32 %y
}
define i32 @t176(i32 %x) {
  %y = mul i32 %x, 179
  ret i32 %y
}
define i32 @t177(i32 %x) {
  %y = mul i32 %x, 180
  ret i32 %y
}
define i32 @t178(i32 %x) {
  %y = mul i32 %x, 181
  ret i32 %y
}
define i32 @t179(i32 %x) {
  %y = mul i32 %x, 182
  ret i32 %y
}
define i32 @t180(i32 %x) {
  %y = mul i32 %x, 183
  ret i32 %y
}
define i32 @t181(i32 %x) {
  %y = mul i32 %x, 184
  ret i32 %y
}
define i32 @t182(i32 %x) {
  %y = mul i32 %x, 185
  ret i32 %y
}
define i32 @t183(i32 %x) {
  %y = mul i32 %x, 186
  ret i32 %y
}
define i32 @t184(i32 %x) {
  %y = mul i32 %x, 187
  ret i32 %y
}
define i32 @t185(i32 %x) {
  %y = mul i32 %x, 188
  ret i32 %y
}
define i32 @t186(i32 %x) {
  %y = mul i32 %x, 189
  ret i32 %y
}
define i32 @t187(i32 %x) {
  %y = mul i32 %x, 190
  ret i32 %y
}
define i32 @t188(i32 %x) {
  %y = mul i32 %x, 191
  ret i32 %y
}
define i32 @t189(i32 %x) {
  %y = mul i32 %x, 192
  ret i32 %y
}
define i32 @t190(i32 %x) {
  %y = mul i32 %x, 193
  ret i32 %y
}
define i32 @t191(i32 %x) {
  %y = mul i32 %x, 194
  ret i32 %y
}
define i32 @t192(i32 %x) {
  %y = mul i32 %x, 195
  ret i32 %y
}
define i32 @t193(i32 %x) {
  %y = mul i32 %x, 196
  ret i32 %y
}
define i32 @t194(i32 %x) {
  %y = mul i32 %x, 197
  ret i32 %y
}
define i32 @t195(i32 %x) {
  %y = mul i32 %x, 198
  ret i32 %y
}
define i32 @t196(i32 %x) {
  %y = mul i32 %x, 199
  ret i32 %y
}
define i32 @t197(i32 %x) {
  %y = mul i32 %x, 200
  ret i32 %y
}
define i32 @t198(i32 %x) {
  %y = mul i32 %x, 201
  ret i32 %y
}
define i32 @t199(i32 %x) {
  %y = mul i32 %x, 202
  ret i32 %y
}
define i32 @t200(i32 %x) {
  %y = mul i32 %x, 203
  ret i32 %y
}
define i32 @t201(i32 %x) {
  %y = mul i32 %x, 204
  ret i32 %y
}
define i32 @t202(i32 %x) {
  %y = mul i32 %x, 205
  ret i32 %y
}
define i32 @t203(i32 %x) {
  %y = mul i32 %x, 206
  ret i32 %y
}
define i32 @t204(i32 %x) {
  %y = mul i32 %x, 207
  ret i32 %y
}
define i32 @t205(i32 %x) {
  %y = mul i32 %x, 208
  ret i32 %y
}
define i32 @t206(i32 %x) {
  %y = mul i32 %x, 209
  ret i32 %y
}
define i32 @t207(i32 %x) {
  %y = mul i32 %x, 210
  ret i32 %y
}
define i32 @t208(i32 %x) {
  %y = mul i32 %x, 211
  ret i32 %y
}
define i32 @t209(i32 %x) {
  %y = mul i32 %x, 212
  ret i32 %y
}
define i32 @t210(i32 %x) {
  %y = mul i32 %x, 213
  ret i32 %y
}
define i32 @t211(i32 %x) {
  %y = mul i32 %x, 214
  ret i32 %y
}
define i32 @t212(i32 %x) {
  %y = mul i32 %x, 215
  ret i32 %y
}
define i32 @t213(i32 %x) {
  %y = mul i32 %x, 216
  ret i32 %y
}
define i32 @t214(i32 %x) {
  %y = mul i32 %x, 217
  ret i32 %y
}
define i32 @t215(i32 %x) {
  %y = mul i32 %x, 218
  ret i32 %y
}
define i32 @t216(i32 %x) {
  %y = mul i32 %x, 219
  ret i32 %y
}
define i32 @t217(i32 %x) {
  %y = mul i32 %x, 220
  ret i32 %y
}
define i32 @t218(i32 %x) {
  %y = mul i32 %x, 221
  ret i32 %y
}
define i32 @t219(i32 %x) {
  %y = mul i32 %x, 222
  ret i32 %y
}
define i32 @t220(i32 %x) {
  %y = mul i32 %x, 223
  ret i32 %y
}
define i32 @t221(i32 %x) {
  %y = mul i32 %x, 224
  ret i32 %y
}
define i32 @t222(i32 %x) {
  %y = mul i32 %x, 225
  ret i32 %y
}
define i32 @t223(i32 %x) {
  %y = mul i32 %x, 226
  ret i32 %y
}
define i32 @t224(i32 %x) {
  %y = mul i32 %x, 227
  ret i32 %y
}
define i32 @t225(i32 %x) {
  %y = mul i32 %x, 228
  ret i32 %y
}
define i32 @t226(i32 %x) {
  %y = mul i32 %x, 229
  ret i32 %y
}
define i32 @t227(i32 %x) {
  %y = mul i32 %x, 230
  ret i32 %y
}
define i32 @t228(i32 %x) {
  %y = mul i32 %x, 231
  ret i32 %y
}
define i32 @t229(i32 %x) {
  %y = mul i32 %x, 232
  ret i32 %y
}
define i32 @t230(i32 %x) {
  %y = mul i32 %x, 233
  ret i32 %y
}
define i32 @t231(i32 %x) {
  %y = mul i32 %x, 234
  ret i32 %y
}
define i32 @t232(i32 %x) {
  %y = mul i32 %x, 235
  ret i32 %y
}
define i32 @t233(i32 %x) {
  %y = mul i32 %x, 236
  ret i32 %y
}
define i32 @t234(i32 %x) {
  %y = mul i32 %x, 237
  ret i32 %y
}
define i32 @t235(i32 %x) {
  %y = mul i32 %x, 238
  ret i32 %y
}
define i32 @t236(i32 %x) {
  %y = mul i32 %x, 239
  ret i32 %y
}
define i32 @t237(i32 %x) {
  %y = mul i32 %x, 240
  ret i32 %y
}
define i32 @t238(i32 %x) {
  %y = mul i32 %x, 241
  ret i32 %y
}
define i32 @t239(i32 %x) {
  %y = mul i32 %x, 242
  ret i32 %y
}
define i32 @t240(i32 %x) {
  %y = mul i32 %x, 243
  ret i32 %y
}
define i32 @t241(i32 %x) {
  %y = mul i32 %x, 244
  ret i32 %y
}
define i32 @t242(i32 %x) {
  %y = mul i32 %x, 245
  ret i32 %y
}
define i32 @t243(i32 %x) {
  %y = mul i32 %x, 246
  ret i32 %y
}
define i32 @t244(i32 %x) {
  %y = mul i32 %x, 247
  ret i32 %y
}
define i32 @t245(i32 %x) {
  %y = mul i32 %x, 248
  ret i32 %y
}
define i32 @t246(i32 %x) {
  %y = mul i32 %x, 249
  ret i32 %y
}
define i32 @t247(i32 %x) {
  %y = mul i32 %x, 250
  ret i32 %y
}
define i32 @t248(i32 %x) {
  %y = mul i32 %x, 251
  ret i32 %y
}
define i32 @t249(i32 %x) {
  %y = mul i32 %x, 252
  ret i32 %y
}
define i32 @t250(i32 %x) {
  %y = mul i32 %x, 253
  ret i32 %y
}
define i32 @t251(i32 %x) {
  %y = mul i32 %x, 254
  ret i32 %y
}
define i32 @t252(i32 %x) {
  %y = mul i32 %x, 255
  ret i32 %y
}
define i32 @t253(i32 %x) {
  %y = mul i32 %x, 256
  ret i32 %y
}
define i32 @t254(i32 %x) {
  %y = mul i32 %x, 257
  ret i32 %y
}
define i32 @t255(i32 %x) {
  %y = mul i32 %x, 258
  ret i32 %y
}
define i32 @t256(i32 %x) {
  %y = mul i32 %x, 259
  ret i32 %y
}
define i32 @t257(i32 %x) {
  %y = mul i32 %x, 260
  ret i32 %y
}
define i32 @t258(i32 %x) {
  %y = mul i32 %x, 261
  ret i32 %y
}
define i32 @t259(i32 %x) {
  %y = mul i32 %x, 262
  ret i32 %y
}
define i32 @t260(i32 %x) {
  %y = mul i32 %x, 263
  ret i32 %y
}
define i32 @t261(i32 %x) {
  %y = mul i32 %x, 264
  ret i32 %y
}
define i32 @t262(i32 %x) {
  %y = mul i32 %x, 265
  ret i32 %y
}
define i32 @t263(i32 %x) {
  %y = mul i32 %x, 266
  ret i32 %y
}
define i32 @t264(i32 %x) {
  %y = mul i32 %x, 267
  ret i32 %y
}
define i32 @t265(i32 %x) {
  %y = mul i32 %x, 268
  ret i32 %y
}
define i32 @t266(i32 %x) {
  %y = mul i32 %x, 269
  ret i32 %y
}
define i32 @t267(i32 %x) {
  %y = mul i32 %x, 270
  ret i32 %y
}
define i32 @t268(i32 %x) {
  %y = mul i32 %x, 271
  ret i32 %y
}
define i32 @t269(i32 %x) {
  %y = mul i32 %x, 272
  ret i32 %y
}
define i32 @t270(i32 %x) {
  %y = mul i32 %x, 273
  ret i32 %y
}
define i32 @t271(i32 %x) {
  %y = mul i32 %x, 274
  ret i32 %y
}
define i32 @t272(i32 %x) {
  %y = mul i32 %x, 275
  ret i32 %y
}
define i32 @t273(i32 %x) {
  %y = mul i32 %x, 276
  ret i32 %y
}
define i32 @t274(i32 %x) {
  %y = mul i32 %x, 277
  ret i32 %y
}
define i32 @t275(i32 %x) {
  %y = mul i32 %x, 278
  ret i32 %y
}
define i32 @t276(i32 %x) {
  %y = mul i32 %x, 279
  ret i32 %y
}
define i32 @t277(i32 %x) {
  %y = mul i32 %x, 280
  ret i32 %y
}
define i32 @a0(i32 %x) {
  %y = mul i32 %x, 1000
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b0(i32 %x) {
  %y = mul i32 %x, 1000
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @a1(i32 %x) {
  %y = mul i32 %x, 1001
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b1(i32 %x) {
  %y = mul i32 %x, 1001
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @a2(i32 %x) {
  %y = mul i32 %x, 1002
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b2(i32 %x) {
  %y = mul i32 %x, 1002
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @a3(i32 %x) {
  %y = mul i32 %x, 1003
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b3(i32 %x) {
  %y = mul i32 %x, 1003
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @a4(i32 %x) {
  %y = mul i32 %x, 1004
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b4(i32 %x) {
  %y = mul i32 %x, 1004
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @a5(i32 %x) {
  %y = mul i32 %x, 1005
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b5(i32 %x) {
  %y = mul i32 %x, 1005
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @a6(i32 %x) {
  %y = mul i32 %x, 1006
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b6(i32 %x) {
  %y = mul i32 %x, 1006
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @a7(i32 %x) {
  %y = mul i32 %x, 1007
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b7(i32 %x) {
  %y = mul i32 %x, 1007
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @a8(i32 %x) {
  %y = mul i32 %x, 1008
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b8(i32 %x) {
  %y = mul i32 %x, 1008
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @a9(i32 %x) {
  %y = mul i32 %x, 1009
  %z = add i32 %y, 7
  ret i32 %z
}
define i32 @b9(i32 %x) {
  %y = mul i32 %x, 1009
  %z = add i32 %y, 7
  ret i32 %z
}
define internal i32 @la(i32 %x) {
  %y = xor i32 %x, 5
  %z = sub i32 %y, 9
  ret i32 %z
}
define internal i32 @lb(i32 %x) {
  %y = xor i32 %x, 5
  %z = sub i32 %y, 9
  ret i32 %z
}
@vt = constant [300 x ptr] [ptr @t0, ptr @t1, ptr @t2, ptr @t3, ptr @t4, ptr @t5, ptr @t6, ptr @t7, ptr @t8, ptr @t9, ptr @t10, ptr @t11, ptr @t12, ptr @t13, ptr @t14, ptr @t15, ptr @t16, ptr @t17, ptr @t18, ptr @t19, ptr @t20, ptr @t21, ptr @t22, ptr @t23, ptr @t24, ptr @t25, ptr @t26, ptr @t27, ptr @t28, ptr @t29, ptr @t30, ptr @t31, ptr @t32, ptr @t33, ptr @t34, ptr @t35, ptr @t36, ptr @t37, ptr @t38, ptr @t39, ptr @t40, ptr @t41, ptr @t42, ptr @t43, ptr @t44, ptr @t45, ptr @t46, ptr @t47, ptr @t48, ptr @t49, ptr @t50, ptr @t51, ptr @t52, ptr @t53, ptr @t54, ptr @t55, ptr @t56, ptr @t57, ptr @t58, ptr @t59, ptr @t60, ptr @t61, ptr @t62, ptr @t63, ptr @t64, ptr @t65, ptr @t66, ptr @t67, ptr @t68, ptr @t69, ptr @t70, ptr @t71, ptr @t72, ptr @t73, ptr @t74, ptr @t75, ptr @t76, ptr @t77, ptr @t78, ptr @t79, ptr @t80, ptr @t81, ptr @t82, ptr @t83, ptr @t84, ptr @t85, ptr @t86, ptr @t87, ptr @t88, ptr @t89, ptr @t90, ptr @t91, ptr @t92, ptr @t93, ptr @t94, ptr @t95, ptr @t96, ptr @t97, ptr @t98, ptr @t99, ptr @t100, ptr @t101, ptr @t102, ptr @t103, ptr @t104, ptr @t105, ptr @t106, ptr @t107, ptr @t108, ptr @t109, ptr @t110, ptr @t111, ptr @t112, ptr @t113, ptr @t114, ptr @t115, ptr @t116, ptr @t117, ptr @t118, ptr @t119, ptr @t120, ptr @t121, ptr @t122, ptr @t123, ptr @t124, ptr @t125, ptr @t126, ptr @t127, ptr @t128, ptr @t129, ptr @t130, ptr @t131, ptr @t132, ptr @t133, ptr @t134, ptr @t135, ptr @t136, ptr @t137, ptr @t138, ptr @t139, ptr @t140, ptr @t141, ptr @t142, ptr @t143, ptr @t144, ptr @t145, ptr @t146, ptr @t147, ptr @t148, ptr @t149, ptr @t150, ptr @t151, ptr @t152, ptr @t153, ptr @t154, ptr @t155, ptr @t156, ptr @t157, ptr @t158, ptr @t159, ptr @t160, ptr @t161, ptr @t162, ptr @t163, ptr @t164, ptr @t165, ptr @t166, ptr @t167, ptr @t168, ptr @t169, ptr @t170, ptr @t171, ptr @t172, ptr @t173, ptr @t174, ptr @t175, ptr @t176, ptr @t177, ptr @t178, ptr @t179, ptr @t180, ptr @t181, ptr @t182, ptr @t183, ptr @t184, ptr @t185, ptr @t186, ptr @t187, ptr @t188, ptr @t189, ptr @t190, ptr @t191, ptr @t192, ptr @t193, ptr @t194, ptr @t195, ptr @t196, ptr @t197, ptr @t198, ptr @t199, ptr @t200, ptr @t201, ptr @t202, ptr @t203, ptr @t204, ptr @t205, ptr @t206, ptr @t207, ptr @t208, ptr @t209, ptr @t210, ptr @t211, ptr @t212, ptr @t213, ptr @t214, ptr @t215, ptr @t216, ptr @t217, ptr @t218, ptr @t219, ptr @t220, ptr @t221, ptr @t222, ptr @t223, ptr @t224, ptr @t225, ptr @t226, ptr @t227, ptr @t228, ptr @t229, ptr @t230, ptr @t231, ptr @t232, ptr @t233, ptr @t234, ptr @t235, ptr @t236, ptr @t237, ptr @t238, ptr @t239, ptr @t240, ptr @t241, ptr @t242, ptr @t243, ptr @t244, ptr @t245, ptr @t246, ptr @t247, ptr @t248, ptr @t249, ptr @t250, ptr @t251, ptr @t252, ptr @t253, ptr @t254, ptr @t255, ptr @t256, ptr @t257, ptr @t258, ptr @t259, ptr @t260, ptr @t261, ptr @t262, ptr @t263, ptr @t264, ptr @t265, ptr @t266, ptr @t267, ptr @t268, ptr @t269, ptr @t270, ptr @t271, ptr @t272, ptr @t273, ptr @t274, ptr @t275, ptr @t276, ptr @t277, ptr @a0, ptr @b0, ptr @a1, ptr @b1, ptr @a2, ptr @b2, ptr @a3, ptr @b3, ptr @a4, ptr @b4, ptr @a5, ptr @b5, ptr @a6, ptr @b6, ptr @a7, ptr @b7, ptr @a8, ptr @b8, ptr @a9, ptr @b9, ptr @la, ptr @lb]
@ints = global [300 x i64] [i64 ptrtoint (ptr @t0 to i64), i64 ptrtoint (ptr @t1 to i64), i64 ptrtoint (ptr @t2 to i64), i64 ptrtoint (ptr @t3 to i64), i64 ptrtoint (ptr @t4 to i64), i64 ptrtoint (ptr @t5 to i64), i64 ptrtoint (ptr @t6 to i64), i64 ptrtoint (ptr @t7 to i64), i64 ptrtoint (ptr @t8 to i64), i64 ptrtoint (ptr @t9 to i64), i64 ptrtoint (ptr @t10 to i64), i64 ptrtoint (ptr @t11 to i64), i64 ptrtoint (ptr @t12 to i64), i64 ptrtoint (ptr @t13 to i64), i64 ptrtoint (ptr @t14 to i64), i64 ptrtoint (ptr @t15 to i64), i64 ptrtoint (ptr @t16 to i64), i64 ptrtoint (ptr @t17 to i64), i64 ptrtoint (ptr @t18 to i64), i64 ptrtoint (ptr @t19 to i64), i64 ptrtoint (ptr @t20 to i64), i64 ptrtoint (ptr @t21 to i64), i64 ptrtoint (ptr @t22 to i64), i64 ptrtoint (ptr @t23 to i64), i64 ptrtoint (ptr @t24 to i64), i64 ptrtoint (ptr @t25 to i64), i64 ptrtoint (ptr @t26 to i64), i64 ptrtoint (ptr @t27 to i64), i64 ptrtoint (ptr @t28 to i64), i64 ptrtoint (ptr @t29 to i64), i64 ptrtoint (ptr @t30 to i64), i64 ptrtoint (ptr @t31 to i64), i64 ptrtoint (ptr @t32 to i64), i64 ptrtoint (ptr @t33 to i64), i64 ptrtoint (ptr @t34 to i64), i64 ptrtoint (ptr @t35 to i64), i64 ptrtoint (ptr @t36 to i64), i64 ptrtoint (ptr @t37 to i64), i64 ptrtoint (ptr @t38 to i64), i64 ptrtoint (ptr @t39 to i64), i64 ptrtoint (ptr @t40 to i64), i64 ptrtoint (ptr @t41 to i64), i64 ptrtoint (ptr @t42 to i64), i64 ptrtoint (ptr @t43 to i64), i64 ptrtoint (ptr @t44 to i64), i64 ptrtoint (ptr @t45 to i64), i64 ptrtoint (ptr @t46 to i64), i64 ptrtoint (ptr @t47 to i64), i64 ptrtoint (ptr @t48 to i64), i64 ptrtoint (ptr @t49 to i64), i64 ptrtoint (ptr @t50 to i64), i64 ptrtoint (ptr @t51 to i64), i64 ptrtoint (ptr @t52 to i64), i64 ptrtoint (ptr @t53 to i64), i64 ptrtoint (ptr @t54 to i64), i64 ptrtoint (ptr @t55 to i64), i64 ptrtoint (ptr @t56 to i64), i64 ptrtoint (ptr @t57 to i64), i64 ptrtoint (ptr @t58 to i64), i64 ptrtoint (ptr @t59 to i64), i64 ptrtoint (ptr @t60 to i64), i64 ptrtoint (ptr @t61 to i64), i64 ptrtoint (ptr @t62 to i64), i64 ptrtoint (ptr @t63 to i64), i64 ptrtoint (ptr @t64 to i64), i64 ptrtoint (ptr @t65 to i64), i64 ptrtoint (ptr @t66 to i64), i64 ptrtoint (ptr @t67 to i64), i64 ptrtoint (ptr @t68 to i64), i64 ptrtoint (ptr @t69 to i64), i64 ptrtoint (ptr @t70 to i64), i64 ptrtoint (ptr @t71 to i64), i64 ptrtoint (ptr @t72 to i64), i64 ptrtoint (ptr @t73 to i64), i64 ptrtoint (ptr @t74 to i64), i64 ptrtoint (ptr @t75 to i64), i64 ptrtoint (ptr @t76 to i64), i64 ptrtoint (ptr @t77 to i64), i64 ptrtoint (ptr @t78 to i64), i64 ptrtoint (ptr @t79 to i64), i64 ptrtoint (ptr @t80 to i64), i64 ptrtoint (ptr @t81 to i64), i64 ptrtoint (ptr @t82 to i64), i64 ptrtoint (ptr @t83 to i64), i64 ptrtoint (ptr @t84 to i64), i64 ptrtoint (ptr @t85 to i64), i64 ptrtoint (ptr @t86 to i64), i64 ptrtoint (ptr @t87 to i64), i64 ptrtoint (ptr @t88 to i64), i64 ptrtoint (ptr @t89 to i64), i64 ptrtoint (ptr @t90 to i64), i64 ptrtoint (ptr @t91 to i64), i64 ptrtoint (ptr @t92 to i64), i64 ptrtoint (ptr @t93 to i64), i64 ptrtoint (ptr @t94 to i64), i64 ptrtoint (ptr @t95 to i64), i64 ptrtoint (ptr @t96 to i64), i64 ptrtoint (ptr @t97 to i64), i64 ptrtoint (ptr @t98 to i64), i64 ptrtoint (ptr @t99 to i64), i64 ptrtoint (ptr @t100 to i64), i64 ptrtoint (ptr @t101 to i64), i64 ptrtoint (ptr @t102 to i64), i64 ptrtoint (ptr @t103 to i64), i64 ptrtoint (ptr @t104 to i64), i64 ptrtoint (ptr @t105 to i64), i64 ptrtoint (ptr @t106 to i64), i64 ptrtoint (ptr @t107 to i64), i64 ptrtoint (ptr @t108 to i64), i64 ptrtoint (ptr @t109 to i64), i64 ptrtoint (ptr @t110 to i64), i64 ptrtoint (ptr @t111 to i64), i64 ptrtoint (ptr @t112 to i64), i64 ptrtoint (ptr @t113 to i64), i64 ptrtoint (ptr @t114 to i64), i64 ptrtoint (ptr @t115 to i64), i64 ptrtoint (ptr @t116 to i64), i64 ptrtoint (ptr @t117 to i64), i64 ptrtoint (ptr @t118 to i64), i64 ptrtoint (ptr @t119 to i64), i64 ptrtoint (ptr @t120 to i64), i64 ptrtoint (ptr @t121 to i64), i64 ptrtoint (ptr @t122 to i64), i64 ptrtoint (ptr @t123 to i64), i64 ptrtoint (ptr @t124 to i64), i64 ptrtoint (ptr @t125 to i64), i64 ptrtoint (ptr @t126 to i64), i64 ptrtoint (ptr @t127 to i64), i64 ptrtoint (ptr @t128 to i64), i64 ptrtoint (ptr @t129 to i64), i64 ptrtoint (ptr @t130 to i64), i64 ptrtoint (ptr @t131 to i64), i64 ptrtoint (ptr @t132 to i64), i64 ptrtoint (ptr @t133 to i64), i64 ptrtoint (ptr @t134 to i64), i64 ptrtoint (ptr @t135 to i64), i64 ptrtoint (ptr @t136 to i64), i64 ptrtoint (ptr @t137 to i64), i64 ptrtoint (ptr @t138 to i64), i64 ptrtoint (ptr @t139 to i64), i64 ptrtoint (ptr @t140 to i64), i64 ptrtoint (ptr @t141 to i64), i64 ptrtoint (ptr @t142 to i64), i64 ptrtoint (ptr @t143 to i64), i64 ptrtoint (ptr @t144 to i64), i64 ptrtoint (ptr @t145 to i64), i64 ptrtoint (ptr @t146 to i64), i64 ptrtoint (ptr @t147 to i64), i64 ptrtoint (ptr @t148 to i64), i64 ptrtoint (ptr @t149 to i64), i64 ptrtoint (ptr @t150 to i64), i64 ptrtoint (ptr @t151 to i64), i64 ptrtoint (ptr @t152 to i64), i64 ptrtoint (ptr @t153 to i64), i64 ptrtoint (ptr @t154 to i64), i64 ptrtoint (ptr @t155 to i64), i64 ptrtoint (ptr @t156 to i64), i64 ptrtoint (ptr @t157 to i64), i64 ptrtoint (ptr @t158 to i64), i64 ptrtoint (ptr @t159 to i64), i64 ptrtoint (ptr @t160 to i64), i64 ptrtoint (ptr @t161 to i64), i64 ptrtoint (ptr @t162 to i64), i64 ptrtoint (ptr @t163 to i64), i64 ptrtoint (ptr @t164 to i64), i64 ptrtoint (ptr @t165 to i64), i64 ptrtoint (ptr @t166 to i64), i64 ptrtoint (ptr @t167 to i64), i64 ptrtoint (ptr @t168 to i64), i64 ptrtoint (ptr @t169 to i64), i64 ptrtoint (ptr @t170 to i64), i64 ptrtoint (ptr @t171 to i64), i64 ptrtoint (ptr @t172 to i64), i64 ptrtoint (ptr @t173 to i64), i64 ptrtoint (ptr @t174 to i64), i64 ptrtoint (ptr @t175 to i64), i64 ptrtoint (ptr @t176 to i64), i64 ptrtoint (ptr @t177 to i64), i64 ptrtoint (ptr @t178 to i64), i64 ptrtoint (ptr @t179 to i64), i64 ptrtoint (ptr @t180 to i64), i64 ptrtoint (ptr @t181 to i64), i64 ptrtoint (ptr @t182 to i64), i64 ptrtoint (ptr @t183 to i64), i64 ptrtoint (ptr @t184 to i64), i64 ptrtoint (ptr @t185 to i64), i64 ptrtoint (ptr @t186 to i64), i64 ptrtoint (ptr @t187 to i64), i64 ptrtoint (ptr @t188 to i64), i64 ptrtoint (ptr @t189 to i64), i64 ptrtoint (ptr @t190 to i64), i64 ptrtoint (ptr @t191 to i64), i64 ptrtoint (ptr @t192 to i64), i64 ptrtoint (ptr @t193 to i64), i64 ptrtoint (ptr @t194 to i64), i64 ptrtoint (ptr @t195 to i64), i64 ptrtoint (ptr @t196 to i64), i64 ptrtoint (ptr @t197 to i64), i64 ptrtoint (ptr @t198 to i64), i64 ptrtoint (ptr @t199 to i64), i64 ptrtoint (ptr @t200 to i64), i64 ptrtoint (ptr @t201 to i64), i64 ptrtoint (ptr @t202 to i64), i64 ptrtoint (ptr @t203 to i64), i64 ptrtoint (ptr @t204 to i64), i64 ptrtoint (ptr @t205 to i64), i64 ptrtoint (ptr @t206 to i64), i64 ptrtoint (ptr @t207 to i64), i64 ptrtoint (ptr @t208 to i64), i64 ptrtoint (ptr @t209 to i64), i64 ptrtoint (ptr @t210 to i64), i64 ptrtoint (ptr @t211 to i64), i64 ptrtoint (ptr @t212 to i64), i64 ptrtoint (ptr @t213 to i64), i64 ptrtoint (ptr @t214 to i64), i64 ptrtoint (ptr @t215 to i64), i64 ptrtoint (ptr @t216 to i64), i64 ptrtoint (ptr @t217 to i64), i64 ptrtoint (ptr @t218 to i64), i64 ptrtoint (ptr @t219 to i64), i64 ptrtoint (ptr @t220 to i64), i64 ptrtoint (ptr @t221 to i64), i64 ptrtoint (ptr @t222 to i64), i64 ptrtoint (ptr @t223 to i64), i64 ptrtoint (ptr @t224 to i64), i64 ptrtoint (ptr @t225 to i64), i64 ptrtoint (ptr @t226 to i64), i64 ptrtoint (ptr @t227 to i64), i64 ptrtoint (ptr @t228 to i64), i64 ptrtoint (ptr @t229 to i64), i64 ptrtoint (ptr @t230 to i64), i64 ptrtoint (ptr @t231 to i64), i64 ptrtoint (ptr @t232 to i64), i64 ptrtoint (ptr @t233 to i64), i64 ptrtoint (ptr @t234 to i64), i64 ptrtoint (ptr @t235 to i64), i64 ptrtoint (ptr @t236 to i64), i64 ptrtoint (ptr @t237 to i64), i64 ptrtoint (ptr @t238 to i64), i64 ptrtoint (ptr @t239 to i64), i64 ptrtoint (ptr @t240 to i64), i64 ptrtoint (ptr @t241 to i64), i64 ptrtoint (ptr @t242 to i64), i64 ptrtoint (ptr @t243 to i64), i64 ptrtoint (ptr @t244 to i64), i64 ptrtoint (ptr @t245 to i64), i64 ptrtoint (ptr @t246 to i64), i64 ptrtoint (ptr @t247 to i64), i64 ptrtoint (ptr @t248 to i64), i64 ptrtoint (ptr @t249 to i64), i64 ptrtoint (ptr @t250 to i64), i64 ptrtoint (ptr @t251 to i64), i64 ptrtoint (ptr @t252 to i64), i64 ptrtoint (ptr @t253 to i64), i64 ptrtoint (ptr @t254 to i64), i64 ptrtoint (ptr @t255 to i64), i64 ptrtoint (ptr @t256 to i64), i64 ptrtoint (ptr @t257 to i64), i64 ptrtoint (ptr @t258 to i64), i64 ptrtoint (ptr @t259 to i64), i64 ptrtoint (ptr @t260 to i64), i64 ptrtoint (ptr @t261 to i64), i64 ptrtoint (ptr @t262 to i64), i64 ptrtoint (ptr @t263 to i64), i64 ptrtoint (ptr @t264 to i64), i64 ptrtoint (ptr @t265 to i64), i64 ptrtoint (ptr @t266 to i64), i64 ptrtoint (ptr @t267 to i64), i64 ptrtoint (ptr @t268 to i64), i64 ptrtoint (ptr @t269 to i64), i64 ptrtoint (ptr @t270 to i64), i64 ptrtoint (ptr @t271 to i64), i64 ptrtoint (ptr @t272 to i64), i64 ptrtoint (ptr @t273 to i64), i64 ptrtoint (ptr @t274 to i64), i64 ptrtoint (ptr @t275 to i64), i64 ptrtoint (ptr @t276 to i64), i64 ptrtoint (ptr @t277 to i64), i64 ptrtoint (ptr @a0 to i64), i64 ptrtoint (ptr @b0 to i64), i64 ptrtoint (ptr @a1 to i64), i64 ptrtoint (ptr @b1 to i64), i64 ptrtoint (ptr @a2 to i64), i64 ptrtoint (ptr @b2 to i64), i64 ptrtoint (ptr @a3 to i64), i64 ptrtoint (ptr @b3 to i64), i64 ptrtoint (ptr @a4 to i64), i64 ptrtoint (ptr @b4 to i64), i64 ptrtoint (ptr @a5 to i64), i64 ptrtoint (ptr @b5 to i64), i64 ptrtoint (ptr @a6 to i64), i64 ptrtoint (ptr @b6 to i64), i64 ptrtoint (ptr @a7 to i64), i64 ptrtoint (ptr @b7 to i64), i64 ptrtoint (ptr @a8 to i64), i64 ptrtoint (ptr @b8 to i64), i64 ptrtoint (ptr @a9 to i64), i64 ptrtoint (ptr @b9 to i64), i64 ptrtoint (ptr @la to i64), i64 ptrtoint (ptr @lb to i64)]
define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %n, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc2, %loop ]
  %slot = getelementptr [300 x ptr], ptr @vt, i64 0, i64 %i
  %fp = load ptr, ptr %slot
  %i32 = trunc i64 %i to i32
  %r = call i32 %fp(i32 %i32)
  %acc2 = add i32 %acc, %r
  %n = add i64 %i, 1
  %done = icmp eq i64 %n, 300
  br i1 %done, label %out, label %loop
out:
  %q = getelementptr [300 x i64], ptr @ints, i64 0, i64 299
  %qv = load i64, ptr %q
  %w = getelementptr [300 x i64], ptr @ints, i64 0, i64 298
  %wv = load i64, ptr %w
  %same = icmp eq i64 %qv, %wv
  %s32 = zext i1 %same to i32
  %tot = add i32 %acc2, %s32
  %c = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %tot)
  ret i32 0
}
