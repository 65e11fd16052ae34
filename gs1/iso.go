package gs1

// currencies maps the ISO 4217 numeric currency codes to the alphabetic
// ones (ISO 4217:2015, List One, as maintained by its agency SIX up to
// 2025), for the amounts and prices of AIs 391n and 393n. The codes
// withdrawn since 2023 (191 HRK, 694 SLL, 931 CUC, 932 ZWL) stay, since
// labels printed before then still carry them; 532 is written ANG, the
// code it has had for longest (XCG took it over in 2025).
var currencies = map[string]string{
	"008": "ALL", "012": "DZD", "032": "ARS", "036": "AUD", "044": "BSD", "048": "BHD",
	"050": "BDT", "051": "AMD", "052": "BBD", "060": "BMD", "064": "BTN", "068": "BOB",
	"072": "BWP", "084": "BZD", "090": "SBD", "096": "BND", "104": "MMK", "108": "BIF",
	"116": "KHR", "124": "CAD", "132": "CVE", "136": "KYD", "144": "LKR", "152": "CLP",
	"156": "CNY", "170": "COP", "174": "KMF", "188": "CRC", "191": "HRK", "192": "CUP",
	"203": "CZK", "208": "DKK", "214": "DOP", "222": "SVC", "230": "ETB", "232": "ERN",
	"238": "FKP", "242": "FJD", "262": "DJF", "270": "GMD", "292": "GIP", "320": "GTQ",
	"324": "GNF", "328": "GYD", "332": "HTG", "340": "HNL", "344": "HKD", "348": "HUF",
	"352": "ISK", "356": "INR", "360": "IDR", "364": "IRR", "368": "IQD", "376": "ILS",
	"388": "JMD", "392": "JPY", "398": "KZT", "400": "JOD", "404": "KES", "408": "KPW",
	"410": "KRW", "414": "KWD", "417": "KGS", "418": "LAK", "422": "LBP", "426": "LSL",
	"430": "LRD", "434": "LYD", "446": "MOP", "454": "MWK", "458": "MYR", "462": "MVR",
	"480": "MUR", "484": "MXN", "496": "MNT", "498": "MDL", "504": "MAD", "512": "OMR",
	"516": "NAD", "524": "NPR", "532": "ANG", "533": "AWG", "548": "VUV", "554": "NZD",
	"558": "NIO", "566": "NGN", "578": "NOK", "586": "PKR", "590": "PAB", "598": "PGK",
	"600": "PYG", "604": "PEN", "608": "PHP", "634": "QAR", "643": "RUB", "646": "RWF",
	"654": "SHP", "682": "SAR", "690": "SCR", "694": "SLL", "702": "SGD", "704": "VND",
	"706": "SOS", "710": "ZAR", "728": "SSP", "748": "SZL", "752": "SEK", "756": "CHF",
	"760": "SYP", "764": "THB", "776": "TOP", "780": "TTD", "784": "AED", "788": "TND",
	"800": "UGX", "807": "MKD", "818": "EGP", "826": "GBP", "834": "TZS", "840": "USD",
	"858": "UYU", "860": "UZS", "882": "WST", "886": "YER", "901": "TWD", "924": "ZWG",
	"925": "SLE", "926": "VED", "927": "UYW", "928": "VES", "929": "MRU", "930": "STN",
	"931": "CUC", "932": "ZWL", "933": "BYN", "934": "TMT", "936": "GHS", "938": "SDG",
	"940": "UYI", "941": "RSD", "943": "MZN", "944": "AZN", "946": "RON", "947": "CHE",
	"948": "CHW", "949": "TRY", "950": "XAF", "951": "XCD", "952": "XOF", "953": "XPF",
	"955": "XBA", "956": "XBB", "957": "XBC", "958": "XBD", "959": "XAU", "960": "XDR",
	"961": "XAG", "962": "XPT", "963": "XTS", "964": "XPD", "965": "XUA", "967": "ZMW",
	"968": "SRD", "969": "MGA", "970": "COU", "971": "AFN", "972": "TJS", "973": "AOA",
	"975": "BGN", "976": "CDF", "977": "BAM", "978": "EUR", "979": "MXV", "980": "UAH",
	"981": "GEL", "984": "BOV", "985": "PLN", "986": "BRL", "990": "CLF", "994": "XSU",
	"997": "USN", "999": "XXX",
}

// countries maps the ISO 3166-1 numeric country codes to the alpha-2 codes
// (ISO 3166-1:2020, as maintained by the ISO 3166 Maintenance Agency), for
// the country AIs 421-426 and 7030-7039.
var countries = map[string]string{
	"004": "AF", "008": "AL", "010": "AQ", "012": "DZ", "016": "AS", "020": "AD",
	"024": "AO", "028": "AG", "031": "AZ", "032": "AR", "036": "AU", "040": "AT",
	"044": "BS", "048": "BH", "050": "BD", "051": "AM", "052": "BB", "056": "BE",
	"060": "BM", "064": "BT", "068": "BO", "070": "BA", "072": "BW", "074": "BV",
	"076": "BR", "084": "BZ", "086": "IO", "090": "SB", "092": "VG", "096": "BN",
	"100": "BG", "104": "MM", "108": "BI", "112": "BY", "116": "KH", "120": "CM",
	"124": "CA", "132": "CV", "136": "KY", "140": "CF", "144": "LK", "148": "TD",
	"152": "CL", "156": "CN", "158": "TW", "162": "CX", "166": "CC", "170": "CO",
	"174": "KM", "175": "YT", "178": "CG", "180": "CD", "184": "CK", "188": "CR",
	"191": "HR", "192": "CU", "196": "CY", "203": "CZ", "204": "BJ", "208": "DK",
	"212": "DM", "214": "DO", "218": "EC", "222": "SV", "226": "GQ", "231": "ET",
	"232": "ER", "233": "EE", "234": "FO", "238": "FK", "239": "GS", "242": "FJ",
	"246": "FI", "248": "AX", "250": "FR", "254": "GF", "258": "PF", "260": "TF",
	"262": "DJ", "266": "GA", "268": "GE", "270": "GM", "275": "PS", "276": "DE",
	"288": "GH", "292": "GI", "296": "KI", "300": "GR", "304": "GL", "308": "GD",
	"312": "GP", "316": "GU", "320": "GT", "324": "GN", "328": "GY", "332": "HT",
	"334": "HM", "336": "VA", "340": "HN", "344": "HK", "348": "HU", "352": "IS",
	"356": "IN", "360": "ID", "364": "IR", "368": "IQ", "372": "IE", "376": "IL",
	"380": "IT", "384": "CI", "388": "JM", "392": "JP", "398": "KZ", "400": "JO",
	"404": "KE", "408": "KP", "410": "KR", "414": "KW", "417": "KG", "418": "LA",
	"422": "LB", "426": "LS", "428": "LV", "430": "LR", "434": "LY", "438": "LI",
	"440": "LT", "442": "LU", "446": "MO", "450": "MG", "454": "MW", "458": "MY",
	"462": "MV", "466": "ML", "470": "MT", "474": "MQ", "478": "MR", "480": "MU",
	"484": "MX", "492": "MC", "496": "MN", "498": "MD", "499": "ME", "500": "MS",
	"504": "MA", "508": "MZ", "512": "OM", "516": "NA", "520": "NR", "524": "NP",
	"528": "NL", "531": "CW", "533": "AW", "534": "SX", "535": "BQ", "540": "NC",
	"548": "VU", "554": "NZ", "558": "NI", "562": "NE", "566": "NG", "570": "NU",
	"574": "NF", "578": "NO", "580": "MP", "581": "UM", "583": "FM", "584": "MH",
	"585": "PW", "586": "PK", "591": "PA", "598": "PG", "600": "PY", "604": "PE",
	"608": "PH", "612": "PN", "616": "PL", "620": "PT", "624": "GW", "626": "TL",
	"630": "PR", "634": "QA", "638": "RE", "642": "RO", "643": "RU", "646": "RW",
	"652": "BL", "654": "SH", "659": "KN", "660": "AI", "662": "LC", "663": "MF",
	"666": "PM", "670": "VC", "674": "SM", "678": "ST", "682": "SA", "686": "SN",
	"688": "RS", "690": "SC", "694": "SL", "702": "SG", "703": "SK", "704": "VN",
	"705": "SI", "706": "SO", "710": "ZA", "716": "ZW", "724": "ES", "728": "SS",
	"729": "SD", "732": "EH", "740": "SR", "744": "SJ", "748": "SZ", "752": "SE",
	"756": "CH", "760": "SY", "762": "TJ", "764": "TH", "768": "TG", "772": "TK",
	"776": "TO", "780": "TT", "784": "AE", "788": "TN", "792": "TR", "795": "TM",
	"796": "TC", "798": "TV", "800": "UG", "804": "UA", "807": "MK", "818": "EG",
	"826": "GB", "831": "GG", "832": "JE", "833": "IM", "834": "TZ", "840": "US",
	"850": "VI", "854": "BF", "858": "UY", "860": "UZ", "862": "VE", "876": "WF",
	"882": "WS", "887": "YE", "894": "ZM",
}

// alpha2 holds the ISO 3166-1 alpha-2 codes, for AIs 4307 and 4317.
var alpha2 = func() map[string]bool {
	m := make(map[string]bool, len(countries))
	for _, a := range countries {
		m[a] = true
	}
	return m
}()

// Currency returns the ISO 4217 alphabetic code of a numeric currency
// code, "978" → "EUR", and whether it knows the code.
func Currency(numeric string) (string, bool) {
	c, ok := currencies[numeric]
	return c, ok
}

// Country returns the ISO 3166-1 alpha-2 code of a numeric country code,
// "276" → "DE", and whether it knows the code.
func Country(numeric string) (string, bool) {
	c, ok := countries[numeric]
	return c, ok
}
