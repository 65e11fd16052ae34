package gs1

import (
	"slices"
	"testing"
)

// TestDictionarySize guards the transcription against lost rows: the 2025
// Syntax Dictionary defines 219 lines, which expand to these many AIs.
func TestDictionarySize(t *testing.T) {
	if got := len(dictionary); got != 219 {
		t.Errorf("dictionary has %d rows, want 219", got)
	}
	// 3100-3695 are 53 ranges of 6 and 3950-3955 one more; 3900-3939
	// four of 10; 3940-3943 four; 91-99 nine; 162 rows are single AIs.
	if got, want := len(AIs()), 54*6+4*10+4+9+(219-54-4-1-1); got != want {
		t.Errorf("%d AIs, want %d", got, want)
	}
}

// TestAILength checks the AI lengths computed from the dictionary against
// General Specifications §3.2: two digits for AIs starting 00-22, 30, 37 and
// 90-99; three for 23-25, 40-42 and 71; four for 31-36, 39, 43, 70, 72 and
// 80-82. It also pins which two-digit starts have AIs assigned.
func TestAILength(t *testing.T) {
	want := func(p int) int {
		switch {
		case p <= 22 || p == 30 || p == 37 || p >= 90:
			return 2
		case p >= 23 && p <= 25, p >= 40 && p <= 42, p == 71:
			return 3
		case p >= 31 && p <= 36, p == 39, p == 43, p == 70, p == 72, p >= 80 && p <= 82:
			return 4
		}
		return 0
	}
	assigned := []int{0, 1, 2, 3, 10, 11, 12, 13, 15, 16, 17, 20, 21, 22, 23, 24, 25, 30, 31, 32, 33, 34, 35, 36, 37, 39,
		40, 41, 42, 43, 70, 71, 72, 80, 81, 82, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99}
	for p := range 100 {
		got := int(dict().aiLen[p])
		if slices.Contains(assigned, p) != (got != 0) {
			t.Errorf("AIs starting %02d: length %d, assigned %v", p, got, slices.Contains(assigned, p))
		}
		if got != 0 && got != want(p) {
			t.Errorf("AIs starting %02d have %d digits, want %d", p, got, want(p))
		}
	}
}

// TestPredefined checks the predefined-length AIs against General
// Specifications §7.8.5, Figure 7.8.5-2: the AIs starting with these two
// digits, with these total lengths (AI and data), need no separator after
// them — and no other AI is exempt. (04 and 18/19 are reserved there; the
// figure also lists 23 with a length that no assigned AI has.)
func TestPredefined(t *testing.T) {
	figure := map[string]int{
		"00": 20, "01": 16, "02": 16, "03": 16,
		"11": 8, "12": 8, "13": 8, "15": 8, "16": 8, "17": 8,
		"20": 4,
		"31": 10, "32": 10, "33": 10, "34": 10, "35": 10, "36": 10,
		"41": 16,
	}
	for _, a := range AIs() {
		n, listed := figure[a.Code[:2]]
		if a.Code == "14" { // reserved, not assigned
			continue
		}
		min, max := a.Length()
		switch {
		case listed && !a.Predefined && !(a.Code[:2] == "41" && a.Code >= "418"):
			t.Errorf("(%s) is not predefined; Figure 7.8.5-2 lists %s", a.Code, a.Code[:2])
		case listed && a.Predefined && (min != max || len(a.Code)+max != n):
			t.Errorf("(%s) takes %d+%d..%d characters, the figure says %d", a.Code, len(a.Code), min, max, n)
		case !listed && a.Predefined:
			t.Errorf("(%s) is predefined but not in the figure", a.Code)
		}
	}
}

func TestAIDescriptions(t *testing.T) {
	tests := []struct {
		ai, title, format string
		predefined, fixed bool
		check, date       bool
		decimals          int
		charsets          []Charset
		attribute, key    bool
		qualifiers        [][]string
	}{
		{"00", "SSCC", "N2+N18", true, true, true, false, -1, []Charset{Numeric}, true, true, nil},
		{"01", "GTIN", "N2+N14", true, true, true, false, -1, []Charset{Numeric}, true, true, [][]string{{"22", "10", "21"}, {"235"}}},
		{"10", "BATCH/LOT", "N2+X..20", false, false, false, false, -1, []Charset{CSet82}, true, false, nil},
		{"17", "USE BY or EXPIRY", "N2+N6", true, true, false, true, -1, []Charset{Numeric}, true, false, nil},
		{"21", "SERIAL", "N2+X..20", false, false, false, false, -1, []Charset{CSet82}, false, false, nil},
		{"253", "GDTI", "N3+N13+[X..17]", false, false, true, false, -1, []Charset{Numeric, CSet82}, true, true, nil},
		{"3103", "NET WEIGHT (kg)", "N4+N6", true, true, false, false, 3, []Charset{Numeric}, true, false, nil},
		{"3925", "PRICE", "N4+N..15", false, false, false, false, 5, []Charset{Numeric}, true, false, nil},
		{"3932", "PRICE", "N4+N3+N..15", false, false, false, false, 2, []Charset{Numeric}, true, false, nil},
		{"3941", "PRCNT OFF", "N4+N4", false, true, false, false, 1, []Charset{Numeric}, true, false, nil},
		{"414", "LOC No.", "N3+N13", true, true, true, false, -1, []Charset{Numeric}, true, true, [][]string{{"254"}, {"7040"}}},
		{"422", "ORIGIN", "N3+N3", false, true, false, false, -1, []Charset{Numeric}, true, false, nil},
		{"4330", "MAX TEMP F.", "N4+N6+[X1]", false, false, false, false, -1, []Charset{Numeric, CSet82}, true, false, nil},
		{"7003", "EXPIRY TIME", "N4+N6+N4", false, true, false, true, -1, []Charset{Numeric}, true, false, nil},
		{"8010", "CPID", "N4+Y..30", false, false, false, false, -1, []Charset{CSet39}, true, true, [][]string{{"8011"}}},
		{"8013", "GMN", "N4+X..25", false, false, true, false, -1, []Charset{CSet82}, true, true, nil},
		{"8030", "DIGSIG", "N4+Z..90", false, false, false, false, -1, []Charset{CSet64}, true, false, nil},
		{"8200", "PRODUCT URL", "N4+X..70", false, false, false, false, -1, []Charset{CSet82}, false, false, nil},
		{"99", "INTERNAL", "N2+X..90", false, false, false, false, -1, []Charset{CSet82}, true, false, nil},
	}
	for _, tt := range tests {
		a, ok := Lookup(tt.ai)
		if !ok {
			t.Errorf("Lookup(%q) failed", tt.ai)
			continue
		}
		if a.Code != tt.ai || a.Title != tt.title || a.Format() != tt.format || a.Predefined != tt.predefined ||
			a.Fixed() != tt.fixed || a.CheckDigit() != tt.check || a.Date() != tt.date || a.Decimals != tt.decimals ||
			!slices.Equal(a.Charsets(), tt.charsets) || a.Attribute != tt.attribute || a.PrimaryKey != tt.key ||
			!slices.EqualFunc(a.Qualifiers, tt.qualifiers, slices.Equal) {
			t.Errorf("(%s): %q %s predefined=%v fixed=%v check=%v date=%v decimals=%d %v attr=%v key=%v %v",
				tt.ai, a.Title, a.Format(), a.Predefined, a.Fixed(), a.CheckDigit(), a.Date(), a.Decimals,
				a.Charsets(), a.Attribute, a.PrimaryKey, a.Qualifiers)
		}
	}
	for _, bad := range []string{"", "1", "14", "310", "3106", "50", "89", "01234", "ab"} {
		if _, ok := Lookup(bad); ok {
			t.Errorf("Lookup(%q) succeeded", bad)
		}
	}
}

// TestDecimalAIs checks that exactly the AIs §3.6 gives an implied decimal
// point have one, taken from their last digit.
func TestDecimalAIs(t *testing.T) {
	for _, a := range AIs() {
		p := a.Code[:2]
		want := -1
		if len(a.Code) == 4 && (p >= "31" && p <= "36" || p == "39" && a.Code[2] <= '5') {
			want = int(a.Code[3] - '0')
		}
		if a.Decimals != want {
			t.Errorf("(%s) has %d decimals, want %d", a.Code, a.Decimals, want)
		}
	}
}

func TestMatches(t *testing.T) {
	for _, tt := range []struct {
		pattern, code string
		want          bool
	}{
		{"310n", "3103", true}, {"31nn", "3155", true}, {"31nn", "3203", false},
		{"01", "01", true}, {"01", "010", false}, {"392n", "3932", false},
	} {
		if got := matches(tt.pattern, tt.code); got != tt.want {
			t.Errorf("matches(%q, %q) = %v", tt.pattern, tt.code, got)
		}
	}
}
