package ean

// The symbol characters of EAN/UPC, from ISO/IEC 15420:2009, symbol
// character encodation (the table of number sets A, B and C). A digit is 7 modules wide: two bars and
// two spaces of 1 to 4 modules. Number set A (odd parity, "L" in many
// texts) starts with a space; number set C ("R") has the same widths
// starting with a bar; number set B (even parity, "G") is set C read from
// right to left. Only set A is transcribed; B and C follow from it.
var setA = [10][4]int{
	{3, 2, 1, 1}, // 0
	{2, 2, 2, 1}, // 1
	{2, 1, 2, 2}, // 2
	{1, 4, 1, 1}, // 3
	{1, 1, 3, 2}, // 4
	{1, 2, 3, 1}, // 5
	{1, 1, 1, 4}, // 6
	{1, 3, 1, 2}, // 7
	{1, 2, 1, 3}, // 8
	{3, 1, 1, 2}, // 9
}

// numberSet is a number set of ISO/IEC 15420: A, B or C.
type numberSet byte

// The number sets.
const (
	setOdd   numberSet = 'A' // set A: space first, odd number of dark modules
	setEven  numberSet = 'B' // set B: set C reversed, even number of dark modules
	setRight numberSet = 'C' // set C: bar first, the right half of EAN-13 and EAN-8
)

// widths returns the element widths of digit d in set s, in the order they
// are printed from left to right.
func widths(s numberSet, d int) [4]int {
	w := setA[d]
	if s == setEven {
		w[0], w[1], w[2], w[3] = w[3], w[2], w[1], w[0]
	}
	return w
}

// The auxiliary patterns, as modules from left to right, '1' dark
// (ISO/IEC 15420:2009, auxiliary patterns).
const (
	normalGuard = "101"    // left and right guard of EAN-13, EAN-8 and UPC-A; left guard of UPC-E
	centreGuard = "01010"  // centre guard of EAN-13, EAN-8 and UPC-A
	specialEnd  = "010101" // right guard of UPC-E
	addOnGuard  = "1011"   // left guard of the add-on symbols
	addOnDelim  = "01"     // delineator between the add-on's digits
)

// leadingSets gives, for the leading digit of an EAN-13 symbol (which has
// no symbol character of its own), the number sets of the six digits of
// the left half (ISO/IEC 15420:2009, the table of number sets of the left half
// by the implied 13th digit). A UPC-A symbol is an EAN-13 symbol with leading
// digit 0.
var leadingSets = [10]string{
	"AAAAAA", // 0
	"AABABB", // 1
	"AABBAB", // 2
	"AABBBA", // 3
	"ABAABB", // 4
	"ABBAAB", // 5
	"ABBBAA", // 6
	"ABABAB", // 7
	"ABABBA", // 8
	"ABBABA", // 9
}

// upceSets gives, for the check digit of a UPC-E symbol of number system 0,
// the number sets of its six digits; number system 1 swaps A and B
// (ISO/IEC 15420:2009, UPC-E: the number sets by number system
// and check digit).
var upceSets = [10]string{
	"BBBAAA", // 0
	"BBABAA", // 1
	"BBAABA", // 2
	"BBAAAB", // 3
	"BABBAA", // 4
	"BAABBA", // 5
	"BAAABB", // 6
	"BABABA", // 7
	"BABAAB", // 8
	"BAABAB", // 9
}

// addOn5Sets gives, for the check value of an EAN-5 add-on, the number sets
// of its five digits (ISO/IEC 15420:2009, add-on symbols: the five-digit add-on).
var addOn5Sets = [10]string{
	"BBAAA", // 0
	"BABAA", // 1
	"BAABA", // 2
	"BAAAB", // 3
	"ABBAA", // 4
	"AABBA", // 5
	"AAABB", // 6
	"ABABA", // 7
	"ABAAB", // 8
	"AABAB", // 9
}

// addOn2Sets gives, for the value of an EAN-2 add-on modulo 4, the number
// sets of its two digits (ISO/IEC 15420:2009, add-on symbols: the two-digit add-on).
var addOn2Sets = [4]string{
	"AA", // 0
	"AB", // 1
	"BA", // 2
	"BB", // 3
}
