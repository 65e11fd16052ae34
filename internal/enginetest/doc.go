// Package enginetest runs, from tests, the external encoders and readers
// barkit is compared with: zint 2.11 (Debian package zint), ZXingReader
// (zxing-cpp-tools, zxing-cpp 1.4), zbarimg (zbar-tools) and the zxing-cpp 3
// reader compiled to WebAssembly (zxing-wasm, run by the scorecard's
// engine). Each helper that takes a testing.TB skips the test when its tool
// is missing; the others report its absence as an error. Payloads is the
// varied payload set the size comparisons with zint share.
//
// Nothing here is barkit code: the tools are independent implementations,
// run as programs, and their output is parsed as they print it.
package enginetest
