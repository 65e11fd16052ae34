// Package dxfilmedge reads and writes DX film edge barcodes, the code that
// 35 mm film carries along its edge (the DX number of ANSI/ISO 1007 and
// I3A's DX coding): a clock track of evenly spaced bars and, beside it, a
// data track with the film's product number, its generation and, on the
// longer form, the frame number.
//
// Reading finds the clock track on the scan lines of package linear, after
// a quiet zone, as a guide (linear.Hit.Guide): the lines beside it are read
// for the data track, which has none, over the clock track's extent. The
// text is the product and generation numbers and the frame number, as
// zxing-cpp gives them: "115-10/11A" (A for a half frame), or "10-3"
// without a frame number.
package dxfilmedge
