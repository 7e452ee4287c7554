//go:build !linux

package serve

// newNotifier is nil where the host has no inotify: the watch polls, with
// a cap and a backoff.
func newNotifier([]string) notifier { return nil }
