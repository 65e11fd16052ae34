//go:build ignore

// gen_zint writes zint/*.txt: rMQR Code symbols made by zint (Debian
// package zint), as zint chooses them at levels M and H, for the tests that
// decode another encoder's symbols and compare barkit's choices with
// zint's. Run from this directory with `go run gen_zint.go`.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/barkit/barkit/internal/enginetest"
)

func main() {
	data := []string{
		"1", "12345", "0123456789", "314159265358979323846264338327950288419716939937510",
		"A", "HELLO", "HELLO WORLD", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
		"a", "hello", "Hello, World!", "rectangular micro qr code",
		"https://example.com/rmqr?id=42", "漢字", "漢字漢字漢字漢字", "1234ABCD", "AB12345678CD",
		"abc123456789012", "Lot 42/B exp 2026-03-01", "$%*+-./:",
		"The quick brown fox jumps over the lazy dog", "0000000000000000000000000000000000000000000000000000000000000000000000000000000000",
	}
	n := 0
	for _, d := range data {
		for _, level := range []int{2, 4} {
			args := []string{"-b", "145", "--secure", fmt.Sprint(level), "-d", d}
			m, err := enginetest.Zint(args...)
			if err != nil {
				continue // too long for this level
			}
			head, _ := json.Marshal(map[string]any{"data": d, "level": "LMQH"[level-1 : level]})
			var b strings.Builder
			b.Write(head)
			b.WriteByte('\n')
			b.WriteString(m.String())
			name := filepath.Join("zint", fmt.Sprintf("%02d-%c.txt", n, "LMQH"[level-1]))
			if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
				panic(err)
			}
		}
		n++
	}
}
