module github.com/subako-ai/subako-go/bench/compare

go 1.26.0

require github.com/subako-ai/subako-go v0.0.0

require (
	github.com/bytecodealliance/wasmtime-go/v39 v39.0.1
	github.com/tetratelabs/wabin v0.0.0-20230304001439-f6f874872834 // indirect
)

replace github.com/subako-ai/subako-go => ../..
