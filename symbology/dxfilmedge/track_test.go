package dxfilmedge

import (
	"errors"
	"testing"

	"github.com/barkit/barkit/symbology"
)

// TestBits checks the layout of the data bits on the codes of the
// reference corpus: 36-2/21 and 80-11/23 in the frame form, 10-3 without,
// read back from their bits; and that a wrong parity or separator, or a
// product of 0, makes no code.
func TestBits(t *testing.T) {
	for _, text := range []string{"36-2/21", "80-11/23", "10-3", "127-15/63A", "1-0/0"} {
		c, err := parse(text)
		if err != nil {
			t.Fatal(err)
		}
		b, f := c.bits()
		if got, ok := decodeBits(b, f); !ok || got.String() != text {
			t.Errorf("%s: %v reads %v %v", text, b, got, ok)
		}
		for _, k := range append(append([]int{}, forms[f].separators...), forms[f].parity) {
			b2 := append([]byte(nil), b...)
			b2[k] ^= 1
			if _, ok := decodeBits(b2, f); ok {
				t.Errorf("%s: bit %d flipped reads", text, k)
			}
		}
	}
	c := code{product: 0, generation: 1, frame: -1}
	if b, f := c.bits(); func() bool { _, ok := decodeBits(b, f); return ok }() {
		t.Error("product 0 reads")
	}
}

// TestWriteErrors checks that data the writer cannot take is an error
// naming the cause.
func TestWriteErrors(t *testing.T) {
	for _, c := range []struct {
		data string
		opts symbology.WriteOptions
		err  error
	}{
		{"", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"36", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"0-1", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"128-1", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"36-16", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"36-2/64", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"36-2/", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"36-2/1B", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"36--2", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"36-2", symbology.WriteOptions{ECLevel: "L"}, symbology.ErrUnsupported},
		{"36-2", symbology.WriteOptions{Version: "1"}, symbology.ErrUnsupported},
		{"36-2", symbology.WriteOptions{GS1: true}, symbology.ErrUnsupported},
	} {
		if _, err := write(c.data, c.opts); !errors.Is(err, c.err) {
			t.Errorf("%q %+v: %v, want %v", c.data, c.opts, err, c.err)
		}
	}
}

// TestGroups checks that dx-film-edge is in the linear group, in no other,
// and answers to its aliases.
func TestGroups(t *testing.T) {
	info, ok := symbology.Lookup("dx-film-edge")
	if !ok || !info.InGroup("linear") || info.InGroup("industrial") || info.InGroup("retail") {
		t.Errorf("groups %+v", info)
	}
	for _, alias := range []string{"DXFilmEdge", "DX Film Edge", "dx_film_edge", "DX Edge"} {
		if info, ok := symbology.Lookup(alias); !ok || info.ID != "dx-film-edge" {
			t.Errorf("alias %q unknown", alias)
		}
	}
}

// TestSampling checks the sampling of decodeRow against trying every bar:
// a row holding a clock track of either form at any offset reads the
// same; so do rows of noise.
func TestSampling(t *testing.T) {
	if sampleStep+sampleRun-1 > forms[noFrameForm].clockUnits {
		t.Fatalf("a run of %d narrow elements may hold no sample", forms[noFrameForm].clockUnits)
	}
	for f := range 2 {
		for off := range 2 * sampleStep {
			w := []float64{7}
			for k := range off {
				w = append(w, float64(1+k%3), 2)
			}
			w = append(w, 5)
			for range forms[f].clockUnits {
				w = append(w, 1)
			}
			w = append(w, 3, 4)
			hits := decodeRow(newRow(w), nil)
			if len(hits) != 1 || !hits[0].Guide || hits[0].Kind != f {
				t.Errorf("form %d offset %d: %+v", f, off, hits)
			}
		}
	}
}
