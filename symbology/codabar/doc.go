// Package codabar reads and writes Codabar (EN 798:1995), also known as
// NW-7, USD-4 and Ames Code: the digits, six punctuation characters and
// the four start and stop characters A to D.
//
// Writing lays out the characters with a wide to narrow ratio of 2 and a
// narrow intercharacter gap; data without start and stop characters get
// A at either end. Reading finds symbols on the scan lines of package
// linear, classifies each character's elements as narrow or wide against
// the character itself, and reports the text with its start and stop
// characters, as zxing-cpp 3 does (symbology identifier ]F0).
package codabar
