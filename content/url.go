package content

import "strings"

// URL is a web address or another URI (TypeURL).
//
// It comes from an absolute URI with a "//" authority (https://example.com/,
// ftp://, market://, ...; not otpauth://, which is TypeOTP or text), from an
// opaque URI of a known scheme (urn:, magnet:, data:, sip:, ...: see
// opaqueSchemes), from a bare host name
// (www.example.com, example.com/path, example.org), or from the URL:, URI:,
// URLTO: and MEBKM: wrappers. Text holding white space is never a URL, and a
// word with a colon ("Note:call") is not one either.
type URL struct {
	// URL is the address as written, without surrounding white space or
	// wrapper; a bare host name stays without a scheme.
	URL string `json:"url"`
	// Scheme is the URI scheme in lower case ("https"), "" for a bare host
	// name, which browsers open as http.
	Scheme string `json:"scheme"`
	// Host is the host name or address, without user information and port;
	// "" when the URI has no authority (urn:, mailto-like forms).
	Host string `json:"host"`
	// Title is the bookmark title of a MEBKM: or URLTO: text; omitted when
	// empty.
	Title string `json:"title,omitempty"`
}

// opaqueSchemes are the URI schemes without a "//" authority that are taken
// as URLs. Other "word:rest" texts are too often plain text ("Note:call
// me") to be URLs. The names are from the IANA URI scheme registry; geo:,
// mailto:, sms: and tel: have their own types.
var opaqueSchemes = map[string]bool{
	"about": true, "callto": true, "data": true, "facetime": true, "facetime-audio": true,
	"magnet": true, "news": true, "sip": true, "sips": true, "skype": true, "spotify": true,
	"urn": true, "xmpp": true,
}

// genericTLDs are the top-level domains for which a bare "name.tld" text
// with nothing after it is taken as a URL. Country codes are left out: they
// collide with file name extensions ("readme.md", "main.py").
var genericTLDs = map[string]bool{
	"com": true, "org": true, "net": true, "edu": true, "gov": true, "mil": true, "int": true,
	"info": true, "biz": true,
}

// parseURL recognises the URL forms described on URL.
func parseURL(s, _ string) *Content {
	u, ok := urlForm(s)
	if !ok {
		return nil
	}
	return &Content{Type: TypeURL, URL: &u}
}

func urlForm(s string) (URL, bool) {
	if rest, ok := cutPrefixFold(s, "MEBKM:"); ok {
		// NTT DoCoMo bookmark: MEBKM:TITLE:<title>;URL:<url>;;
		f := splitFields(rest)
		raw, _ := value(f, "URL")
		u, ok := checkURL(strings.TrimSpace(raw))
		if !ok {
			return URL{}, false
		}
		title, _ := value(f, "TITLE")
		u.Title = strings.TrimSpace(title)
		return u, true
	}
	if rest, ok := cutPrefixFold(s, "URLTO:"); ok {
		// "URLTO:<title>:<url>", seen with the title empty or left out
		// altogether ("URLTO:google.com/m").
		if title, addr, found := strings.Cut(rest, ":"); found {
			if u, ok := checkURL(strings.TrimSpace(addr)); ok {
				u.Title = strings.TrimSpace(title)
				return u, true
			}
		}
		return checkURL(strings.TrimSpace(rest))
	}
	for _, p := range [...]string{"URL:", "URI:"} {
		if rest, ok := cutPrefixFold(s, p); ok {
			return checkURL(strings.TrimSpace(rest))
		}
	}
	return checkURL(s)
}

// checkURL reports whether s, already trimmed, is a URL by the rules
// described on URL, and returns it split into its parts.
func checkURL(s string) (URL, bool) {
	if s == "" || hasSpace(s) || strings.ContainsAny(s, "\"<>\\`") {
		return URL{}, false
	}
	if scheme, rest, ok := cutScheme(s); ok {
		if scheme == "otpauth" {
			return URL{}, false // an authenticator key without a valid secret is text, not a link
		}
		if auth, ok := strings.CutPrefix(rest, "//"); ok {
			host := authorityHost(auth)
			if host == "" && scheme != "file" {
				return URL{}, false
			}
			return URL{URL: s, Scheme: scheme, Host: host}, true
		}
		if opaqueSchemes[scheme] && rest != "" {
			return URL{URL: s, Scheme: scheme}, true
		}
		// "example.com:8080/" also looks like a scheme; try it as a host.
	}
	if host, ok := bareHost(s); ok {
		return URL{URL: s, Host: host}, true
	}
	return URL{}, false
}

// cutScheme splits an RFC 3986 §3.1 scheme off s: a letter followed by
// letters, digits, '+', '-' or '.', then ':'. The scheme is returned in lower
// case.
func cutScheme(s string) (scheme, rest string, ok bool) {
	const maxScheme = 32 // registered schemes are far shorter
	for i := 0; i < len(s) && i <= maxScheme; i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return strings.ToLower(s[:i]), s[i+1:], true
		default:
			return "", s, false
		}
	}
	return "", s, false
}

// authorityHost returns the host of an RFC 3986 §3.2 authority at the start
// of s (after "//"): without user information, port and brackets of an IPv6
// literal.
func authorityHost(s string) string {
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		s = s[i+1:]
	}
	if strings.HasPrefix(s, "[") {
		if i := strings.IndexByte(s, ']'); i >= 0 {
			return s[1:i]
		}
		return ""
	}
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		s = s[:i]
	}
	return s
}

// bareHost reports whether s is a host name without scheme, as people write
// it on posters: "www.example.com", "example.com/page", "shop.example:8080".
// The host needs two or more dot-separated labels of letters, digits and
// hyphens (or non-ASCII, for internationalised names) and an alphabetic
// top-level label of two or more characters; and then it needs a "www."
// start, a port, a path, a query or a generic top-level domain, which is
// what tells "example.com" from "readme.md" or "Mr.Smith".
func bareHost(s string) (string, bool) {
	labels, first, last := 0, "", ""
	start, i := 0, 0
	for ; i <= len(s); i++ {
		var c byte
		if i < len(s) {
			c = s[i]
		}
		if i < len(s) && (c >= 0x80 || c == '-' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			continue
		}
		label := s[start:i]
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return "", false
		}
		labels++
		if labels == 1 {
			first = label
		}
		last = label
		if i == len(s) || c != '.' {
			break
		}
		start = i + 1
	}
	host, rest := s[:i], s[i:]
	if labels < 2 || !topLevel(last) {
		return "", false
	}
	hasPort := false
	if p, ok := strings.CutPrefix(rest, ":"); ok {
		n := 0
		for n < len(p) && n < 6 && '0' <= p[n] && p[n] <= '9' {
			n++
		}
		if n == 0 || n > 5 {
			return "", false
		}
		rest, hasPort = p[n:], true
	}
	if rest != "" && rest[0] != '/' && rest[0] != '?' && rest[0] != '#' {
		return "", false
	}
	if strings.EqualFold(first, "www") || hasPort || rest != "" || genericTLDs[strings.ToLower(last)] {
		return host, true
	}
	return "", false
}

// topLevel reports whether label can be a top-level domain: two or more
// ASCII letters, an IDNA "xn--" label, or a label of non-ASCII letters.
func topLevel(label string) bool {
	if len(label) < 2 {
		return false
	}
	if hasPrefixFold(label, "xn--") && len(label) > 4 {
		return true
	}
	ascii := 0
	for i := 0; i < len(label); i++ {
		c := label[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			ascii++
		case c >= 0x80:
		default:
			return false
		}
	}
	return ascii == len(label) || ascii == 0
}
