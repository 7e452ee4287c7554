;; custom-page-sizes: a memory with a 1-byte page size (limits flag bit 0x08, then log2 page size 0).
(module
  (memory (export "memory") 65536 (pagesize 1))
  (func (export "_start")
    (i32.store8 (i32.const 100) (i32.const 1))))
