package gs1

import (
	"strings"
	"time"
)

// The methods below interpret the data of a field for display; each
// returns "" for a field it does not apply to, or data that is not valid.

// Date returns the date or time a field holds in ISO 8601 form: "2025-12-31"
// for the dates YYMMDD (the century chosen by the rule of General
// Specifications §7.12 in the current year), "2025-12" for a date with day
// 00 (month only), "2025-12-31T14:30" with a time (AIs 4324, 4325, 7003,
// 7011, 7251), "2025-12-31T14" to "2025-12-31T14:30:15" for a production
// time (8008), and "2025-01-01/2025-01-05" for a harvest date range (7007).
func (f Field) Date() string { return f.date(time.Now().Year()) }

func (f Field) date(year int) string {
	a, ok := dict().table[f.AI]
	if !ok || !a.Date() || f.check(year) != nil {
		return ""
	}
	parts, _ := components(a, f.Value)
	var b strings.Builder
	for i, p := range parts {
		c := a.Components[i]
		switch {
		case hasAny(c.Checks, "yymmd0", "yymmdd"):
			if i > 0 {
				b.WriteByte('/')
			}
			writeDate(&b, Century(num(p[:2]), year), p[2:4], p[4:6])
		case hasAny(c.Checks, "yyyymmdd"):
			if i > 0 {
				b.WriteByte('/')
			}
			writeDate(&b, num(p[:4]), p[4:6], p[6:8])
		case hasAny(c.Checks, "hhmi"):
			b.WriteString("T" + p[:2] + ":" + p[2:])
		case hasAny(c.Checks, "hh"):
			b.WriteString("T" + p)
		case hasAny(c.Checks, "mi", "ss"):
			b.WriteString(":" + p)
		}
	}
	s := b.String()
	if i := strings.IndexByte(s, 'T'); i == 7 {
		s = s[:7] // a time on day 00 means nothing without the day
	}
	return s
}

func writeDate(b *strings.Builder, y int, mm, dd string) {
	b.WriteString(itoa4(y))
	b.WriteString("-" + mm)
	if dd != "00" {
		b.WriteString("-" + dd)
	}
}

func itoa4(n int) string {
	return string([]byte{byte('0' + n/1000%10), byte('0' + n/100%10), byte('0' + n/10%10), byte('0' + n%10)})
}

func hasAny(list []string, names ...string) bool {
	for _, l := range list {
		for _, n := range names {
			if l == n {
				return true
			}
		}
	}
	return false
}

// Decimal returns the number a field of a decimal-point AI holds, with the
// decimal point that the AI's last digit implies (31nn-36nn measures,
// 390n-395n amounts, prices and percentages): "000189" in AI (3103) is
// "0.189", "01999" in AI (3922) is "19.99". It leaves out the currency of
// AIs 391n and 393n; Currency gives it.
func (f Field) Decimal() string {
	a, ok := dict().table[f.AI]
	if !ok || a.Decimals < 0 || f.check(time.Now().Year()) != nil {
		return ""
	}
	parts, _ := components(a, f.Value)
	digits := parts[len(parts)-1]
	d := a.Decimals
	if len(digits) <= d {
		digits = strings.Repeat("0", d-len(digits)+1) + digits
	}
	whole := strings.TrimLeft(digits[:len(digits)-d], "0")
	if whole == "" {
		whole = "0"
	}
	if d == 0 {
		return whole
	}
	return whole + "." + digits[len(digits)-d:]
}

// Currency returns the ISO 4217 alphabetic code of the currency of an
// amount or price with an ISO currency code (AIs 391n and 393n), such as
// "EUR".
func (f Field) Currency() string {
	a, ok := dict().table[f.AI]
	if !ok || !a.HasCheck("iso4217") || f.check(time.Now().Year()) != nil {
		return ""
	}
	c, _ := Currency(f.Value[:3])
	return c
}

// Unit returns the unit of measure of a measure (31nn-36nn), as the data
// title writes it ("kg", "m²", "gal."), "kg/m²" for AI 337n, and "%" for
// the percentage discount 394n.
func (f Field) Unit() string {
	a, ok := dict().table[f.AI]
	if !ok || a.Decimals < 0 {
		return ""
	}
	switch p := f.AI[:2]; {
	case f.AI[:3] == "337":
		return "kg/m²"
	case f.AI[:3] == "394":
		return "%"
	case p >= "31" && p <= "36":
		if i, j := strings.IndexByte(a.Title, '('), strings.IndexByte(a.Title, ')'); i >= 0 && j > i {
			return a.Title[i+1 : j]
		}
	}
	return ""
}
