;; multi-memory: two memories; a load and a store on memory 1 (memarg flag bit 0x40), memory.size 1.
(module
  (memory $m0 (export "memory") 1)
  (memory $m1 1)
  (func (export "_start")
    (i32.store $m1 (i32.const 0) (i32.const 7))
    (drop (i32.load $m1 (i32.const 0)))
    (drop (memory.size $m1))))
