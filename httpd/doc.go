// Package httpd is barkit's HTTP API: an http.Handler that scans, generates
// and parses barcodes, and an http.Server preset for it. It implements the
// service specification (SPEC.md §4, §5, §7, §8, §9).
//
// The endpoints are:
//
//	GET  /health, GET /    the Health object {ok, name, version, docs}
//	GET  /v1/symbologies   {read: [ids], write: [ids], details: [...]}
//	GET  /metrics          the metrics, Prometheus text format (not with NoMetrics)
//	POST /v1/scan          an image (raw bytes, multipart/form-data or JSON
//	                       with base64) -> {barcodes: [Barcode, ...]}
//	GET  /v1/generate      options in the query string -> image bytes
//	POST /v1/generate      options as a JSON object -> image bytes
//	POST /v1/parse         JSON {data} or raw text -> ParsedContent
//	GET  /openapi.json     the OpenAPI 3.1 document of the API
//	OPTIONS any path       204, the CORS preflight
//	GET  /ui/              the web page to try the API in a browser (package
//	                       ui); GET /ui redirects there. Options.NoUI leaves
//	                       it out.
//
// HEAD is answered wherever GET is. Every other path or method is 404
// not-found. Errors are JSON objects {"error": {"code", "message"}} with
// the codes of SPEC.md §7: bad-request (400; an image that cannot be
// decoded included, with its cause), unsupported (400), not-found (404),
// payload-too-large (413) and unknown (500); engine-load-failed never
// occurs, since the codecs are compiled in. A scan stopped at
// Options.ScanTimeout is answered 503 with the code timeout.
//
// Every response carries the CORS headers unless Options.NoCORS is set.
// Request bodies are limited to Options.MaxBodyBytes while they are read.
// Scans and renderings run at most GOMAXPROCS at a time, and the request
// bodies held in memory at once are limited too, so memory stays bounded
// however many requests arrive; waiting requests wait in order, and give up
// when their client does. A body takes its share of that memory as its
// bytes arrive, so slow uploads hold only what they have sent, and the
// bodies of parse and generate requests have a share of their own, so they
// never wait behind image uploads.
//
// A scan stops when its client goes away and when Options.ScanTimeout (30
// seconds by default) has passed since its request body was read, waiting
// for a work slot included; its slot is free again at once. A panic in a
// request is answered with 500 unknown and logged, and the server goes on
// serving.
//
// GET /metrics gives, in the Prometheus text exposition format, the
// requests answered by route (the path served, or "other" for every
// unknown path, so that the series stay few), method and status; the
// request and scan durations as histograms; the work slots busy and the
// requests waiting for one; the memory reserved for request bodies; and
// the Go runtime's and the process's metrics. Each handler has a registry
// of its own. Options.NoMetrics leaves the route out.
//
// The handler works mounted under a prefix with http.StripPrefix:
//
//	mux.Handle("/barcodes/", http.StripPrefix("/barcodes", httpd.NewHandler(httpd.Options{})))
package httpd
