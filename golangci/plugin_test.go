package golangci

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/subako-ai/subako-go/analyzer"
)

func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin(Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != len(analyzer.Analyzers) {
		t.Fatalf("analyzers %v, %v", as, err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %s", p.GetLoadMode())
	}
}
