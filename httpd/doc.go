// Package httpd is barkit's HTTP API: an http.Handler that scans, generates
// and parses barcodes, and an http.Server preset for it. It implements the
// service specification (SPEC.md §4, §5, §7, §8, §9).
//
// The endpoints are:
//
//	GET  /health, GET /    the Health object {ok, name, version, docs}
//	GET  /v1/symbologies   {read: [ids], write: [ids], details: [...]}
//	POST /v1/scan          an image (raw bytes, multipart/form-data or JSON
//	                       with base64) -> {barcodes: [Barcode, ...]}
//	GET  /v1/generate      options in the query string -> image bytes
//	POST /v1/generate      options as a JSON object -> image bytes
//	POST /v1/parse         JSON {data} or raw text -> ParsedContent
//	OPTIONS any path       204, the CORS preflight
//
// HEAD is answered wherever GET is. Every other path or method is 404
// not-found. Errors are JSON objects {"error": {"code", "message"}} with
// the codes of SPEC.md §7: bad-request, unsupported, not-found,
// payload-too-large and unknown (engine-load-failed never occurs: the
// codecs are compiled in).
//
// Every response carries the CORS headers unless Options.NoCORS is set.
// Request bodies are limited to Options.MaxBodyBytes while they are read.
// Scans and renderings run at most GOMAXPROCS at a time, and the request
// bodies held in memory at once are limited too, so memory stays bounded
// however many requests arrive; waiting requests wait in order, and give up
// when their client does. A panic in a request is answered with 500 unknown
// and logged, and the server goes on serving.
//
// The handler works mounted under a prefix with http.StripPrefix:
//
//	mux.Handle("/barcodes/", http.StripPrefix("/barcodes", httpd.NewHandler(httpd.Options{})))
package httpd
