package fetch

import (
	"testing"

	"example.com/t/fetch/fakes"
)

func TestLocal(t *testing.T) { _ = fakes.Local }
