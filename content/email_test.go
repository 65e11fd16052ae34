package content

import "testing"

func email(e Email) *Content { return &Content{Type: TypeEmail, Email: &e} }

// emailVectors: the examples of RFC 6068 §6, ZXing's MATMSG: and SMTP:
// forms, and plain addresses.
var emailVectors = []vector{
	{"RFC 6068 simple", "mailto:chris@example.com", "qr", email(Email{To: []string{"chris@example.com"}})},
	{"RFC 6068 subject", "mailto:infobot@example.com?subject=current-issue", "qr",
		email(Email{To: []string{"infobot@example.com"}, Subject: "current-issue"})},
	{"RFC 6068 body", "mailto:infobot@example.com?body=send%20current-issue", "qr",
		email(Email{To: []string{"infobot@example.com"}, Body: "send current-issue"})},
	{"RFC 6068 body lines", "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index", "qr",
		email(Email{To: []string{"infobot@example.com"}, Body: "send current-issue\r\nsend index"})},
	{"RFC 6068 cc", "mailto:joe@example.com?cc=bob@example.com&body=hello", "qr",
		email(Email{To: []string{"joe@example.com"}, CC: []string{"bob@example.com"}, Body: "hello"})},
	{"RFC 6068 percent in address", "mailto:gorby%25kremvax@example.com", "qr", email(Email{To: []string{"gorby%kremvax@example.com"}})},
	{"RFC 6068 quoted local part", "mailto:%22not%40me%22@example.org", "qr", email(Email{To: []string{`"not@me"@example.org`}})},
	{"RFC 6068 two addresses", "mailto:addr1@an.example,addr2@an.example", "qr",
		email(Email{To: []string{"addr1@an.example", "addr2@an.example"}})},
	{"RFC 6068 to header", "mailto:?to=addr1@an.example,addr2@an.example", "qr",
		email(Email{To: []string{"addr1@an.example", "addr2@an.example"}})},
	{"RFC 6068 address and to header", "mailto:addr1@an.example?to=addr2@an.example", "qr",
		email(Email{To: []string{"addr1@an.example", "addr2@an.example"}})},
	{"RFC 6068 UTF-8 subject", "mailto:user@example.org?subject=caf%C3%A9", "qr",
		email(Email{To: []string{"user@example.org"}, Subject: "café"})},
	{"RFC 6068 unknown header", "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", "qr",
		email(Email{To: []string{"list@example.org"}})},
	{"plus is literal", "mailto:a+tag@example.org?subject=1+1", "qr",
		email(Email{To: []string{"a+tag@example.org"}, Subject: "1+1"})},
	{"upper case names", "MAILTO:x@example.com?SUBJECT=Hi&BCC=y@example.com", "qr",
		email(Email{To: []string{"x@example.com"}, BCC: []string{"y@example.com"}, Subject: "Hi"})},
	{"subject only", "mailto:?subject=Feedback", "qr", email(Email{Subject: "Feedback"})},
	{"wiki MATMSG", "MATMSG:TO:example@example.com;SUB:Test;BODY:Hello\\; world\\: yes;;", "qr",
		email(Email{To: []string{"example@example.com"}, Subject: "Test", Body: "Hello; world: yes"})},
	{"MATMSG two TO", "MATMSG:TO:a@example.com;TO:b@example.com;BODY:x;;", "qr",
		email(Email{To: []string{"a@example.com", "b@example.com"}, Body: "x"})},
	{"SMTP", "SMTP:example@example.com:Subject:Body: with colon", "qr",
		email(Email{To: []string{"example@example.com"}, Subject: "Subject", Body: "Body: with colon"})},
	{"SMTP address only", "smtp:example@example.com", "qr", email(Email{To: []string{"example@example.com"}})},
	{"plain address", "srowen@example.com", "qr", email(Email{To: []string{"srowen@example.com"}})},
	{"plain address list", "a@example.com,b.c@mail.example.org", "qr",
		email(Email{To: []string{"a@example.com", "b.c@mail.example.org"}})},
	{"plain international address", "用户@例子.广告", "qr", email(Email{To: []string{"用户@例子.广告"}})},
	// Variants found on printed codes.
	{"slashes", "mailto://info@example.com?subject=Hi", "qr", email(Email{To: []string{"info@example.com"}, Subject: "Hi"})},
	{"Outlook semicolons", "mailto:a@example.com;b@example.com", "qr", email(Email{To: []string{"a@example.com", "b@example.com"}})},
}

func TestEmail(t *testing.T) { runVectors(t, emailVectors) }
