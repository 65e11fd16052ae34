package reedsolomon

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// refOf returns the table-free reference for f.
func refOf(f *Field) refField { return refBinary(f.m, f.poly, f.base) }

// smallFields are extra binary fields, one per size from GF(4) to GF(4096),
// with the primitive polynomials of lowest weight.
var smallFields = []struct {
	m, poly int
}{
	{2, 0x7}, {3, 0xB}, {4, 0x13}, {5, 0x25}, {6, 0x43}, {7, 0x89},
	{8, 0x11D}, {9, 0x211}, {10, 0x409}, {11, 0x805}, {12, 0x1053},
}

func TestFieldTables(t *testing.T) {
	fields := slices.Clone(binaryFields)
	for _, s := range smallFields {
		fields = append(fields, struct {
			name string
			f    *Field
		}{fmt.Sprintf("GF(2^%d) %#x", s.m, s.poly), NewField(s.m, s.poly, 0)})
	}
	for _, tf := range fields {
		t.Run(tf.name, func(t *testing.T) {
			f := tf.f
			order := f.size - 1
			// α generates the whole multiplicative group: α^i for i in
			// [0, order) are distinct, and α^order = 1.
			seen := make([]bool, f.size)
			for i := range order {
				x := f.Exp(i)
				if x == 0 || seen[x] {
					t.Fatalf("α^%d = %d repeats: the order of α is below %d", i, x, order)
				}
				seen[x] = true
				if got := f.Log(x); got != i {
					t.Fatalf("Log(Exp(%d)) = %d", i, got)
				}
			}
			if f.Exp(order) != 1 || f.Exp(-1) != f.Exp(order-1) {
				t.Fatalf("Exp(%d) = %d, Exp(-1) = %d", order, f.Exp(order), f.Exp(-1))
			}
			for x := 1; x < f.size; x++ {
				if got := f.Exp(f.Log(x)); got != x {
					t.Fatalf("Exp(Log(%d)) = %d", x, got)
				}
			}
			// The doubled table and its zero tail.
			for i := range len(f.exp) {
				want := 0
				if i < 2*order {
					want = int(f.exp[i%order])
				}
				if int(f.exp[i]) != want {
					t.Fatalf("exp[%d] = %d, want %d", i, f.exp[i], want)
				}
			}
			// Arithmetic against the table-free reference.
			ref := refOf(f)
			rng := rand.New(rand.NewPCG(uint64(f.poly), 7))
			for range 3000 {
				a, b := rng.IntN(f.size), rng.IntN(f.size)
				if got, want := f.Mul(a, b), ref.mul(a, b); got != want {
					t.Fatalf("Mul(%d, %d) = %d, want %d", a, b, got, want)
				}
				if b == 0 {
					continue
				}
				if got := f.Div(a, b); ref.mul(got, b) != a {
					t.Fatalf("Div(%d, %d) = %d, but %d·%d = %d", a, b, got, got, b, ref.mul(got, b))
				}
				if got := f.Inv(b); ref.mul(got, b) != 1 {
					t.Fatalf("Inv(%d) = %d", b, got)
				}
			}
		})
	}
}

func TestNewFieldPanics(t *testing.T) {
	for _, tt := range []struct{ m, poly int }{
		{1, 0x3},     // m too small
		{13, 0x201B}, // m too large
		{8, 0x11B},   // AES polynomial: irreducible but x is not primitive
		{8, 0x1FF},   // reducible
		{8, 0x8D},    // degree 7, not 8
		{4, 0x1F},    // x^4+x^3+x^2+x+1: α has order 5
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewField(%d, %#x, 0) did not panic", tt.m, tt.poly)
				}
			}()
			NewField(tt.m, tt.poly, 0)
		}()
	}
}

func TestGenerator(t *testing.T) {
	for _, tf := range binaryFields {
		ref := refOf(tf.f)
		for _, n := range []int{1, 2, 5, 10, 17, 30, 68, tf.f.size - 1} {
			if n >= tf.f.size || n > 300 {
				continue
			}
			want := ref.generator(n)[1:]
			g := tf.f.generator(n)
			got := make([]int, n)
			for j, lg := range g {
				if int(lg) != tf.f.logZero() {
					got[j] = tf.f.Exp(int(lg))
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: generator(%d) = %v, want %v", tf.name, n, got, want)
			}
		}
	}
}
