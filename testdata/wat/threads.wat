;; threads: a shared memory (limits flag 0x03) and i32.atomic.rmw.add (0xFE 0x1E).
(module
  (memory (export "memory") 1 1 shared)
  (func (export "_start")
    (drop (i32.atomic.rmw.add (i32.const 0) (i32.const 1)))))
