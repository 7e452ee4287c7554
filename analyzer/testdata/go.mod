module example.com/t

go 1.26.0

require github.com/subako-ai/subako-go v0.0.0

replace github.com/subako-ai/subako-go => ../..

require example.com/ext v0.0.0

replace example.com/ext => ./extmod
