package main

import (
	"bytes"
	"os"
	"testing"
)

// The committed table is what confusegen writes from the committed lines.
func TestTableUpToDate(t *testing.T) {
	text, err := os.ReadFile("confusables-ascii.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(text)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../tooltext/confusabletable.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("internal/tooltext/confusabletable.go is stale: go run ./internal/cmd/confusegen -o internal/tooltext/confusabletable.go")
	}
}

// A Coptic o is "o", a Cyrillic capital I (prototype "l") is "I", a Latin
// letter and a symbol are left out.
func TestKeep(t *testing.T) {
	for _, c := range []struct {
		r, l rune
		want byte
		ok   bool
	}{{0x2C9F, 'o', 'o', true}, {0x0406, 'l', 'I', true}, {0x0131, 'i', 0, false}, {0x2223, 'l', 0, false}, {0xFF4F, 'o', 0, false},
		{0x1D6D0, 'o', 'o', true}, {0x0C02, 'o', 'o', true}} { // attack pass 40x row 9: 𝛐, ం
		e, ok := keep(c.r, c.l)
		if ok != c.ok || ok && e.l != c.want {
			t.Errorf("keep(%U, %q) = %q, %v; want %q, %v", c.r, c.l, e.l, ok, c.want, c.ok)
		}
	}
}

// The Latin letters whose prototype is an ASCII letter (ɡ, ɑ, ɩ) are the
// second table; a digit prototype (Ʒ, an IPA ezh, is "3") is not (attack
// pass 40x row 9).
func TestKeepLatin(t *testing.T) {
	for _, c := range []struct {
		r, l rune
		want byte
		ok   bool
	}{{0x0261, 'g', 'g', true}, {0x0251, 'a', 'a', true}, {0x0269, 'i', 'i', true}, {0x01B7, '3', 0, false}, {0x2C9F, 'o', 0, false}} {
		e, ok := keepLatin(c.r, c.l)
		if ok != c.ok || ok && e.l != c.want {
			t.Errorf("keepLatin(%U, %q) = %q, %v; want %q, %v", c.r, c.l, e.l, ok, c.want, c.ok)
		}
	}
}
