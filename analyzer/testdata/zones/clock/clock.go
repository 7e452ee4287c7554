// Package clock loads zones for the handlers of package zones.
package clock

import "time"

// In gives t in the named zone.
func In(t time.Time, zone string) (time.Time, error) { // want In:"loads a zone: clock.In → time.LoadLocation"
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return t, err
	}
	return t.In(loc), nil
}
