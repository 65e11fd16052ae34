// Package itf reads and writes Interleaved 2 of 5 (ISO/IEC 16390:2007) and
// ITF-14, its GS1 application to the 14-digit GTIN of trade items (GS1
// General Specifications, ITF-14).
//
// Each pair of digits is one character: the first digit in its five bars,
// the second in the five spaces between them, two of each five wide.
// Writing uses a wide to narrow ratio of 3; ITF-14 is framed by bearer
// bars. Reading finds symbols on the scan lines of package linear,
// classifies each pair's bars and spaces as narrow or wide against the
// pair itself, and asks for quiet zones and a length that keep chance
// readings out (see decode.go). A result whose last digit is the GS1
// check digit of the others carries the symbology identifier ]I1; one of
// 14 such digits is an ITF-14.
package itf
