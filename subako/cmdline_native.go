//go:build !wasip1

package subako

import "os"

// handleArgs gives a native build of a package the command line the Rust
// SDK's has: --subako-manifest prints subako-package.json, so that tools
// packing the module learn the package's name and description by running
// it. Any other argument is a mistake, reported rather than ignored, since
// the program would otherwise sit waiting for requests on stdin.
func handleArgs(p *Package) {
	switch {
	case len(os.Args) < 2:
		return
	case len(os.Args) == 2 && os.Args[1] == "--subako-manifest":
		// The same checks as discovery's: a broken package has no manifest.
		srv, err := newServer(p, nil)
		if err == nil {
			err = srv.listing()
		}
		if err != nil {
			os.Stderr.WriteString("subako: " + err.Error() + "\n")
			os.Exit(1)
		}
		os.Stdout.Write(appendManifest(nil, p))
		os.Exit(0)
	}
	os.Stderr.WriteString("usage: " + os.Args[0] + " [--subako-manifest]\n\n" +
		"Without arguments, the package answers MCP requests on stdin, one per line.\n" +
		"With --subako-manifest, it prints its subako-package.json.\n")
	os.Exit(2)
}

// appendManifest appends subako-package.json for p, indented like the
// Rust SDK's, with a final newline.
func appendManifest(b []byte, p *Package) []byte {
	b = append(b, "{\n  \"abi\": 1,\n  \"name\": "...)
	b = append(b, quote(p.Name)...)
	b = append(b, ",\n  \"description\": "...)
	b = append(b, quote(p.Description)...)
	return append(b, "\n}\n"...)
}
