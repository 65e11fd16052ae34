package maxicode

import (
	"fmt"

	"github.com/barkit/barkit/symbology"
)

// Capacity, for the errors of data that does not fit.

// dataCodewords returns the codewords of a symbol of the mode that carry
// the message (§4.3.1.1, Table 2): in modes 4 and 6, the nine of the
// primary message after the mode and the secondary message's; in mode 5,
// with enhanced error correction, fewer of the secondary; in modes 2 and
// 3, whose primary message is the structured carrier message, the
// secondary message's alone.
func dataCodewords(mode int) int {
	nd, _ := secondaryShape(mode)
	if mode == 2 || mode == 3 {
		return nd
	}
	return primaryData - 1 + nd
}

// The capacity of d codewords for data of one kind (§4.3): capital
// letters one to a codeword in code set A, where every symbol starts;
// digits nine to six codewords in a numeric shift, the rest one to a
// codeword. TestTooLongCapacity checks both against the encoder.

func capitalCapacity(d int) int { return max(d, 0) }

func digitCapacity(d int) int { return max(9*(d/6)+d%6, 0) }

// tooLong returns the error for the secondary message, data in the
// character set of the designator des (0 for none), text of length
// chars, that takes need codewords (0 when too long to weigh) in a symbol
// of the mode, after the header of a: digits or capital letters counted
// as such against the most of them the symbol holds; other data by chars
// with the codewords it takes against those the symbol holds, and what
// that holds of each kind.
func tooLong(data string, des int, chars symbology.Quantity, mode int, a Append, need int) *symbology.TooLongError {
	room := dataCodewords(mode)
	sym := fmt.Sprintf("a MaxiCode symbol in mode %d", mode)
	if mode == 2 || mode == 3 {
		sym = fmt.Sprintf("the secondary message of a MaxiCode symbol in mode %d", mode)
	}
	e := &symbology.TooLongError{Symbology: "maxicode", Symbol: sym}
	d := room - len(header(des, a))
	digits, capitals := len(data) > 0, len(data) > 0
	for i := 0; i < len(data); i++ {
		b := data[i]
		digits = digits && b >= '0' && b <= '9'
		capitals = capitals && b >= 'A' && b <= 'Z'
	}
	if n := len(data); digits && e.OneKind(n, digitCapacity(d), "digits") ||
		capitals && e.OneKind(n, capitalCapacity(d), "capital letters") {
		return e
	}
	e.Data = chars
	if need > 0 {
		e.Need = symbology.Quantity{N: need, Unit: "codewords"}
	}
	e.Holds = symbology.Quantity{N: room, Unit: "codewords"}
	e.Fits = []symbology.Quantity{{N: digitCapacity(d), Unit: "digits"}, {N: capitalCapacity(d), Unit: "capital letters"}}
	return e
}
