package content

import (
	"encoding/json"
	"testing"
	"time"
)

// fuzzParser fuzzes one parser on its own, seeded with its vectors: it must
// not panic, must finish quickly, must give nil or content of its type (or
// text, for the formats that reject malformed input outright), and the
// content must marshal to JSON that reads back to the same type.
func fuzzParser(f *testing.F, parse func(s, hint string) *Content, typ string, seeds ...[]vector) {
	for _, vs := range seeds {
		for _, v := range vs {
			f.Add(v.in, v.hint)
		}
	}
	f.Fuzz(func(t *testing.T, in, hint string) {
		start := time.Now()
		c := parse(in, normalizeHint(hint))
		if d := time.Since(start); d > time.Second && len(in) < 1<<16 {
			t.Fatalf("%d bytes took %v", len(in), d)
		}
		if c == nil {
			return
		}
		if c.Type != typ {
			t.Fatalf("type %q, want %q", c.Type, typ)
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		var back Content
		if err := json.Unmarshal(b, &back); err != nil || back.Type != typ {
			t.Fatalf("Unmarshal(%s) = %q, %v", b, back.Type, err)
		}
	})
}

func FuzzGS1(f *testing.F) { fuzzParser(f, parseGS1, TypeGS1, gs1Vectors, gs1TextVectors) }

func FuzzGS1DigitalLink(f *testing.F) {
	fuzzParser(f, parseDigitalLink, TypeGS1DigitalLink, digitalLinkVectors)
}

func FuzzPayment(f *testing.F) {
	fuzzParser(f, parsePayment, TypePayment, paymentVectors, paymentTextVectors)
}

func FuzzSwissQRBill(f *testing.F) {
	fuzzParser(f, parseSwissQRBill, TypeSwissQRBill, swissVectors, swissTextVectors)
}

func FuzzDriverLicense(f *testing.F) {
	fuzzParser(f, parseDriverLicense, TypeDriverLicense, driverLicenseVectors, driverLicenseTextVectors)
}

func FuzzBoardingPass(f *testing.F) {
	fuzzParser(f, parseBoardingPass, TypeBoardingPass, boardingPassVectors, boardingPassTextVectors)
}

func FuzzOTP(f *testing.F) { fuzzParser(f, parseOTP, TypeOTP, otpVectors, otpTextVectors) }

func FuzzCrypto(f *testing.F) {
	fuzzParser(f, parseCrypto, TypeCrypto, cryptoVectors, cryptoTextVectors)
}

func FuzzShipment(f *testing.F) {
	fuzzParser(f, parseShipment, TypeShipment, shipmentVectors, shipmentTextVectors)
}
