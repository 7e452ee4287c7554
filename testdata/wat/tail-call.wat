;; tail-call: return_call (0x12) and return_call_indirect (0x13).
(module
  (type $t (func (param i32) (result i32)))
  (table 1 funcref)
  (elem (i32.const 0) $down)
  (memory (export "memory") 1)
  (func $down (type $t) (param i32) (result i32)
    (if (result i32) (i32.eqz (local.get 0))
      (then (i32.const 0))
      (else (return_call $down (i32.sub (local.get 0) (i32.const 1))))))
  (func $via_table (param i32) (result i32)
    (return_call_indirect (type $t) (local.get 0) (i32.const 0)))
  (func (export "_start")
    (drop (call $via_table (i32.const 10)))))
