package serve

import (
	"io/fs"
	"path/filepath"
	"sync"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// DefaultVolumeQuota is what serve's volume may hold unless
// Options.VolumeQuota says otherwise: two calls' write budgets, so that a
// call may always write its whole 1 GiB while the volume keeps less than
// another call's.
const DefaultVolumeQuota = 2 * abi.WriteBudgetBytes

// volumeEntries is how many files, directories and links serve's volume
// may hold: ten calls' worth, and few enough that measuring the volume
// before a call stays cheap.
var volumeEntries = 10 * sandboxfs.CallLimits.Entries

// volumeQuota bounds what serve's volume holds across its calls. Every
// call's write budget charges a quota shared by the calls (sandboxfs.
// VolumeQuota), so calls running at once cannot pass it together however
// they share it; a call that would is answered EDQUOT, as past its own
// budget. The quota counts what calls write, not what they remove, so it
// is set again to what the volume holds, measured, when a call starts while
// none runs, unless nothing changed since it was measured: no call wrote or
// was refused (measuring a volume of 100,000 entries costs most of a
// second, BenchmarkVolumeMeasure, which a read-only call need not pay).
type volumeQuota struct {
	dir   string
	data  bool // calls have /volume/data as well as /volume/tmp
	quota *sandboxfs.VolumeQuota

	mu       sync.Mutex
	running  int  // calls begun and not ended
	measured bool // the quota holds what was measured, and no call was refused since
	// bytes and entries are what was measured.
	bytes, entries int64
}

func newVolumeQuota(dir string, data bool, bytes int64) *volumeQuota {
	return &volumeQuota{dir: dir, data: data, quota: sandboxfs.NewVolumeQuota(bytes, volumeEntries)}
}

// begin is called before a call runs: it measures the volume when no
// other call runs and returns the call's limits, which charge the quota.
// end must follow once the call's module has left its instance.
func (v *volumeQuota) begin() sandboxfs.Limits {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.running == 0 && !v.unchanged() {
		v.bytes, v.entries = v.measure()
		v.quota.Reset(v.bytes, v.entries)
		v.measured = true
	}
	v.running++
	return sandboxfs.Limits{Volume: v.quota}
}

// unchanged reports whether the quota still holds what was measured, and
// no call was refused since: a call refused whole is charged nothing, yet
// files removed since may have made the room it lacked.
func (v *volumeQuota) unchanged() bool {
	bytes, entries := v.quota.Held()
	return v.measured && bytes == v.bytes && entries == v.entries
}

// end is called when a call begun has ended; refused says the quota
// refused it something (host.Record.VolumeRefused).
func (v *volumeQuota) end(refused bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.running--
	if refused {
		v.measured = false
	}
}

// measure is what the volume's mounts hold (/volume/tmp, and
// /volume/data when calls have it), where calls write: the bytes of their
// regular files and their entries. Anything else in a --volume DIR is not
// counted. The walk stops past the entry quota, and a volume that holds
// more is full.
func (v *volumeQuota) measure() (bytes, entries int64) {
	limit := v.quota.Limit()
	for _, m := range sandboxfs.VolumeMounts(v.data) {
		root := filepath.Join(v.dir, m.Sub)
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || path == root {
				return nil //nolint:nilerr // what cannot be read is not counted, and the walk goes on
			}
			entries++
			if entries > limit.Entries {
				bytes = max(bytes, limit.Bytes)
				return filepath.SkipAll
			}
			if d.Type().IsRegular() {
				if fi, err := d.Info(); err == nil {
					bytes += fi.Size()
				}
			}
			return nil
		})
	}
	return bytes, entries
}

// fullNote tells the client why a call's write or new file was refused:
// the volume, not the call, held its quota.
func (v *volumeQuota) fullNote() string {
	limit := v.quota.Limit()
	return "serve's volume is full: a write or a new file was refused (EDQUOT) because it would pass the volume's quota of " +
		sizeText(limit.Bytes) + " in files or " + textutil.Commas(int(limit.Entries)) + " entries, which all calls share (serve --volume-quota); " +
		"remove files from /volume, or restart serve with a larger --volume-quota"
}
