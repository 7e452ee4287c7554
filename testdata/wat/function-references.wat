;; function-references: typed references (ref $t) (0x64) and (ref null $t) (0x63), call_ref (0x14
;; with a type index), ref.as_non_null (0xD4) and br_on_null (0xD5).
(module
  (type $t (func (param i32) (result i32)))
  (memory (export "memory") 1)
  (func $inc (type $t) (param i32) (result i32)
    (i32.add (local.get 0) (i32.const 1)))
  (elem declare func $inc)
  (func $apply (param $f (ref null $t)) (param $x i32) (result i32)
    (block $null
      (return (call_ref $t (local.get $x) (br_on_null $null (local.get $f)))))
    (i32.const -1))
  (func $apply_non_null (param $f (ref $t)) (result i32)
    (call_ref $t (i32.const 1) (local.get $f)))
  (func (export "_start")
    (drop (call $apply (ref.func $inc) (i32.const 41)))
    (drop (call $apply_non_null (ref.as_non_null (ref.func $inc))))))
