// Package code93 reads and writes Code 93 (AIM USS-93 and ANSI/AIM
// BC5-1995), with its Full ASCII extension and both check characters.
//
// Every character is nine modules of three bars and three spaces, one to
// four modules each; four shift characters spell the ASCII characters
// Code 93 lacks. Writing spells any ASCII text, adding the two modulo 47
// check characters C and K. Reading finds symbols on the scan lines of
// package linear, decodes characters by their edge-to-similar-edge
// distances, checks both check characters (which are never part of the
// text) and reports the Full ASCII text (symbology identifier ]G0).
package code93
