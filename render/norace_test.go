//go:build !race

package render

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
