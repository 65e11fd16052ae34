package aztec

import (
	"fmt"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
)

// TestTooLongCapacity checks, for every size and under the options that
// change it (error correction, a designator, FNC1, structured append,
// reader initialisation, the size chosen), that the capacity the error
// states of each kind holds and one more character does not; and that,
// for the sizes of Table 1 it lists, the stated capacities are Table 1's,
// whose data no bit stuffing shortens.
func TestTooLongCapacity(t *testing.T) {
	var opts []Options
	for _, s := range sizes {
		opts = append(opts, Options{Size: s, ECPercent: DefaultEC})
	}
	opts = append(opts,
		Options{},
		Options{ECPercent: 50},
		Options{Size: Size{Layers: 7}, ECI: 26},
		Options{Size: Size{Compact: true, Layers: 2}, GS1: true},
		Options{Size: Size{Layers: 3}, Append: Append{Index: 2, Count: 5, ID: "ID42"}},
		Options{ReaderInit: true},
		Options{Size: Size{Compact: true, Layers: 1}, ReaderInit: true},
	)
	table := map[string][3]int{}
	for _, r := range capacities {
		table[r.size] = [3]int{r.digits, r.letters, r.bytes}
	}
	for _, o := range opts {
		for i, k := range kinds {
			gen := captest.Repeat(string(rune(k.c)))
			if k.c >= 0x80 {
				gen = captest.Repeat(string([]byte{byte(k.c)}))
			}
			if o.GS1 {
				if k.unit != "digits" {
					continue // an element string starts with the digits of an AI
				}
				c := string(rune(k.c))
				gen = func(n int) string { return "91" + strings.Repeat(c, n-2) }
			}
			o.Binary = !o.GS1
			write := func(s string) error { _, err := Encode(s, o); return err }
			n := captest.Self(t, fmt.Sprintf("%+v %s", o, k.unit), write, gen, k.unit, 5000)
			if w, ok := table[o.Size.String()]; ok && o.ECPercent == DefaultEC && w[i] >= 0 && o.Size.String() != "F5" && n != w[i] {
				t.Errorf("%v: the error states %d %s, Table 1 %d", o.Size, n, k.unit, w[i])
			}
		}
	}
}

// TestTooLongMessages checks what the errors for data that does not fit
// say.
func TestTooLongMessages(t *testing.T) {
	tests := []struct {
		text string
		opts Options
		want string
	}{
		{strings.Repeat("7", 4000), Options{},
			"aztec: data too long: 4000 digits; the largest Aztec Code symbol at 23% error correction (F32) holds at most 3832 digits"},
		{strings.Repeat("Q", 4000), Options{},
			"aztec: data too long: 4000 capital letters; the largest Aztec Code symbol at 23% error correction (F32) holds at most 3067 capital letters"},
		{strings.Repeat("hello, world ", 400), Options{},
			"aztec: data too long: 5200 characters need 2172 data codewords; the largest Aztec Code symbol at 23% error correction (F32) holds 1278 data codewords: at most 3832 digits, 3067 capital letters or 1914 bytes"},
		{strings.Repeat("x", 300), Options{Size: Size{Compact: true, Layers: 3}},
			"aztec: data too long: 300 characters need 189 data codewords; an Aztec Code symbol of size C3 at 5% error correction holds 45 data codewords: at most 88 digits, 72 capital letters or 42 bytes"},
		{strings.Repeat("x", 3000), Options{ReaderInit: true},
			"aztec: data too long: 3000 characters need 1501 data codewords; the largest Aztec Code symbol at 23% error correction (F22) holds 782 data codewords: at most 1953 digits, 1564 capital letters or 974 bytes"},
		{strings.Repeat("x", 100000), Options{ECPercent: 50},
			"aztec: data too long: 100000 characters; the largest Aztec Code symbol at 50% error correction (F32) holds 829 data codewords: at most 2485 digits, 1989 capital letters or 1240 bytes"},
	}
	for _, tt := range tests {
		_, err := Encode(tt.text, tt.opts)
		captest.Message(t, tt.text[:10], err, tt.want)
	}
}
