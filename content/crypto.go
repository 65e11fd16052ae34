package content

import (
	"crypto/sha256"
	"strings"
)

// Crypto is a cryptocurrency payment request (TypeCrypto), from
//
//	bitcoin:175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W?amount=20.3&label=Luke-Jr     (BIP 21)
//	bitcoin:bc1q...?amount=0.001&lightning=lnbc...                           (BIP 21 with a Lightning invoice)
//	ethereum:0x89205a3a.../transfer?address=0x8e23ee67...&uint256=1           (EIP-681)
//	lightning:lnbc2500u1pvjluez...   or the bare invoice lnbc2500u1...       (BOLT 11)
//	lightning:LNURL1DP68GURN8GHJ7...                                          (LNURL, LUD-01)
//
// Bitcoin addresses are checked (Base58Check or Bech32/Bech32m, BIP 173 and
// BIP 350), and so are Lightning invoices and LNURLs (Bech32 checksum);
// Ethereum addresses must be 40 hex digits or an ENS name. A URI that
// fails the checks, or has a BIP 21 "req-" parameter barkit does not know,
// is plain text.
type Crypto struct {
	Scheme  string `json:"scheme"`            // "bitcoin", "ethereum" or "lightning"
	Address string `json:"address,omitempty"` // where to pay; omitted for a Lightning invoice
	// Network is the network of a Bitcoin address or Lightning invoice:
	// "mainnet", "testnet", "signet" or "regtest".
	Network string `json:"network,omitempty"`
	// Amount is in bitcoin: the BIP 21 amount, or a Lightning invoice's
	// amount ("0.0025" for lnbc2500u); omitted when the payer chooses.
	Amount  string `json:"amount,omitempty"`
	Label   string `json:"label,omitempty"`   // BIP 21 label, percent-decoded
	Message string `json:"message,omitempty"` // BIP 21 message, percent-decoded
	Invoice string `json:"invoice,omitempty"` // BOLT 11 payment request, lower case
	LNURL   string `json:"lnurl,omitempty"`   // the URL an LNURL encodes
	ChainID string `json:"chainId,omitempty"` // EIP-681 chain ID
	// Function is the EIP-681 contract function to call, "transfer".
	Function string `json:"function,omitempty"`
	// Value is the EIP-681 amount in wei as written ("2.014e18").
	Value string `json:"value,omitempty"`
	// Parameters holds the other query parameters, percent-decoded.
	Parameters map[string]string `json:"parameters,omitempty"`
}

func parseCrypto(s, _ string) *Content {
	if hasSpace(s) || len(s) > 4096 {
		return nil
	}
	var c *Crypto
	switch {
	case hasPrefixFold(s, "bitcoin:"):
		c = parseBIP21(s[len("bitcoin:"):])
	case hasPrefixFold(s, "ethereum:"):
		c = parseEIP681(s[len("ethereum:"):])
	case hasPrefixFold(s, "lightning:"):
		c = parseLightning(s[len("lightning:"):])
	case hasPrefixFold(s, "lnbc"), hasPrefixFold(s, "lntb"), hasPrefixFold(s, "lnsb"):
		c = parseLightning(s)
	}
	if c == nil {
		return nil
	}
	return &Content{Type: TypeCrypto, Crypto: c}
}

// parseBIP21 reads the part of a bitcoin: URI after the scheme (BIP 21).
func parseBIP21(rest string) *Crypto {
	addr, query, _ := strings.Cut(rest, "?")
	c := &Crypto{Scheme: "bitcoin", Address: addr}
	if addr != "" {
		var ok bool
		if c.Network, ok = bitcoinAddress(addr); !ok {
			return nil
		}
	}
	for query != "" {
		var kv string
		kv, query, _ = strings.Cut(query, "&")
		k, v, _ := strings.Cut(kv, "=")
		v = percentDecode(v, false)
		switch strings.ToLower(k) {
		case "amount":
			if !btcAmount(v) {
				return nil
			}
			c.Amount = v
		case "label":
			c.Label = v
		case "message":
			c.Message = v
		case "lightning":
			inv := parseLightning(v)
			if inv == nil || inv.Invoice == "" {
				return nil
			}
			c.Invoice = inv.Invoice
			if c.Network == "" {
				c.Network = inv.Network
			}
		case "":
		default:
			if strings.HasPrefix(strings.ToLower(k), "req-") {
				return nil // BIP 21: a required parameter we do not understand
			}
			c.addParameter(k, v)
		}
	}
	if c.Address == "" && c.Invoice == "" {
		return nil
	}
	return c
}

func (c *Crypto) addParameter(k, v string) {
	if c.Parameters == nil {
		c.Parameters = make(map[string]string)
	}
	if _, dup := c.Parameters[k]; !dup && len(c.Parameters) < maxItems {
		c.Parameters[k] = v
	}
}

// btcAmount reports whether s is a BIP 21 amount: a decimal number of
// bitcoin with at most eight decimal places.
func btcAmount(s string) bool {
	whole, frac, hasPoint := strings.Cut(s, ".")
	if !hasPoint {
		return whole != "" && len(whole) <= 8 && isDigits(whole)
	}
	return (whole == "" || len(whole) <= 8 && isDigits(whole)) && frac != "" && len(frac) <= 8 && isDigits(frac)
}

// bitcoinAddress checks a Bitcoin address and returns its network.
func bitcoinAddress(a string) (string, bool) {
	if hrp, data, ok := bech32Decode(a, 90); ok {
		var net string
		switch hrp {
		case "bc":
			net = "mainnet"
		case "tb":
			net = "testnet"
		case "bcrt":
			net = "regtest"
		default:
			return "", false
		}
		// BIP 173/350: a witness version, then a program of 2 to 40
		// bytes, 20 or 32 for version 0, which uses Bech32; later versions
		// use Bech32m.
		if len(data.values) < 1 || data.values[0] > 16 {
			return "", false
		}
		prog, ok := regroup(data.values[1:])
		if !ok || len(prog) < 2 || len(prog) > 40 {
			return "", false
		}
		if data.values[0] == 0 && (len(prog) != 20 && len(prog) != 32 || data.m) || data.values[0] > 0 && !data.m {
			return "", false
		}
		return net, true
	}
	b, ok := base58Check(a)
	if !ok || len(b) != 21 {
		return "", false
	}
	switch b[0] {
	case 0x00, 0x05: // P2PKH, P2SH
		return "mainnet", true
	case 0x6f, 0xc4:
		return "testnet", true
	}
	return "", false
}

// parseEIP681 reads the part of an ethereum: URI after the scheme
// (EIP-681): [pay-]address[@chain][/function][?parameters].
func parseEIP681(rest string) *Crypto {
	rest = strings.TrimPrefix(rest, "pay-")
	target, query, _ := strings.Cut(rest, "?")
	target, fn, _ := strings.Cut(target, "/")
	addr, chain, hasChain := strings.Cut(target, "@")
	c := &Crypto{Scheme: "ethereum", Address: addr, Function: fn, ChainID: chain}
	if !ethAddress(addr) || hasChain && !isDigits(chain) || fn != "" && !isIdentifier(fn) {
		return nil
	}
	for query != "" {
		var kv string
		kv, query, _ = strings.Cut(query, "&")
		k, v, _ := strings.Cut(kv, "=")
		v = percentDecode(v, false)
		switch {
		case k == "":
		case k == "value":
			if !ethNumber(v) {
				return nil
			}
			c.Value = v
		default:
			c.addParameter(k, v)
		}
	}
	return c
}

// ethAddress reports whether s is "0x" and 40 hex digits, or an ENS name
// (labels of letters, digits and hyphens joined by dots).
func ethAddress(s string) bool {
	if h, ok := strings.CutPrefix(s, "0x"); ok && len(h) == 40 {
		for i := 0; i < len(h); i++ {
			if _, ok := unhex(h[i]); !ok {
				return false
			}
		}
		return true
	}
	if !strings.Contains(s, ".") || len(s) > 255 {
		return false
	}
	for _, l := range strings.Split(s, ".") {
		if l == "" || !isIdentifier(strings.ReplaceAll(l, "-", "_")) && !isDigits(l) {
			return false
		}
	}
	return true
}

// isIdentifier reports whether s is letters, digits and underscores, not
// starting with a digit.
func isIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != "" && len(s) <= 64
}

// ethNumber reports whether s is an EIP-681 number: digits, an optional
// fraction, an optional exponent ("2.014e18").
func ethNumber(s string) bool {
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	whole, frac, hasPoint := strings.Cut(mant, ".")
	return whole != "" && isDigits(whole) && (!hasPoint || isDigits(frac)) && (!hasExp || isDigits(exp)) && len(s) <= 80
}

// parseLightning reads a BOLT 11 invoice or an LNURL.
func parseLightning(s string) *Crypto {
	hrp, data, ok := bech32Decode(s, 8192)
	if !ok || data.m {
		return nil
	}
	if hrp == "lnurl" {
		b, ok := regroup(data.values)
		if !ok || !hasPrefixFold(string(b), "https://") && !hasPrefixFold(string(b), "http://") {
			return nil
		}
		return &Crypto{Scheme: "lightning", LNURL: validUTF8(string(b))}
	}
	// BOLT 11: "ln", the network's prefix, the amount, then data: a
	// timestamp (7 characters) and a signature (104) at least.
	c := &Crypto{Scheme: "lightning", Invoice: strings.ToLower(s)}
	var amount string
	for _, n := range []struct{ prefix, network string }{
		{"lnbcrt", "regtest"}, {"lnbc", "mainnet"}, {"lntbs", "signet"}, {"lntb", "testnet"},
	} {
		if a, ok := strings.CutPrefix(hrp, n.prefix); ok {
			c.Network, amount = n.network, a
			break
		}
	}
	if c.Network == "" || len(data.values) < 7+104 {
		return nil
	}
	if amount != "" {
		if c.Amount, ok = invoiceAmount(amount); !ok {
			return nil
		}
	}
	return c
}

// invoiceAmount converts a BOLT 11 amount, digits and an optional
// multiplier (m milli, u micro, n nano, p pico), to bitcoin.
func invoiceAmount(a string) (string, bool) {
	exp, digits := 12, a // pico-bitcoin per unit: a bare number is bitcoin
	switch a[len(a)-1] {
	case 'm':
		exp = 9
	case 'u':
		exp = 6
	case 'n':
		exp = 3
	case 'p':
		exp = 0
	}
	if exp != 12 {
		digits = a[:len(a)-1]
	}
	if digits == "" || !isDigits(digits) || len(digits) > 20 {
		return "", false
	}
	if exp == 0 && !strings.HasSuffix(digits, "0") {
		return "", false // BOLT 11: pico amounts are whole millisatoshi
	}
	// The amount in pico-bitcoin, written with the point 12 places left.
	pico := strings.TrimLeft(digits+strings.Repeat("0", exp), "0")
	if pico == "" {
		return "", false
	}
	if len(pico) <= 12 {
		pico = strings.Repeat("0", 13-len(pico)) + pico
	}
	whole, frac := pico[:len(pico)-12], strings.TrimRight(pico[len(pico)-12:], "0")
	if frac == "" {
		return whole, true
	}
	return whole + "." + frac, true
}

// base58Alphabet is Bitcoin's Base58 alphabet: the digits and letters
// without 0, O, I and l.
const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// base58Check decodes a Base58Check string and verifies its checksum, the
// first four bytes of SHA-256 applied twice to the payload; it returns the
// payload.
func base58Check(s string) ([]byte, bool) {
	if len(s) < 5 || len(s) > 64 {
		return nil, false
	}
	var b []byte // big-endian, without leading zeros
	for i := 0; i < len(s); i++ {
		v := strings.IndexByte(base58Alphabet, s[i])
		if v < 0 {
			return nil, false
		}
		carry := v
		for j := len(b) - 1; j >= 0; j-- {
			carry += int(b[j]) * 58
			b[j] = byte(carry)
			carry >>= 8
		}
		for carry > 0 {
			b = append([]byte{byte(carry)}, b...)
			carry >>= 8
		}
	}
	for i := 0; i < len(s) && s[i] == '1'; i++ {
		b = append([]byte{0}, b...) // each leading '1' is a zero byte
	}
	if len(b) < 5 {
		return nil, false
	}
	payload, sum := b[:len(b)-4], b[len(b)-4:]
	h := sha256.Sum256(payload)
	h = sha256.Sum256(h[:])
	return payload, string(h[:4]) == string(sum)
}

// bech32Charset is the Bech32 alphabet (BIP 173), in the order of the
// values 0 to 31.
const bech32Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// bech32Data is the data part of a Bech32 string, without the checksum.
type bech32Data struct {
	values []byte // 5-bit values
	m      bool   // the checksum is Bech32m (BIP 350) rather than Bech32
}

// bech32Decode splits s at its last '1' into the human-readable part and
// the data and verifies the checksum (BIP 173; BIP 350 for Bech32m). Mixed
// case is invalid; maxLen bounds the length (90 for addresses; BOLT 11
// invoices are longer).
func bech32Decode(s string, maxLen int) (string, bech32Data, bool) {
	if len(s) < 8 || len(s) > maxLen || strings.ToLower(s) != s && strings.ToUpper(s) != s {
		return "", bech32Data{}, false
	}
	s = strings.ToLower(s)
	sep := strings.LastIndexByte(s, '1')
	if sep < 1 || len(s)-sep-1 < 6 {
		return "", bech32Data{}, false
	}
	hrp, data := s[:sep], s[sep+1:]
	values := make([]byte, len(data))
	for i := 0; i < len(data); i++ {
		v := strings.IndexByte(bech32Charset, data[i])
		if v < 0 {
			return "", bech32Data{}, false
		}
		values[i] = byte(v)
	}
	for i := 0; i < len(hrp); i++ {
		if hrp[i] < 33 || hrp[i] > 126 {
			return "", bech32Data{}, false
		}
	}
	const bech32Const, bech32mConst = 1, 0x2bc830a3
	switch bech32Polymod(hrp, values) {
	case bech32Const:
		return hrp, bech32Data{values: values[:len(values)-6]}, true
	case bech32mConst:
		return hrp, bech32Data{values: values[:len(values)-6], m: true}, true
	}
	return "", bech32Data{}, false
}

// bech32Polymod computes the BCH checksum of BIP 173 over the expanded
// human-readable part and the values.
func bech32Polymod(hrp string, values []byte) uint32 {
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	chk := uint32(1)
	step := func(v byte) {
		top := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ uint32(v)
		for i := range 5 {
			if top>>i&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	for i := 0; i < len(hrp); i++ {
		step(hrp[i] >> 5)
	}
	step(0)
	for i := 0; i < len(hrp); i++ {
		step(hrp[i] & 31)
	}
	for _, v := range values {
		step(v)
	}
	return chk
}

// regroup converts 5-bit values to bytes; the padding left over must be
// fewer than 5 zero bits.
func regroup(values []byte) ([]byte, bool) {
	var out []byte
	acc, bits := 0, 0
	for _, v := range values {
		acc = acc<<5 | int(v)
		bits += 5
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	return out, bits < 5 && acc == 0
}
