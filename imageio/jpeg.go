package imageio

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io"

	lumajpeg "github.com/barkit/barkit/imageio/jpeg"
)

// A progressive JPEG is sent in scans, and image/jpeg walks every block of
// the image once per scan whatever the scan holds. A scan that codes all
// its blocks as one end-of-band run takes a few dozen bytes, so a small
// file of many such scans keeps the decoder busy for hours (about 70 ms per
// scan at 64 megapixels, measured). Encoders use few scans: libjpeg's
// default progression has 10 for colour and 6 for greyscale. Decoding
// therefore stops after a budget of scans that shrinks with the image:
// scanPixels pixel-scans in all (64 scans of a 64-megapixel image, about
// as long again as decoding it), and never fewer than minScans.
const (
	scanPixels = 64 * DefaultMaxPixels
	minScans   = 64
)

// maxScans is how many scans decodeJPEG lets an image of c's size have.
func maxScans(c image.Config) int {
	return max(minScans, scanPixels/(c.Width*c.Height))
}

// errTooManyScans stops the stream once the scan budget is spent.
var errTooManyScans = errors.New("jpeg: too many scans")

// decodeJPEG decodes a JPEG image whose header gave c, refusing one with
// more scans than maxScans allows.
func decodeJPEG(r io.Reader, c image.Config) (image.Image, error) {
	g := &scanGuard{r: r, max: maxScans(c)}
	img, err := jpeg.Decode(g)
	if g.scans > g.max {
		return nil, fmt.Errorf("%w: more than %d scans in a %dx%d image", errTooManyScans, g.max, c.Width, c.Height)
	}
	return img, err
}

// decodeJPEGLuminance decodes the luminance of the JPEG image in b, whose
// header gave c, with package imageio/jpeg, under the same scan budget as
// decodeJPEG. A file that package does not decode goes to decodeJPEG.
func decodeJPEGLuminance(b []byte, c image.Config) (image.Image, error) {
	limit := maxScans(c)
	img, err := lumajpeg.Decode(b, lumajpeg.Options{MaxPixels: c.Width * c.Height, MaxScans: limit})
	switch {
	case errors.Is(err, lumajpeg.ErrUnsupported):
		return decodeJPEG(bytes.NewReader(b), c)
	case errors.Is(err, lumajpeg.ErrTooManyScans):
		return nil, fmt.Errorf("%w: more than %d scans in a %dx%d image", errTooManyScans, limit, c.Width, c.Height)
	case err != nil:
		return nil, err
	}
	return img, nil
}

// scanGuard passes a JPEG stream through, following its marker structure
// (ITU-T T.81 §B.1.1) to count the scans, and fails once there are more
// than max. It never judges the data otherwise: that is the decoder's job.
type scanGuard struct {
	r     io.Reader
	max   int
	scans int
	state int
	seg   int // length of the marker segment being read
	sos   bool
}

// The states of scanGuard.
const (
	sMarker    = iota // between segments: skip to 0xFF
	sCode             // after 0xFF: fill bytes, then a marker code
	sLenHigh          // the first byte of a segment length
	sLenLow           // the second byte
	sSkip             // inside a marker segment: seg bytes to go
	sEntropy          // entropy-coded data after a scan header
	sEntropyFF        // entropy-coded data after 0xFF
)

func (g *scanGuard) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	for i := 0; i < n; i++ {
		b := p[i]
		switch g.state {
		case sMarker:
			if b == 0xff {
				g.state = sCode
			}
		case sCode, sEntropyFF:
			switch {
			case b == 0xff: // fill byte
			case b == 0x00 && g.state == sEntropyFF: // stuffed 0xFF data byte
				g.state = sEntropy
			case b >= 0xd0 && b <= 0xd7 && g.state == sEntropyFF: // RSTm
				g.state = sEntropy
			case b == 0x00 || b == 0x01 || b >= 0xd0 && b <= 0xd9:
				// Markers without a length (TEM, RSTm, SOI, EOI),
				// or a stray 0x00.
				g.state = sMarker
			default:
				g.sos = b == 0xda
				if g.sos {
					if g.scans++; g.scans > g.max {
						return i + 1, errTooManyScans
					}
				}
				g.state = sLenHigh
			}
		case sEntropy:
			if b == 0xff {
				g.state = sEntropyFF
			}
		case sLenHigh:
			g.seg = int(b) << 8
			g.state = sLenLow
		case sLenLow:
			g.seg = (g.seg | int(b)) - 2 // the length counts its own two bytes
			g.state = sSkip
			if g.seg <= 0 {
				g.endSegment()
			}
		case sSkip:
			// Skip the rest of the segment in one step.
			k := min(g.seg, n-i)
			g.seg -= k
			i += k - 1
			if g.seg == 0 {
				g.endSegment()
			}
		}
	}
	return n, err
}

// endSegment moves on after a marker segment: to entropy-coded data after a
// scan header, to the next marker otherwise.
func (g *scanGuard) endSegment() {
	if g.sos {
		g.state = sEntropy
	} else {
		g.state = sMarker
	}
}
