;; exception-handling-legacy: a tag section (13), throw (0x08), try (0x06) / catch (0x07).
(module
  (tag $e (param i32))
  (memory (export "memory") 1)
  (func $may_throw (param i32)
    (if (local.get 0) (then (throw $e (local.get 0)))))
  (func (export "_start")
    (try
      (do (call $may_throw (i32.const 1)))
      (catch $e (drop)))))
