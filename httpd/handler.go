package httpd

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// DefaultMaxBodyBytes is the default limit on a request body: 15 MiB
// (SPEC.md §8).
const DefaultMaxBodyBytes = 15 << 20

// DefaultScanTimeout is the default limit on the time a scan may take,
// from the end of its request body to the answer, waiting for a work slot
// included. A thorough scan of a large photo takes a few seconds; the rest
// is room for waiting behind other scans.
const DefaultScanTimeout = 30 * time.Second

// Options configures the handler. The zero value serves the API as the
// specification describes it: 15 MiB bodies, CORS open to every origin, no
// request log; and the metrics at GET /metrics.
type Options struct {
	// MaxBodyBytes is the largest request body accepted; a larger one is
	// answered with 413 payload-too-large. Zero or less means
	// DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// CORSOrigin is the value of Access-Control-Allow-Origin; "" means "*".
	CORSOrigin string
	// NoCORS leaves out the CORS headers.
	NoCORS bool
	// ScanTimeout bounds a scan, from the moment its request body has been
	// read to the answer: the wait for a work slot and the scan itself. A
	// scan stopped by it is answered with 503 timeout. Zero or less means
	// DefaultScanTimeout.
	ScanTimeout time.Duration
	// NoUI leaves out the web page at /ui/ (package ui); /ui/ is then 404
	// like any unknown path.
	NoUI bool
	// Logger receives one line per request (method, path, status, bytes,
	// duration, route, remote address, and the error of a failed
	// request); nil means no request log. Panics are logged to Logger, or
	// to slog.Default() when Logger is nil.
	Logger *slog.Logger
	// NoMetrics leaves out GET /metrics, the metrics in the Prometheus
	// text format: requests by route and status, request and scan
	// durations, work slots busy, body bytes reserved, and the Go
	// runtime's and the process's own.
	NoMetrics bool
}

// Timeouts of the server NewServer returns. A request is meant to take a
// few seconds (SPEC.md §8); these leave room for slow uploads of large
// photos and for waiting behind other scans, and close connections that
// stall.
const (
	readHeaderTimeout = 10 * time.Second  // request line and headers
	readTimeout       = 60 * time.Second  // the whole request, body included
	answerTimeout     = 30 * time.Second  // writing the answer, after the scan
	idleTimeout       = 120 * time.Second // keep-alive connections between requests
)

// writeTimeout is the server's limit from the end of a request's headers
// to the end of its response: reading the body, the scan and writing the
// answer; 120 s with the default scan timeout.
func writeTimeout(scanTimeout time.Duration) time.Duration {
	return readTimeout + scanTimeout + answerTimeout
}

// NewHandler returns the API as an http.Handler. It is safe for concurrent
// use and works under http.StripPrefix.
func NewHandler(opts Options) http.Handler {
	return newHandler(opts)
}

// NewServer returns an http.Server that serves NewHandler(opts), with
// timeouts suited to the API. Set its Addr and call ListenAndServe, or call
// Serve with a listener.
func NewServer(opts Options) *http.Server {
	h := newHandler(opts)
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout(h.scanTimeout),
		IdleTimeout:       idleTimeout,
	}
}

// An endpoint serves one method of one path. It returns an error instead
// of answering when the request fails: an *apiError is sent as it is, any
// other error as 500 unknown.
type endpoint func(w http.ResponseWriter, r *http.Request) error

// handler is the API.
type handler struct {
	maxBody     int64
	scanTimeout time.Duration
	cors        string // Access-Control-Allow-Origin; "" with NoCORS
	logger      *slog.Logger
	// work bounds the scans and renderings running at once.
	work *budget
	// images bounds the bytes of scan request bodies held in memory at
	// once, and texts those of the other requests (parse, generate),
	// which therefore never wait behind image uploads.
	images, texts *budget
	// hooks let tests see what the handler does; unset outside tests.
	hooks hooks
	// routes maps a path and then a method to its endpoint.
	routes map[string]map[string]endpoint
	// symbologies is the encoded symbologies listing; the registry does
	// not change once the program runs.
	symbologies []byte
	// metrics are served at /metrics; nil with Options.NoMetrics.
	metrics *metrics
	// ui serves the web page at /ui/; nil with Options.NoUI.
	ui http.Handler
}

func newHandler(opts Options) *handler {
	h := &handler{
		maxBody:     opts.MaxBodyBytes,
		scanTimeout: opts.ScanTimeout,
		logger:      opts.Logger,
	}
	if h.maxBody <= 0 {
		h.maxBody = DefaultMaxBodyBytes
	}
	if h.scanTimeout <= 0 {
		h.scanTimeout = DefaultScanTimeout
	}
	if !opts.NoCORS {
		h.cors = opts.CORSOrigin
		if h.cors == "" {
			h.cors = "*"
		}
	}
	// One scan or rendering per CPU keeps the CPUs busy and no more of
	// them in memory than can make progress.
	slots := int64(runtime.GOMAXPROCS(0))
	h.work = newBudget(slots)
	// Images waiting for a slot, besides those being worked on, and two
	// being read: enough to keep the slots fed without letting a crowd of
	// uploads fill the memory. Bodies take their share as their bytes
	// arrive (see body.reserve).
	h.images = newBudget((slots + 2) * h.maxBody)
	// The texts to parse or encode are small: one body at the limit, and
	// room for a crowd of ordinary ones beside it.
	h.texts = newBudget(2 * h.maxBody)
	h.symbologies = mustJSON(listing())
	h.routes = map[string]map[string]endpoint{
		"/":               {"GET": h.health},
		"/health":         {"GET": h.health},
		"/v1/symbologies": {"GET": h.listSymbologies},
		"/v1/scan":        {"POST": h.scan},
		"/v1/generate":    {"GET": h.generate, "POST": h.generate},
		"/v1/parse":       {"POST": h.parse},
		"/openapi.json":   {"GET": h.openAPI},
	}
	if !opts.NoMetrics {
		h.metrics = newMetrics(h)
		h.routes[metricsPath] = map[string]endpoint{"GET": h.metrics.endpoint}
	}
	if !opts.NoUI {
		h.ui = newUI()
	}
	return h
}

// ServeHTTP answers one request: CORS headers, the preflight, routing,
// errors, panics and the request log.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &recorder{ResponseWriter: w}
	defer func() {
		p := recover()
		if p != nil {
			h.panicked(rec, r, p)
		}
		status := rec.status
		if status == 0 {
			status = http.StatusOK // what net/http sends for an endpoint that wrote nothing
			if p == http.ErrAbortHandler {
				status = statusClientGone
			}
		}
		route, took := h.route(r), time.Since(start)
		h.metrics.request(route, r.Method, status, took)
		if h.logger != nil {
			level := slog.LevelInfo
			if status >= 500 {
				level = slog.LevelError
			}
			attrs := []slog.Attr{
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.Int("status", status),
				slog.Int64("bytes", rec.bytes),
				slog.Duration("duration", took),
				slog.String("route", route),
				slog.String("remote", r.RemoteAddr),
			}
			if rec.err != nil {
				attrs = append(attrs, slog.String("error", logMessage(rec.err)))
			}
			h.logger.LogAttrs(r.Context(), level, "request", attrs...)
		}
		if p == http.ErrAbortHandler {
			panic(p) // the server's way to drop the connection quietly
		}
	}()

	hdr := w.Header()
	if h.cors != "" {
		hdr.Set("Access-Control-Allow-Origin", h.cors)
		hdr.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
		hdr.Set("Access-Control-Allow-Headers", "Content-Type")
	}
	hdr.Set("X-Content-Type-Options", "nosniff")
	if r.Method == http.MethodOptions {
		rec.WriteHeader(http.StatusNoContent)
		return
	}

	path := r.URL.Path
	if path == "" { // the prefix itself, under http.StripPrefix
		path = "/"
	}
	method := r.Method
	if method == http.MethodHead {
		method = http.MethodGet // net/http drops the body
	}
	if h.ui != nil && isUIPath(path) {
		h.serveUI(rec, r, path)
		return
	}
	ep := h.routes[path][method]
	if ep == nil {
		rec.err = &apiError{http.StatusNotFound, codeNotFound, fmt.Sprintf("no endpoint %s %s", r.Method, path)}
		writeError(rec, rec.err)
		return
	}
	if err := ep(rec, r); err != nil {
		var ae *apiError
		switch {
		case errors.As(err, &ae):
		case r.Context().Err() != nil:
			// Work stopped because the client went away (or the server
			// gave up on the request at shutdown): nobody reads the
			// answer, and it is no failure of the server's.
			ae = clientGone(err)
		default:
			h.logf(r, "request failed", "error", err)
			ae = &apiError{http.StatusInternalServerError, codeUnknown, err.Error()}
		}
		rec.err = ae
		writeError(rec, ae)
	}
}

// panicked logs a panic of an endpoint and answers 500 unknown if the
// response has not started.
func (h *handler) panicked(rec *recorder, r *http.Request, p any) {
	if p == http.ErrAbortHandler {
		return
	}
	h.logf(r, "panic serving request", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
	if rec.status == 0 {
		rec.err = &apiError{http.StatusInternalServerError, codeUnknown, "internal error"}
		writeError(rec, rec.err)
	}
}

// logf logs an error of a request to the logger, or to slog.Default()
// without one: failures are worth knowing about even without a request log.
func (h *handler) logf(r *http.Request, msg string, args ...any) {
	l := h.logger
	if l == nil {
		l = slog.Default()
	}
	args = append([]any{"method", r.Method, "path", r.URL.Path}, args...)
	l.ErrorContext(r.Context(), msg, args...)
}

// maxLogMessage bounds the error message in a request's log line: error
// messages may quote the data they refuse, which should not fill the log.
const maxLogMessage = 200

// logMessage is the error of a failed request as its log line gives it:
// the code and the message, cut at maxLogMessage bytes.
func logMessage(e *apiError) string {
	msg := e.message
	if len(msg) > maxLogMessage {
		msg = strings.ToValidUTF8(msg[:maxLogMessage], "") + "..."
	}
	return e.code + ": " + msg
}

// hooks are functions tests set to see the handler's progress. Each is
// called only when set.
type hooks struct {
	bodyStart func(r *http.Request)            // the first bytes of a request body arrived
	scanStart func(r *http.Request)            // a scan has its work slot and begins
	scanEnd   func(r *http.Request, err error) // a scan returned; its slot is given back next
}

// recorder is the ResponseWriter endpoints see: it notes the status and
// the size of the response for the request log and panic recovery.
type recorder struct {
	http.ResponseWriter
	status int       // 0 until the header is written
	bytes  int64     // body bytes written
	err    *apiError // the error answered, for the request log
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(p)
	r.bytes += int64(n)
	return n, err
}

// Unwrap gives http.ResponseController the server's ResponseWriter.
func (r *recorder) Unwrap() http.ResponseWriter {
	return r.ResponseWriter
}
