// Package golangci registers subako-go's analyzers as a golangci-lint
// module plugin, so editors that run golangci-lint show the diagnostics.
// See .custom-gcl.example.yml and docs/go.md for the set-up.
package golangci

import (
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/analyzer"
)

// Name is the linter's name in .golangci.yml.
const Name = "subako"

func init() {
	register.Plugin(Name, New)
}

// New makes the plugin; it takes no settings.
func New(any) (register.LinterPlugin, error) { return plugin{}, nil }

type plugin struct{}

// BuildAnalyzers returns every subako analyzer.
func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return analyzer.Analyzers, nil }

// GetLoadMode asks for type information: the analyzers need go/types.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
