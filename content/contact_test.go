package content

import "testing"

func contact(c Contact) *Content { return &Content{Type: TypeContact, Contact: &c} }

// rfc2426Dawson and rfc2426Howes are the vCard 3.0 examples of RFC 2426 §8
// (CRLF line ends, folded ADR lines).
const rfc2426Dawson = "BEGIN:vCard\r\n" +
	"VERSION:3.0\r\n" +
	"FN:Frank Dawson\r\n" +
	"ORG:Lotus Development Corporation\r\n" +
	"ADR;TYPE=WORK,POSTAL,PARCEL:;;6544 Battleford Drive\r\n" +
	" ;Raleigh;NC;27613-3502;U.S.A.\r\n" +
	"TEL;TYPE=VOICE,MSG,WORK:+1-919-676-9515\r\n" +
	"TEL;TYPE=FAX,WORK:+1-919-676-9564\r\n" +
	"EMAIL;TYPE=INTERNET,PREF:Frank_Dawson@Lotus.com\r\n" +
	"EMAIL;TYPE=INTERNET:fdawson@earthlink.net\r\n" +
	"URL:http://home.earthlink.net/~fdawson\r\n" +
	"END:vCard\r\n"

const rfc2426Howes = "BEGIN:vCard\r\n" +
	"VERSION:3.0\r\n" +
	"FN:Tim Howes\r\n" +
	"ORG:Netscape Communications Corp.\r\n" +
	"ADR;TYPE=WORK:;;501 E. Middlefield Rd.;Mountain View;\r\n" +
	" CA; 94043;U.S.A.\r\n" +
	"TEL;TYPE=VOICE,MSG,WORK:+1-415-937-3419\r\n" +
	"TEL;TYPE=FAX,WORK:+1-415-528-4164\r\n" +
	"EMAIL;TYPE=INTERNET:howes@netscape.com\r\n" +
	"END:vCard\r\n"

// rfc6350Perreault is the vCard 4.0 example of RFC 6350 §8.
const rfc6350Perreault = "BEGIN:VCARD\r\n" +
	"VERSION:4.0\r\n" +
	"FN:Simon Perreault\r\n" +
	"N:Perreault;Simon;;;ing. jr,M.Sc.\r\n" +
	"BDAY:--0203\r\n" +
	"ANNIVERSARY:20090808T1430-0500\r\n" +
	"GENDER:M\r\n" +
	"LANG;PREF=1:fr\r\n" +
	"LANG;PREF=2:en\r\n" +
	"ORG;TYPE=work:Viagenie\r\n" +
	"ADR;TYPE=work:;Suite D2-630;2875 Laurier;\r\n" +
	" Quebec;QC;G1V 2M2;Canada\r\n" +
	"TEL;VALUE=uri;TYPE=\"work,voice\";PREF=1:tel:+1-418-656-9254;ext=102\r\n" +
	"TEL;VALUE=uri;TYPE=\"work,cell,voice,video,text\":tel:+1-418-262-6501\r\n" +
	"EMAIL;TYPE=work:simon.perreault@viagenie.ca\r\n" +
	"GEO;TYPE=work:geo:46.772673,-71.282945\r\n" +
	"KEY;TYPE=work;VALUE=uri:\r\n" +
	" http://www.viagenie.ca/simon.perreault/simon.asc\r\n" +
	"TZ:-0500\r\n" +
	"URL;TYPE=home:http://nomis80.org\r\n" +
	"END:VCARD\r\n"

// vcard21 is a vCard 2.1 card as older phones write it: bare parameters,
// quoted-printable values in a CHARSET, soft line breaks.
const vcard21 = "BEGIN:VCARD\n" +
	"VERSION:2.1\n" +
	"N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen\n" +
	"FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:J=FCrgen M=FCller\n" +
	"TEL;WORK;VOICE:+49 30 1234567\n" +
	"TEL;CELL:+49 170 1234567\n" +
	"EMAIL;INTERNET:juergen@example.de\n" +
	"NOTE;ENCODING=QUOTED-PRINTABLE:First line=0D=0A=\n" +
	"Second line\n" +
	"ADR;HOME:;;Hauptstr. 1;Berlin;;10115;Germany\n" +
	"END:VCARD\n"

// contactVectors: the MECARD examples of ZXing's "Barcode Contents" and of
// the MeCard description, BIZCARD, the vCard examples of RFC 2426 and RFC
// 6350, and vCard 2.1 as phones write it.
var contactVectors = []vector{
	{"wiki MECARD", "MECARD:N:Owen,Sean;ADR:76 9th Avenue, 4th Floor, New York, NY 10011;TEL:+12125551212;EMAIL:srowen@example.com;;", "qr",
		contact(Contact{Name: "Sean Owen",
			Addresses: []Address{{Address: "76 9th Avenue, 4th Floor, New York, NY 10011"}},
			Phones:    []ContactPhone{{Number: "+12125551212"}},
			Emails:    []ContactEmail{{Address: "srowen@example.com"}}})},
	{"MeCard description", "MECARD:N:Doe,John;TEL:13035551212;EMAIL:john.doe@example.com;;", "qr",
		contact(Contact{Name: "John Doe",
			Phones: []ContactPhone{{Number: "13035551212"}},
			Emails: []ContactEmail{{Address: "john.doe@example.com"}}})},
	{"MECARD all fields", "MECARD:N:Yamada,Taro;SOUND:yamada,taro;TEL:0312345678;TEL-AV:09012345678;EMAIL:taro@example.jp;" +
		"NOTE:Meet at 10\\: lobby\\;east;BDAY:19700310;ADR:,,123 Main St.,Springfield,IL,12345,USA;URL:http\\://example.jp/taro;" +
		"NICKNAME:Taro-kun;ORG:Example KK;;", "qr",
		contact(Contact{Name: "Taro Yamada", PhoneticName: "taro yamada", Nickname: "Taro-kun", Organization: "Example KK",
			Phones:    []ContactPhone{{Number: "0312345678"}, {Number: "09012345678", Type: "video"}},
			Emails:    []ContactEmail{{Address: "taro@example.jp"}},
			Addresses: []Address{{Address: ",,123 Main St.,Springfield,IL,12345,USA"}},
			URLs:      []string{"http://example.jp/taro"},
			Note:      "Meet at 10: lobby;east", Birthday: "1970-03-10"})},
	{"MECARD name without comma", "MECARD:N:Madonna;;", "qr", contact(Contact{Name: "Madonna"})},
	{"BIZCARD", "BIZCARD:N:Sean;X:Owen;T:Software Engineer;C:Google;A:76 9th Avenue, New York, NY 10011;B:+12125551212;M:+12125551213;F:+12125551214;E:srowen@google.com;;", "qr",
		contact(Contact{Name: "Sean Owen", Title: "Software Engineer", Organization: "Google",
			Addresses: []Address{{Address: "76 9th Avenue, New York, NY 10011"}},
			Phones:    []ContactPhone{{Number: "+12125551212", Type: "work"}, {Number: "+12125551213", Type: "cell"}, {Number: "+12125551214", Type: "fax"}},
			Emails:    []ContactEmail{{Address: "srowen@google.com"}}})},
	{"RFC 2426 Dawson", rfc2426Dawson, "qr",
		contact(Contact{Name: "Frank Dawson", Organization: "Lotus Development Corporation",
			Addresses: []Address{{Address: "6544 Battleford Drive, Raleigh, NC, 27613-3502, U.S.A.", Type: "work,postal,parcel",
				Street: "6544 Battleford Drive", Locality: "Raleigh", Region: "NC", PostalCode: "27613-3502", Country: "U.S.A."}},
			Phones: []ContactPhone{{Number: "+1-919-676-9515", Type: "voice,msg,work"}, {Number: "+1-919-676-9564", Type: "fax,work"}},
			Emails: []ContactEmail{{Address: "Frank_Dawson@Lotus.com", Type: "internet,pref"}, {Address: "fdawson@earthlink.net", Type: "internet"}},
			URLs:   []string{"http://home.earthlink.net/~fdawson"}})},
	{"RFC 2426 Howes", rfc2426Howes, "qr",
		contact(Contact{Name: "Tim Howes", Organization: "Netscape Communications Corp.",
			Addresses: []Address{{Address: "501 E. Middlefield Rd., Mountain View, CA, 94043, U.S.A.", Type: "work",
				Street: "501 E. Middlefield Rd.", Locality: "Mountain View", Region: "CA", PostalCode: "94043", Country: "U.S.A."}},
			Phones: []ContactPhone{{Number: "+1-415-937-3419", Type: "voice,msg,work"}, {Number: "+1-415-528-4164", Type: "fax,work"}},
			Emails: []ContactEmail{{Address: "howes@netscape.com", Type: "internet"}}})},
	{"RFC 6350 Perreault", rfc6350Perreault, "qr",
		contact(Contact{Name: "Simon Perreault", Organization: "Viagenie", Birthday: "--0203",
			Addresses: []Address{{Address: "Suite D2-630, 2875 Laurier, Quebec, QC, G1V 2M2, Canada", Type: "work",
				Extended: "Suite D2-630", Street: "2875 Laurier", Locality: "Quebec", Region: "QC", PostalCode: "G1V 2M2", Country: "Canada"}},
			Phones: []ContactPhone{{Number: "+1-418-656-9254;ext=102", Type: "work,voice"}, {Number: "+1-418-262-6501", Type: "work,cell,voice,video,text"}},
			Emails: []ContactEmail{{Address: "simon.perreault@viagenie.ca", Type: "work"}},
			URLs:   []string{"http://nomis80.org"}})},
	{"RFC 2426 N without FN", "BEGIN:VCARD\nVERSION:3.0\nN:Public;John;Quinlan;Mr.;Esq.\nEND:VCARD", "qr",
		contact(Contact{Name: "Mr. John Quinlan Public Esq."})},
	{"RFC 6350 ORG and escapes", "BEGIN:VCARD\nVERSION:4.0\nFN:A\nORG:ABC\\, Inc.;North American Division;Marketing\n" +
		"NOTE:Line 1\\nLine 2\\, with comma\\; and semicolon\nNICKNAME:Jim,Jimmie\nTITLE:Research Scientist\nBDAY:19960415\nEND:VCARD", "qr",
		contact(Contact{Name: "A", Organization: "ABC, Inc.", Department: "North American Division, Marketing",
			Note: "Line 1\nLine 2, with comma; and semicolon", Nickname: "Jim, Jimmie", Title: "Research Scientist", Birthday: "1996-04-15"})},
	{"vCard 2.1 quoted-printable", vcard21, "qr",
		contact(Contact{Name: "Jürgen Müller",
			Phones:    []ContactPhone{{Number: "+49 30 1234567", Type: "work,voice"}, {Number: "+49 170 1234567", Type: "cell"}},
			Emails:    []ContactEmail{{Address: "juergen@example.de", Type: "internet"}},
			Addresses: []Address{{Address: "Hauptstr. 1, Berlin, 10115, Germany", Type: "home", Street: "Hauptstr. 1", Locality: "Berlin", PostalCode: "10115", Country: "Germany"}},
			Note:      "First line\r\nSecond line"})},
	{"vCard 2.1 Shift_JIS", "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=SHIFT_JIS;ENCODING=QUOTED-PRINTABLE:=8ER=93=63;=91=BE=98=59\r\nEND:VCARD\r\n", "qr",
		contact(Contact{Name: "太郎 山田"})},
	{"vCard 2.1 folded at space", "BEGIN:VCARD\nVERSION:2.1\nFN:Anna\nNOTE:a long\n note\nEND:VCARD", "qr",
		contact(Contact{Name: "Anna", Note: "a long note"})},
	{"vCard 2.1 nested AGENT", "BEGIN:VCARD\nVERSION:2.1\nN:Doe;John\nAGENT:\nBEGIN:VCARD\nN:Smith;Agent\nTEL:+1-555-0000\nEND:VCARD\nTEL:+1-555-1111\nEND:VCARD", "qr",
		contact(Contact{Name: "John Doe", Phones: []ContactPhone{{Number: "+1-555-1111"}}})},
	{"vCard 2.1 base64 photo skipped", "BEGIN:VCARD\nVERSION:2.1\nFN:Pic\nPHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQ\n SkZJRgABAQ\n\nEND:VCARD", "qr",
		contact(Contact{Name: "Pic"})},
	{"Apple groups", "BEGIN:VCARD\nVERSION:3.0\nFN:G\nitem1.EMAIL;type=INTERNET:g@example.com\nitem1.X-ABLabel:_$!<Other>!$_\nitem2.URL:https\\://example.com\nEND:VCARD", "qr",
		contact(Contact{Name: "G", Emails: []ContactEmail{{Address: "g@example.com", Type: "internet"}}, URLs: []string{"https://example.com"}})},
	{"vCard 4 URIs", "BEGIN:VCARD\nVERSION:4.0\nFN:U\nTEL;VALUE=uri:tel:%2B1-555-0100\nEMAIL:mailto:u@example.com\nEND:VCARD", "qr",
		contact(Contact{Name: "U", Phones: []ContactPhone{{Number: "+1-555-0100"}}, Emails: []ContactEmail{{Address: "u@example.com"}}})},
	{"vCard 4 caret param and LABEL", "BEGIN:VCARD\nVERSION:4.0\nFN:L\nADR;LABEL=\"1 Rue X^n75001 Paris\":;;1 Rue X;Paris;;75001;France\nEND:VCARD", "qr",
		contact(Contact{Name: "L", Addresses: []Address{{Address: "1 Rue X\n75001 Paris", Street: "1 Rue X", Locality: "Paris", PostalCode: "75001", Country: "France"}}})},
	{"vCard without END", "BEGIN:VCARD\nVERSION:3.0\nFN:Cut Off\nTEL:+1", "qr",
		contact(Contact{Name: "Cut Off", Phones: []ContactPhone{{Number: "+1"}}})},
	{"vCard lower case and leading space", "  begin:vcard\nversion:3.0\nfn:lower\nend:vcard", "qr",
		contact(Contact{Name: "lower"})},
	{"second card ignored", "BEGIN:VCARD\nFN:One\nEND:VCARD\nBEGIN:VCARD\nFN:Two\nTEL:2\nEND:VCARD", "qr",
		contact(Contact{Name: "One"})},
}

func TestContact(t *testing.T) { runVectors(t, contactVectors) }

func TestSplitEscaped(t *testing.T) {
	got := splitEscaped(`a\;b;c\\;d\,e;f;g`, ';', 3)
	want := []string{"a;b", `c\`, "d,e;f;g"}
	if len(got) != len(want) {
		t.Fatalf("splitEscaped = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("splitEscaped = %q, want %q", got, want)
		}
	}
}
