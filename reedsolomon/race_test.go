//go:build race

package reedsolomon

const raceEnabled = true
