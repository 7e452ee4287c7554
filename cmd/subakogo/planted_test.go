package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// plantedHead starts each planted package: a package directive and an
// input type, so that each package carries one mistake.
const plantedHead = `// Planted carries one mistake.
//
//subako:package planted
package %s

import (
	"fmt"
	"log"
	"os"
)

var _, _, _ = fmt.Sprint, log.Println, os.Getpid

// In is the input.
type In struct {
	// Who.
	Name string ` + "`json:\"name\"`" + `
}

`

// The mistakes issue 23 found an author making, one a package, as subakogo
// generate and check see them (schema runs the same analysis): each is
// caught before any call, named with file:line and its fix, or is no
// mistake any more (a string or map result), and advice is a warning,
// which does not stop the package. The mistakes only a call shows (several
// bad arguments, a path the model gives, a native test's volume, a request
// the fixture answers) are codegen's TestCallEverythingAllErrors and
// TestCallExtra, subakotest's TestVolumePath and subakohttp's
// TestFixtureAnswersAsTheHost; the 16 MiB module is TestSize.
func TestPlantedMistakes(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module of several packages")
	}
	wd, _ := os.Getwd()
	root := filepath.Join(wd, "..", "..")
	dir := t.TempDir()
	planted := map[string]struct {
		body string
		at   string // the text of the line the finding is on; "" for no finding
		want string // the finding, as a regexp
		code int    // generate's exit code
	}{
		"unexported": {"// Out is the output.\ntype Out struct {\n\t// The text.\n\ttext string\n}\n\n// Tool answers.\n//\n//subako:function\nfunc tool(in In) (Out, error) { return Out{}, nil }\n",
			"\ttext string", `A030 field-unexported: field text is not exported.*export it \(Text string .json:"text".\), or tag it json:"-"`, exitFindings},
		"println": {"// Tool prints.\n//\n//subako:function\nfunc tool(in In) (string, error) {\n\tfmt.Println(\"shouting at\", in.Name)\n\treturn \"HEY!\", nil\n}\n",
			"\tfmt.Println(", `A031 stdout-redirected: fmt.Println writes to os.Stdout; during a call .*write to os.Stderr`, exitOK},
		"logger": {"var logger = log.New(os.Stdout, \"\", 0)\n\n// Tool logs.\n//\n//subako:function\nfunc tool(in In) (string, error) {\n\tlogger.Print(in.Name)\n\treturn \"\", nil\n}\n",
			"var logger", `A014 stdout-write: os.Stdout is read here when the module starts .*use os.Stderr`, exitFindings},
		"hostname": {"// Tool reads.\n//\n//subako:function\nfunc tool(in In) (string, error) {\n\tb, err := os.ReadFile(\"/etc/hostname\")\n\treturn string(b), err\n}\n",
			"\tb, err := os.ReadFile", `A032 path-outside-mounts: os.ReadFile\("/etc/hostname"\).*assets/ \(mounted at /package\)`, exitOK},
		"shout":  {"// Tool shouts.\n//\n//subako:function\nfunc tool(in In) (string, error) { return \"HEY!\", nil }\n", "", "", exitOK},
		"counts": {"// Tool counts.\n//\n//subako:function\nfunc tool(in In) (map[string]any, error) { return nil, nil }\n", "", "", exitOK},
	}
	files := map[string]string{"go.mod": "module example.com/planted\n\ngo 1.26\n\nrequire github.com/subako-ai/subako-go v0.0.0\n\nreplace github.com/subako-ai/subako-go => " + root + "\n"}
	for name, p := range planted {
		files[name+"/main.go"] = strings.Replace(plantedHead, "%s", "main", 1) + p.body
	}
	for name, src := range files {
		if err := writeFile(filepath.Join(dir, name), []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	for name, p := range planted {
		code, _, stderr := runCLI("generate", "./"+name)
		var found []string
		for _, line := range strings.Split(stderr, "\n") {
			// A041 (info) suggests the hints a tool could state: advice
			// every planted package draws, not a mistake.
			if strings.Contains(line, " A0") && !strings.Contains(line, " A041 ") {
				found = append(found, line)
			}
		}
		if code != p.code {
			t.Errorf("%s: generate exit %d, want %d\n%s", name, code, p.code, stderr)
		}
		if p.at == "" {
			if len(found) != 0 {
				t.Errorf("%s: findings where none are due:\n%s", name, stderr)
			}
		} else {
			line := 1 + strings.Count(files[name+"/main.go"][:strings.Index(files[name+"/main.go"], p.at)], "\n")
			want := regexp.MustCompile(`main\.go:` + strconv.Itoa(line) + `:\d+: ` + p.want)
			if len(found) != 1 || !want.MatchString(found[0]) {
				t.Errorf("%s: want one finding matching %s, got\n%s", name, want, stderr)
			}
		}
	}
	// The generated files need the module's requirements tidied.
	if b, err := exec.Command("go", "mod", "tidy").CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, b)
	}
	for name, p := range planted {
		if p.code != exitOK {
			continue
		}
		code, stdout, stderr := runCLI("schema", "./"+name)
		if code != exitOK || !strings.Contains(stdout, `"name": "tool"`) {
			t.Errorf("%s: schema exit %d\n%s%s", name, code, stdout, stderr)
		}
		if name != "counts" && strings.Contains(stdout, "outputSchema") {
			t.Errorf("%s: a text tool declares an outputSchema\n%s", name, stdout)
		}
	}
}
