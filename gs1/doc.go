// Package gs1 handles GS1 Application Identifier data (GS1 General
// Specifications, Release 25.0) in its three written forms:
//
//   - the element string a barcode carries, AIs followed by their data, with
//     FNC1, transmitted as the ASCII group separator GS (0x1D), after every
//     field whose length is not predefined, unless it is the last:
//     "0109506000134352" + "17251231" + "10ABC123";
//   - the human-readable interpretation (HRI) printed under a barcode, each
//     AI in parentheses: "(01)09506000134352(17)251231(10)ABC123";
//   - a GS1 Digital Link URI, the AIs as path segments and query
//     parameters of a web address:
//     "https://id.gs1.org/01/09506000134352/10/ABC123?17=251231".
//
// The package holds the dictionary of every AI (Lookup, AIs): its data
// title, format, character sets, whether it ends in a check digit, holds a
// date or implies a decimal point, whether its length is predefined (so that
// no separator follows it), and how it pairs with other AIs. Split and
// Parse read element strings, ParseHRI the human-readable form and
// ParseDigitalLink URIs; Join, FormatHRI and DigitalLink write them;
// ElementString and HRI convert between the first two. Invalid data gives
// an *Error naming the AI and the rule it breaks (length, character set,
// check digit, date, ...), which wraps ErrSyntax.
//
// CheckDigit, ValidGTIN and CheckPair compute the check characters of GS1
// keys.
package gs1
