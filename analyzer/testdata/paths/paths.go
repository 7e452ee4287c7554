// Paths opens files inside and outside the mounts.
//
//subako:package paths
package paths

import "os"

// In is the input.
type In struct {
	// A path the model gives.
	Path string `json:"path"`
}

// Out is the output.
type Out struct{}

const hostname = "/etc/hostname"

// Tool reads files.
//
//subako:function
func tool(in In) (Out, error) {
	_, _ = os.ReadFile(hostname)                   // want `A032 path-outside-mounts: os.ReadFile\("/etc/hostname"\): the path is outside every directory mounted for a module, so the call fails at run time \(bad file number\): a module opens files only under /volume/tmp, /volume/data \(when the agent enables it\), /package \(the package's assets\) and /skills`
	_ = os.WriteFile("/tmp/chart.png", nil, 0o644) // want `A032 path-outside-mounts: os.WriteFile\("/tmp/chart.png"\)`
	_ = os.Rename("/volume/tmp/a", "/volume/../b") // want `A032 path-outside-mounts: os.Rename\("/volume/../b"\)`
	_, _ = os.ReadFile("/package/words.txt")       // a mount: fine
	_ = os.MkdirAll("/volume/data/cache", 0o755)   // fine
	_, _ = os.ReadDir("/skills")                   // fine
	_, _ = os.Open("relative.txt")                 // not absolute: not judged
	_, _ = os.ReadFile(in.Path)                    // not a constant: the runtime's error says it
	_, _ = os.Stat("/volumes/x")                   // want `A032 path-outside-mounts: os.Stat\("/volumes/x"\)`
	return Out{}, nil
}
