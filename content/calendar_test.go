package content

import "testing"

func event(c Calendar) *Content { return &Content{Type: TypeCalendar, Calendar: &c} }

// rfc5545Calendar is the VCALENDAR example of RFC 5545 §4 (folded
// DESCRIPTION with a doubly indented continuation).
const rfc5545Calendar = "BEGIN:VCALENDAR\r\n" +
	"PRODID:-//xyz Corp//NONSGML PDA Calendar Version 1.0//EN\r\n" +
	"VERSION:2.0\r\n" +
	"BEGIN:VEVENT\r\n" +
	"DTSTAMP:19960704T120000Z\r\n" +
	"UID:uid1@example.com\r\n" +
	"ORGANIZER:mailto:jsmith@example.com\r\n" +
	"DTSTART:19960918T143000Z\r\n" +
	"DTEND:19960920T220000Z\r\n" +
	"STATUS:CONFIRMED\r\n" +
	"CATEGORIES:CONFERENCE\r\n" +
	"SUMMARY:Networld+Interop Conference\r\n" +
	"DESCRIPTION:Networld+Interop Conference\r\n" +
	"  and Exhibit\\nAtlanta World Congress Center\\n\r\n" +
	" Atlanta\\, Georgia\r\n" +
	"END:VEVENT\r\n" +
	"END:VCALENDAR\r\n"

// tzCalendar has a VTIMEZONE whose DTSTART must not be taken, a TZID
// start with DURATION (RFC 5545 §3.8.2.4, §3.8.2.5), attendees (§3.8.4.1)
// and a VALARM whose DESCRIPTION must not be taken.
const tzCalendar = "BEGIN:VCALENDAR\n" +
	"VERSION:2.0\n" +
	"BEGIN:VTIMEZONE\n" +
	"TZID:America/New_York\n" +
	"BEGIN:STANDARD\n" +
	"DTSTART:19671029T020000\n" +
	"TZOFFSETFROM:-0400\n" +
	"TZOFFSETTO:-0500\n" +
	"END:STANDARD\n" +
	"END:VTIMEZONE\n" +
	"BEGIN:VEVENT\n" +
	"DTSTART;TZID=America/New_York:19980119T020000\n" +
	"DURATION:PT1H0M0S\n" +
	"SUMMARY:Meeting\n" +
	"LOCATION:Conference Room - F123\\, Bldg. 002\n" +
	"ATTENDEE;ROLE=REQ-PARTICIPANT;CN=Henry Cabot:mailto:hcabot@example.com\n" +
	"ATTENDEE;CN=\"Jane Doe\":MAILTO:jdoe@example.com\n" +
	"ORGANIZER;CN=John Smith:mailto:jsmith@example.com\n" +
	"BEGIN:VALARM\n" +
	"ACTION:DISPLAY\n" +
	"DESCRIPTION:Reminder\n" +
	"TRIGGER:-PT15M\n" +
	"END:VALARM\n" +
	"END:VEVENT\n" +
	"END:VCALENDAR\n"

// calendarVectors: ZXing's "Barcode Contents" event, the VEVENT examples of
// RFC 5545 §3.6.1 and §4, and the DATE, DATE-TIME, TZID and DURATION forms.
var calendarVectors = []vector{
	{"wiki", "BEGIN:VEVENT\nSUMMARY:Summer+Vacation!\nDTSTART:20180601T070000Z\nDTEND:20180831T070000Z\nEND:VEVENT", "qr",
		event(Calendar{Summary: "Summer+Vacation!", Start: "2018-06-01T07:00:00Z", End: "2018-08-31T07:00:00Z"})},
	{"RFC 5545 review", "BEGIN:VEVENT\r\nUID:19970901T130000Z-123401@example.com\r\nDTSTAMP:19970901T130000Z\r\n" +
		"DTSTART:19970903T163000Z\r\nDTEND:19970903T190000Z\r\nSUMMARY:Annual Employee Review\r\nCLASS:PRIVATE\r\n" +
		"CATEGORIES:BUSINESS,HUMAN RESOURCES\r\nEND:VEVENT\r\n", "qr",
		event(Calendar{Summary: "Annual Employee Review", Start: "1997-09-03T16:30:00Z", End: "1997-09-03T19:00:00Z"})},
	{"RFC 5545 anniversary", "BEGIN:VEVENT\r\nUID:19970901T130000Z-123403@example.com\r\nDTSTAMP:19970901T130000Z\r\n" +
		"DTSTART;VALUE=DATE:19971102\r\nSUMMARY:Our Blissful Anniversary\r\nTRANSP:TRANSPARENT\r\nCLASS:CONFIDENTIAL\r\n" +
		"CATEGORIES:ANNIVERSARY,PERSONAL,SPECIAL OCCASION\r\nRRULE:FREQ=YEARLY\r\nEND:VEVENT\r\n", "qr",
		event(Calendar{Summary: "Our Blissful Anniversary", Start: "1997-11-02", AllDay: true})},
	{"RFC 5545 festival", "BEGIN:VEVENT\r\nUID:20070423T123432Z-541111@example.com\r\nDTSTAMP:20070423T123432Z\r\n" +
		"DTSTART;VALUE=DATE:20070628\r\nDTEND;VALUE=DATE:20070709\r\nSUMMARY:Festival International de Jazz de Montreal\r\n" +
		"TRANSP:TRANSPARENT\r\nEND:VEVENT\r\n", "qr",
		event(Calendar{Summary: "Festival International de Jazz de Montreal", Start: "2007-06-28", End: "2007-07-09", AllDay: true})},
	{"RFC 5545 calendar", rfc5545Calendar, "qr",
		event(Calendar{Summary: "Networld+Interop Conference", Start: "1996-09-18T14:30:00Z", End: "1996-09-20T22:00:00Z",
			Description: "Networld+Interop Conference and Exhibit\nAtlanta World Congress Center\nAtlanta, Georgia",
			Organizer:   &Person{Email: "jsmith@example.com"}})},
	{"TZID duration attendees alarm", tzCalendar, "qr",
		event(Calendar{Summary: "Meeting", Start: "1998-01-19T02:00:00", End: "1998-01-19T03:00:00", TimeZone: "America/New_York",
			Location:  "Conference Room - F123, Bldg. 002",
			Organizer: &Person{Name: "John Smith", Email: "jsmith@example.com"},
			Attendees: []Person{{Name: "Henry Cabot", Email: "hcabot@example.com"}, {Name: "Jane Doe", Email: "jdoe@example.com"}}})},
	{"duration days on a date", "BEGIN:VEVENT\nDTSTART;VALUE=DATE:20070628\nDURATION:P1D\nEND:VEVENT", "qr",
		event(Calendar{Start: "2007-06-28", End: "2007-06-29", AllDay: true})},
	{"duration weeks", "BEGIN:VEVENT\nDTSTART:19970101T090000Z\nDURATION:P7W\nEND:VEVENT", "qr",
		event(Calendar{Start: "1997-01-01T09:00:00Z", End: "1997-02-19T09:00:00Z"})},
	{"duration RFC 5545 §3.3.6", "BEGIN:VEVENT\nDTSTART:19970101T000000\nDURATION:P15DT5H0M20S\nEND:VEVENT", "qr",
		event(Calendar{Start: "1997-01-01T00:00:00", End: "1997-01-16T05:00:20"})},
	{"bad duration ignored", "BEGIN:VEVENT\nDTSTART:19970101T000000\nDURATION:P1X\nEND:VEVENT", "qr",
		event(Calendar{Start: "1997-01-01T00:00:00"})},
	{"DTEND before DURATION", "BEGIN:VEVENT\nDTSTART:19970101T000000\nDURATION:PT1H\nDTEND:19970101T020000\nEND:VEVENT", "qr",
		event(Calendar{Start: "1997-01-01T00:00:00", End: "1997-01-01T02:00:00"})},
	{"end in other zone", "BEGIN:VEVENT\nDTSTART;TZID=Europe/Paris:20240301T090000\nDTEND;TZID=Europe/London:20240301T100000\nEND:VEVENT", "qr",
		event(Calendar{Start: "2024-03-01T09:00:00", End: "2024-03-01T10:00:00", TimeZone: "Europe/Paris", EndTimeZone: "Europe/London"})},
	{"extended form", "BEGIN:VEVENT\nDTSTART:2024-03-01T09:30:00Z\nDTEND:2024-03-01T10:15Z\nEND:VEVENT", "qr",
		event(Calendar{Start: "2024-03-01T09:30:00Z", End: "2024-03-01T10:15:00Z"})},
	{"no seconds", "BEGIN:VEVENT\nDTSTART:20240301T0930\nEND:VEVENT", "qr",
		event(Calendar{Start: "2024-03-01T09:30:00"})},
	{"bad end ignored", "BEGIN:VEVENT\nDTSTART:20240301\nDTEND:tomorrow\nEND:VEVENT", "qr",
		event(Calendar{Start: "2024-03-01", AllDay: true})},
	{"escaped description", "BEGIN:VEVENT\nDTSTART:20240301\nDESCRIPTION:a\\;b\\,c\\\\d\\Ne\nEND:VEVENT", "qr",
		event(Calendar{Start: "2024-03-01", AllDay: true, Description: "a;b,c\\d\ne"})},
	{"leap day", "BEGIN:VEVENT\nDTSTART:20240229\nEND:VEVENT", "qr",
		event(Calendar{Start: "2024-02-29", AllDay: true})},
}

func TestCalendar(t *testing.T) { runVectors(t, calendarVectors) }
