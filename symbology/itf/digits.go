package itf

// digits are the digits of Interleaved 2 of 5, each as its five elements
// (bars for the first digit of a pair, spaces for the second), narrow (n)
// or wide (w) (ISO/IEC 16390:2007, Table 1): a two-of-five code whose
// wide elements weigh 1, 2, 4, 7 and 0, 0 written as 11. TestDigits checks
// the weights and that every pattern is distinct.
var digits = [10]string{
	"nnwwn", // 0
	"wnnnw", // 1
	"nwnnw", // 2
	"wwnnn", // 3
	"nnwnw", // 4
	"wnwnn", // 5
	"nwwnn", // 6
	"nnnww", // 7
	"wnnwn", // 8
	"nwnwn", // 9
}

// byWide holds the digit of each pattern of five elements, bit k set when
// element k is wide, plus one; 0 where no digit has it. Computed at init.
var byWide [1 << 5]byte

func init() {
	for d, p := range digits {
		var b int
		for k := range 5 {
			if p[k] == 'w' {
				b |= 1 << k
			}
		}
		byWide[b] = byte(d + 1)
	}
}

// gs1Check returns the GS1 check digit of the digits d: the digits from
// the right weighted 3, 1, 3, ..., summed, and the sum's complement to the
// next multiple of ten (GS1 General Specifications, check digit
// calculation).
func gs1Check(d string) byte {
	sum, w := 0, 3
	for i := len(d) - 1; i >= 0; i-- {
		sum += int(d[i]-'0') * w
		w = 4 - w
	}
	return byte('0' + (10-sum%10)%10)
}

// checked reports whether the last of the digits d is the GS1 check digit
// of the others.
func checked(d string) bool {
	return len(d) >= 2 && gs1Check(d[:len(d)-1]) == d[len(d)-1]
}

// allDigits reports whether s is all ASCII digits.
func allDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
