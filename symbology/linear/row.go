package linear

// Row is one scan line as a run-length pattern: the widths of its light and
// dark elements in order, in pixels with sub-pixel precision. Even indexes
// are light elements (spaces), odd indexes dark ones (bars). A Row starts and
// ends with a space, of zero width where the line starts or ends dark, so
// len(W) is odd. The first and last elements run to the ends of the line:
// they are quiet zones that the image border may have cut.
//
// Pos[i] is where element i starts along the line, so W[i] = Pos[i+1] -
// Pos[i] and Pos[len(W)] is the length of the line.
type Row struct {
	W   []float64
	Pos []float64
}

// Len returns the number of elements.
func (r *Row) Len() int { return len(r.W) }

// Sum returns the total width of the n elements from i.
func (r *Row) Sum(i, n int) float64 {
	return r.Pos[i+n] - r.Pos[i]
}

// QuietBefore reports whether the space before element i is at least min
// pixels wide or runs to the start of the line. A space of at least
// surroundShare of min between the line's start and a dark surround that
// runs to it also counts: the image was cropped against the surround.
func (r *Row) QuietBefore(i int, min float64) bool {
	if i < 1 || i >= len(r.W) {
		return false
	}
	return i == 1 || r.W[i-1] >= min || i == 3 && r.W[0] == 0 && r.W[2] >= surroundShare*min
}

// QuietAfter reports whether element j, a space, is at least min pixels
// wide or runs to the end of the line. A space of at least surroundShare
// of min between the symbol and a dark surround that runs to the line's
// end also counts.
func (r *Row) QuietAfter(j int, min float64) bool {
	n := len(r.W)
	if j < 0 || j >= n {
		return false
	}
	return j == n-1 || r.W[j] >= min || j == n-3 && r.W[n-1] == 0 && r.W[j] >= surroundShare*min
}

// surroundShare is the share of a quiet zone that a dark surround may leave
// light: a photographed label cropped close to its symbol, against a dark
// background (ean13-1/#526 of the reference corpus keeps 2.7 modules of
// the 7 that EAN-13 asks for on its right).
const surroundShare = 0.4

// set makes r the row of the element boundaries pos: pos[0] must be 0 and
// the last entry the line's length.
func (r *Row) set(pos []float64) {
	r.Pos = append(r.Pos[:0], pos...)
	r.W = r.W[:0]
	for i := 0; i+1 < len(pos); i++ {
		r.W = append(r.W, pos[i+1]-pos[i])
	}
}

// reverse makes r the row of src read from its end to its start.
func (r *Row) reverse(src *Row) {
	n := len(src.W)
	length := src.Pos[n]
	r.W = r.W[:0]
	r.Pos = r.Pos[:0]
	for k := 0; k < n; k++ {
		r.W = append(r.W, src.W[n-1-k])
		r.Pos = append(r.Pos, length-src.Pos[n-k])
	}
	r.Pos = append(r.Pos, length)
}

// invert makes r the row of src with light and dark swapped: a zero-width
// space is put at either end, so that src's spaces become bars.
func (r *Row) invert(src *Row) {
	n := len(src.W)
	r.W = append(r.W[:0], 0)
	r.W = append(r.W, src.W...)
	r.W = append(r.W, 0)
	r.Pos = append(r.Pos[:0], 0)
	r.Pos = append(r.Pos, src.Pos...)
	r.Pos = append(r.Pos, src.Pos[n])
}

// NewRow returns the Row of element widths w, light first: a zero width
// is appended when w ends with a bar, so that the row ends with a space.
// Negative widths count as zero. It serves decoders' tests and fuzzing.
func NewRow(w []float64) *Row {
	pos := make([]float64, 1, len(w)+2)
	for _, x := range w {
		pos = append(pos, pos[len(pos)-1]+max(0, x))
	}
	if len(w)%2 == 0 {
		pos = append(pos, pos[len(pos)-1])
	}
	r := &Row{}
	r.set(pos)
	return r
}

// RowOf cuts one line of luminance values into a Row, as Scan cuts each
// of its lines. It serves decoders' tests and tools.
func RowOf(lum []uint8) *Row {
	p := make([]int32, len(lum))
	for i, v := range lum {
		p[i] = int32(v)
	}
	r := &Row{}
	f := edgeFinder{fraction: contrastFraction, floor: minSwing}
	f.find(p, 1, r)
	return r
}
