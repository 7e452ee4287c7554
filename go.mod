module github.com/subako-ai/subako-go

go 1.26.0

require (
	github.com/dave/jennifer v1.7.1
	github.com/golangci/plugin-module-register v0.1.2
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/tetratelabs/wabin v0.0.0-20230304001439-f6f874872834
	github.com/tetratelabs/wazero v1.12.0
	golang.org/x/image v0.48.0
	golang.org/x/mod v0.42.0
	golang.org/x/sys v0.50.0
	golang.org/x/text v0.44.0
	golang.org/x/tools v0.52.0
)

require (
	golang.org/x/sync v0.25.0 // indirect
)

tool github.com/tetratelabs/wazero/cmd/wazero
