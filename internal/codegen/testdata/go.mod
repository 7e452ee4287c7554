module example.com/cg

go 1.26.0

require github.com/subako-ai/subako-go v0.0.0

replace github.com/subako-ai/subako-go => ../../..
