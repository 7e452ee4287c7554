package analyzer

import (
	"go/ast"
	"go/build/constraint"
	"strings"
)

// knownOS and knownArch are the GOOS and GOARCH values that file names
// select on (go/build's lists).
var knownOS = map[string]bool{
	"aix": true, "android": true, "darwin": true, "dragonfly": true, "freebsd": true, "hurd": true,
	"illumos": true, "ios": true, "js": true, "linux": true, "nacl": true, "netbsd": true,
	"openbsd": true, "plan9": true, "solaris": true, "wasip1": true, "windows": true, "zos": true,
}

var knownArch = map[string]bool{
	"386": true, "amd64": true, "amd64p32": true, "arm": true, "armbe": true, "arm64": true,
	"arm64be": true, "loong64": true, "mips": true, "mipsle": true, "mips64": true, "mips64le": true,
	"mips64p32": true, "mips64p32le": true, "ppc": true, "ppc64": true, "ppc64le": true,
	"riscv": true, "riscv64": true, "s390": true, "s390x": true, "sparc": true, "sparc64": true,
	"wasm": true,
}

// buildsForWasip1 reports whether a file could be part of a
// GOOS=wasip1 GOARCH=wasm build, with Go or TinyGo: the analysis may run
// for another platform (go vet on the host), and files written for other
// platforms are not part of the module.
func buildsForWasip1(base string, f *ast.File) bool {
	name := strings.TrimSuffix(base, ".go")
	parts := strings.Split(name, "_")
	if n := len(parts); n >= 2 {
		last, prev := parts[n-1], parts[n-2]
		switch {
		case knownOS[prev] && knownArch[last]:
			if prev != "wasip1" || last != "wasm" {
				return false
			}
		case knownOS[last]:
			if last != "wasip1" {
				return false
			}
		case knownArch[last]:
			if last != "wasm" {
				return false
			}
		}
	}
	expr := buildConstraint(f)
	if expr == nil {
		return true
	}
	for _, compiler := range []string{"gc", "tinygo"} {
		ok := expr.Eval(func(tag string) bool {
			switch tag {
			case "wasip1", "wasm", compiler:
				return true
			case "tinygo.wasm":
				return compiler == "tinygo"
			}
			return strings.HasPrefix(tag, "go1.")
		})
		if ok {
			return true
		}
	}
	return false
}

// buildConstraint returns the file's //go:build expression, or nil.
func buildConstraint(f *ast.File) constraint.Expr {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				if x, err := constraint.Parse(c.Text); err == nil {
					return x
				}
			}
		}
	}
	return nil
}
