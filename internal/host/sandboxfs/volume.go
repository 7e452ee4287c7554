package sandboxfs

// VolumeMount is one folder of the volume the module sees.
type VolumeMount struct {
	Sub   string // the folder beneath the volume directory
	Guest string // where the module sees it
}

// VolumeMounts are the volume's mounts for a call: /volume/tmp, and
// /volume/data when the agent enables it. The volume's root itself is not
// mounted.
func VolumeMounts(data bool) []VolumeMount {
	v := []VolumeMount{{"tmp", "/volume/tmp"}}
	if data {
		v = append(v, VolumeMount{"data", "/volume/data"})
	}
	return v
}
