package content

import (
	"fmt"
	"testing"
)

func prod(gtin, code, format, addOn string) *Content {
	return &Content{Type: TypeProduct, Product: &Product{GTIN: gtin, Code: code, Format: format, AddOn: addOn}}
}

func isbn(isbn13, isbn10, addOn string, price *Price) *Content {
	return &Content{Type: TypeISBN, ISBN: &ISBN{ISBN13: isbn13, ISBN10: isbn10, GTIN: "0" + isbn13, AddOn: addOn, Price: price}}
}

// productVectors: texts of the zxing-cpp corpus (../shared/corpus/zxing-cpp:
// ean8-1/1.txt, upca-1/2.txt, upce-1/1.txt, upce-2/10.txt,
// upca-extension-1/10.txt and 18.txt, ean13-extension-1/1.txt and 2.txt),
// the classic UPC-E/UPC-A pair 01234565/012345000065, and ISBN examples of
// ISO 2108 as Wikipedia gives them (0-306-40615-2, 0-8044-2957-X).
var productVectors = []vector{
	{"EAN-13", "4006381333931", "ean13", prod("04006381333931", "4006381333931", "EAN-13", "")},
	{"EAN-13 no hint", "4006381333931", "", prod("04006381333931", "4006381333931", "EAN-13", "")},
	{"EAN-13 spaced add-on", "4006381333931 12", "ean13", prod("04006381333931", "4006381333931", "EAN-13", "12")},
	{"EAN-13 spaced add-on no hint", "4006381333931 54321", "", prod("04006381333931", "4006381333931", "EAN-13", "54321")},
	{"EAN-13 alias hint", "4006381333931", "EAN-13", prod("04006381333931", "4006381333931", "EAN-13", "")},
	{"corpus ean8-1/1", "48512343", "ean8", prod("00000048512343", "48512343", "EAN-8", "")},
	{"EAN-8 no hint", "12345670", "", prod("00000012345670", "12345670", "EAN-8", "")},
	{"UPC-A", "036000291452", "upca", prod("00036000291452", "036000291452", "UPC-A", "")},
	{"UPC-A from an EAN-13 reader", "036000291452", "ean13", prod("00036000291452", "036000291452", "UPC-A", "")},
	{"EAN-8 from an ITF-14 reader", "12345670", "itf14", prod("00000012345670", "12345670", "EAN-8", "")},
	{"UPC-A no hint", "036000291452", "", prod("00036000291452", "036000291452", "UPC-A", "")},
	{"corpus upca-1/2 EAN-13 form", "0036602301467", "upca", prod("00036602301467", "0036602301467", "UPC-A", "")},
	{"corpus upca-extension-1/10", "002701100695102601", "upca", prod("00027011006951", "0027011006951", "UPC-A", "02601")},
	{"corpus upca-extension-1/18", "002454313653800", "upca", prod("00024543136538", "0024543136538", "UPC-A", "00")},
	{"UPC-A twelve digits with add-on", "03600029145212", "upca", prod("00036000291452", "036000291452", "UPC-A", "12")},
	{"UPC-E", "01234565", "upce", prod("00012345000065", "01234565", "UPC-E", "")},
	{"UPC-E rule 0", "04252614", "upce", prod("00042100005264", "04252614", "UPC-E", "")},
	{"UPC-E rule 3", "01234531", "upce", prod("00012300000451", "01234531", "UPC-E", "")},
	{"UPC-E rule 4", "01234543", "upce", prod("00012340000053", "01234543", "UPC-E", "")},
	{"UPC-E number system 1", "11234562", "upce", prod("00112345000062", "11234562", "UPC-E", "")},
	{"UPC-E with add-on", "0123456512", "upce", prod("00012345000065", "01234565", "UPC-E", "12")},
	{"corpus upce-1/1 EAN-13 form", "0012345000065", "upce", prod("00012345000065", "0012345000065", "UPC-E", "")},
	{"corpus upce-2/10 EAN-13 form", "0049000006346", "upce", prod("00049000006346", "0049000006346", "UPC-E", "")},
	{"UPC-E UPC-A form", "012345000065", "upce", prod("00012345000065", "012345000065", "UPC-E", "")},
	{"ITF-14", "10012345000017", "itf14", prod("10012345000017", "10012345000017", "GTIN-14", "")},
	{"GTIN-14 no hint", "10012345000017", "", prod("10012345000017", "10012345000017", "GTIN-14", "")},
	{"ISSN prefix is a product", "9771234567003", "ean13", prod("09771234567003", "9771234567003", "EAN-13", "")},

	{"corpus ean13-extension-1/1", "978073520044951299", "ean13", isbn("9780735200449", "0735200440", "51299", &Price{"USD", "12.99"})},
	{"corpus ean13-extension-1/2", "978088427178952495", "ean13", isbn("9780884271789", "0884271781", "52495", &Price{"USD", "24.95"})},
	{"ISBN no hint", "9780306406157", "", isbn("9780306406157", "0306406152", "", nil)},
	{"ISBN isbn hint", "9780306406157", "isbn", isbn("9780306406157", "0306406152", "", nil)},
	{"ISBN-13 hyphenated", "978-0-306-40615-7", "", isbn("9780306406157", "0306406152", "", nil)},
	{"ISBN-10 isbn hint", "0306406152", "isbn", isbn("9780306406157", "0306406152", "", nil)},
	{"ISBN-10 hyphenated", "0-306-40615-2", "isbn", isbn("9780306406157", "0306406152", "", nil)},
	{"ISBN-10 check X", "0-8044-2957-X", "isbn", isbn("9780804429573", "080442957X", "", nil)},
	{"ISBN-10 check x", "080442957x", "isbn", isbn("9780804429573", "080442957X", "", nil)},
	{"ISBN 979 has no ISBN-10", "979-10-90636-07-1", "", isbn("9791090636071", "", "", nil)},
	{"ISBN EAN-2", "978073520044912", "ean13", isbn("9780735200449", "0735200440", "12", nil)},
	{"ISBN spaced EAN-5 no hint", "9780735200449 51299", "", isbn("9780735200449", "0735200440", "51299", &Price{"USD", "12.99"})},
	{"ISBN price GBP", "9780735200449 07900", "ean13", isbn("9780735200449", "0735200440", "07900", &Price{"GBP", "79.00"})},
	{"ISBN price CAD", "9780735200449 60995", "ean13", isbn("9780735200449", "0735200440", "60995", &Price{"CAD", "9.95"})},
	{"ISBN no price", "9780735200449 90000", "ean13", isbn("9780735200449", "0735200440", "90000", nil)},
	{"ISBN price or more", "9780735200449 59999", "ean13", isbn("9780735200449", "0735200440", "59999", nil)},
}

func TestProduct(t *testing.T) { runVectors(t, productVectors) }

// TestUPCE expands UPC-E codes of both number systems, checks that the
// check digit computed on the UPC-A form validates, and that compressing
// the UPC-A form gives a UPC-E code that expands to it again. (Compression
// need not give the same UPC-E back: 1200000 and 1200003 both expand to
// 01200000000x.)
func TestUPCE(t *testing.T) {
	for _, ns := range []string{"0", "1"} {
		for n := 0; n < 1000000; n += 7 {
			six := fmt.Sprintf("%06d", n)
			a, ok := expandUPCE(ns + six + "0")
			if !ok {
				t.Fatalf("expandUPCE(%s) failed", ns+six+"0")
			}
			e := ns + six + string(checkDigit(a[:11]))
			a, _ = expandUPCE(e)
			if !checkDigitOK(a) {
				t.Fatalf("expandUPCE(%s) = %s, check digit wrong", e, a)
			}
			back, ok := compressUPCA(a)
			if !ok {
				t.Fatalf("compressUPCA(%s) failed (from %s)", a, e)
			}
			if again, _ := expandUPCE(back); again != a {
				t.Fatalf("UPC-E %s -> %s -> %s -> %s", e, a, back, again)
			}
		}
	}
	for _, e := range []string{"21234565", "0123456", "012345678"} {
		if a, ok := expandUPCE(e); ok {
			t.Errorf("expandUPCE(%s) = %s, want failure", e, a)
		}
	}
	if _, ok := compressUPCA("036000291452"); ok {
		t.Error("compressUPCA(036000291452) succeeded; that UPC-A has no UPC-E form")
	}
}

func TestCheckDigit(t *testing.T) {
	// GS1 General Specifications §7.9.1 worked example: GTIN-13 629104150021 + 3.
	for _, tt := range []struct {
		body string
		want byte
	}{
		{"629104150021", '3'},
		{"400638133393", '1'},
		{"03600029145", '2'},
		{"1234567", '0'},
		{"1001234500001", '7'},
	} {
		if got := checkDigit(tt.body); got != tt.want {
			t.Errorf("checkDigit(%s) = %c, want %c", tt.body, got, tt.want)
		}
	}
	for _, tt := range []struct {
		body string
		want byte
	}{{"030640615", '2'}, {"080442957", 'X'}, {"073520044", '0'}} {
		if got := isbn10Check(tt.body); got != tt.want {
			t.Errorf("isbn10Check(%s) = %c, want %c", tt.body, got, tt.want)
		}
	}
}
