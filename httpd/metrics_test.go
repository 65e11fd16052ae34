package httpd

import (
	"bytes"
	"context"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// scrape asks h for GET target (/metrics, or under a prefix) and parses
// the answer as the Prometheus text format.
func scrape(t *testing.T, h http.Handler, target string) map[string]*dto.MetricFamily {
	t.Helper()
	w := serve(h, "GET", target, "", nil)
	if w.Code != 200 {
		t.Fatalf("GET %s: status %d: %s", target, w.Code, w.Body)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("GET %s: Content-Type %q, want the text format", target, ct)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(w.Body)
	if err != nil {
		t.Fatalf("GET %s does not parse as the text format: %v", target, err)
	}
	return fams
}

// series returns the metric of family name whose labels are exactly
// labels (name, value, name, value, ...), or nil.
func series(fams map[string]*dto.MetricFamily, name string, labels ...string) *dto.Metric {
	f := fams[name]
	if f == nil {
		return nil
	}
	want := map[string]string{}
	for i := 0; i+1 < len(labels); i += 2 {
		want[labels[i]] = labels[i+1]
	}
next:
	for _, m := range f.GetMetric() {
		if len(m.GetLabel()) != len(want) {
			continue
		}
		for _, l := range m.GetLabel() {
			if v, ok := want[l.GetName()]; !ok || v != l.GetValue() {
				continue next
			}
		}
		return m
	}
	return nil
}

// counter returns the value of a counter series, 0 when it is absent.
func counter(fams map[string]*dto.MetricFamily, name string, labels ...string) float64 {
	return series(fams, name, labels...).GetCounter().GetValue()
}

// gauge returns the value of a gauge series, failing the test when it is
// absent.
func gauge(t *testing.T, fams map[string]*dto.MetricFamily, name string, labels ...string) float64 {
	t.Helper()
	m := series(fams, name, labels...)
	if m == nil || m.GetGauge() == nil {
		t.Fatalf("no gauge %s%v", name, labels)
	}
	return m.GetGauge().GetValue()
}

// histogram returns a histogram series, failing the test when it is
// absent or lacks the bounds scans need (a millisecond to two minutes).
func histogram(t *testing.T, fams map[string]*dto.MetricFamily, name string, labels ...string) *dto.Histogram {
	t.Helper()
	m := series(fams, name, labels...)
	if m == nil || m.GetHistogram() == nil {
		t.Fatalf("no histogram %s%v", name, labels)
	}
	h := m.GetHistogram()
	var bounds []float64
	for _, b := range h.GetBucket() {
		if !math.IsInf(b.GetUpperBound(), 1) {
			bounds = append(bounds, b.GetUpperBound())
		}
	}
	if len(bounds) < 10 || bounds[0] != 0.001 || bounds[len(bounds)-1] != 120 {
		t.Errorf("%s buckets %v: want a millisecond to 120 seconds", name, bounds)
	}
	return h
}

// TestMetricsRequests sends requests of every kind and checks
// barkit_http_requests_total, the request and scan duration histograms,
// and that unknown paths and methods share one label value each.
func TestMetricsRequests(t *testing.T) {
	h := newHandler(Options{})
	first := scrape(t, h, "/metrics")
	if n := counter(first, "barkit_http_requests_total", "route", "/metrics", "method", "GET", "status", "200"); n != 0 {
		t.Errorf("the first scrape counts itself: %v", n)
	}
	if first["go_goroutines"] == nil {
		t.Error("the Go runtime's metrics are missing")
	}

	qr := qrPNG(t, "metrics", 4)
	for _, r := range []struct {
		method, target, contentType string
		body                        []byte
		status                      int
	}{
		{"GET", "/health", "", nil, 200},
		{"GET", "/health", "", nil, 200},
		{"HEAD", "/health", "", nil, 200},
		{"GET", "/", "", nil, 200},
		{"POST", "/v1/scan", "image/png", qr, 200},
		{"POST", "/v1/scan", "image/png", blankPNG(t), 200},
		{"POST", "/v1/scan", "image/png", []byte("not an image"), 400},
		{"POST", "/v1/scan", "image/png", []byte{}, 400}, // never scanned: empty
		{"GET", "/v1/generate?data=metrics&format=txt", "", nil, 200},
		{"POST", "/v1/parse", "text/plain", []byte("https://example.com"), 200},
		{"GET", "/nope", "", nil, 404},
		{"GET", "/v1/nope/" + strings.Repeat("x", 100), "", nil, 404},
		{"POST", "/health", "", nil, 404},
		{"BREW", "/v1/scan", "", nil, 404},
		{"OPTIONS", "/anywhere", "", nil, 204},
		{"GET", "/ui/", "", nil, 200},
		{"GET", "/ui/app.js", "", nil, 200},
		{"GET", "/ui/nothing-here.js", "", nil, 404},
	} {
		if w := serve(h, r.method, r.target, r.contentType, r.body); w.Code != r.status {
			t.Fatalf("%s %s: status %d, want %d: %s", r.method, r.target, w.Code, r.status, w.Body)
		}
	}

	fams := scrape(t, h, "/metrics")
	for _, c := range []struct {
		route, method, status string
		want                  float64
	}{
		{"/metrics", "GET", "200", 1}, // the first scrape, counted once answered
		{"/health", "GET", "200", 2},
		{"/health", "HEAD", "200", 1},
		{"/health", "POST", "404", 1},
		{"/", "GET", "200", 1},
		{"/v1/scan", "POST", "200", 2},
		{"/v1/scan", "POST", "400", 2},
		{"/v1/scan", "other", "404", 1},
		{"/v1/generate", "GET", "200", 1},
		{"/v1/parse", "POST", "200", 1},
		{"other", "GET", "404", 2},
		{"other", "OPTIONS", "204", 1},
		{"/ui/", "GET", "200", 2}, // the page and its files, one label
		{"/ui/", "GET", "404", 1},
	} {
		if got := counter(fams, "barkit_http_requests_total", "route", c.route, "method", c.method, "status", c.status); got != c.want {
			t.Errorf("requests route=%s method=%s status=%s: %v, want %v", c.route, c.method, c.status, got, c.want)
		}
	}
	routes := map[string]bool{}
	for _, m := range fams["barkit_http_requests_total"].GetMetric() {
		for _, l := range m.GetLabel() {
			if l.GetName() == "route" {
				routes[l.GetValue()] = true
			}
		}
	}
	for r := range routes {
		if _, known := h.routes[r]; !known && r != otherRoute && r != uiPath+"/" {
			t.Errorf("route label %q is neither a route, the web page's nor %q", r, otherRoute)
		}
	}

	// Three scans ran (the empty body is refused before its turn); the
	// histogram of the requests counts the five requests to the route,
	// the BREW included.
	if n := histogram(t, fams, "barkit_http_scan_duration_seconds").GetSampleCount(); n != 3 {
		t.Errorf("scan duration count %d, want 3", n)
	}
	if s := histogram(t, fams, "barkit_http_scan_duration_seconds").GetSampleSum(); s <= 0 {
		t.Errorf("scan duration sum %v, want more than 0", s)
	}
	if n := histogram(t, fams, "barkit_http_request_duration_seconds", "route", "/v1/scan").GetSampleCount(); n != 5 {
		t.Errorf("request duration count of /v1/scan %d, want 5", n)
	}
	if n := histogram(t, fams, "barkit_http_request_duration_seconds", "route", "other").GetSampleCount(); n != 3 {
		t.Errorf("request duration count of other %d, want 3", n)
	}
}

// TestMetricsBudgets checks the gauges of the work slots and the body
// budgets while the test holds some of them.
func TestMetricsBudgets(t *testing.T) {
	h := newHandler(Options{MaxBodyBytes: 1 << 20})
	slots := int64(runtime.GOMAXPROCS(0))
	check := func(busy, waiting, image, text float64) {
		t.Helper()
		fams := scrape(t, h, "/metrics")
		for _, c := range []struct {
			name   string
			labels []string
			want   float64
		}{
			{"barkit_http_work_slots", nil, float64(slots)},
			{"barkit_http_work_slots_busy", nil, busy},
			{"barkit_http_work_waiting", nil, waiting},
			{"barkit_http_body_reserved_bytes", []string{"pool", "image"}, image},
			{"barkit_http_body_reserved_bytes", []string{"pool", "text"}, text},
			{"barkit_http_body_limit_bytes", []string{"pool", "image"}, float64((slots + 2) << 20)},
			{"barkit_http_body_limit_bytes", []string{"pool", "text"}, 2 << 20},
		} {
			if got := gauge(t, fams, c.name, c.labels...); got != c.want {
				t.Errorf("%s%v = %v, want %v", c.name, c.labels, got, c.want)
			}
		}
	}
	check(0, 0, 0, 0)

	ctx := context.Background()
	if err := h.work.acquire(ctx, slots); err != nil {
		t.Fatal(err)
	}
	if err := h.images.acquire(ctx, 12345); err != nil {
		t.Fatal(err)
	}
	if err := h.texts.acquire(ctx, 678); err != nil {
		t.Fatal(err)
	}
	// A request waiting for a slot: it queues at once, the slots being
	// taken.
	got := make(chan error, 1)
	go func() { got <- h.work.acquire(ctx, 1) }()
	for _, waiting := h.work.state(); waiting == 0; _, waiting = h.work.state() {
		runtime.Gosched()
	}
	check(float64(slots), 1, 12345, 678)

	h.work.release(slots)
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	check(1, 0, 12345, 678)
	h.work.release(1)
	h.images.release(12345)
	h.texts.release(678)
	check(0, 0, 0, 0)
}

// TestMetricsOff checks that Options.NoMetrics leaves /metrics out.
func TestMetricsOff(t *testing.T) {
	h := NewHandler(Options{NoMetrics: true})
	serve(h, "GET", "/health", "", nil) // counting nothing must not fail
	w := serve(h, "GET", "/metrics", "", nil)
	if w.Code != 404 {
		t.Fatalf("GET /metrics with NoMetrics: status %d, want 404", w.Code)
	}
	if code, _ := errorCode(t, w.Body.Bytes()); code != codeNotFound {
		t.Errorf("code %q, want %q", code, codeNotFound)
	}
}

// TestMetricsPrefix serves the handler under http.StripPrefix: /metrics
// is found under the prefix, and requests are counted by their route
// without it.
func TestMetricsPrefix(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/barcodes/", http.StripPrefix("/barcodes", NewHandler(Options{})))
	serve(mux, "GET", "/barcodes/health", "", nil)
	serve(mux, "GET", "/barcodes", "", nil)
	fams := scrape(t, mux, "/barcodes/metrics")
	if n := counter(fams, "barkit_http_requests_total", "route", "/health", "method", "GET", "status", "200"); n != 1 {
		t.Errorf("GET /barcodes/health counted %v times under route /health, want 1", n)
	}
}

// TestMetricsHandlersApart makes two handlers in one process: each has
// its own registry, so making the second does not fail, and each counts
// only its own requests.
func TestMetricsHandlersApart(t *testing.T) {
	a, b := NewHandler(Options{}), NewHandler(Options{})
	serve(a, "GET", "/health", "", nil)
	serve(a, "GET", "/health", "", nil)
	serve(b, "GET", "/health", "", nil)
	for _, c := range []struct {
		name string
		h    http.Handler
		want float64
	}{{"a", a, 2}, {"b", b, 1}} {
		fams := scrape(t, c.h, "/metrics")
		if n := counter(fams, "barkit_http_requests_total", "route", "/health", "method", "GET", "status", "200"); n != c.want {
			t.Errorf("handler %s counted %v requests, want %v", c.name, n, c.want)
		}
	}
}

// TestRequestLogRouteRemoteError checks what the request log's lines
// give beside TestRequestLog's: the route, the remote address, and the
// error of a failed request, cut when long.
func TestRequestLogRouteRemoteError(t *testing.T) {
	var logs bytes.Buffer
	h := newHandler(Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	serve(h, "GET", "/health", "", nil)
	serve(h, "GET", "/nope?data=secret", "", nil)
	serve(h, "POST", "/v1/generate", "application/json", []byte(`{"data":"x","rotate":45}`))
	lines := strings.Split(strings.TrimSuffix(logs.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 lines, got:\n%s", logs.String())
	}
	for i, want := range [][]string{
		{"level=INFO msg=request method=GET path=/health status=200 bytes=", "duration=", "route=/health", "remote=192.0.2.1:1234"},
		{"path=/nope status=404", "route=other", `error="not-found: no endpoint GET /nope"`},
		{"path=/v1/generate status=400", "route=/v1/generate", `error="bad-request: rotate must be 0, 90, 180 or 270`},
	} {
		if !contains(lines[i], want...) {
			t.Errorf("line %d %q lacks one of %q", i, lines[i], want)
		}
	}
	if strings.Contains(logs.String(), "secret") || strings.Contains(lines[0], "error=") {
		t.Errorf("the log shows the query string or an error where there is none:\n%s", logs.String())
	}

	long := &apiError{400, codeBadRequest, strings.Repeat("é", maxLogMessage)}
	if got := logMessage(long); len(got) > len("bad-request: ")+maxLogMessage+len("...") || !strings.HasSuffix(got, "é...") {
		t.Errorf("logMessage of a long message: %q", got)
	}
}

// TestMetricsAbandonedRequest checks that a request whose client went
// away is counted as 499.
func TestMetricsAbandonedRequest(t *testing.T) {
	h := newHandler(Options{})
	slots := int64(runtime.GOMAXPROCS(0))
	if err := h.work.acquire(context.Background(), slots); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the client is gone before its turn
	r := httptest.NewRequest("POST", "/v1/scan", bytes.NewReader(qrPNG(t, "gone", 4))).WithContext(ctx)
	h.ServeHTTP(httptest.NewRecorder(), r)
	h.work.release(slots)
	fams := scrape(t, h, "/metrics")
	if n := counter(fams, "barkit_http_requests_total", "route", "/v1/scan", "method", "POST", "status", "499"); n != 1 {
		t.Errorf("abandoned scan counted %v times as 499, want 1", n)
	}
}
