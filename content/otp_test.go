package content

import "testing"

func otp(o OTP) *Content { return &Content{Type: TypeOTP, OTP: &o} }

func u64(n uint64) *uint64 { return &n }

// otpVectors: the examples of Google Authenticator's Key Uri Format.
var otpVectors = []vector{
	{"Key Uri Format example", "otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example", "qr",
		otp(OTP{OTPType: "totp", Label: "Example:alice@google.com", Issuer: "Example", Account: "alice@google.com",
			Secret: "JBSWY3DPEHPK3PXP", Algorithm: "SHA1", Digits: 6, Period: 30})},
	{"Key Uri Format, all parameters",
		"otpauth://totp/ACME%20Co:john.doe@email.com?secret=HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ&issuer=ACME%20Co&algorithm=SHA1&digits=6&period=30", "qr",
		otp(OTP{OTPType: "totp", Label: "ACME Co:john.doe@email.com", Issuer: "ACME Co", Account: "john.doe@email.com",
			Secret: "HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ", Algorithm: "SHA1", Digits: 6, Period: 30})},
	{"HOTP with counter", "otpauth://hotp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example&counter=42", "qr",
		otp(OTP{OTPType: "hotp", Label: "Example:alice@google.com", Issuer: "Example", Account: "alice@google.com",
			Secret: "JBSWY3DPEHPK3PXP", Algorithm: "SHA1", Digits: 6, Counter: u64(42)})},
	{"lower-case secret, SHA256, 8 digits, 60 s, no issuer", "OTPAUTH://TOTP/bob?secret=jbswy3dpehpk3pxp&algorithm=sha256&digits=8&period=60", "qr",
		otp(OTP{OTPType: "totp", Label: "bob", Account: "bob", Secret: "JBSWY3DPEHPK3PXP", Algorithm: "SHA256", Digits: 8, Period: 60})},
	{"padded secret, label issuer with encoded colon and space", "otpauth://totp/Big%20Corp%3A%20alice?secret=JBSWY3DPEHPK3PXP%3D%3D%3D%3D", "qr",
		otp(OTP{OTPType: "totp", Label: "Big Corp: alice", Issuer: "Big Corp", Account: "alice", Secret: "JBSWY3DPEHPK3PXP",
			Algorithm: "SHA1", Digits: 6, Period: 30})},
}

// otpTextVectors: otpauth URIs that break the format are text, not links.
var otpTextVectors = []vector{
	{"no secret", "otpauth://totp/Example:alice@google.com?issuer=Example", "qr", text("otpauth://totp/Example:alice@google.com?issuer=Example")},
	{"secret not base32", "otpauth://totp/a?secret=JBSWY3DPEHPK3PX1", "qr", text("otpauth://totp/a?secret=JBSWY3DPEHPK3PX1")},
	{"secret of impossible length", "otpauth://totp/a?secret=JBSWY3DPE", "qr", text("otpauth://totp/a?secret=JBSWY3DPE")},
	{"HOTP without counter", "otpauth://hotp/a?secret=JBSWY3DPEHPK3PXP", "qr", text("otpauth://hotp/a?secret=JBSWY3DPEHPK3PXP")},
	{"unknown type", "otpauth://motp/a?secret=JBSWY3DPEHPK3PXP", "qr", text("otpauth://motp/a?secret=JBSWY3DPEHPK3PXP")},
	{"7 digits", "otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&digits=7", "qr", text("otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&digits=7")},
	{"MD5", "otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&algorithm=MD5", "qr", text("otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&algorithm=MD5")},
	{"period zero", "otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&period=0", "qr", text("otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&period=0")},
}

func TestOTP(t *testing.T) {
	runVectors(t, otpVectors)
	runVectors(t, otpTextVectors)
}
