package content

import "testing"

func phone(number, ext string) *Content {
	return &Content{Type: TypePhone, Phone: &Phone{Number: number, Extension: ext}}
}

// phoneVectors: the examples of RFC 3966 §6 and ZXing's "Barcode
// Contents" tel: form.
var phoneVectors = []vector{
	{"RFC 3966 global", "tel:+1-201-555-0123", "qr", phone("+12015550123", "")},
	{"RFC 3966 local with context", "tel:7042;phone-context=example.com", "qr", phone("7042", "")},
	{"RFC 3966 local with number context", "tel:863-1234;phone-context=+1-914-555", "qr", phone("8631234", "")},
	{"wiki", "tel:+1-212-555-1212", "qr", phone("+12125551212", "")},
	{"extension", "tel:+1-212-555-1212;ext=123", "qr", phone("+12125551212", "123")},
	{"upper case with spaces", "TEL:+44 (20) 7946 0958", "qr", phone("+442079460958", "")},
	{"percent-encoded plus", "tel:%2B1-800-555-0199", "qr", phone("+18005550199", "")},
	{"vanity", "tel:1-800-FLOWERS", "qr", phone("1800FLOWERS", "")},
	{"service code", "tel:*31#", "qr", phone("*31#", "")},
	// Variants found on printed codes.
	{"slashes", "tel://+1-201-555-0123", "qr", phone("+12015550123", "")},
	{"upper case with slashes", "TEL://0049 30 1234567", "qr", phone("0049301234567", "")},
	{"WTAI make call (WAP-268)", "wtai://wp/mc;+12015550123", "qr", phone("+12015550123", "")},
}

func TestPhone(t *testing.T) { runVectors(t, phoneVectors) }
