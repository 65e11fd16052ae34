package barkit_test

import (
	"bytes"
	"fmt"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/render"
)

// Generate writes the smallest symbol that holds the data; render draws it.
func ExampleGenerate() {
	sym, err := barkit.Generate("https://example.com", barkit.GenerateOptions{ECLevel: "M"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var png bytes.Buffer
	if err := render.PNG(&png, sym, render.Options{Scale: 4}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s version %s-%s, %dx%d modules\n", sym.Symbology, sym.Version, sym.ECLevel, sym.Modules.Width, sym.Modules.Height)
	// Output: qr version 2-M, 25x25 modules
}

// ScanBytes finds every barcode in an encoded image.
func ExampleScanBytes() {
	sym, _ := barkit.Generate("Hello, world", barkit.GenerateOptions{})
	var png bytes.Buffer
	render.PNG(&png, sym, render.Options{})

	codes, err := barkit.ScanBytes(png.Bytes(), barkit.ScanOptions{Symbologies: []string{"qr"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range codes {
		fmt.Println(c.SymbologyName, c.Data, c.SymbologyIdentifier, c.Parsed.Type)
	}
	// Output: QR Code Hello, world ]Q1 text
}

// Generate takes GS1 data in human-readable form and checks it.
func ExampleGenerate_gs1() {
	_, err := barkit.Generate("(01)09506000134353(10)ABC", barkit.GenerateOptions{GS1: true})
	fmt.Println(err)
	// Output: barkit: invalid data: gs1: AI (01): check digit: check digit is 3, should be 2
}

// Parse recognises the structured payloads people scan.
func ExampleParse() {
	c := barkit.Parse("WIFI:T:WPA;S:home;P:secret;;", "qr")
	fmt.Println(c.Type, c.WiFi.SSID, c.WiFi.Security)
	// Output: wifi home WPA
}
