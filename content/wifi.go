package content

import "strings"

// WiFi is the configuration of a Wi-Fi network (TypeWiFi), from a
// "WIFI:" text:
//
//	WIFI:T:WPA;S:mynetwork;P:mypass;;
//
// Fields may come in any order and the closing ";;" may be missing. In a
// value, a backslash escapes the next character (\; \, \: \\ \"), and a value
// wrapped in unescaped double quotes loses them (ZXing's "Barcode Contents"
// page quotes SSIDs that would read as hex). When the text has the R: or K:
// field of the Wi-Fi Alliance WPA3 Specification (§7, "WIFI URI"), S:, P:
// and I: are percent-decoded as that specification writes them. A text
// without S: is not Wi-Fi configuration.
type WiFi struct {
	SSID     string `json:"ssid"`     // network name (S:)
	Password string `json:"password"` // pre-shared key or EAP password (P:)
	// Security is the kind of authentication, normalised from T:, R:, K: and
	// E:. It is one of:
	//
	//	"nopass"    open network: T:nopass, or no T: (the WPA3 URI's
	//	            "unauthenticated"; a P: given anyway stays in Password)
	//	"WEP"       T:WEP
	//	"WPA"       WPA/WPA2/WPA3-Personal passphrase: T:WPA, WPA2, PSK, ...
	//	"WPA3"      WPA3-Personal only: T:SAE or WPA3, or T:WPA with the
	//	            WPA3-Personal transition-disable bit (R: bit 0) or an
	//	            SAE-PK public key (K:)
	//	"WPA2-EAP"  WPA/WPA2-Enterprise: T:WPA2-EAP, WPA-EAP, EAP, or an E:
	//	            EAP method with a WPA type
	//	"WPA3-EAP"  WPA3-Enterprise: T:WPA3-EAP
	//
	// An unknown T: value is passed through as written.
	Security string `json:"security"`
	// RawSecurity is the T: value as written, "" when absent.
	RawSecurity string `json:"rawSecurity"`
	// Hidden reports whether the network does not broadcast its SSID (H:true).
	Hidden bool `json:"hidden"`

	// WPA2-Enterprise fields of ZXing's form; omitted when empty.
	EAPMethod         string `json:"eapMethod,omitempty"`         // E: EAP method, such as PEAP, TTLS, PWD
	AnonymousIdentity string `json:"anonymousIdentity,omitempty"` // A: outer identity
	// Identity is I:, the EAP user name, or in the WPA3 form the SAE
	// password identifier.
	Identity     string `json:"identity,omitempty"`
	Phase2Method string `json:"phase2Method,omitempty"` // PH2: inner authentication, such as MSCHAPV2

	// WPA3 Specification fields; omitted when empty.
	TransitionDisable string `json:"transitionDisable,omitempty"` // R: transition-disable bitmap, hex
	PublicKey         string `json:"publicKey,omitempty"`         // K: SAE-PK public key, base64 DER
}

func parseWiFi(s, _ string) *Content {
	rest, ok := cutPrefixFold(s, "WIFI:")
	if !ok {
		return nil
	}
	f := splitFields(rest)
	_, hasR := value(f, "R")
	_, hasK := value(f, "K")
	wpa3URI := hasR || hasK
	get := func(key string) string {
		for _, x := range f {
			if strings.EqualFold(x.key, key) {
				v := unescapeBackslash(unquote(x.raw))
				if wpa3URI {
					v = percentDecode(v, false)
				}
				return v
			}
		}
		return ""
	}
	w := WiFi{
		SSID:              get("S"),
		Password:          get("P"),
		RawSecurity:       strings.TrimSpace(get("T")),
		EAPMethod:         strings.TrimSpace(get("E")),
		AnonymousIdentity: get("A"),
		Identity:          get("I"),
		Phase2Method:      strings.TrimSpace(get("PH2")),
		TransitionDisable: strings.TrimSpace(get("R")),
		PublicKey:         strings.TrimSpace(get("K")),
	}
	if w.SSID == "" {
		return nil
	}
	if h, ok := value(f, "H"); ok {
		h = strings.TrimSpace(h)
		// ZXing before 4.7.8 wrote the phase 2 method in H:; a value that
		// is not a boolean is read as that when PH2: is absent.
		switch {
		case strings.EqualFold(h, "true"):
			w.Hidden = true
		case strings.EqualFold(h, "false"), h == "":
		case w.Phase2Method == "":
			w.Phase2Method = h
		}
	}
	w.Security = security(w)
	return &Content{Type: TypeWiFi, WiFi: &w}
}

// security normalises the authentication type as documented on
// WiFi.Security.
func security(w WiFi) string {
	t := strings.ToUpper(w.RawSecurity)
	switch t {
	case "", "NOPASS", "NONE", "OPEN":
		return "nopass"
	case "WEP":
		return "WEP"
	case "SAE", "WPA3", "WPA3-SAE", "WPA3-PERSONAL":
		return "WPA3"
	case "WPA2-EAP", "WPA-EAP", "EAP", "WPA2-ENTERPRISE", "WPA-ENTERPRISE", "802.1X":
		return "WPA2-EAP"
	case "WPA3-EAP", "WPA3-ENTERPRISE":
		return "WPA3-EAP"
	case "WPA", "WPA2", "WPA/WPA2", "WPA2/WPA3", "WPA-PSK", "WPA2-PSK", "PSK", "WPA2-PERSONAL":
		if w.EAPMethod != "" {
			return "WPA2-EAP"
		}
		// WPA3 Specification §7: R: is the Transition Disable bitmap of
		// §8; its bit 0 disables WPA2 for WPA3-Personal. SAE-PK (K:) is
		// WPA3-Personal only.
		if transitionDisableBit0(w.TransitionDisable) || w.PublicKey != "" {
			return "WPA3"
		}
		return "WPA"
	}
	return w.RawSecurity
}

// unquote removes the double quotes around a raw (still escaped) value when
// both are unescaped: `"abc"` is abc, `\"abc\"` stays as it is.
func unquote(raw string) string {
	n := len(raw)
	if n < 2 || raw[0] != '"' || raw[n-1] != '"' {
		return raw
	}
	backslashes := 0
	for i := n - 2; i >= 1 && raw[i] == '\\'; i-- {
		backslashes++
	}
	if backslashes%2 == 1 {
		return raw
	}
	return raw[1 : n-1]
}

// transitionDisableBit0 reports whether the hex bitmap r (R:, most
// significant digit first) has its bit 0 set.
func transitionDisableBit0(r string) bool {
	if r == "" {
		return false
	}
	for i := 0; i < len(r); i++ {
		if _, ok := unhex(r[i]); !ok {
			return false
		}
	}
	d, _ := unhex(r[len(r)-1])
	return d&1 != 0
}
