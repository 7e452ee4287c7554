;; exception-handling (exnref): a tag section (13), throw (0x08), try_table (0x1F) with catch_ref,
;; throw_ref (0x0A) and the exnref type (0x69).
(module
  (tag $e (param i32))
  (memory (export "memory") 1)
  (func $may_throw (param i32)
    (if (local.get 0) (then (throw $e (local.get 0)))))
  (func $rethrow (param exnref)
    (throw_ref (local.get 0)))
  (func (export "_start")
    (block $h (result i32 exnref)
      (try_table (catch_ref $e $h)
        (call $may_throw (i32.const 0)))
      (return))
    (drop)
    (drop)))
