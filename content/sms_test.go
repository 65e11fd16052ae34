package content

import "testing"

func sms(m SMS) *Content { return &Content{Type: TypeSMS, SMS: &m} }

// smsVectors: the examples of RFC 5724 §2.5, ZXing's SMSTO:/MMSTO: forms and
// the variants phones write.
var smsVectors = []vector{
	{"RFC 5724", "sms:+15105550101?body=hello%20there", "qr",
		sms(SMS{Numbers: []string{"+15105550101"}, Body: "hello there"})},
	{"RFC 5724 two recipients", "sms:+15105550101,+15105550102?body=hello%20there", "qr",
		sms(SMS{Numbers: []string{"+15105550101", "+15105550102"}, Body: "hello there"})},
	{"RFC 5724 no body", "sms:+15105550101", "qr", sms(SMS{Numbers: []string{"+15105550101"}})},
	{"parameter dropped", "sms:+15105550101;via=+15105550102", "qr", sms(SMS{Numbers: []string{"+15105550101"}})},
	{"semicolon before query", "sms:+15105550101;?body=hi", "qr", sms(SMS{Numbers: []string{"+15105550101"}, Body: "hi"})},
	{"no recipient", "sms:?body=hello", "qr", sms(SMS{Body: "hello"})},
	{"iOS ampersand", "sms:+15105550101&body=hi%21", "qr", sms(SMS{Numbers: []string{"+15105550101"}, Body: "hi!"})},
	{"separators", "SMS:+1 (510) 555-0101", "qr", sms(SMS{Numbers: []string{"+15105550101"}})},
	{"wiki SMSTO", "SMSTO:+15105550101:hello there", "qr", sms(SMS{Numbers: []string{"+15105550101"}, Body: "hello there"})},
	{"SMSTO body with colon", "smsto:12345:Code: 42", "qr", sms(SMS{Numbers: []string{"12345"}, Body: "Code: 42"})},
	{"SMSTO number only", "smsto:+15105550101", "qr", sms(SMS{Numbers: []string{"+15105550101"}})},
	{"SMSTO query form", "smsto:+15105550101?body=hi", "qr", sms(SMS{Numbers: []string{"+15105550101"}, Body: "hi"})},
	{"MMSTO", "MMSTO:+15105550101:Pic", "qr", sms(SMS{Numbers: []string{"+15105550101"}, Body: "Pic", MMS: true})},
	{"mms subject", "mms:+15105550101?subject=Photo&body=Look", "qr",
		sms(SMS{Numbers: []string{"+15105550101"}, Subject: "Photo", Body: "Look", MMS: true})},
	// Variants found on printed codes.
	{"slashes", "sms://+15105550101?body=hi", "qr", sms(SMS{Numbers: []string{"+15105550101"}, Body: "hi"})},
	{"upper case SMSTO with empty body", "SMSTO:+15105550101:", "qr", sms(SMS{Numbers: []string{"+15105550101"}})},
}

func TestSMS(t *testing.T) { runVectors(t, smsVectors) }
