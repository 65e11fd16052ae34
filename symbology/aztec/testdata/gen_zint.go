//go:build ignore

// gen_zint writes zint-sizes.txt: for each payload of payloads.txt and each
// of zint's four error correction levels, the symbol zint 2.11.1 (Debian
// package zint) writes for it, `zint -b 92 --binary --secure=L --dump`,
// given by its size (C1-C4, F1-F32) and the data codewords its mode
// message counts, and whether zxing-cpp's ZXingReader 1.4 (Debian package
// zxing-cpp-tools) reads the symbol back as the payload ("ok") or not
// ("unreadable"); and zint-runes.txt, every Aztec Rune as zint writes it.
// It records the tools' output, not their code. Run it in this directory
// with both installed: go run gen_zint.go
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

func main() {
	f, err := os.Open("payloads.txt")
	if err != nil {
		log.Fatal(err)
	}
	var payloads []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			log.Fatalf("%q: %v", line, err)
		}
		payloads = append(payloads, s)
	}
	tmp, err := os.CreateTemp("", "payload")
	if err != nil {
		log.Fatal(err)
	}
	defer os.Remove(tmp.Name())
	img := tmp.Name() + ".png"
	defer os.Remove(img)
	var out strings.Builder
	out.WriteString("# Written by `go run gen_zint.go` with zint 2.11.1: payload index (in payloads.txt), zint's\n")
	out.WriteString("# --secure level (1-4: 10, 23, 36, 50 %), the size zint chose, the data codewords it wrote, and\n")
	out.WriteString("# whether ZXingReader 1.4 reads zint's symbol back as the payload.\n")
	for i, p := range payloads {
		if err := os.WriteFile(tmp.Name(), []byte(p), 0o600); err != nil {
			log.Fatal(err)
		}
		for level := 1; level <= 4; level++ {
			dump, err := exec.Command("zint", "-b", "92", "--binary", "--secure="+strconv.Itoa(level), "--dump", "-i", tmp.Name()).Output()
			if err != nil {
				fmt.Fprintf(&out, "%d\t%d\t-\t-\t-\n", i, level) // too long for zint
				continue
			}
			size, data := modeMessage(parseDump(string(dump)))
			status := "unreadable"
			if err := exec.Command("zint", "-b", "92", "--binary", "--secure="+strconv.Itoa(level), "--scale=2", "-o", img, "-i", tmp.Name()).Run(); err != nil {
				log.Fatal(err)
			}
			if got, err := exec.Command("ZXingReader", "-format", "Aztec", "-bytes", img).Output(); err == nil && string(got) == p {
				status = "ok"
			}
			fmt.Fprintf(&out, "%d\t%d\t%s\t%d\t%s\n", i, level, size, data, status)
		}
	}
	if err := os.WriteFile("zint-sizes.txt", []byte(out.String()), 0o644); err != nil {
		log.Fatal(err)
	}

	// Every Aztec Rune, `zint -b 128 --dump -d V`, as module rows.
	var runes strings.Builder
	runes.WriteString("# Written by `go run gen_zint.go` with zint 2.11.1: every Aztec Rune, '#' dark.\n")
	for v := range 256 {
		dump, err := exec.Command("zint", "-b", "128", "--dump", "-d", strconv.Itoa(v)).Output()
		if err != nil {
			log.Fatal(err)
		}
		fmt.Fprintf(&runes, "rune %d\n", v)
		for _, row := range parseDump(string(dump)) {
			for _, dark := range row[:11] {
				runes.WriteByte(".#"[b2i(dark)])
			}
			runes.WriteByte('\n')
		}
	}
	if err := os.WriteFile("zint-runes.txt", []byte(runes.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// parseDump reads zint's --dump output: one line per row, hexadecimal
// digits, most significant bit first.
func parseDump(s string) [][]bool {
	var rows [][]bool
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		var row []bool
		for _, h := range strings.Fields(line) {
			v, err := strconv.ParseUint(h, 16, 64)
			if err != nil {
				log.Fatalf("dump %q: %v", h, err)
			}
			for k := len(h)*4 - 1; k >= 0; k-- {
				row = append(row, v>>k&1 == 1)
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// modeMessage reads the size and data codewords of an unrotated symbol
// from its mode message (ISO/IEC 24778:2008 §7.2): a compact symbol has
// its top-left orientation mark 5 modules from the centre, a full-range
// one 7.
func modeMessage(m [][]bool) (string, int) {
	c := len(m) / 2
	compact := m[c-5][c-5]
	r, per := 7, 10
	if compact {
		r, per = 5, 7
	}
	// The top side of the ring, left to right, then the right side, top
	// to bottom: the first 2·per bits hold the 8 or 16 data bits.
	var bits []bool
	for i := range per {
		off := i - 3
		if !compact {
			off = i - 5 + i/5
		}
		bits = append(bits, m[c-r][c+off])
	}
	for i := range per {
		off := i - 3
		if !compact {
			off = i - 5 + i/5
		}
		bits = append(bits, m[c+off][c+r])
	}
	v := func(bs []bool) int {
		n := 0
		for _, b := range bs {
			n <<= 1
			if b {
				n |= 1
			}
		}
		return n
	}
	if compact {
		return "C" + strconv.Itoa(v(bits[:2])+1), v(bits[2:8]) + 1
	}
	return "F" + strconv.Itoa(v(bits[:5])+1), v(bits[5:16]) + 1
}
