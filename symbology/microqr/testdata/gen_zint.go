//go:build ignore

// gen_zint writes zint/*.txt: Micro QR Code symbols made by zint (Debian
// package zint), as zint chooses them at each level, for the tests that
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
		"1", "12345", "123456", "0123456789", "12345678901234567890123", "12345678901234567890123456789012345",
		"A", "AB", "HELLO", "ABC-123", "HELLO WORLD 1", "ABCDEFGHIJKLMNOPQRSTU",
		"a", "hello", "Hello, World", "micro qr code!",
		"1234ABCD", "AB12345678CD", "abc123456789", "漢字", "誠", "漢字漢字 ABC",
		"$%*+-./:", "http://x.y", "Lot 42/B", "2024-11-25 08:30",
	}
	n := 0
	for _, d := range data {
		for level := 1; level <= 3; level++ {
			args := []string{"-b", "97", "--secure", fmt.Sprint(level), "-d", d}
			m, err := enginetest.Zint(args...)
			if err != nil {
				continue // too long for this level
			}
			head, _ := json.Marshal(map[string]any{"data": d, "level": "LMQ"[level-1 : level]})
			var b strings.Builder
			b.Write(head)
			b.WriteByte('\n')
			b.WriteString(m.String())
			name := filepath.Join("zint", fmt.Sprintf("%02d-%c.txt", n, "LMQ"[level-1]))
			if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
				panic(err)
			}
		}
		n++
	}
}
