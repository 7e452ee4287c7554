// Zonesok tells the time in a zone, with the zone data.
//
//subako:package zonesok
package zonesok

import (
	"time"
	_ "time/tzdata"
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
	loc, err := time.LoadLocation(in.Zone)
	if err != nil {
		return "", err
	}
	return time.Now().In(loc).String(), nil
}
