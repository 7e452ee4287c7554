package vetmissing

import "testing"

// subakoPackage is declared by subako_gen.go, which is missing.
func TestPackage(t *testing.T) { _ = subakoPackage }
