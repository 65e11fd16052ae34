package modroot

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDir(t *testing.T) {
	d := Dir()
	if _, err := os.Stat(filepath.Join(d, "go.mod")); err != nil {
		t.Fatalf("Dir() = %q holds no go.mod: %v", d, err)
	}
	if got, want := Beside("shared"), filepath.Join(d, "..", "shared"); got != want {
		t.Errorf("Beside(shared) = %q, want %q", got, want)
	}
}
