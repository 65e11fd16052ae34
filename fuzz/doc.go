// Package fuzz holds fuzz targets over barkit's public entry points: Scan on
// arbitrary image bytes, QR Code decoding of arbitrary module matrices and
// Reed–Solomon decoding of arbitrary blocks. Their seed corpora run as
// ordinary tests with go test; explore with, for example,
//
//	go test -run x -fuzz FuzzScan -fuzztime 60s ./fuzz
package fuzz
