package databar

// The tables of ISO/IEC 24724:2011 that cannot be computed. The element
// widths of each character are computed (widthsOf); the subsets give what
// that takes, as the standard lists them: the first value, the modules
// and widest element of the odd and of the even elements, and how many of
// the odd and of the even patterns the subset uses. Those numbers are the
// standard's: where a width limit and the need for a single-module element
// both apply, the subset uses fewer patterns than the width algorithm
// numbers, its first ones (TestSubsetSizes).

// subset is one subset of a character set: the values from first, whose
// odd elements (the first, third, ... of the character) spread over
// oddModules modules, none wider than oddWidest, and its even ones over
// evenModules, none wider than evenWidest. oddNarrow (evenNarrow) asks for
// a single-module element among the odd (even) ones; oddCount and
// evenCount are how many odd and even patterns the subset uses. With
// oddMajor, a value is first + odd×evenCount + even, where odd and even
// number the odd and even widths (widthsOf); else first + even×oddCount +
// odd.
type subset struct {
	first                   int
	oddModules, evenModules int
	oddWidest, evenWidest   int
	oddNarrow, evenNarrow   bool
	oddCount, evenCount     int
	oddMajor                bool
}

// charSet is a character set: its subsets in the order of their values,
// and the number of elements of each parity in a character.
type charSet struct {
	subsets []subset
	half    int // elements of each parity: 4, or 7 in DataBar Limited
}

// The character sets.
var (
	// outside holds the outside characters of DataBar Omnidirectional
	// and its stacked and truncated forms, 16 modules wide, values 0 to
	// 2840 (ISO/IEC 24724:2011 §5.2.2, Table 2, outside characters).
	outside = charSet{half: 4, subsets: []subset{
		{first: 0, oddModules: 12, evenModules: 4, oddWidest: 8, evenWidest: 1, evenNarrow: true, oddCount: 161, evenCount: 1, oddMajor: true},
		{first: 161, oddModules: 10, evenModules: 6, oddWidest: 6, evenWidest: 3, evenNarrow: true, oddCount: 80, evenCount: 10, oddMajor: true},
		{first: 961, oddModules: 8, evenModules: 8, oddWidest: 4, evenWidest: 5, evenNarrow: true, oddCount: 31, evenCount: 34, oddMajor: true},
		{first: 2015, oddModules: 6, evenModules: 10, oddWidest: 3, evenWidest: 6, evenNarrow: true, oddCount: 10, evenCount: 70, oddMajor: true},
		{first: 2715, oddModules: 4, evenModules: 12, oddWidest: 1, evenWidest: 8, evenNarrow: true, oddCount: 1, evenCount: 126, oddMajor: true},
	}}
	// inside holds the inside characters, 15 modules wide, values 0 to
	// 1596 (§5.2.2, Table 3, inside characters).
	inside = charSet{half: 4, subsets: []subset{
		{first: 0, oddModules: 5, evenModules: 10, oddWidest: 2, evenWidest: 7, oddNarrow: true, oddCount: 4, evenCount: 84},
		{first: 336, oddModules: 7, evenModules: 8, oddWidest: 4, evenWidest: 5, oddNarrow: true, oddCount: 20, evenCount: 35},
		{first: 1036, oddModules: 9, evenModules: 6, oddWidest: 6, evenWidest: 3, oddNarrow: true, oddCount: 48, evenCount: 10},
		{first: 1516, oddModules: 11, evenModules: 4, oddWidest: 8, evenWidest: 1, oddNarrow: true, oddCount: 81, evenCount: 1},
	}}
	// limitedSet holds the characters of DataBar Limited, 26 modules
	// wide in 14 elements, values 0 to 2013570 (§6.2.2, the table of
	// character subsets).
	limitedSet = charSet{half: 7, subsets: []subset{
		{first: 0, oddModules: 17, evenModules: 9, oddWidest: 6, evenWidest: 3, evenNarrow: true, oddCount: 6538, evenCount: 28, oddMajor: true},
		{first: 183064, oddModules: 13, evenModules: 13, oddWidest: 5, evenWidest: 4, evenNarrow: true, oddCount: 875, evenCount: 728, oddMajor: true},
		{first: 820064, oddModules: 9, evenModules: 17, oddWidest: 3, evenWidest: 6, evenNarrow: true, oddCount: 28, evenCount: 6454, oddMajor: true},
		{first: 1000776, oddModules: 15, evenModules: 11, oddWidest: 5, evenWidest: 4, evenNarrow: true, oddCount: 2415, evenCount: 203, oddMajor: true},
		{first: 1491021, oddModules: 11, evenModules: 15, oddWidest: 4, evenWidest: 5, evenNarrow: true, oddCount: 203, evenCount: 2408, oddMajor: true},
		{first: 1979845, oddModules: 19, evenModules: 7, oddWidest: 8, evenWidest: 1, evenNarrow: true, oddCount: 17094, evenCount: 1, oddMajor: true},
		{first: 1996939, oddModules: 7, evenModules: 19, oddWidest: 1, evenWidest: 8, evenNarrow: true, oddCount: 1, evenCount: 16632, oddMajor: true},
	}}
	// expandedSet holds the symbol characters of DataBar Expanded, 17
	// modules wide, values 0 to 4191 (§7.2.3, the table of character
	// subsets).
	expandedSet = charSet{half: 4, subsets: []subset{
		{first: 0, oddModules: 12, evenModules: 5, oddWidest: 7, evenWidest: 2, oddNarrow: true, oddCount: 87, evenCount: 4, oddMajor: true},
		{first: 348, oddModules: 10, evenModules: 7, oddWidest: 5, evenWidest: 4, oddNarrow: true, oddCount: 52, evenCount: 20, oddMajor: true},
		{first: 1388, oddModules: 8, evenModules: 9, oddWidest: 4, evenWidest: 5, oddNarrow: true, oddCount: 30, evenCount: 52, oddMajor: true},
		{first: 2948, oddModules: 6, evenModules: 11, oddWidest: 3, evenWidest: 6, oddNarrow: true, oddCount: 10, evenCount: 104, oddMajor: true},
		{first: 3988, oddModules: 4, evenModules: 13, oddWidest: 1, evenWidest: 8, oddNarrow: true, oddCount: 1, evenCount: 204, oddMajor: true},
	}}
)

// omniFinders are the finder patterns of DataBar Omnidirectional, values
// 0 to 8, as the widths of their five elements in modules, from the
// symbol's outside (ISO/IEC 24724:2011 §5.2.4, the table of finder
// patterns).
var omniFinders = [9][5]int{
	{3, 8, 2, 1, 1}, // 0
	{3, 5, 5, 1, 1}, // 1
	{3, 3, 7, 1, 1}, // 2
	{3, 1, 9, 1, 1}, // 3
	{2, 7, 4, 1, 1}, // 4
	{2, 5, 6, 1, 1}, // 5
	{2, 3, 8, 1, 1}, // 6
	{1, 5, 7, 1, 1}, // 7
	{1, 3, 9, 1, 1}, // 8
}

// expandedFinders are the finder patterns A to F of DataBar Expanded as
// the widths of their five elements in modules, in the orientation the
// standard calls A1 to F1; A2 to F2 are the same read backwards (ISO/IEC
// 24724:2011 §7.2.7, Table 15).
var expandedFinders = [6][5]int{
	{1, 8, 4, 1, 1}, // A
	{3, 6, 4, 1, 1}, // B
	{3, 4, 6, 1, 1}, // C
	{3, 2, 8, 1, 1}, // D
	{2, 6, 5, 1, 1}, // E
	{2, 2, 9, 1, 1}, // F
}

// finderSequences are the finder patterns of the DataBar Expanded symbols
// of 2 to 11 finders (of 3 to 22 symbol characters), each as 2×letter +
// (1 for the A1..F1 form, 2 for A2..F2): 1 is A1, 2 A2, 3 B1, ..., 12 F2
// (ISO/IEC 24724:2011 §7.2.7, Table 16). Row 0 and 1 are empty so that
// finderSequences[n] is the sequence of n finders.
var finderSequences = [12][]int{
	2:  {1, 2},
	3:  {1, 4, 3},
	4:  {1, 6, 3, 8},
	5:  {1, 10, 3, 8, 5},
	6:  {1, 10, 3, 8, 7, 12},
	7:  {1, 10, 3, 8, 9, 12, 11},
	8:  {1, 2, 3, 4, 5, 6, 7, 8},
	9:  {1, 2, 3, 4, 5, 6, 7, 10, 9},
	10: {1, 2, 3, 4, 5, 6, 7, 10, 11, 12},
	11: {1, 2, 3, 4, 5, 8, 7, 10, 9, 12, 11},
}

// limitedChecks are the check characters of DataBar Limited, values 0 to
// 88, each the widths of its 14 elements in modules, from the left
// (ISO/IEC 24724:2011 Annex C, the element widths of the check
// characters; TestTables checks their form, TestLimitedChecksZint each
// against zint's symbols).
var limitedChecks = [89]string{
	"11111111113311", // 0
	"11111111123211", // 1
	"11111111133111", // 2
	"11111112113211", // 3
	"11111112123111", // 4
	"11111113113111", // 5
	"11111211113211", // 6
	"11111211123111", // 7
	"11111212113111", // 8
	"11111311113111", // 9
	"11121111113211", // 10
	"11121111123111", // 11
	"11121112113111", // 12
	"11121211113111", // 13
	"11131111113111", // 14
	"12111111113211", // 15
	"12111111123111", // 16
	"12111112113111", // 17
	"12111211113111", // 18
	"12121111113111", // 19
	"13111111113111", // 20
	"11111111212311", // 21
	"11111111222211", // 22
	"11111111232111", // 23
	"11111112212211", // 24
	"11111112222111", // 25
	"11111113212111", // 26
	"11111211212211", // 27
	"11111211222111", // 28
	"11111212212111", // 29
	"11111311212111", // 30
	"11121111212211", // 31
	"11121111222111", // 32
	"11121112212111", // 33
	"11121211212111", // 34
	"11131111212111", // 35
	"12111111212211", // 36
	"12111111222111", // 37
	"12111112212111", // 38
	"12111211212111", // 39
	"12121111212111", // 40
	"13111111212111", // 41
	"11111111311311", // 42
	"11111111321211", // 43
	"11111112311211", // 44
	"11121111311211", // 45
	"12111111311211", // 46
	"11111121112311", // 47
	"11111121122211", // 48
	"11111121132111", // 49
	"11111122112211", // 50
	"11121121112211", // 51
	"11121121122111", // 52
	"11121122112111", // 53
	"11121221112111", // 54
	"11131121112111", // 55
	"12111121112211", // 56
	"12111121122111", // 57
	"12121121112111", // 58
	"11112111112311", // 59
	"11112111122211", // 60
	"11112111132111", // 61
	"11112112112211", // 62
	"11112112122111", // 63
	"11112211112211", // 64
	"12112111112211", // 65
	"12112111122111", // 66
	"12112112112111", // 67
	"12112211112111", // 68
	"12122111112111", // 69
	"13112111112111", // 70
	"11211111112311", // 71
	"11211111122211", // 72
	"11211111132111", // 73
	"11211112112211", // 74
	"11211112122111", // 75
	"11211113112111", // 76
	"11211211112211", // 77
	"11211211122111", // 78
	"11221111112211", // 79
	"21111111122211", // 80
	"21111111132111", // 81
	"21111112112211", // 82
	"21111112122111", // 83
	"21111113112111", // 84
	"21111211122111", // 85
	"21111212112111", // 86
	"21121111122111", // 87
	"21111111221211", // 88
}
