package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/barkit/barkit/httpd"
)

var serveHelp = help{
	usage: "barkit serve [flags]",
	text: `Start the HTTP API: POST /v1/scan, GET and POST /v1/generate, POST /v1/parse,
GET /v1/symbologies and GET /health. Alias: server.

It also serves a web page to try the API in a browser at /ui/ (scan an image,
generate a barcode as you type, browse the symbologies), and prints its
address on a second line; --no-ui leaves it out.

Once the server accepts connections, barkit prints
"barkit listening on http://<address>:<port>" on standard output, then logs
one line per request on standard error (method, path, status, bytes,
duration, route, remote address, and the error of a failed request): as
key=value text with --log text (the default), as one JSON object a line
with durations in seconds with --log json, or not at all with --log off.

On SIGINT or SIGTERM it stops accepting connections, lets the requests in
progress finish and exits 0; requests still running after 20 seconds are
cut off, their scans stopped, and it exits 1. A second signal ends it at
once. Under a supervisor, run the binary itself: "go run" does not pass
SIGTERM on to the server it starts.

GET /metrics gives the metrics in the Prometheus text format (requests by
route and status, request and scan durations, work slots busy, body bytes
reserved, the Go runtime's); --no-metrics leaves the route out.

A scan may take --scan-timeout (a duration such as 30s or 2m), counted from
the end of its upload and including the wait for its turn; one that takes
longer is stopped and answered 503 with the error code "timeout". A scan
whose client disconnects is stopped too.

The port comes from --port, else the environment variable PORT, else 8080;
the interface from --host, else HOST, else 0.0.0.0 (every interface).

--check does not start a server: it asks the server on that port (of this
machine, when the host is 0.0.0.0 or ::) for GET /health and exits 0 if it
answers ok, 1 if not. It is the container image's health check, which has
no curl.

Exit status: 0 after a clean shutdown, 1 if the server cannot start (port in
use, bad flag) or requests had to be cut off at shutdown.
`,
	examples: `  barkit serve
  barkit serve -p 9000 --host 127.0.0.1
  PORT=3000 barkit serve --cors-origin https://app.example.com
  barkit serve --max-body-bytes 4194304 --scan-timeout 10s
  barkit serve --log json --no-metrics
  barkit serve --check
`,
}

// shutdownTimeout is how long serve waits, after the signal to stop, for
// the requests in progress. Requests take seconds at most (SPEC.md §8),
// and it is below the 30 seconds container orchestrators commonly allow
// before they kill the process.
const shutdownTimeout = 20 * time.Second

// runServe is the serve command (alias server).
func runServe(args []string, stdout, stderr io.Writer) int {
	flags, showHelp := newFlags("serve")
	var (
		port        int
		host        string
		maxBody     int64
		scanTimeout time.Duration
		cors        string
		noCORS      bool
		check       bool
		logFormat   string
		noMetrics   bool
		noUI        bool
	)
	flags.IntVarP(&port, "port", "p", 0, "`port` to listen on (default $PORT, else 8080); 0 picks a free port")
	flags.StringVar(&host, "host", "", "interface `address` to listen on (default $HOST, else 0.0.0.0)")
	flags.Int64Var(&maxBody, "max-body-bytes", 0, fmt.Sprintf("largest request body in `bytes` (default %d, 15 MiB)", httpd.DefaultMaxBodyBytes))
	flags.DurationVar(&scanTimeout, "scan-timeout", httpd.DefaultScanTimeout, "the longest a scan may take, waiting for its turn included, such as 10s or 2m")
	flags.StringVar(&cors, "cors-origin", "", "the `origin` allowed in Access-Control-Allow-Origin (default *)")
	flags.BoolVar(&noCORS, "no-cors", false, "send no CORS headers")
	flags.BoolVar(&noUI, "no-ui", false, "do not serve the web page at /ui/")
	flags.BoolVar(&check, "check", false, "check the health of the server on that port instead of starting one")
	flags.StringVar(&logFormat, "log", "text", "request log on standard error: `format` text, json or off")
	flags.BoolVar(&noMetrics, "no-metrics", false, "do not serve GET /metrics")
	if code, done := parseFlags(flags, showHelp, serveHelp, args, stdout, stderr); done {
		return code
	}
	if flags.NArg() > 0 {
		return failf(stderr, "serve takes no arguments, not %q (see 'barkit serve --help')", flags.Arg(0))
	}
	if !flags.Changed("port") {
		port = 8080
		if s := os.Getenv("PORT"); s != "" {
			p, err := strconv.Atoi(s)
			if err != nil {
				return failf(stderr, "environment variable PORT=%q: not a port number (0 to 65535)", s)
			}
			port = p
		}
	}
	if port < 0 || port > 65535 {
		if !flags.Changed("port") {
			return failf(stderr, "environment variable PORT=%q: not a port number (0 to 65535)", os.Getenv("PORT"))
		}
		return failf(stderr, "--port %d: not a port number (0 to 65535)", port)
	}
	if !flags.Changed("host") {
		host = os.Getenv("HOST")
		if host == "" {
			host = "0.0.0.0"
		}
	}
	if maxBody < 0 {
		return failf(stderr, "--max-body-bytes %d: a size cannot be negative (0 is the default, %d)", maxBody, httpd.DefaultMaxBodyBytes)
	}
	if scanTimeout <= 0 {
		return failf(stderr, "--scan-timeout %v: not a positive duration", scanTimeout)
	}
	var logger *slog.Logger
	switch logFormat {
	case "text":
		logger = slog.New(slog.NewTextHandler(stderr, nil))
	case "json":
		logger = slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{ReplaceAttr: secondsAttr}))
	case "off":
	default:
		return failf(stderr, "serve: --log %q is not text, json or off", logFormat)
	}
	if check {
		return checkHealth(host, port, stdout, stderr)
	}

	opts := httpd.Options{MaxBodyBytes: maxBody, ScanTimeout: scanTimeout, CORSOrigin: cors, NoCORS: noCORS, NoUI: noUI, Logger: logger, NoMetrics: noMetrics}
	// Catch the signals before announcing the address, so that a signal
	// sent as soon as the line appears shuts down cleanly. After the
	// first, the default behaviour returns: a second signal kills.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop)
	addr := net.JoinHostPort(host, strconv.Itoa(port))
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return failf(stderr, "cannot listen on %s: %s", addr, listenProblem(err))
	}
	fmt.Fprintf(stdout, "barkit listening on http://%s\n", ln.Addr())
	if !noUI {
		fmt.Fprintf(stdout, "barkit web page at %s\n", pageURL(ln.Addr()))
	}
	if err := serve(ctx, ln, opts); err != nil {
		return failf(stderr, "%v", err)
	}
	return exitOK
}

// secondsAttr writes a duration as a number of seconds, the unit log
// processors expect of a number, rather than slog's nanoseconds.
func secondsAttr(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindDuration {
		return slog.Float64(a.Key, a.Value.Duration().Seconds())
	}
	return a
}

// serve serves the API on ln until ctx is done, then shuts down: it stops
// accepting connections and waits up to shutdownTimeout for the requests
// in progress. It returns nil after a clean shutdown, and an error if
// serving failed or requests had to be cut off.
func serve(ctx context.Context, ln net.Listener, opts httpd.Options) error {
	srv := httpd.NewServer(opts)
	if opts.Logger != nil {
		srv.ErrorLog = slog.NewLogLogger(opts.Logger.Handler(), slog.LevelWarn)
	}
	return serveUntil(ctx, srv, ln, shutdownTimeout, opts.Logger)
}

// serveUntil runs srv on ln until ctx is done, then shuts it down, waiting
// up to grace for the requests in progress. When grace has passed, the
// contexts of the requests still running are cancelled, so that their
// scans stop, and their connections are closed. logger may be nil.
func serveUntil(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration, logger *slog.Logger) error {
	base, cutOff := context.WithCancel(context.Background())
	defer cutOff()
	srv.BaseContext = func(net.Listener) context.Context { return base }
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	if logger != nil {
		logger.Info("shutting down: finishing the requests in progress")
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(sctx)
	if err != nil {
		cutOff()
		srv.Close()
		err = fmt.Errorf("requests still running after %v were cut off", grace)
	}
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if err == nil && logger != nil {
		logger.Info("stopped")
	}
	return err
}

// pageURL is the address of the web page of the server listening on addr,
// as a browser on this machine reaches it: localhost when it listens on
// every interface.
func pageURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/ui/"
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/ui/"
}

// checkHealth asks the server at host:port for GET /health and reports
// whether it answered ok: exit 0 and a line on stdout if so, 1 and a
// message on stderr if not.
func checkHealth(host string, port int, stdout, stderr io.Writer) int {
	if port == 0 {
		return failf(stderr, "--check: give the port the server listens on (not 0)")
	}
	switch host {
	case "0.0.0.0", "":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	url := "http://" + net.JoinHostPort(host, strconv.Itoa(port)) + "/health"
	client := &http.Client{
		Timeout:   5 * time.Second,
		Transport: &http.Transport{Proxy: nil}, // the server is local: no proxy
	}
	resp, err := client.Get(url)
	if err != nil {
		return failf(stderr, "--check: no answer from %s: %s", url, cause(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return failf(stderr, "--check: %s answered %s", url, resp.Status)
	}
	var health struct {
		OK      bool   `json:"ok"`
		Version string `json:"version"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<16)).Decode(&health); err != nil || !health.OK {
		return failf(stderr, "--check: %s did not answer {\"ok\": true}", url)
	}
	fmt.Fprintf(stdout, "ok: barkit %s at %s\n", health.Version, url)
	return exitOK
}
