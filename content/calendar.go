package content

import (
	"strings"
	"time"
)

// Calendar is an event (TypeCalendar): the first VEVENT (RFC 5545 §3.6.1)
// of a text that starts with BEGIN:VCALENDAR or BEGIN:VEVENT. Lines may be
// folded; properties of components nested in the event (VALARM) are left
// out. An event without a valid DTSTART is not an event.
//
// Times are ISO 8601 as RFC 5545 gives them, without conversion: a DATE is
// "2006-01-02" (and sets AllDay), a UTC DATE-TIME "2006-01-02T15:04:05Z",
// a local or floating one "2006-01-02T15:04:05", whose zone, if named by a
// TZID parameter, is in TimeZone. The extended forms "2006-01-02T15:04:05"
// are read too.
type Calendar struct {
	Summary string `json:"summary"` // SUMMARY, the title
	Start   string `json:"start"`   // DTSTART
	// End is DTEND, else DTSTART plus DURATION, else "". An all-day end date
	// is exclusive, as RFC 5545 §3.6.1 says: a one-day event on 1 June ends
	// on "…-06-02". An unreadable DTEND is left out.
	End    string `json:"end"`
	AllDay bool   `json:"allDay"` // reports whether DTSTART is a DATE
	// TimeZone is the TZID of DTSTART, an IANA name such as
	// "America/New_York" in practice; omitted when absent.
	TimeZone string `json:"timeZone,omitempty"`
	// EndTimeZone is the TZID of DTEND when it differs from TimeZone;
	// omitted otherwise.
	EndTimeZone string   `json:"endTimeZone,omitempty"`
	Location    string   `json:"location"`            // LOCATION
	Description string   `json:"description"`         // DESCRIPTION
	Organizer   *Person  `json:"organizer,omitempty"` // ORGANIZER; omitted when absent
	Attendees   []Person `json:"attendees"`           // ATTENDEE, in order
}

// Person is the organiser or an attendee of an event.
type Person struct {
	Name string `json:"name,omitempty"` // CN parameter; omitted when absent
	// Email is the calendar user address without its "mailto:" scheme,
	// which is an e-mail address in practice.
	Email string `json:"email"`
}

func parseCalendar(s, _ string) *Content {
	if !hasPrefixFold(s, "BEGIN:VCALENDAR") && !hasPrefixFold(s, "BEGIN:VEVENT") {
		return nil
	}
	var (
		c          Calendar
		depth      int // components open
		eventDepth int // depth inside the event, 0 before it
		start      icalTime
		haveStart  bool
		end        icalTime
		haveEnd    bool
		endTZ      string
		duration   string
	)
	r := lineReader{s: s}
read:
	for {
		p, ok := r.next()
		if !ok {
			break
		}
		switch p.name {
		case "BEGIN":
			depth++
			if eventDepth == 0 && strings.EqualFold(strings.TrimSpace(p.value), "VEVENT") {
				eventDepth = depth
			}
			continue
		case "END":
			if depth == eventDepth {
				break read
			}
			depth--
			continue
		}
		if eventDepth == 0 || depth != eventDepth {
			continue
		}
		text := strings.TrimSpace(unescapeText(p.value))
		switch p.name {
		case "SUMMARY":
			if c.Summary == "" {
				c.Summary = text
			}
		case "LOCATION":
			if c.Location == "" {
				c.Location = text
			}
		case "DESCRIPTION":
			if c.Description == "" {
				c.Description = text
			}
		case "DTSTART":
			if !haveStart {
				start, haveStart = parseICalTime(strings.TrimSpace(p.value), p.param("VALUE"))
				c.TimeZone = p.param("TZID")
			}
		case "DTEND":
			if !haveEnd {
				end, haveEnd = parseICalTime(strings.TrimSpace(p.value), p.param("VALUE"))
				endTZ = p.param("TZID")
			}
		case "DURATION":
			if duration == "" {
				duration = strings.TrimSpace(p.value)
			}
		case "ORGANIZER":
			if c.Organizer == nil {
				if who, ok := person(&p); ok {
					c.Organizer = &who
				}
			}
		case "ATTENDEE":
			if who, ok := person(&p); ok {
				c.Attendees = appendBounded(c.Attendees, who)
			}
		}
	}
	if !haveStart {
		return nil
	}
	c.Start, c.AllDay = start.String(), start.date
	switch {
	case haveEnd:
		c.End = end.String()
		if endTZ != c.TimeZone {
			c.EndTimeZone = endTZ
		}
	case duration != "":
		if e, ok := start.add(duration); ok {
			c.End = e.String()
		}
	}
	return &Content{Type: TypeCalendar, Calendar: &c}
}

// person reads an ORGANIZER or ATTENDEE property (RFC 5545 §3.8.4.1,
// §3.8.4.3).
func person(p *property) (Person, bool) {
	addr := strings.TrimSpace(p.value)
	if rest, ok := cutPrefixFold(addr, "mailto:"); ok {
		addr = strings.TrimSpace(percentDecode(rest, false))
	}
	who := Person{Name: strings.TrimSpace(p.param("CN")), Email: addr}
	return who, addr != "" || who.Name != ""
}

// icalTime is a DATE or DATE-TIME value of RFC 5545 §3.3.4 and §3.3.5.
type icalTime struct {
	t    time.Time // the wall clock reading, in time.UTC whatever the zone
	date bool      // a DATE: t is midnight
	utc  bool      // the value ended in Z
}

// String formats t as ISO 8601, as described on Calendar.
func (t icalTime) String() string {
	switch {
	case t.date:
		return t.t.Format("2006-01-02")
	case t.utc:
		return t.t.Format("2006-01-02T15:04:05Z")
	}
	return t.t.Format("2006-01-02T15:04:05")
}

// parseICalTime reads "YYYYMMDD", "YYYYMMDDTHHMMSS" or
// "YYYYMMDDTHHMMSSZ" (seconds may be left out), or the same in ISO 8601
// extended form with '-' and ':'. valueType is the VALUE parameter; a DATE
// value is a date whatever it says.
func parseICalTime(v, valueType string) (icalTime, bool) {
	var t icalTime
	if len(v) >= 10 && v[4] == '-' && v[7] == '-' {
		// Extended form: drop the separators at their fixed places.
		b := []byte(v[:4] + v[5:7] + v[8:10])
		rest := v[10:]
		if len(rest) >= 6 && rest[0] == 'T' && rest[3] == ':' {
			b = append(b, 'T')
			b = append(b, rest[1:3]...)
			b = append(b, rest[4:6]...)
			rest = rest[6:]
			if len(rest) >= 3 && rest[0] == ':' {
				b = append(b, rest[1:3]...)
				rest = rest[3:]
			}
		}
		v = string(append(b, rest...))
	}
	if len(v) < 8 || !isDigits(v[:8]) {
		return t, false
	}
	num := func(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }
	year, month, day := num(v[0:2])*100+num(v[2:4]), num(v[4:6]), num(v[6:8])
	hour, minute, sec := 0, 0, 0
	rest := v[8:]
	if rest == "" {
		t.date = true
	} else {
		if rest[0] != 'T' || strings.EqualFold(valueType, "DATE") {
			return t, false
		}
		rest = rest[1:]
		if rest, t.utc = strings.CutSuffix(rest, "Z"); len(rest) != 4 && len(rest) != 6 || !isDigits(rest) {
			return t, false
		}
		hour, minute = num(rest[0:2]), num(rest[2:4])
		if len(rest) == 6 {
			sec = num(rest[4:6])
		}
	}
	t.t = time.Date(year, time.Month(month), day, hour, minute, sec, 0, time.UTC)
	if t.t.Year() != year || int(t.t.Month()) != month || t.t.Day() != day ||
		t.t.Hour() != hour || t.t.Minute() != minute || t.t.Second() != sec {
		return t, false // out of range: month 13, 30 February, 25:00, ...
	}
	return t, true
}

// add returns t plus an RFC 5545 §3.3.6 duration: [+|-] "P" then weeks
// "nW", or days "nD" and a time "T" with "nH", "nM", "nS". Each number has at
// most six digits. A DATE plus whole days stays a DATE.
func (t icalTime) add(d string) (icalTime, bool) {
	sign := 1
	switch {
	case strings.HasPrefix(d, "-"):
		sign, d = -1, d[1:]
	case strings.HasPrefix(d, "+"):
		d = d[1:]
	}
	d, ok := strings.CutPrefix(d, "P")
	if !ok || d == "" {
		return t, false
	}
	var days, secs int
	inTime, seen := false, false
	for d != "" {
		if d[0] == 'T' && !inTime {
			inTime, d = true, d[1:]
			continue
		}
		n, i := 0, 0
		for ; i < len(d) && i < 7 && '0' <= d[i] && d[i] <= '9'; i++ {
			n = n*10 + int(d[i]-'0')
		}
		if i == 0 || i > 6 || i == len(d) {
			return t, false
		}
		switch unit := d[i]; {
		case unit == 'W' && !inTime:
			days += 7 * n
		case unit == 'D' && !inTime:
			days += n
		case unit == 'H' && inTime:
			secs += 3600 * n
		case unit == 'M' && inTime:
			secs += 60 * n
		case unit == 'S' && inTime:
			secs += n
		default:
			return t, false
		}
		seen = true
		d = d[i+1:]
	}
	if !seen {
		return t, false
	}
	out := t
	out.t = t.t.AddDate(0, 0, sign*days).Add(time.Duration(sign*secs) * time.Second)
	out.date = t.date && secs == 0
	return out, true
}
