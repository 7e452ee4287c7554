;; memory64: a memory with i64 limits (limits flag 0x04) addressed with i64 values.
(module
  (memory (export "memory") i64 1)
  (func (export "_start")
    (i32.store (i64.const 8) (i32.const 42))
    (drop (i32.load (i64.const 8)))))
