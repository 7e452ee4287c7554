;; extended-const: i32.add / i32.mul and i64.sub inside constant expressions (global and data offset).
(module
  (memory (export "memory") 1)
  (global $base i32 (i32.add (i32.const 1024) (i32.mul (i32.const 4) (i32.const 16))))
  (global $wide i64 (i64.sub (i64.const 100) (i64.const 1)))
  (data (i32.add (i32.const 16) (i32.const 16)) "extended")
  (func (export "_start")
    (drop (global.get $base))
    (drop (global.get $wide))))
