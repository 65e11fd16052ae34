package content

import (
	"strconv"
	"strings"
)

// OTP is a one-time password generator to add to an authenticator app
// (TypeOTP), from a URI of Google Authenticator's Key Uri Format:
//
//	otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example
//	otpauth://hotp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&counter=0
//
// The secret is required and must be base32 (RFC 4648), as is a counter
// for HOTP; an otpauth: URI without them is plain text.
type OTP struct {
	OTPType string `json:"otpType"` // "totp" (time-based, RFC 6238) or "hotp" (counter-based, RFC 4226)
	Label   string `json:"label"`   // the label as written, percent-decoded: "Example:alice@google.com"
	Issuer  string `json:"issuer,omitempty"`
	Account string `json:"account"` // the account name, the label without its issuer prefix
	// Secret is the shared key in base32, in capitals and without
	// padding or spaces.
	Secret    string `json:"secret"`
	Algorithm string `json:"algorithm"` // "SHA1" (the default), "SHA256" or "SHA512"
	Digits    int    `json:"digits"`    // code length, 6 (the default) or 8
	// Period is the TOTP time step in seconds, 30 by default; omitted for
	// HOTP.
	Period int `json:"period,omitempty"`
	// Counter is the HOTP initial counter; omitted for TOTP.
	Counter *uint64 `json:"counter,omitempty"`
}

func parseOTP(s, _ string) *Content {
	rest, ok := cutPrefixFold(s, "otpauth://")
	if !ok || hasSpace(s) {
		return nil
	}
	typ, rest, _ := strings.Cut(rest, "/")
	o := OTP{OTPType: strings.ToLower(typ), Algorithm: "SHA1", Digits: 6}
	if o.OTPType != "totp" && o.OTPType != "hotp" {
		return nil
	}
	label, query, _ := strings.Cut(rest, "?")
	o.Label = percentDecode(label, false)
	o.Account = o.Label
	if iss, acct, found := strings.Cut(o.Label, ":"); found {
		o.Issuer, o.Account = strings.TrimSpace(iss), strings.TrimSpace(acct)
	}
	period, counter := "", ""
	for query != "" {
		var kv string
		kv, query, _ = strings.Cut(query, "&")
		k, v, _ := strings.Cut(kv, "=")
		v = percentDecode(v, false)
		switch strings.ToLower(k) {
		case "secret":
			o.Secret = v
		case "issuer":
			o.Issuer = v // the parameter wins over the label prefix
		case "algorithm":
			o.Algorithm = strings.ToUpper(v)
		case "digits":
			if o.Digits, ok = smallInt(v); !ok {
				return nil
			}
		case "period":
			period = v
		case "counter":
			counter = v
		}
	}
	if o.Secret, ok = base32Secret(o.Secret); !ok {
		return nil
	}
	if o.Algorithm != "SHA1" && o.Algorithm != "SHA256" && o.Algorithm != "SHA512" || o.Digits != 6 && o.Digits != 8 {
		return nil
	}
	switch o.OTPType {
	case "totp":
		o.Period = 30
		if period != "" {
			if o.Period, ok = smallInt(period); !ok || o.Period == 0 {
				return nil
			}
		}
	case "hotp":
		c, err := strconv.ParseUint(counter, 10, 64)
		if err != nil || !isDigits(counter) {
			return nil
		}
		o.Counter = &c
	}
	return &Content{Type: TypeOTP, OTP: &o}
}

// smallInt reads a decimal number of at most six digits.
func smallInt(s string) (int, bool) {
	if len(s) > 6 || !isDigits(s) {
		return 0, false
	}
	return num(s), true
}

// base32Secret normalises a base32 secret (RFC 4648 §6): capitals, no
// spaces or padding, and a length a whole number of bytes can have.
func base32Secret(s string) (string, bool) {
	s = strings.ToUpper(strings.TrimRight(strings.ReplaceAll(s, " ", ""), "="))
	if s == "" || len(s) > 1024 {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || c >= '2' && c <= '7') {
			return "", false
		}
	}
	switch len(s) % 8 {
	case 1, 3, 6: // no number of bytes encodes to these
		return "", false
	}
	return s, true
}
