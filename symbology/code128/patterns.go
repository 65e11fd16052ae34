package code128

// patterns are the symbol characters of Code 128 by value: the widths in
// modules of their bars and spaces, bar first (ISO/IEC 15417:2007,
// Table 1). Values 0 to 102 are data and function characters, 103 to 105
// the start characters A, B and C, and 106 the stop character, whose
// seventh element, a bar of 2 modules, is the termination bar. Every
// character but the stop is 11 modules wide, with bars summing to an even
// number of modules; TestPatterns checks both, and that no two characters
// share their edge-to-similar-edge distances.
var patterns = [107]string{
	"212222",  // 0
	"222122",  // 1
	"222221",  // 2
	"121223",  // 3
	"121322",  // 4
	"131222",  // 5
	"122213",  // 6
	"122312",  // 7
	"132212",  // 8
	"221213",  // 9
	"221312",  // 10
	"231212",  // 11
	"112232",  // 12
	"122132",  // 13
	"122231",  // 14
	"113222",  // 15
	"123122",  // 16
	"123221",  // 17
	"223211",  // 18
	"221132",  // 19
	"221231",  // 20
	"213212",  // 21
	"223112",  // 22
	"312131",  // 23
	"311222",  // 24
	"321122",  // 25
	"321221",  // 26
	"312212",  // 27
	"322112",  // 28
	"322211",  // 29
	"212123",  // 30
	"212321",  // 31
	"232121",  // 32
	"111323",  // 33
	"131123",  // 34
	"131321",  // 35
	"112313",  // 36
	"132113",  // 37
	"132311",  // 38
	"211313",  // 39
	"231113",  // 40
	"231311",  // 41
	"112133",  // 42
	"112331",  // 43
	"132131",  // 44
	"113123",  // 45
	"113321",  // 46
	"133121",  // 47
	"313121",  // 48
	"211331",  // 49
	"231131",  // 50
	"213113",  // 51
	"213311",  // 52
	"213131",  // 53
	"311123",  // 54
	"311321",  // 55
	"331121",  // 56
	"312113",  // 57
	"312311",  // 58
	"332111",  // 59
	"314111",  // 60
	"221411",  // 61
	"431111",  // 62
	"111224",  // 63
	"111422",  // 64
	"121124",  // 65
	"121421",  // 66
	"141122",  // 67
	"141221",  // 68
	"112214",  // 69
	"112412",  // 70
	"122114",  // 71
	"122411",  // 72
	"142112",  // 73
	"142211",  // 74
	"241211",  // 75
	"221114",  // 76
	"413111",  // 77
	"241112",  // 78
	"134111",  // 79
	"111242",  // 80
	"121142",  // 81
	"121241",  // 82
	"114212",  // 83
	"124112",  // 84
	"124211",  // 85
	"411212",  // 86
	"421112",  // 87
	"421211",  // 88
	"212141",  // 89
	"214121",  // 90
	"412121",  // 91
	"111143",  // 92
	"111341",  // 93
	"131141",  // 94
	"114113",  // 95
	"114311",  // 96
	"411113",  // 97
	"411311",  // 98
	"113141",  // 99
	"114131",  // 100
	"311141",  // 101
	"411131",  // 102
	"211412",  // 103 Start A
	"211214",  // 104 Start B
	"211232",  // 105 Start C
	"2331112", // 106 Stop
}

// Values of the special symbol characters (ISO/IEC 15417:2007, Table 1).
const (
	fnc3   = 96  // in sets A and B
	fnc2   = 97  // in sets A and B
	shift  = 98  // in sets A and B: the next character is of the other set
	codeC  = 99  // in sets A and B
	codeB  = 100 // in sets A and C; FNC4 in set B
	codeA  = 101 // in sets B and C; FNC4 in set A
	fnc1   = 102 // in every set
	startA = 103
	startB = 104
	startC = 105
	stop   = 106
)

// charModules is the width of a symbol character; stopModules that of the
// stop character with its termination bar.
const (
	charModules = 11
	stopModules = 13
)

// similarEdges returns the four edge-to-similar-edge distances of the
// first six elements of pattern p, in modules: each element plus the next.
func similarEdges(p string) [4]int {
	var t [4]int
	for k := range t {
		t[k] = int(p[k]-'0') + int(p[k+1]-'0')
	}
	return t
}

// byEdges finds a character by its similar-edge distances, each 2 to 7:
// the index is the distances less 2 as digits of base 6. It holds the
// value plus one, 0 where no character has those distances. It is computed
// from patterns at init.
var byEdges [6 * 6 * 6 * 6]uint8

func init() {
	for v, p := range patterns {
		byEdges[edgeIndex(similarEdges(p))] = uint8(v + 1)
	}
}

// edgeIndex returns the index in byEdges of distances t, each 2 to 7.
func edgeIndex(t [4]int) int {
	return ((t[0]-2)*6+t[1]-2)*6*6 + (t[2]-2)*6 + t[3] - 2
}
