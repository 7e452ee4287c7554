package stdout

import (
	"fmt"
	"testing"
)

// Tests are not checked.
func TestTool(t *testing.T) { fmt.Println("test") }
