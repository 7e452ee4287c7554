;; relaxed-simd: f32x4.relaxed_madd (0xFD 0x105) and i32x4.relaxed_trunc_f32x4_s (0xFD 0x101).
(module
  (memory (export "memory") 1)
  (func (export "_start")
    (v128.store (i32.const 0)
      (f32x4.relaxed_madd (v128.load (i32.const 16)) (v128.load (i32.const 32)) (v128.load (i32.const 48))))
    (v128.store (i32.const 64)
      (i32x4.relaxed_trunc_f32x4_s (v128.load (i32.const 0))))))
