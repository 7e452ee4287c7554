package stdout

import "fmt"

// Files for another GOOS are not checked.
func linux() { fmt.Println("linux") }
