// Package code39 reads and writes Code 39 (ISO/IEC 16388:2007) and the
// symbologies built on it: Full ASCII Code 39 (code39-ext), Code 32, the
// Italian pharmaceutical code (code32), and the Pharmazentralnummer (pzn,
// PZN7 and PZN8).
//
// Writing lays out the characters with a wide to narrow ratio of 2 and a
// narrow intercharacter gap; the modulo 43 check character is added on
// request (ECLevel "check"). Full ASCII text is spelt with the shift
// characters $ % / +; Code 32 writes its nine digits in base 32; a PZN is
// "-" and its digits with their modulo 11 check digit.
//
// Reading finds symbols on the scan lines of package linear, classifies
// each character's elements as narrow or wide against the character
// itself, and reports the family member the characters make, as
// zxing-cpp 3 does: a valid PZN or Code 32 as such, Full ASCII when the
// shift pairs decode, a valid modulo 43 check character in the symbology
// identifier (]A1, ]A5) and kept in the text. A scan for code39 reads the
// whole family (see report).
package code39
