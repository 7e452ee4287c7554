// Zones tells the time in a zone.
//
//subako:package zones
package zones

import (
	"time"

	"example.com/t/zones/clock"
)

// In is the input.
type In struct {
	// The zone.
	Zone string `json:"zone"`
}

// Now tells the time in a zone.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func now(in In) (string, error) {
	loc, err := time.LoadLocation(in.Zone) // want `A021 time-zone-data: now loads a time zone by name \(time.LoadLocation\), and nothing in the module imports time/tzdata: in the module every such call fails with "Bad file number" .*add import _ "time/tzdata" to the package \(about 383 KB of zone data\)`
	if err != nil {
		return "", err
	}
	return time.Now().In(loc).String(), nil
}

// Paris tells the time in Paris, through another package.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func paris(in In) (string, error) {
	t, err := clock.In(time.Now(), "Europe/Paris") // want `A021 time-zone-data: paris loads a time zone by name \(clock.In → time.LoadLocation\)`
	return t.String(), err
}

// Later tells the time in a zone through a function of the package.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func later(in In) (string, error) { return zoned(in.Zone) }

func zoned(zone string) (string, error) {
	loc, err := time.LoadLocation(zone) // want `A021 time-zone-data: later loads a time zone by name \(time.LoadLocation\) \(later → zoned\)`
	if err != nil {
		return "", err
	}
	return time.Now().In(loc).String(), nil
}

// Utc needs no zone data.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func utc(in In) (string, error) { return time.Now().UTC().String(), nil }
