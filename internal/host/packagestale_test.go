package host

import (
	"os"
	"testing"
)

// TestPackageDescriptorsFollowTheCopy: a descriptor the module opened in
// /package before its first change there follows the mount to the run's
// copy (sandboxfs.Private): "NEW!" written into asset through a second
// descriptor is what the first reads back, and a file created after is
// listed through the directory descriptor opened before, as on Subako,
// where the mount is one directory (wasmtime, with the directory
// preopened read-write: testdata/pkgwrite/pkgstale.c). The person's file
// stays as it was. Before, both kept the person's original (attack pass
// 45g, row 7: "0:OLD.,0:4,0:0").
func TestPackageDescriptorsFollowTheCopy(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,0:NEW!,0:4,0:1"}`
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/asset", []byte("OLD."), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _, ok := pingModule(t, "testdata/pkgwrite/pkgstale.wasm", RunConfig{Mounts: Mounts{Package: dir}})
	if !ok || got != wasmtime {
		t.Errorf("answered %v %s; wasmtime %s", ok, got, wasmtime)
	}
	if b, _ := os.ReadFile(dir + "/asset"); string(b) != "OLD." {
		t.Errorf("the person's asset is now %q", b)
	}
}
