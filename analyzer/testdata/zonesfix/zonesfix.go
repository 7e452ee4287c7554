// Zonesfix tells the time in a zone.
//
//subako:package zonesfix
package zonesfix

import "time"

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
	loc, err := time.LoadLocation(in.Zone) // want `A021 time-zone-data`
	if err != nil {
		return "", err
	}
	return time.Now().In(loc).String(), nil
}
