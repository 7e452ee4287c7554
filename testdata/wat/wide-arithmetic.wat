;; wide-arithmetic: i64.add128 (0xFC 19), i64.sub128 (0xFC 20), i64.mul_wide_s (0xFC 21), i64.mul_wide_u (0xFC 22).
(module
  (memory (export "memory") 1)
  (func (export "_start")
    (drop (drop (i64.add128 (i64.const 1) (i64.const 0) (i64.const -1) (i64.const 0))))
    (drop (drop (i64.sub128 (i64.const 1) (i64.const 0) (i64.const 2) (i64.const 0))))
    (drop (drop (i64.mul_wide_s (i64.const -3) (i64.const 5))))
    (drop (drop (i64.mul_wide_u (i64.const 3) (i64.const 5))))))
