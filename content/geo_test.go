package content

import "testing"

func geo(lat, lon float64, alt, u *float64, crs, q string) *Content {
	return &Content{Type: TypeGeo, Geo: &Geo{Latitude: lat, Longitude: lon, Altitude: alt, Uncertainty: u, CRS: crs, Query: q}}
}

func f64(f float64) *float64 { return &f }

// geoVectors: the examples of RFC 5870 §6, ZXing's "Barcode Contents" and
// Android's query form.
var geoVectors = []vector{
	{"RFC 5870 point", "geo:13.4125,103.8667", "qr", geo(13.4125, 103.8667, nil, nil, "wgs84", "")},
	{"RFC 5870 altitude", "geo:48.2010,16.3695,183", "qr", geo(48.2010, 16.3695, f64(183), nil, "wgs84", "")},
	{"RFC 5870 crs and u", "geo:48.198634,16.371648;crs=wgs84;u=40", "qr", geo(48.198634, 16.371648, nil, f64(40), "wgs84", "")},
	{"RFC 5870 pole", "geo:90,-22.43;crs=WGS84", "qr", geo(90, -22.43, nil, nil, "wgs84", "")},
	{"RFC 5870 other params", "geo:66,30;u=6.500;FOo=this%2dthat", "qr", geo(66, 30, nil, f64(6.5), "wgs84", "")},
	{"wiki altitude", "geo:40.71872,-73.98905,100", "qr", geo(40.71872, -73.98905, f64(100), nil, "wgs84", "")},
	{"southern western", "geo:-48.876667,-123.393333", "qr", geo(-48.876667, -123.393333, nil, nil, "wgs84", "")},
	{"upper case", "GEO:37.786971,-122.399677;u=35", "qr", geo(37.786971, -122.399677, nil, f64(35), "wgs84", "")},
	{"android query", "geo:0,0?q=1600+Amphitheatre+Parkway%2C+Mountain+View%2C+CA", "qr",
		geo(0, 0, nil, nil, "wgs84", "1600 Amphitheatre Parkway, Mountain View, CA")},
	{"android zoom ignored", "geo:37.786971,-122.399677?z=11", "qr", geo(37.786971, -122.399677, nil, nil, "wgs84", "")},
	{"other crs not range checked", "geo:1000,2000;crs=example", "qr", geo(1000, 2000, nil, nil, "example", "")},
	// Android's labelled point: the coordinates are in the query.
	{"android labelled point", "geo:0,0?q=48.2082,16.3738(Stephansdom)", "qr", &Content{Type: TypeGeo, Geo: &Geo{
		Latitude: 48.2082, Longitude: 16.3738, CRS: "wgs84", Query: "48.2082,16.3738(Stephansdom)", Label: "Stephansdom"}}},
	{"android point without label", "geo:0,0?q=-33.8568,151.2153", "qr", &Content{Type: TypeGeo, Geo: &Geo{
		Latitude: -33.8568, Longitude: 151.2153, CRS: "wgs84", Query: "-33.8568,151.2153"}}},
	{"android label, encoded", "geo:0,0?q=37.4219,-122.084(Google%20HQ)", "qr", &Content{Type: TypeGeo, Geo: &Geo{
		Latitude: 37.4219, Longitude: -122.084, CRS: "wgs84", Query: "37.4219,-122.084(Google HQ)", Label: "Google HQ"}}},
	{"query point out of range stays a query", "geo:0,0?q=95,10", "qr", geo(0, 0, nil, nil, "wgs84", "95,10")},
}

func TestGeo(t *testing.T) { runVectors(t, geoVectors) }
