//go:build race

package barkit_test

// raceEnabled reports whether the race detector is on: tests skip what
// would take too long under it.
const raceEnabled = true
