;; gc: a recursive type group (rec, 0x4E) with a struct type (0x5F) and an array type (0x5E);
;; struct.new (0xFB 0x00), struct.get (0xFB 0x02), array.new_fixed (0xFB 0x08), ref.i31 (0xFB 0x1C).
(module
  (rec
    (type $point (struct (field $x i32) (field $y (mut i32))))
    (type $list (struct (field i32) (field (ref null $list)))))
  (type $bytes (array (mut i8)))
  (memory (export "memory") 1)
  (func (export "_start")
    (local $p (ref null $point))
    (local.set $p (struct.new $point (i32.const 1) (i32.const 2)))
    (drop (struct.get $point $x (local.get $p)))
    (drop (struct.new $list (i32.const 3) (ref.null $list)))
    (drop (array.new_fixed $bytes 2 (i32.const 104) (i32.const 105)))
    (drop (ref.i31 (i32.const 7)))))
