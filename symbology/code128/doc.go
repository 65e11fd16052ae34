// Package code128 reads and writes Code 128 (ISO/IEC 15417:2007) and its
// GS1 application, GS1-128.
//
// Writing chooses the shortest encodation over the three code sets,
// shifts, the FNC4 latch for ISO/IEC 8859-1 text and odd runs of digits;
// GS1 element strings get FNC1 in first position and FNC1 for every field
// separator. Reading finds symbols on the scan lines of package linear,
// decodes their characters by edge-to-similar-edge distances, checks the
// symbol check character, and reports the data with its symbology
// identifier (]C0, ]C1 for GS1-128, ]C2 for FNC1 in second position) and
// reader programming (FNC3).
package code128
