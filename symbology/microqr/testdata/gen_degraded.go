//go:build ignore

// gen_degraded writes the degraded set of Micro QR Code pictures in
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
// level, 1-3 for L, M, Q; --vers the version, M1-M4 as 1-4).
var payloads = []struct {
	data string
	args []string
}{
	{"12345", nil},
	{"0123456789", []string{"--vers=2"}},
	{"HELLO", []string{"--secure=2"}},
	{"Micro QR", nil},
	{"micro qr code", []string{"--vers=4"}},
	{"4711", []string{"--vers=3", "--secure=2"}},
	{"A1B2C3", []string{"--vers=4", "--secure=3"}},
	{"SN 0042-17", nil},
	{"mqr", []string{"--vers=3"}},
	{"99999999999999999999", nil},
	{"Lot 7/B", []string{"--secure=2"}},
	{"ABCDEFGHIJKLMN", nil},
	{"x", []string{"--vers=4", "--secure=3"}},
	{"2024-11-25", nil},
	{"QRCODE", []string{"--vers=3", "--secure=2"}},
	{"part:77", nil},
}

func main() {
	r := rand.New(rand.NewPCG(2024, 12))
	for i, p := range payloads {
		m, err := enginetest.Zint(append([]string{"-b", "97", "-d", p.data}, p.args...)...)
		if err != nil {
			panic(err)
		}
		pic := qrtest.Draw(m, 8, 2)
		module := 3 + 3*r.Float64() // pixels per module: 3 to 6
		deg := 360 * r.Float64()    // any angle
		persp := 0.2 * r.Float64()  // up to a fifth shorter on one side
		blur := r.IntN(2)           // none or a box of radius 1, twice
		noise := 2 + r.IntN(9)      // ±2 to ±10 levels
		quality := 45 + r.IntN(41)  // JPEG quality 45 to 85
		dark, light := 20+r.IntN(50), 170+r.IntN(70)
		side := int(float64(pic.Rect.Dx())*module/8*1.5) + 40
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
