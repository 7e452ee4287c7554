module github.com/subako-ai/subako-go/subako/testdata/wasmtimerun

go 1.26.0

require github.com/bytecodealliance/wasmtime-go/v39 v39.0.1
