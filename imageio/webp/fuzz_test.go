package webp

import (
	"encoding/binary"
	"errors"
	"image"
	"testing"
)

// FuzzDecode checks that Decode never panics and agrees with
// golang.org/x/image/webp: whatever it decodes, x/image/webp decodes to
// the same luminance, and what it refuses as corrupt or cut short,
// x/image/webp refuses too (but for partitions no encoder makes, and
// frames of no pixels, which x/image/webp decodes to nothing).
func FuzzDecode(f *testing.F) {
	if testing.Short() {
		f.Skip("slow under -short")
	}
	for _, data := range fixtures(f) {
		if len(data) < 20000 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// The size cap keeps each run small, as imageio's limit does.
		const maxPixels = 1 << 20
		g, err := Decode(data, Options{MaxPixels: maxPixels})
		if errors.Is(err, ErrUnsupported) || errors.Is(err, ErrTooLarge) || errors.Is(err, errBadStart) {
			return
		}
		if err != nil {
			if c, _, ferr := findFrame(data); ferr == nil && len(c.data) >= 10 &&
				(binary.LittleEndian.Uint16(c.data[6:])&0x3fff == 0 || binary.LittleEndian.Uint16(c.data[8:])&0x3fff == 0) {
				return // a frame of no pixels
			}
		}
		m, xerr := xDecode(data)
		switch {
		case err != nil && xerr == nil:
			t.Fatalf("%v, but x/image/webp decodes it", err)
		case err == nil && xerr != nil:
			t.Fatalf("decoded, but x/image/webp gives %v", xerr)
		case err == nil:
			ycc, ok := m.(*image.YCbCr)
			if !ok {
				t.Fatalf("decoded, but x/image/webp gives a %T", m)
			}
			if problem := sameY(g, ycc); problem != "" {
				t.Fatal(problem)
			}
		}
	})
}
