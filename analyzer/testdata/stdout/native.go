//go:build !wasip1

package stdout

import "fmt"

// Files not built for wasip1 are not checked.
func native() { fmt.Println("native") }
