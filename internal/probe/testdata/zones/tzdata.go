//go:build tzdata

package main

import _ "time/tzdata"
