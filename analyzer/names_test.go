package analyzer

import "testing"

func TestValidPackageName(t *testing.T) {
	for name, want := range map[string]bool{
		"hello": true, "hello-world_2": true, "9lives": true,
		"": false, "_hello": false, "-hello": false, "Hello": false, "héllo": false,
		"a234567890123456789012345678901234567890123456789012345678901234":  true,
		"a2345678901234567890123456789012345678901234567890123456789012345": false,
	} {
		if got := validPackageName(name); got != want {
			t.Errorf("validPackageName(%q) = %v, want %v", name, got, want)
		}
	}
}
