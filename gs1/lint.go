package gs1

import (
	"fmt"
	"strings"
)

// A check inspects the data of one component (already of the right length
// and character set) and returns what is wrong with it, or "". year is the
// current year, which decides the century of two-digit years.
type check struct {
	rule string
	fn   func(s string, year int) string
}

// checks are the content checks of the GS1 Barcode Syntax Dictionary
// ("linters") that this package performs, by their dictionary names. Each
// implements the rule of the General Specifications named beside it.
var checks = map[string]check{
	"csum":          {RuleCheckDigit, checkCsum},                                                // §7.9.1
	"csumalpha":     {RuleCheckDigit, func(s string, _ int) string { return checkPair(s) }},     // §7.9.5
	"key":           {RuleValue, func(s string, _ int) string { return checkKey(s, 0) }},        // §1.4.4: a key starts with a GS1 Company Prefix
	"keyoff1":       {RuleValue, func(s string, _ int) string { return checkKey(s, 1) }},        // ... after the indicator digit
	"yymmd0":        {RuleDate, func(s string, y int) string { return checkDate(s, y, true) }},  // §7.12, day 00: month only
	"yymmdd":        {RuleDate, func(s string, y int) string { return checkDate(s, y, false) }}, // §7.12
	"yyyymmdd":      {RuleDate, checkFullDate},
	"hhmi":          {RuleDate, checkHHMI},
	"hh":            {RuleDate, func(s string, _ int) string { return checkRange(s, "hour", 0, 23) }},
	"mi":            {RuleDate, func(s string, _ int) string { return checkRange(s, "minute", 0, 59) }},
	"ss":            {RuleDate, func(s string, _ int) string { return checkRange(s, "second", 0, 59) }},
	"iso4217":       {RuleValue, checkCurrency},
	"iso3166":       {RuleValue, func(s string, _ int) string { return checkCountry(s, false) }},
	"iso3166999":    {RuleValue, func(s string, _ int) string { return checkCountry(s, true) }},
	"iso3166alpha2": {RuleValue, checkAlpha2},
	"iban":          {RuleCheckDigit, checkIBAN},
	"pcenc":         {RuleValue, checkPercent},
	"latitude":      {RuleValue, func(s string, _ int) string { return checkMax(s, "latitude", 1800000000) }},
	"longitude":     {RuleValue, func(s string, _ int) string { return checkMax(s, "longitude", 3600000000) }},
	"yesno":         {RuleValue, func(s string, _ int) string { return checkOneOf(s, "0 (no) or 1 (yes)", "0", "1") }},
	"hyphen":        {RuleValue, func(s string, _ int) string { return checkOneOf(s, "a hyphen", "-") }},
	"zero":          {RuleValue, func(s string, _ int) string { return checkOneOf(s, "0", "0") }},
	"winding":       {RuleValue, func(s string, _ int) string { return checkOneOf(s, "0, 1 or 9", "0", "1", "9") }},
	"iso5218":       {RuleValue, func(s string, _ int) string { return checkOneOf(s, "0, 1, 2 or 9 (ISO/IEC 5218)", "0", "1", "2", "9") }},
	"nonzero":       {RuleValue, checkNonzero},
	"pieceoftotal":  {RuleValue, checkPieceOfTotal},
	"nozeroprefix":  {RuleValue, checkNoZeroPrefix},
	"hasnondigit":   {RuleValue, checkHasNonDigit},
	"posinseqslash": {RuleValue, checkPosInSeq},
	"importeridx":   {RuleValue, checkImporterIndex},
}

// unchecked are dictionary checks this package does not perform: the code
// lists of AIDC media types (7241) and UN/ECE Recommendation 21 package
// types (7041), and the inner structure of the North American coupon codes
// (8110, 8112). Data of those AIs is checked for length and character set
// only.
var unchecked = map[string]bool{"mediatype": true, "packagetype": true, "couponcode": true, "couponposoffer": true}

// dateChecks are the checks whose data is a date.
var dateChecks = map[string]func(s string, year int) string{
	"yymmd0":   checks["yymmd0"].fn,
	"yymmdd":   checks["yymmdd"].fn,
	"yyyymmdd": checks["yyyymmdd"].fn,
}

func checkCsum(s string, _ int) string {
	if len(s) < 2 {
		return "too short for a check digit"
	}
	c, err := CheckDigit(s[:len(s)-1])
	if err != nil {
		return err.(*Error).Detail
	}
	if got := s[len(s)-1]; got != c {
		return fmt.Sprintf("check digit is %c, should be %c", got, c)
	}
	return ""
}

// checkKey checks that a key has a GS1 Company Prefix, at least four digits,
// from offset off.
func checkKey(s string, off int) string {
	n := 0
	for i := off; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n++
	}
	if n < 4 {
		return fmt.Sprintf("%q does not start with a GS1 Company Prefix (four or more digits)", s[off:])
	}
	return ""
}

// Century returns the four-digit year of the two-digit year yy in the year
// now, by the rule of General Specifications §7.12: a year 51 or more ahead
// of now's is in the previous century, one 50 or more behind is in the
// next, and any other in the current one.
func Century(yy, now int) int {
	c := now / 100 * 100
	switch d := yy - now%100; {
	case d >= 51:
		return c - 100 + yy
	case d <= -50:
		return c + 100 + yy
	}
	return c + yy
}

func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func num(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// checkDate checks a YYMMDD date; zeroDay allows day 00, which means the
// month without a day.
func checkDate(s string, now int, zeroDay bool) string {
	if len(s) != 6 {
		return fmt.Sprintf("date %q is not YYMMDD", s)
	}
	return checkYMD(s, Century(num(s[:2]), now), num(s[2:4]), num(s[4:6]), zeroDay)
}

func checkFullDate(s string, _ int) string {
	if len(s) != 8 {
		return fmt.Sprintf("date %q is not YYYYMMDD", s)
	}
	return checkYMD(s, num(s[:4]), num(s[4:6]), num(s[6:8]), false)
}

func checkYMD(s string, y, m, d int, zeroDay bool) string {
	switch {
	case m < 1 || m > 12:
		return fmt.Sprintf("month %02d in %s", m, s)
	case d == 0 && zeroDay:
		return ""
	case d < 1 || d > daysIn(y, m):
		return fmt.Sprintf("day %02d in %s: %04d-%02d has %d days", d, s, y, m, daysIn(y, m))
	}
	return ""
}

func checkHHMI(s string, _ int) string {
	if len(s) != 4 {
		return fmt.Sprintf("time %q is not HHMM", s)
	}
	if p := checkRange(s[:2], "hour", 0, 23); p != "" {
		return p
	}
	return checkRange(s[2:], "minute", 0, 59)
}

func checkRange(s, what string, lo, hi int) string {
	if n := num(s); n < lo || n > hi {
		return fmt.Sprintf("%s %s is outside %02d-%02d", what, s, lo, hi)
	}
	return ""
}

func checkMax(s, what string, max int) string {
	if num(s) > max {
		return fmt.Sprintf("%s %s is over %d", what, s, max)
	}
	return ""
}

func checkOneOf(s, want string, ok ...string) string {
	for _, o := range ok {
		if s == o {
			return ""
		}
	}
	return fmt.Sprintf("%q must be %s", s, want)
}

func checkNonzero(s string, _ int) string {
	if strings.Trim(s, "0") == "" {
		return fmt.Sprintf("%s must not be zero", s)
	}
	return ""
}

// checkPieceOfTotal checks NNMM, piece NN of MM pieces.
func checkPieceOfTotal(s string, _ int) string {
	if len(s) != 4 {
		return fmt.Sprintf("%q is not piece and total, two digits each", s)
	}
	p, t := num(s[:2]), num(s[2:])
	if p == 0 || t == 0 || p > t {
		return fmt.Sprintf("piece %d of %d", p, t)
	}
	return ""
}

func checkNoZeroPrefix(s string, _ int) string {
	if len(s) > 1 && s[0] == '0' {
		return fmt.Sprintf("%s must not start with 0", s)
	}
	return ""
}

func checkHasNonDigit(s string, _ int) string {
	if strings.Trim(s, "0123456789") == "" {
		return fmt.Sprintf("%s must hold a character other than a digit", s)
	}
	return ""
}

// checkPosInSeq checks "n/m", position n of m, one digit each.
func checkPosInSeq(s string, _ int) string {
	if len(s) != 3 || s[1] != '/' || s[0] < '1' || s[0] > '9' || s[2] < '1' || s[2] > '9' || s[0] > s[2] {
		return fmt.Sprintf("%q is not a position in a sequence, such as 1/2", s)
	}
	return ""
}

// checkImporterIndex checks the importer index of AI (7040): one character
// of the 64 of base64url.
func checkImporterIndex(s string, _ int) string {
	if len(s) != 1 || !cset64(s[0]) || s[0] == '=' {
		return fmt.Sprintf("importer index %q must be a letter, digit, '-' or '_'", s)
	}
	return ""
}

// checkPercent checks that every '%' starts a %XX escape.
func checkPercent(s string, _ int) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			return fmt.Sprintf("'%%' at position %d does not start a %%XX escape", i+1)
		}
	}
	return ""
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f'
}

// checkIBAN checks an International Bank Account Number (ISO 13616): a
// country code, two check digits and up to 30 letters and digits, of which
// the whole, rotated and read as a number with A=10 ... Z=35, is 1 modulo 97.
func checkIBAN(s string, _ int) string {
	if !ValidIBAN(s) {
		return fmt.Sprintf("%q is not an IBAN with valid check digits", s)
	}
	return ""
}

// ValidIBAN reports whether s is an International Bank Account Number
// (ISO 13616-1) with valid check digits: two capital letters of a country
// code, two check digits, and 1 to 30 capital letters and digits, written
// without spaces.
func ValidIBAN(s string) bool {
	if len(s) < 5 || len(s) > 34 {
		return false
	}
	if s[0] < 'A' || s[0] > 'Z' || s[1] < 'A' || s[1] > 'Z' || s[2] < '0' || s[2] > '9' || s[3] < '0' || s[3] > '9' {
		return false
	}
	rem := 0
	for i := range len(s) {
		c := s[(i+4)%len(s)]
		switch {
		case c >= '0' && c <= '9':
			rem = (rem*10 + int(c-'0')) % 97
		case c >= 'A' && c <= 'Z':
			rem = (rem*100 + int(c-'A') + 10) % 97
		default:
			return false
		}
	}
	return rem == 1
}

func checkCurrency(s string, _ int) string {
	if _, ok := currencies[s]; !ok {
		return fmt.Sprintf("%s is not an ISO 4217 currency code", s)
	}
	return ""
}

func checkCountry(s string, allow999 bool) string {
	if _, ok := countries[s]; ok || allow999 && s == "999" {
		return ""
	}
	return fmt.Sprintf("%s is not an ISO 3166-1 numeric country code", s)
}

func checkAlpha2(s string, _ int) string {
	if !alpha2[s] {
		return fmt.Sprintf("%q is not an ISO 3166-1 alpha-2 country code", s)
	}
	return ""
}
