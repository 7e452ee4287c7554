// Package nosubako is not a function package: nothing is reported. // want package:"netHTTP\\(net/http\\)"
package nosubako

import (
	"fmt"
	"net/http"
	"os"
)

// Hello prints.
func Hello() {
	fmt.Println("hello")
	_, _ = http.Get("https://example.com")
	os.Exit(1)
}
