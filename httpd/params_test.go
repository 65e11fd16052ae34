package httpd

import (
	"image/color"
	"net/url"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/render"
	"github.com/google/go-cmp/cmp"
)

// jsonBody returns the options of a JSON object body, failing the test if
// it is not one.
func jsonBody(t *testing.T, s string) map[string]value {
	t.Helper()
	obj, err := parseObject([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return jsonParams(obj)
}

func query(t *testing.T, s string) map[string]value {
	t.Helper()
	q, err := url.ParseQuery(s)
	if err != nil {
		t.Fatal(err)
	}
	return textParams(q)
}

// TestScanOptions checks how the scan options of SPEC.md §4.1 become
// barkit.ScanOptions, which the API tests cannot all observe (tryHarder
// changes the effort, not the result, on a clean image).
func TestScanOptions(t *testing.T) {
	for _, c := range []struct {
		name        string
		query, body string
		want        barkit.ScanOptions
	}{
		{"§4.1 defaults", "", `{}`, barkit.ScanOptions{MaxResults: 255}},
		{"§4.1 tryHarder=false is Fast", "tryHarder=false", `{}`, barkit.ScanOptions{Fast: true, MaxResults: 255}},
		{"§4.1 parse=0 is NoParse", "parse=0", `{}`, barkit.ScanOptions{NoParse: true, MaxResults: 255}},
		{"§4.1 every option", "symbologies=qr,retail&tryHarder=off&maxResults=7&parse=no", `{}`,
			barkit.ScanOptions{Symbologies: []string{"qr,retail"}, Fast: true, MaxResults: 7, NoParse: true}},
		{"§4.1 JSON overrides the query", "symbologies=qr&tryHarder=no&maxResults=7", `{"symbologies":["matrix","qr"],"tryHarder":true,"maxResults":"9"}`,
			barkit.ScanOptions{Symbologies: []string{"matrix", "qr"}, MaxResults: 9}},
		{"§4.1 symbology alias", "symbology=qr", `{}`, barkit.ScanOptions{Symbologies: []string{"qr"}, MaxResults: 255}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := scanOptions(params{query: query(t, c.query), body: jsonBody(t, c.body)})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Fatalf("options (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGenerateOptions checks how the generate options of SPEC.md §4.2
// and their aliases become barkit.GenerateOptions and render.Options.
func TestGenerateOptions(t *testing.T) {
	red := color.NRGBA{0xff, 0, 0, 0xff}
	for _, c := range []struct {
		name        string
		query, body string
		want        generateRequest
	}{
		{"§4.2 defaults", "data=x", `{}`, generateRequest{data: "x", format: "svg",
			gen: barkit.GenerateOptions{Symbology: "qr"}, render: render.Options{Scale: 4}}},
		{"§4.2 every option", "value=v&symbology=ean13&format=TXT&scale=7&ec=Q&gs1=yes&hrt=on&margin=off&fg=%23f00&bg=transparent&rotate=270&size=3", `{}`,
			generateRequest{data: "v", format: "txt",
				gen:    barkit.GenerateOptions{Symbology: "ean13", ECLevel: "Q", GS1: true, Version: "3"},
				render: render.Options{Scale: 7, HRT: true, NoMargin: true, Foreground: red, Background: color.NRGBA{R: 255, G: 255, B: 255}, Rotate: 270}}},
		{"§4.2 JSON with numbers and aliases", "data=query&scale=9", `{"text":"body","scale":2.0,"ecLevel":"H","rotate":"90","margin":1,"foreground":"red","version":5}`,
			generateRequest{data: "body", format: "svg",
				gen:    barkit.GenerateOptions{Symbology: "qr", ECLevel: "H", Version: "5"},
				render: render.Options{Scale: 2, Rotate: 90, Foreground: red}}},
		{"§4.2 data wins over its aliases", "text=t&value=v&data=d", `{}`, generateRequest{data: "d", format: "svg",
			gen: barkit.GenerateOptions{Symbology: "qr"}, render: render.Options{Scale: 4}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := generateOptions(params{query: query(t, c.query), body: jsonBody(t, c.body)})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(&c.want, got, cmp.AllowUnexported(generateRequest{})); diff != "" {
				t.Fatalf("options (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBooleans checks every spelling of a boolean SPEC.md §4.1 allows, and
// some it does not.
func TestBooleans(t *testing.T) {
	for _, s := range []string{"true", "TRUE", "1", "yes", "Yes", "on", " ON "} {
		if b, err := (params{query: query(t, "x="+url.QueryEscape(s))}).boolean(false, "x"); err != nil || !b {
			t.Errorf("%q: %v, %v; want true", s, b, err)
		}
	}
	for _, s := range []string{"false", "False", "0", "no", "NO", "off"} {
		if b, err := (params{query: query(t, "x="+url.QueryEscape(s))}).boolean(true, "x"); err != nil || b {
			t.Errorf("%q: %v, %v; want false", s, b, err)
		}
	}
	for _, s := range []string{"", "2", "y", "n", "truth", "onn", "-1"} {
		if _, err := (params{query: query(t, "x="+url.QueryEscape(s))}).boolean(true, "x"); err == nil {
			t.Errorf("%q accepted as a boolean", s)
		}
	}
	for _, s := range []string{`true`, `1`, `"yes"`} {
		if b, err := (params{body: jsonBody(t, `{"x":`+s+`}`)}).boolean(false, "x"); err != nil || !b {
			t.Errorf("JSON %s: %v, %v; want true", s, b, err)
		}
	}
	for _, s := range []string{`2`, `[]`, `{}`, `"maybe"`, `0.5`} {
		if _, err := (params{body: jsonBody(t, `{"x":`+s+`}`)}).boolean(false, "x"); err == nil {
			t.Errorf("JSON %s accepted as a boolean", s)
		}
	}
}
