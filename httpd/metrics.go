package httpd

import (
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metricsPath is the route of the metrics, in the Prometheus text
// exposition format.
const metricsPath = "/metrics"

// otherRoute is the route label of a request to a path the handler does
// not serve: one label for every unknown path, so that a client trying
// paths cannot create series without end.
const otherRoute = "other"

// durationBuckets are the upper bounds, in seconds, of the duration
// histograms. A scan of a small photo takes a few milliseconds, a
// thorough one of a large photo seconds; the last bounds are the default
// scan timeout (30 s) and the server's answer timeout (120 s), where a
// request waiting its turn ends at the latest.
var durationBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120}

// metrics are the handler's Prometheus metrics. Each handler has a
// registry of its own, so that handlers in one process do not share or
// collide over series. A nil *metrics records nothing.
type metrics struct {
	requests     *prometheus.CounterVec   // route, method, status
	requestTimes *prometheus.HistogramVec // route
	scanTimes    prometheus.Histogram
	serve        http.Handler // the exposition
}

// newMetrics makes the metrics of h, whose budgets must be set.
func newMetrics(h *handler) *metrics {
	reg := prometheus.NewRegistry()
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "barkit_http_requests_total",
			Help: "Requests answered, by route (the path served, or \"other\"), method and status; 499 is a client that went away first.",
		}, []string{"route", "method", "status"}),
		requestTimes: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "barkit_http_request_duration_seconds",
			Help:    "Time from the request's arrival to the end of its answer, body upload and wait for a work slot included, by route.",
			Buckets: durationBuckets,
		}, []string{"route"}),
		scanTimes: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "barkit_http_scan_duration_seconds",
			Help:    "Time a scan of POST /v1/scan took in its work slot: decoding the image and finding the barcodes, without the wait for the slot.",
			Buckets: durationBuckets,
		}),
	}
	reg.MustRegister(
		m.requests,
		m.requestTimes,
		m.scanTimes,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "barkit_http_work_slots",
			Help: "Scans and renderings that may run at once (GOMAXPROCS).",
		}, func() float64 { return float64(h.work.size) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "barkit_http_work_slots_busy",
			Help: "Work slots taken by scans and renderings running now.",
		}, func() float64 { used, _ := h.work.state(); return float64(used) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "barkit_http_work_waiting",
			Help: "Requests waiting for a work slot.",
		}, func() float64 { _, waiting := h.work.state(); return float64(waiting) }),
	)
	for _, p := range []struct {
		name string
		b    *budget
	}{{"image", h.images}, {"text", h.texts}} {
		labels := prometheus.Labels{"pool": p.name}
		reg.MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name:        "barkit_http_body_reserved_bytes",
				Help:        "Memory reserved for request bodies being read or held: pool image for scans, text for parse and generate.",
				ConstLabels: labels,
			}, func() float64 { used, _ := p.b.state(); return float64(used) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name:        "barkit_http_body_limit_bytes",
				Help:        "The most memory request bodies of the pool may hold at once.",
				ConstLabels: labels,
			}, func() float64 { return float64(p.b.size) }),
		)
	}
	logger := h.logger
	if logger == nil {
		logger = slog.Default()
	}
	m.serve = promhttp.HandlerFor(reg, promhttp.HandlerOpts{
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelError),
	})
	return m
}

// endpoint serves GET /metrics.
func (m *metrics) endpoint(w http.ResponseWriter, r *http.Request) error {
	m.serve.ServeHTTP(w, r)
	return nil
}

// request counts an answered request. A scrape of /metrics is counted
// once answered, so it shows in the next scrape, not in its own.
func (m *metrics) request(route, method string, status int, d time.Duration) {
	if m == nil {
		return
	}
	m.requests.WithLabelValues(route, methodLabel(method), strconv.Itoa(status)).Inc()
	m.requestTimes.WithLabelValues(route).Observe(d.Seconds())
}

// scanned records the time a scan took.
func (m *metrics) scanned(d time.Duration) {
	if m == nil {
		return
	}
	m.scanTimes.Observe(d.Seconds())
}

// methodLabel bounds the method label to the methods HTTP defines.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return "other"
}

// route returns the route label of r: the path it asks for if the handler
// serves it, "/ui/" for the web page and its files, else otherRoute.
func (h *handler) route(r *http.Request) string {
	path := r.URL.Path
	if path == "" { // the prefix itself, under http.StripPrefix
		path = "/"
	}
	if _, ok := h.routes[path]; ok {
		return path
	}
	if h.ui != nil && isUIPath(path) {
		return uiPath + "/" // the page and its files, one label
	}
	return otherRoute
}
