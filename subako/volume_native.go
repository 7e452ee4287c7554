//go:build !wasip1

package subako

import "github.com/subako-ai/subako-go/subako/internal/fakehost"

// volumePath is where a file under /volume is: in a native build, beneath
// the directory a test made stand in for it (subakotest.Volume), if any.
func volumePath(p string) string {
	if dir := fakehost.Volume(); dir != "" {
		return dir + p[len(volumeRoot):]
	}
	return p
}
