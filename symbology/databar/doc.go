// Package databar reads and writes the GS1 DataBar family (ISO/IEC
// 24724:2011): DataBar Omnidirectional (and Truncated), Stacked, Stacked
// Omnidirectional, Limited, Expanded and Expanded Stacked, on package
// linear.
//
// Characters are computed from the standard's combinatorial width
// algorithm (widths.go) over the character subsets of its tables
// (tables.go). The reader finds finder patterns on every scan line and
// reads the characters around them; halves of Omnidirectional symbols and
// runs of Expanded segment pairs that one line cannot complete are pieces
// (linear.Hit.Piece) that assemble combines across lines (assemble.go).
// Results carry the GS1 element string in Bytes and its human-readable
// form as text, identifier ]e0.
package databar
