//go:build ignore

// gen_degraded writes the degraded set of rMQR Code pictures in
// degraded/: symbols written by zint (not by barkit), each drawn turned to
// an arbitrary angle, in perspective, blurred, noised and JPEG-compressed.
// Run from this directory with `go run gen_degraded.go`; it needs zint.
package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/symbology/qrfamily/qrtest"
)

// payloads are the symbols: the data and zint's options (--secure is the
// level, 2 for M and 4 for H; --vers the size, 1-32 from R7x43 to
// R17x139; --gs1 GS1 data in zint's bracketed form).
var payloads = []struct {
	data string
	args []string
}{
	{"12345", nil},
	{"1234", []string{"--vers=1", "--secure=4"}},
	{"HELLO WORLD", []string{"--vers=6"}},
	{"https://example.com/rmqr", nil},
	{"Rectangular Micro QR Code", []string{"--secure=4"}},
	{"0123456789012345678901234567890123456789", []string{"--vers=12"}},
	{"LOT:A7-2291 EXP:2026-03", []string{"--vers=21"}},
	{"abcdefghijklmnopqrstuvwxyz", []string{"--vers=25", "--secure=4"}},
	{"R17x139 carries the most data of all the sizes", []string{"--vers=32"}},
	{"tiny", []string{"--vers=16"}},
	{"PART-77/B", []string{"--vers=9"}},
	{"3.14159265358979323846", []string{"--vers=14"}},
	{"MIXED case 123 data", []string{"--vers=28"}},
	{"Z", []string{"--vers=5", "--secure=4"}},
	{"order 4711 shipped", []string{"--vers=19"}},
	{"0000000000", []string{"--vers=27"}},
}

func main() {
	r := rand.New(rand.NewPCG(2024, 12))
	for i, p := range payloads {
		m, err := enginetest.Zint(append([]string{"-b", "145", "-d", p.data}, p.args...)...)
		if err != nil {
			panic(err)
		}
		pic := qrtest.Draw(m, 8, 2)
		module := 3 + 2*r.Float64() // pixels per module: 3 to 5
		deg := 360 * r.Float64()    // any angle
		persp := 0.2 * r.Float64()  // up to a fifth shorter on one side
		blur := r.IntN(2)           // none or a box of radius 1, twice
		noise := 2 + r.IntN(9)      // ±2 to ±10 levels
		quality := 45 + r.IntN(41)  // JPEG quality 45 to 85
		dark, light := 20+r.IntN(50), 170+r.IntN(70)
		side := int(float64(pic.Rect.Dx())*module/8*1.1) + 40
		quad := qrtest.View(pic.Rect.Dx(), pic.Rect.Dy(), module/8, deg, persp,
			detect.Point{X: float64(side)/2 + 10*(r.Float64()-0.5), Y: float64(side)/2 + 10*(r.Float64()-0.5)})
		g := qrtest.Scene(side, side, 255, qrtest.Place{Picture: pic, Quad: quad})
		qrtest.Contrast(g, uint8(dark), uint8(light))
		qrtest.Blur(g, blur)
		qrtest.Noise(g, noise, 0.3*r.Float64(), uint64(i))
		_, jpg := qrtest.JPEG(g, quality)
		name := filepath.Join("degraded", fmt.Sprintf("%02d", i))
		if err := os.WriteFile(name+".jpg", jpg, 0o644); err != nil {
			panic(err)
		}
		if err := os.WriteFile(name+".txt", []byte(p.data), 0o644); err != nil {
			panic(err)
		}
		fmt.Printf("%s: %q %v module %.1f angle %.0f persp %.2f blur %d noise %d quality %d\n",
			name, p.data, p.args, module, deg, persp, blur, noise, quality)
	}
}
