; RULE: target extension types compare by name, type parameters and integer parameters; a function loading one kind is not one loading another
; OPT22: crashes ("stack smashing detected") comparing @tx_event with @tx_image; ours keeps them apart and folds @tx_event_b
; EXPECT: tx_event_b=thunk->tx_event
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @use(ptr)

define void @tx_event(ptr %p) {
  %v = load target("spirv.Event"), ptr %p
  call void @use(ptr %p)
  ret void
}

define void @tx_event_b(ptr %p) {
  %v = load target("spirv.Event"), ptr %p
  call void @use(ptr %p)
  ret void
}

define void @tx_image(ptr %p) {
  %v = load target("spirv.Image"), ptr %p
  call void @use(ptr %p)
  ret void
}
