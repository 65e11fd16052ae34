package qr

import "testing"

// TestFormatWords checks the computed format words against entries of
// ISO/IEC 18004:2015 Annex C, Table C.1 (format information bit sequences,
// after masking).
func TestFormatWords(t *testing.T) {
	tests := []struct {
		l    Level
		mask int
		want uint32
	}{
		{M, 0, 0x5412},
		{M, 1, 0x5125},
		{M, 5, 0x40ce},
		{L, 0, 0x77c4},
		{L, 7, 0x6976},
		{H, 0, 0x1689},
		{H, 7, 0x083b},
		{Q, 0, 0x355f},
		{Q, 7, 0x2bed},
	}
	for _, tt := range tests {
		if got := formatWord(tt.l, tt.mask); got != tt.want {
			t.Errorf("formatWord(%v, %d) = %#04x, want %#04x", tt.l, tt.mask, got, tt.want)
		}
	}
}

// TestVersionWords checks computed version words against ISO/IEC 18004:2015
// Annex D, Table D.1.
func TestVersionWords(t *testing.T) {
	tests := map[int]uint32{7: 0x07c94, 8: 0x085bc, 21: 0x15683, 40: 0x28c69}
	for v, want := range tests {
		if got := versionWord(v); got != want {
			t.Errorf("versionWord(%d) = %#05x, want %#05x", v, got, want)
		}
	}
}

func TestDecodeFormatCorrects(t *testing.T) {
	for l := L; l <= H; l++ {
		for mask := 0; mask < 8; mask++ {
			w := formatWord(l, mask)
			for _, flip := range []uint32{0, 1, 1<<14 | 1, 1<<3 | 1<<7 | 1<<11} {
				gl, gm, d := decodeFormat(w ^ flip)
				if gl != l || gm != mask || d > 3 {
					t.Errorf("decodeFormat(%v/%d ^ %#x) = %v/%d dist %d", l, mask, flip, gl, gm, d)
				}
			}
		}
	}
	for v := 7; v <= 40; v++ {
		if gv, d := decodeVersion(versionWord(v) ^ 0b101000000001); gv != v || d != 3 {
			t.Errorf("decodeVersion(%d with 3 errors) = %d dist %d", v, gv, d)
		}
	}
}
