;; stack-switching: a continuation type (cont, 0x5D), cont.new (0xE0), suspend (0xE2) and resume (0xE3) with a tag handler.
(module
  (type $ft (func))
  (type $ct (cont $ft))
  (tag $yield)
  (memory (export "memory") 1)
  (func $body (type $ft)
    (suspend $yield))
  (elem declare func $body)
  (func (export "_start")
    (block $on_yield (result (ref $ct))
      (resume $ct (on $yield $on_yield) (cont.new $ct (ref.func $body)))
      (return))
    (drop)))
