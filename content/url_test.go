package content

import "testing"

func urlContent(u, scheme, host, title string) *Content {
	return &Content{Type: TypeURL, URL: &URL{URL: u, Scheme: scheme, Host: host, Title: title}}
}

// urlVectors: the forms of ZXing's "Barcode Contents" page (https://google.com/m,
// URLTO:google.com/m), RFC 3986 URIs and bare host names, and near misses.
var urlVectors = []vector{
	{"wiki https", "https://google.com/m", "qr", urlContent("https://google.com/m", "https", "google.com", "")},
	{"wiki http", "http://google.com/m", "qr", urlContent("http://google.com/m", "http", "google.com", "")},
	{"trimmed", "  https://example.com/path?q=1#frag \r\n", "qr", urlContent("https://example.com/path?q=1#frag", "https", "example.com", "")},
	{"upper case for alphanumeric mode", "HTTP://WWW.EXAMPLE.COM/INDEX.HTML", "qr", urlContent("HTTP://WWW.EXAMPLE.COM/INDEX.HTML", "http", "WWW.EXAMPLE.COM", "")},
	{"user and port", "https://user:pass@example.com:8443/x", "", urlContent("https://user:pass@example.com:8443/x", "https", "example.com", "")},
	{"ipv6 literal", "http://[2001:db8::1]:8080/", "", urlContent("http://[2001:db8::1]:8080/", "http", "2001:db8::1", "")},
	{"ipv4", "http://192.168.0.1/admin", "", urlContent("http://192.168.0.1/admin", "http", "192.168.0.1", "")},
	{"ftp", "ftp://ftp.example.org/pub/file.txt", "", urlContent("ftp://ftp.example.org/pub/file.txt", "ftp", "ftp.example.org", "")},
	{"market", "market://details?id=com.google.zxing.client.android", "", urlContent("market://details?id=com.google.zxing.client.android", "market", "details", "")},
	{"file", "file:///etc/hosts", "", urlContent("file:///etc/hosts", "file", "", "")},
	{"urn RFC 8141", "urn:isbn:0451450523", "", urlContent("urn:isbn:0451450523", "urn", "", "")},
	{"magnet", "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a", "", urlContent("magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a", "magnet", "", "")},
	{"sip RFC 3261", "sip:alice@atlanta.com", "", urlContent("sip:alice@atlanta.com", "sip", "", "")},
	{"iri", "https://例え.jp/パス", "", urlContent("https://例え.jp/パス", "https", "例え.jp", "")},
	{"bare www", "www.example.com", "", urlContent("www.example.com", "", "www.example.com", "")},
	{"bare idn www", "www.例え.jp", "", urlContent("www.例え.jp", "", "www.例え.jp", "")},
	{"bare generic tld", "example.com", "", urlContent("example.com", "", "example.com", "")},
	{"bare with path", "google.com/m", "", urlContent("google.com/m", "", "google.com", "")},
	{"bare country tld with path", "shop.example.de/angebot", "", urlContent("shop.example.de/angebot", "", "shop.example.de", "")},
	{"bare with port", "example.com:8080/path", "", urlContent("example.com:8080/path", "", "example.com", "")},
	{"bare with query", "example.co.uk?x=1", "", urlContent("example.co.uk?x=1", "", "example.co.uk", "")},
	{"bare punycode tld", "xn--80ak6aa92e.xn--p1ai/", "", urlContent("xn--80ak6aa92e.xn--p1ai/", "", "xn--80ak6aa92e.xn--p1ai", "")},
	{"URL prefix", "URL:http://example.com/", "", urlContent("http://example.com/", "http", "example.com", "")},
	{"URI prefix", "URI: https://example.com/ ", "", urlContent("https://example.com/", "https", "example.com", "")},
	{"wiki URLTO", "URLTO:google.com/m", "", urlContent("google.com/m", "", "google.com", "")},
	{"URLTO with title", "URLTO:Google:http://www.google.com/", "", urlContent("http://www.google.com/", "http", "www.google.com", "Google")},
	{"URLTO empty title", "URLTO::http://www.google.com/", "", urlContent("http://www.google.com/", "http", "www.google.com", "")},
	{"URLTO port no title", "urlto:example.com:8080/m", "", urlContent("example.com:8080/m", "", "example.com", "")},
	{"MEBKM", "MEBKM:TITLE:Google;URL:http\\://www.google.com;;", "qr", urlContent("http://www.google.com", "http", "www.google.com", "Google")},
	{"MEBKM fields swapped", "MEBKM:URL:www.example.com;TITLE:Ex\\;ample;;", "qr", urlContent("www.example.com", "", "www.example.com", "Ex;ample")},

	{"not: file name", "readme.md", "", text("readme.md")},
	{"not: script name", "node.js", "", text("node.js")},
	{"not: abbreviation", "Mr.Smith", "", text("Mr.Smith")},
	{"not: e.g.", "e.g.", "", text("e.g.")},
	{"not: version", "v1.2.3", "", text("v1.2.3")},
	{"not: ip without scheme", "192.168.0.1", "", text("192.168.0.1")},
	{"not: trailing dot", "example.com.", "", text("example.com.")},
	{"not: hyphen label", "-bad.example.com", "", text("-bad.example.com")},
	{"not: empty label", "www..example.com", "", text("www..example.com")},
	{"not: scheme only", "http://", "", text("http://")},
	{"not: space after scheme", "http:// example.com", "", text("http:// example.com")},
	{"not: space in host", "https://exa mple.com", "", text("https://exa mple.com")},
	{"not: url in sentence", "www.example.com is great", "", text("www.example.com is great")},
	{"not: unknown opaque scheme", "ab:cd", "", text("ab:cd")},
	{"not: javascript", "javascript:alert(1)", "", text("javascript:alert(1)")},
	{"not: empty URL:", "URL:", "", text("URL:")},
	{"not: URL: with text", "URL:not a url", "", text("URL:not a url")},
	{"not: MEBKM without URL", "MEBKM:TITLE:x;;", "", text("MEBKM:TITLE:x;;")},
	{"not: angle brackets", "<http://example.com/>", "", text("<http://example.com/>")},
	{"not: bad port", "example.com:123456/", "", text("example.com:123456/")},
	{"not: numeric tld", "example.123/", "", text("example.123/")},
}

func TestURL(t *testing.T) { runVectors(t, urlVectors) }
