package abi_test

import (
	"testing"

	"github.com/subako-ai/subako-go/abi"
)

func TestHTTPMisuse(t *testing.T) {
	t.Parallel()
	for _, code := range []int32{abi.HTTPOutOfRange, abi.HTTPNoAnswer, abi.HTTPWrongLength} {
		if abi.HTTPMisuse(code) == "" {
			t.Errorf("HTTPMisuse(%d) is empty", code)
		}
	}
	for _, code := range []int32{0, 1, -4} {
		if m := abi.HTTPMisuse(code); m != "" {
			t.Errorf("HTTPMisuse(%d) = %q, want empty", code, m)
		}
	}
}

func TestHTTPErrorKinds(t *testing.T) {
	t.Parallel()
	kinds := abi.HTTPErrorKinds()
	if len(kinds) != 13 {
		t.Fatalf("%d kinds; the ABI page names 13", len(kinds))
	}
	seen := map[abi.HTTPErrorKind]bool{}
	for _, k := range kinds {
		if seen[k] {
			t.Errorf("kind %q listed twice", k)
		}
		seen[k] = true
	}
}
