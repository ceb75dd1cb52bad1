package main

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// plainSeconds matches a number without a unit: seconds, as nbconvert's
// --ExecutePreprocessor.timeout and papermill's --execution-timeout take it.
var plainSeconds = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$`)

// parseDuration parses a number of seconds ("10", "2.5") or a Go duration
// ("90s", "2m", "1h30m").
func parseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if plainSeconds.MatchString(s) {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Abs(f) > math.MaxInt64/float64(time.Second) {
			return 0, fmt.Errorf("%q: too many seconds", s)
		}
		return time.Duration(math.Round(f * float64(time.Second))), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q: want seconds (10) or a Go duration (90s, 2m)", s)
	}
	return d, nil
}

// durationFlag is a flag.Value for a duration given as parseDuration takes
// it.
type durationFlag struct{ d *time.Duration }

// Set parses s into the duration.
func (f durationFlag) Set(s string) error {
	d, err := parseDuration(s)
	if err != nil {
		return err
	}
	*f.d = d
	return nil
}

// String returns the duration as Go writes it, such as "10m0s".
func (f durationFlag) String() string {
	if f.d == nil {
		return "0s"
	}
	return f.d.String()
}
