package content

import (
	"strconv"
	"strings"
)

// Geo is a place (TypeGeo), from an RFC 5870 geo: URI,
//
//	geo:48.198634,16.371648;crs=wgs84;u=40
//	geo:40.71872,-73.98905,100
//	geo:0,0?q=1600+Amphitheatre+Parkway   (Android's search query)
//	geo:0,0?q=48.2082,16.3738(Stephansdom) (Android's labelled point: the query's coordinates)
//
// Coordinates are decimal numbers as RFC 5870 §3.3 writes them (no
// exponents); on WGS-84 the latitude must lie in [-90, 90] and the longitude
// in [-180, 180], or the text is not a place.
type Geo struct {
	Latitude  float64 `json:"latitude"`  // degrees north
	Longitude float64 `json:"longitude"` // degrees east
	// Altitude is the third coordinate, metres above the WGS-84 ellipsoid;
	// omitted when absent.
	Altitude *float64 `json:"altitude,omitempty"`
	// Uncertainty is the ";u=" radius in metres; omitted when absent.
	Uncertainty *float64 `json:"uncertainty,omitempty"`
	// CRS is the coordinate reference system in lower case, "wgs84" when
	// the URI names none (RFC 5870 §3.4.1).
	CRS string `json:"crs"`
	// Query is the "?q=" search text, percent- and '+'-decoded; omitted
	// when absent.
	Query string `json:"query,omitempty"`
	// Label names the place: the "(label)" after coordinates in the
	// query, as Android writes "geo:0,0?q=48.2,16.37(Office)"; omitted
	// when absent.
	Label string `json:"label,omitempty"`
}

func parseGeo(s, _ string) *Content {
	rest, ok := cutPrefixFold(s, "geo:")
	if !ok {
		return nil
	}
	rest, query, _ := strings.Cut(rest, "?")
	coords, params, _ := strings.Cut(rest, ";")
	g := Geo{CRS: "wgs84"}
	parts := strings.SplitN(coords, ",", 4)
	if len(parts) < 2 || len(parts) > 3 {
		return nil
	}
	var nums [3]float64
	for i, p := range parts {
		if nums[i], ok = decimal(p); !ok {
			return nil
		}
	}
	g.Latitude, g.Longitude = nums[0], nums[1]
	if len(parts) == 3 {
		g.Altitude = &nums[2]
	}
	for params != "" {
		var kv string
		kv, params, _ = strings.Cut(params, ";")
		k, v, _ := strings.Cut(kv, "=")
		switch strings.ToLower(k) {
		case "crs":
			g.CRS = strings.ToLower(v)
		case "u":
			u, ok := decimal(v)
			if !ok || u < 0 {
				return nil
			}
			g.Uncertainty = &u
		}
	}
	if g.CRS == "wgs84" && (g.Latitude < -90 || g.Latitude > 90 || g.Longitude < -180 || g.Longitude > 180) {
		return nil
	}
	for query != "" {
		var kv string
		kv, query, _ = strings.Cut(query, "&")
		if k, v, _ := strings.Cut(kv, "="); k == "q" && g.Query == "" {
			g.Query = percentDecode(v, true)
		}
	}
	if g.Latitude == 0 && g.Longitude == 0 && g.Altitude == nil {
		if lat, lon, label, ok := queryPoint(g.Query); ok {
			g.Latitude, g.Longitude, g.Label = lat, lon, label
		}
	}
	return &Content{Type: TypeGeo, Geo: &g}
}

// queryPoint reads Android's "lat,lon" or "lat,lon(label)" query, with
// the coordinates on WGS-84.
func queryPoint(q string) (lat, lon float64, label string, ok bool) {
	if i := strings.IndexByte(q, '('); i >= 0 && strings.HasSuffix(q, ")") {
		q, label = q[:i], strings.TrimSpace(q[i+1:len(q)-1])
	}
	a, b, found := strings.Cut(q, ",")
	if !found {
		return 0, 0, "", false
	}
	lat, ok1 := decimal(strings.TrimSpace(a))
	lon, ok2 := decimal(strings.TrimSpace(b))
	if !ok1 || !ok2 || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
		return 0, 0, "", false
	}
	return lat, lon, label, true
}

// decimal parses an RFC 5870 §3.3 number: an optional sign, digits, and an
// optional fraction. Exponents, "Inf" and "NaN" are refused.
func decimal(s string) (float64, bool) {
	const maxLen = 40
	if s == "" || len(s) > maxLen {
		return 0, false
	}
	i := 0
	if s[0] == '-' || s[0] == '+' {
		i++
	}
	digits := 0
	for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		digits++
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		frac := 0
		for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
			frac++
		}
		if frac == 0 {
			return 0, false
		}
	}
	if i != len(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}
