// Package telepen reads and writes Telepen (AIM Europe USS Telepen, 1991),
// the full-ASCII symbology of UK libraries and industry, in its alpha
// (full ASCII) and double-density numeric modes.
//
// Every character is 16 modules of bars and spaces one or three modules
// wide, spelling its ASCII value and an even parity bit; a modulo 127
// check character ends the data. Writing spells ASCII text in alpha mode
// with the start and stop characters _ and z, as zint does, or pairs of
// digits in numeric mode with the AIM specification's numeric start and
// stop patterns (WriteOptions.Version "numeric"). Reading finds symbols on
// the scan lines of package linear, classifies elements as narrow or wide
// against the start pattern and the characters read so far, checks each
// character's parity and the check character, and reports the text: the
// mode follows the start pattern, and for the alpha start pattern, which
// some printers use for numeric data too, the content, as zxing-cpp
// guesses it (symbology identifiers ]B0 to ]B4, ISO/IEC 15424).
package telepen
