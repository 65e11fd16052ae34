// Package pdf417 reads and writes PDF417 (ISO/IEC 15438:2015), Compact
// PDF417 and MicroPDF417 (ISO/IEC 24728:2006): the stacked symbols of ID
// cards, boarding passes and shipping labels. The three share their symbol
// characters (the 929 codewords drawn in three clusters), their data
// compaction and their Reed–Solomon error correction over GF(929); they are
// registered as "pdf417", "compact-pdf417" and "micro-pdf417".
//
// # Writing
//
// Encode turns text (or bytes, with Options.Binary) into codewords by Text,
// Byte and Numeric compaction, choosing modes, sub-modes, latches and
// shifts for the shortest codeword sequence, then lays them out. Through
// the registry, symbology.WriteOptions map to Options as follows.
//
// ECLevel, for PDF417 and Compact PDF417: "" picks the minimum level the
// standard recommends for the number of data codewords (2 for up to 40, 3
// up to 160, 4 up to 320, 5 beyond); "0" to "8" force a security level
// (2^(level+1) check codewords); a percentage such as "25%" picks the
// lowest level whose check codewords make up at least that share of data
// and check codewords. MicroPDF417 sizes fix their own check codewords, so
// ECLevel must be "" there; results report it as a percentage.
//
// Version gives the shape, columns first:
//
//	""             automatic: the shape of the smallest area in modules
//	               (rows drawn 3 modules tall, 2 in MicroPDF417) that
//	               holds the data; for PDF417 among the shapes at most 7
//	               times as wide as tall, and of two as small the one
//	               nearer three times as wide as tall
//	"5x10"         5 data columns and 10 rows ("5×10" also works)
//	"5x"           5 data columns, as many rows as the data needs
//	"x10"          10 rows, as many columns as the data needs
//	"cols=5"       the same as "5x"; "rows=10" the same as "x10"
//	"aspect=2.5"   the shape whose width:height in modules is nearest 2.5
//	"cols=5,rows=10"  settings combine, separated by commas
//
// Columns count data columns only (1-30 for PDF417, 1-4 for MicroPDF417);
// rows are 3-90 for PDF417 and one of the heights ISO/IEC 24728 allows for
// the chosen columns for MicroPDF417. Symbols report their
// Version as "COLSxROWS". Encode draws each row 3 modules tall (2 for
// MicroPDF417), the minimum height the standards allow.
//
// Text is written in the character set that gives the smallest symbol
// unless Options.ECI forces one: Encode tries no designator for ASCII, or
// UTF-8, the first single-byte ECI set that holds the text and the East
// Asian sets shorter than UTF-8, and last text in ISO-8859-1 (the default
// interpretation of ISO/IEC 15438:2015 §5.4.3) without its designator when
// readers take its bytes for ISO-8859-1 (eci.DefaultChoices), keeping the
// earlier on a tie.
// Binary data is written as it is, with no designator unless Options.ECI
// asks for one. Options.Macro makes the
// symbol a segment of a Macro PDF417 file (structured append), and
// Options.ReaderInit marks it as reader programming. GS1 data is not
// written: PDF417 carries GS1 data only as the 2D part of a GS1 Composite
// symbol.
//
// # Reading
//
// The readers find symbols by the start and stop patterns that begin and
// end every PDF417 row (and the row address patterns of MicroPDF417),
// scanned along rows, columns and diagonals, so symbols are found at any
// rotation, mirrored, in perspective, skewed, with rows missing at the top
// or bottom and with damaged columns. Each row's indicators (or row address
// patterns) number the rows; symbol characters read on many scan lines vote
// for each codeword, and codewords no line could read go to error
// correction as erasures. The "pdf417" reader also returns Compact PDF417
// symbols (which readers in the field report as PDF417); the
// "compact-pdf417" reader returns only those.
//
// Results carry the content bytes with their ECI segments, the text, the
// symbology identifier ]L2, the error correction level, the size as
// Version, the corners and the Macro PDF417 position as Sequence: Index is
// the segment index, Count the segment count (from the optional field, or
// from the last segment's own index), ID the file ID. Decode reads a module
// matrix and DecodeCodewords a codeword sequence, for symbols already
// sampled.
//
// # Macro PDF417
//
// A file too large for one symbol, or spread over several on purpose, is
// written as segments with Options.Macro and read back by reading every
// segment's symbol (in any order, from one image or several) and passing
// the results to Merge, which checks that they belong to one file and are
// all there, orders them by segment index and joins their content,
// carrying ECI designators across segment boundaries.
package pdf417
