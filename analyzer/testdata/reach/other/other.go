// Package other has types a handler uses.
package other
