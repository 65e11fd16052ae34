// Package modroot finds the repository's root for tests, and the folders
// that lie beside it: ../shared (the reference corpus, photos and tools).
package modroot

import (
	"os"
	"path/filepath"
)

// Dir returns the directory of the go.mod at or above the working
// directory, where a package's tests run; "" when there is none.
func Dir() string {
	d, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// Beside returns the folder name beside the repository's root
// ("shared" gives ../shared), or "" when there is no root.
func Beside(name string) string {
	d := Dir()
	if d == "" {
		return ""
	}
	return filepath.Join(d, "..", name)
}
