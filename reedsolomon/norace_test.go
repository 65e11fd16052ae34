//go:build !race

package reedsolomon

const raceEnabled = false
