//go:build ignore

// gen_public writes public-sizes.txt: for each payload of payloads.txt, the
// symbol size that three public Data Matrix encoders choose for it: zint
// (Debian package zint, with --square, and with rectangles allowed),
// libdmtx's dmtxwrite (Debian package dmtx-utils, "-e b" best encodation,
// square and rectangle) and zxing-cpp's ZXingWriter (Debian package
// zxing-cpp-tools). TestPublicSizes checks that barkit never picks a larger
// symbol. Run it from this directory: go run gen_public.go
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	_ "image/png"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

func main() {
	in, err := os.Open("payloads.txt")
	if err != nil {
		fail(err)
	}
	defer in.Close()
	var out bytes.Buffer
	out.WriteString("# Symbol sizes (rows x cols) public encoders choose for each payload; written by gen_public.go.\n")
	out.WriteString("# payload (Go quoted)\tzint-square\tzint-any\tdmtxwrite-square\tdmtxwrite-rect\tZXingWriter\n")
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		data, err := strconv.Unquote(line)
		if err != nil {
			fail(fmt.Errorf("%q: %v", line, err))
		}
		cols := []string{
			zint(data, "--square"),
			zint(data),
			dmtx(data, "s"),
			dmtx(data, "r"),
			zxing(data),
		}
		fmt.Fprintf(&out, "%s\t%s\n", line, strings.Join(cols, "\t"))
	}
	if err := os.WriteFile("public-sizes.txt", out.Bytes(), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// binary reports whether data has bytes that are not printable ASCII, which
// the encoders take as raw bytes.
func binary(data string) bool {
	for i := 0; i < len(data); i++ {
		if data[i] < 0x20 || data[i] > 0x7e {
			return true
		}
	}
	return false
}

// zint dumps the symbol as hexadecimal rows.
func zint(data string, flags ...string) string {
	args := append([]string{"-b", "71", "--dump", "--binary", "-d", data}, flags...)
	out, err := exec.Command("zint", args...).Output()
	if err != nil {
		return "-"
	}
	rows := strings.Split(strings.TrimSpace(string(out)), "\n")
	cols := 4 * len(strings.ReplaceAll(rows[0], " ", ""))
	// The last hexadecimal digit may be padding: the symbol's width is
	// where the bottom row (solid) ends.
	last := strings.ReplaceAll(rows[len(rows)-1], " ", "")
	v, _ := strconv.ParseUint(last, 16, 64)
	for cols > 0 && v&1 == 0 {
		v >>= 1
		cols--
	}
	return fmt.Sprintf("%dx%d", len(rows), cols)
}

// dmtx writes a PNG with one pixel per module and a one-pixel margin.
func dmtx(data, shape string) string {
	f := "/tmp/gen_public_dmtx.png"
	cmd := exec.Command("dmtxwrite", "-e", "b", "-s", shape, "-d", "1", "-m", "1", "-o", f)
	cmd.Stdin = strings.NewReader(data)
	if err := cmd.Run(); err != nil {
		return "-"
	}
	w, h, ok := dims(f)
	if !ok {
		return "-"
	}
	return fmt.Sprintf("%dx%d", h-2, w-2)
}

// zxing writes a PNG, whose modules are counted along the clock tracks.
func zxing(data string) string {
	if binary(data) {
		return "-" // the text argument cannot carry arbitrary bytes
	}
	f := "/tmp/gen_public_zxing.png"
	if err := exec.Command("ZXingWriter", "-margin", "0", "-size", "1440x1440", "DataMatrix", data, f).Run(); err != nil {
		return "-"
	}
	r, err := os.Open(f)
	if err != nil {
		return "-"
	}
	defer r.Close()
	img, _, err := image.Decode(r)
	if err != nil {
		return "-"
	}
	b := img.Bounds()
	dark := func(x, y int) bool {
		c, _, _, _ := img.At(x, y).RGBA()
		return c < 0x8000
	}
	// The bounding box of the dark pixels is the symbol.
	x0, y0, x1, y1 := b.Max.X, b.Max.Y, b.Min.X, b.Min.Y
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if dark(x, y) {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	// Runs along the top row, half a pixel in, and along the right column.
	runs := func(n int, at func(int) bool) int {
		c, prev := 0, false
		for i := 0; i < n; i++ {
			if d := at(i); d != prev || i == 0 {
				c++
				prev = d
			}
		}
		return c
	}
	cols := runs(x1-x0+1, func(i int) bool { return dark(x0+i, y0+1) })
	rows := runs(y1-y0+1, func(i int) bool { return dark(x1-1, y0+i) })
	return fmt.Sprintf("%dx%d", rows, cols)
}

func dims(path string) (w, h int, ok bool) {
	r, err := os.Open(path)
	if err != nil {
		return 0, 0, false
	}
	defer r.Close()
	c, _, err := image.DecodeConfig(r)
	if err != nil {
		return 0, 0, false
	}
	return c.Width, c.Height, true
}
