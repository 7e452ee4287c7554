;; A WebAssembly 2.0 module that Subako must accept: it uses every 2.0 feature beyond MVP and
;; nothing later.
;;   SIMD:             v128 locals, v128.const, i32x4.add, i8x16.shuffle, v128.load/store
;;   bulk memory:      passive data + memory.init / data.drop (so a DataCount section, 12),
;;                     memory.copy, memory.fill, table.init / elem.drop, table.copy
;;   reference types:  two tables (funcref and externref), table.get / table.set / table.size /
;;                     table.grow / table.fill, ref.func, ref.null, ref.is_null, typed select,
;;                     a declarative element segment, externref params
;;   multi-value:      a function and a block with two results, a block with a parameter
;;   sign extension:   i32.extend8_s, i32.extend16_s, i64.extend32_s
;;   non-trapping f2i: i32.trunc_sat_f32_s, i64.trunc_sat_f64_u
;;   mutable globals:  an exported mutable global
(module
  (import "wasi_snapshot_preview1" "proc_exit" (func $proc_exit (param i32)))
  (type $binop (func (param i32 i32) (result i32)))
  (memory (export "memory") 1)
  (table $funcs 4 funcref)
  (table $externs 2 externref)
  (global $counter (export "counter") (mut i32) (i32.const 0))
  (data $greeting "hello, 2.0")
  (elem $ops func $add $sub)
  (elem declare func $swap)

  (func $add (type $binop) (i32.add (local.get 0) (local.get 1)))
  (func $sub (type $binop) (i32.sub (local.get 0) (local.get 1)))

  ;; multi-value: two results
  (func $swap (param i32 i32) (result i32 i32)
    (local.get 1) (local.get 0))

  (func $keep (param $r externref) (result i32)
    (table.set $externs (i32.const 0) (local.get $r))
    (ref.is_null (table.get $externs (i32.const 0))))

  (func $simd (result i32)
    (local $v v128)
    (local.set $v (i32x4.add (v128.const i32x4 1 2 3 4) (v128.load (i32.const 64))))
    (v128.store (i32.const 80)
      (i8x16.shuffle 3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12 (local.get $v) (local.get $v)))
    (i32x4.extract_lane 2 (local.get $v)))

  (func $bulk
    (memory.init $greeting (i32.const 0) (i32.const 0) (i32.const 10))
    (data.drop $greeting)
    (memory.copy (i32.const 16) (i32.const 0) (i32.const 10))
    (memory.fill (i32.const 32) (i32.const 0x2a) (i32.const 8))
    (table.init $funcs $ops (i32.const 0) (i32.const 0) (i32.const 2))
    (elem.drop $ops)
    (table.copy $funcs $funcs (i32.const 2) (i32.const 0) (i32.const 2)))

  (func $refs (result i32)
    (table.set $funcs (i32.const 3) (ref.func $swap))
    (drop (table.grow $externs (ref.null extern) (i32.const 1)))
    (table.fill $externs (i32.const 0) (ref.null extern) (i32.const 3))
    (i32.add
      (table.size $funcs)
      (select (result i32) (i32.const 1) (i32.const 2)
        (ref.is_null (table.get $funcs (i32.const 3))))))

  (func $numeric (param $f f32) (param $d f64) (result i64)
    (i64.add
      (i64.extend32_s (i64.extend_i32_s
        (i32.add (i32.extend8_s (i32.trunc_sat_f32_s (local.get $f)))
                 (i32.extend16_s (i32.const 0x18000)))))
      (i64.trunc_sat_f64_u (local.get $d))))

  (func (export "_start")
    (local $a i32)
    (local $b i32)
    (call $bulk)
    ;; a multi-value block: takes one parameter, returns two results
    (i32.const 7)
    (block $pair (param i32) (result i32 i32)
      (i32.const 5)
      (call $swap))
    (local.set $b)
    (local.set $a)
    (global.set $counter
      (i32.add
        (call_indirect $funcs (type $binop) (local.get $a) (local.get $b) (i32.const 0))
        (i32.add (call $simd) (i32.add (call $refs) (call $keep (ref.null extern))))))
    (drop (call $numeric (f32.const 300.5) (f64.const 1e30)))
    (call $proc_exit (i32.const 0))))
