package content

import "testing"

func crypto(c Crypto) *Content { return &Content{Type: TypeCrypto, Crypto: &c} }

// BOLT 11's examples ("Please send 0.0025 BTC for a cup of nonsense", "Now
// send $24 for an entire list of things (hashed)", the testnet one, and the
// pico-bitcoin amount).
const (
	bolt11Nonsense = "lnbc2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrny"
	bolt11List     = "lnbc20m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqscc6gd6ql3jrc5yzme8v4ntcewwz5cnw92tz0pc8qcuufvq7khhr8wpald05e92xw006sq94mg8v2ndf4sefvf9sygkshp5zfem29trqq2yxxz7"
	bolt11Testnet  = "lntb20m1pvjluezhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfpp3x9et2e20v6pu37c5d9vax37wxq72un98kmzzhznpurw9sgl2v0nklu2g4d0keph5t7tj9tcqd8rexnd07ux4uv2cjvcqwaxgj7v4uwn5wmypjd5n69z2xm3xgksg28nwht7f6zspwp3f9t"
	bolt11Pico     = "lnbc9678785340p1pwmna7lpp5gc3xfm08u9qy06djf8dfflhugl6p7lgza6dsjxq454gxhj9t7a0sd8dgfkx7cmtwd68yetpd5s9xar0wfjn5gpc8qhrsdfq24f5ggrxdaezqsnvda3kkum5wfjkzmfqf3jkgem9wgsyuctwdus9xgrcyqcjcgpzgfskx6eqf9hzqnteypzxz7fzypfhg6trddjhygrcyqezcgpzfysywmm5ypxxjemgw3hxjmn8yptk7untd9hxwg3q2d6xjcmtv4ezq7pqxgsxzmnyyqcjqmt0wfjjq6t5v4khxxqyjw5qcqp2rzjq0gxwkzc8w6323m55m4jyxcjwmy7stt9hwkwe2qxmy8zpsgg7jcuwz87fcqqeuqqqyqqqqlgqqqqn3qq9qn07ytgrxxzad9hc4xt3mawjjt8znfv8xzscs7007v9gh9j569lencxa8xeujzkxs0uamak9aln6ez02uunw6rd2ht2sqe4hz8thcdagpleym0j"
)

// cryptoVectors: BIP 21 forms (with the Bitcoin wiki's example address;
// BIP 21's own example address 175tWpb8... fails its Base58Check checksum,
// as rust-bitcoin's bip21 crate also finds), BIP 173 and BIP 350 addresses,
// EIP-681's examples and BOLT 11's.
var cryptoVectors = []vector{
	{"BIP 21 address only", "bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "qr",
		crypto(Crypto{Scheme: "bitcoin", Address: "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", Network: "mainnet"})},
	{"BIP 21 amount and label", "bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?amount=20.3&label=Luke-Jr", "qr",
		crypto(Crypto{Scheme: "bitcoin", Address: "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", Network: "mainnet", Amount: "20.3", Label: "Luke-Jr"})},
	{"BIP 21 message", "bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?amount=50&label=Luke-Jr&message=Donation%20for%20project%20xyz", "qr",
		crypto(Crypto{Scheme: "bitcoin", Address: "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", Network: "mainnet", Amount: "50",
			Label: "Luke-Jr", Message: "Donation for project xyz"})},
	{"BIP 21 unknown optional parameters kept", "bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?somethingyoudontunderstand=50&somethingelseyoudontget=999", "qr",
		crypto(Crypto{Scheme: "bitcoin", Address: "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", Network: "mainnet",
			Parameters: map[string]string{"somethingyoudontunderstand": "50", "somethingelseyoudontget": "999"}})},
	{"P2SH", "bitcoin:3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "qr",
		crypto(Crypto{Scheme: "bitcoin", Address: "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", Network: "mainnet"})},
	{"BIP 173 P2WPKH in capitals (QR alphanumeric mode)", "BITCOIN:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?AMOUNT=0.001", "qr",
		crypto(Crypto{Scheme: "bitcoin", Address: "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", Network: "mainnet", Amount: "0.001"})},
	{"BIP 173 testnet P2WSH", "bitcoin:tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "qr",
		crypto(Crypto{Scheme: "bitcoin", Address: "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", Network: "testnet"})},
	{"BIP 350 taproot", "bitcoin:bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "qr",
		crypto(Crypto{Scheme: "bitcoin", Address: "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", Network: "mainnet"})},
	{"BIP 21 unified with a Lightning invoice", "bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=0.0025&lightning=" + bolt11Nonsense, "qr",
		crypto(Crypto{Scheme: "bitcoin", Address: "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", Network: "mainnet", Amount: "0.0025", Invoice: bolt11Nonsense})},
	{"EIP-681 value", "ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359?value=2.014e18", "qr",
		crypto(Crypto{Scheme: "ethereum", Address: "0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359", Value: "2.014e18"})},
	{"EIP-681 token transfer", "ethereum:0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7/transfer?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&uint256=1", "qr",
		crypto(Crypto{Scheme: "ethereum", Address: "0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7", Function: "transfer",
			Parameters: map[string]string{"address": "0x8e23ee67d1332ad560396262c48ffbb01f93d052", "uint256": "1"}})},
	{"EIP-681 pay- prefix, chain ID, ENS name", "ethereum:pay-vitalik.eth@1?value=1e16", "qr",
		crypto(Crypto{Scheme: "ethereum", Address: "vitalik.eth", ChainID: "1", Value: "1e16"})},
	{"BOLT 11 cup of nonsense", "lightning:" + bolt11Nonsense, "qr",
		crypto(Crypto{Scheme: "lightning", Network: "mainnet", Amount: "0.0025", Invoice: bolt11Nonsense})},
	{"BOLT 11 bare invoice in capitals", "LNBC20M1PVJLUEZPP5QQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQYPQHP58YJMDAN79S6QQDHDZGYNM4ZWQD5D7XMW5FK98KLYSY043L2AHRQSCC6GD6QL3JRC5YZME8V4NTCEWWZ5CNW92TZ0PC8QCUUFVQ7KHHR8WPALD05E92XW006SQ94MG8V2NDF4SEFVF9SYGKSHP5ZFEM29TRQQ2YXXZ7", "qr",
		crypto(Crypto{Scheme: "lightning", Network: "mainnet", Amount: "0.02", Invoice: bolt11List})},
	{"BOLT 11 testnet", "lightning:" + bolt11Testnet, "qr", crypto(Crypto{Scheme: "lightning", Network: "testnet", Amount: "0.02", Invoice: bolt11Testnet})},
	{"BOLT 11 pico-bitcoin", bolt11Pico, "qr", crypto(Crypto{Scheme: "lightning", Network: "mainnet", Amount: "0.00967878534", Invoice: bolt11Pico})},
	{"LNURL (LUD-01 example)", "lightning:LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS", "qr",
		crypto(Crypto{Scheme: "lightning", LNURL: "https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df"})},
}

// cryptoTextVectors: payment URIs that fail their checks.
var cryptoTextVectors = []vector{
	{"BIP 21 example address fails its checksum", "bitcoin:175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W?amount=20.3&label=Luke-Jr", "qr",
		text("bitcoin:175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W?amount=20.3&label=Luke-Jr")},
	{"BIP 21 req- parameter", "bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?req-somethingyoudontunderstand=50&req-somethingelseyoudontget=999", "qr",
		text("bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?req-somethingyoudontunderstand=50&req-somethingelseyoudontget=999")},
	{"amount with comma", "bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?amount=20,3", "qr", text("bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?amount=20,3")},
	{"amount with nine decimals", "bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?amount=0.000000001", "qr",
		text("bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?amount=0.000000001")},
	{"BIP 173 invalid checksum", "bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "qr", text("bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")},
	{"BIP 173 mixed case", "bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4", "qr", text("bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4")},
	{"BIP 350: version 1 with Bech32 checksum", "bitcoin:bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx", "qr",
		text("bitcoin:bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx")},
	{"no address", "bitcoin:", "qr", text("bitcoin:")},
	{"Ethereum address too short", "ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d35?value=1", "qr",
		text("ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d35?value=1")},
	{"Ethereum value not a number", "ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359?value=lots", "qr",
		text("ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359?value=lots")},
	{"BOLT 11 checksum", "lightning:" + bolt11Nonsense[:len(bolt11Nonsense)-1] + "q", "qr", text("lightning:" + bolt11Nonsense[:len(bolt11Nonsense)-1] + "q")},
	{"BOLT 11 pico amount not whole millisatoshi", "lightning:lnbc1p1qqqqqq", "qr", text("lightning:lnbc1p1qqqqqq")},
	{"lightning nonsense", "lightning:hello", "qr", text("lightning:hello")},
	{"word starting lnbc", "lnbcfoo", "", text("lnbcfoo")},
}

func TestCrypto(t *testing.T) {
	runVectors(t, cryptoVectors)
	runVectors(t, cryptoTextVectors)
}

func TestInvoiceAmount(t *testing.T) {
	tests := []struct{ in, want string }{
		{"2500u", "0.0025"}, {"20m", "0.02"}, {"1", "1"}, {"10", "10"}, {"1n", "0.000000001"}, {"10p", "0.00000000001"},
		{"9678785340p", "0.00967878534"}, {"1500m", "1.5"},
	}
	for _, tt := range tests {
		if got, ok := invoiceAmount(tt.in); !ok || got != tt.want {
			t.Errorf("invoiceAmount(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	for _, bad := range []string{"m", "1x", "11p", "0", "0m"} {
		if got, ok := invoiceAmount(bad); ok {
			t.Errorf("invoiceAmount(%q) = %q", bad, got)
		}
	}
}
