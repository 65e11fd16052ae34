//go:build ignore

// gen makes the WebP test images of this directory: it draws synthetic
// pictures, writes them as PNG (or PPM) files to a temporary directory and
// encodes them with the Debian 12 packages webp 1.2.4 (cwebp, img2webp,
// webpmux) and, for the file with eight token partitions, which cwebp
// cannot ask for, with mkwebp.c against libwebp-dev 1.2.4. See README.
//
//	apt-get install webp libwebp-dev gcc
//	go run gen.go
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
)

// scene draws a w×h picture with what photographs of barcodes hold: smooth
// gradients, noise, sharp-edged modules, thin lines at many angles and
// flat areas, so that an encoder uses every prediction mode. seed varies
// it; noise is the amplitude of the noise.
func scene(w, h int, seed uint32, noise int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	rnd := func() uint32 {
		seed = seed*1664525 + 1013904223
		return seed >> 8
	}
	for y := range h {
		for x := range w {
			n := 0
			if noise > 0 {
				n = int(rnd()%uint32(2*noise)) - noise
			}
			r := 60 + 150*x/max(w, 1) + n
			g := 90 + 120*y/max(h, 1) + n
			b := 128 + int(60*math.Sin(float64(x+y)/9)) + n
			m.SetNRGBA(x, y, color.NRGBA{clamp(r), clamp(g), clamp(b), 255})
		}
	}
	// A block of 4×4-pixel modules, dark or light at random.
	for y := h / 8; y < h/2; y += 4 {
		for x := w / 8; x < w/2; x += 4 {
			v := uint8(20)
			if rnd()%2 == 0 {
				v = 235
			}
			for yy := y; yy < min(y+4, h); yy++ {
				for xx := x; xx < min(x+4, w); xx++ {
					m.SetNRGBA(xx, yy, color.NRGBA{v, v, v, 255})
				}
			}
		}
	}
	// Lines through the centre at several angles.
	cx, cy := float64(w)*0.7, float64(h)*0.6
	for a := 0.0; a < math.Pi; a += math.Pi / 7 {
		for t := -float64(w); t < float64(w); t += 0.5 {
			x, y := int(cx+t*math.Cos(a)), int(cy+t*math.Sin(a))
			if x >= 0 && x < w && y >= 0 && y < h {
				m.SetNRGBA(x, y, color.NRGBA{10, 10, 30, 255})
			}
		}
	}
	// A flat area.
	for y := h * 3 / 4; y < h; y++ {
		for x := 0; x < w/3; x++ {
			m.SetNRGBA(x, y, color.NRGBA{200, 200, 190, 255})
		}
	}
	return m
}

// plain draws a w×h picture of a gradient with a block of modules: a
// large image that compresses to a small file.
func plain(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := clamp(40 + 180*(x+y)/(w+h))
			if x > w/4 && x < w/2 && y > h/4 && y < h/2 && (x/32+y/32)%2 == 0 {
				v = 250
			}
			m.SetNRGBA(x, y, color.NRGBA{v, v, v, 255})
		}
	}
	return m
}

func clamp(v int) uint8 { return uint8(min(max(v, 0), 255)) }

// withAlpha returns m with a gradient of transparency.
func withAlpha(m *image.NRGBA) *image.NRGBA {
	a := image.NewNRGBA(m.Rect)
	copy(a.Pix, m.Pix)
	for i := 3; i < len(a.Pix); i += 4 {
		a.Pix[i] = uint8(64 + (i/4)%128)
	}
	return a
}

func writePNG(path string, m image.Image) {
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	if err := png.Encode(f, m); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// writePPM writes m as a binary PPM file, mkwebp's input.
func writePPM(path string, m *image.NRGBA) {
	b := []byte(fmt.Sprintf("P6\n%d %d\n255\n", m.Rect.Dx(), m.Rect.Dy()))
	for i := 0; i < len(m.Pix); i += 4 {
		b = append(b, m.Pix[i:i+3]...)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		log.Fatal(err)
	}
}

func run(name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	fmt.Println(cmd.String())
	if err := cmd.Run(); err != nil {
		log.Fatal(err)
	}
}

func main() {
	tmp, err := os.MkdirTemp("", "webp-testdata")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	src := func(name string) string { return filepath.Join(tmp, name) }

	writePNG(src("1x1.png"), scene(1, 1, 1, 12))
	writePNG(src("17x33.png"), scene(17, 33, 2, 12))
	writePNG(src("250x131.png"), scene(250, 131, 3, 12))
	writePNG(src("96x64.png"), scene(96, 64, 4, 12))
	writePNG(src("96x64b.png"), scene(96, 64, 5, 12))
	writePNG(src("alpha.png"), withAlpha(scene(48, 32, 6, 12)))
	writePNG(src("2048x1536.png"), plain(2048, 1536))
	writePNG(src("plain.png"), plain(128, 96))
	writePPM(src("160x144.ppm"), scene(160, 144, 8, 12))

	cwebp := func(out string, args ...string) {
		run("cwebp", append([]string{"-quiet"}, append(args, "-o", out)...)...)
	}
	cwebp("1x1.webp", "-q", "80", src("1x1.png"))
	cwebp("17x33.webp", "-q", "90", src("17x33.png"))
	cwebp("photo.webp", "-q", "90", "-m", "6", src("250x131.png"))
	cwebp("segments1.webp", "-q", "60", "-segments", "1", src("96x64.png"))
	cwebp("segments4.webp", "-q", "60", "-segments", "4", "-sns", "100", src("96x64.png"))
	cwebp("simple.webp", "-q", "60", "-nostrong", src("96x64.png"))
	cwebp("nofilter.webp", "-q", "60", "-f", "0", src("96x64.png"))
	cwebp("sharpness.webp", "-q", "60", "-f", "100", "-sharpness", "7", src("96x64.png"))
	cwebp("q100.webp", "-q", "100", src("96x64.png"))
	cwebp("q0.webp", "-q", "0", src("96x64.png"))
	// Methods 0 to 2 code skipped macroblocks with mb_skip_coeff; the
	// others never do.
	cwebp("skip.webp", "-q", "50", "-m", "0", src("plain.png"))
	cwebp("skip-photo.webp", "-q", "30", "-m", "2", src("250x131.png"))
	cwebp("large.webp", "-q", "30", src("2048x1536.png"))
	cwebp("lossless.webp", "-lossless", src("96x64.png"))
	cwebp("alpha.webp", "-q", "60", src("alpha.png"))
	run("img2webp", "-lossy", "-q", "60", src("96x64.png"), src("96x64b.png"), "-o", "animated.webp")
	// An extended file without alpha: an EXIF chunk added to a simple one.
	exif := src("exif")
	if err := os.WriteFile(exif, []byte("Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x00"), 0o644); err != nil {
		log.Fatal(err)
	}
	run("webpmux", "-set", "exif", exif, "segments1.webp", "-o", "extended.webp")
	// Eight token partitions.
	mk := src("mkwebp")
	run("gcc", "-O2", "-o", mk, "mkwebp.c", "-lwebp")
	run(mk, src("160x144.ppm"), "partitions.webp", "3", "75")
}
