package httpd

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// endless is a request body that never ends; it counts the bytes read
// from it.
type endless struct {
	fill byte
	n    atomic.Int64
}

func (r *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.fill
	}
	r.n.Add(int64(len(p)))
	return len(p), nil
}

// TestBodyLimitWhileReading sends bodies of unknown length that never end
// to every endpoint that reads a body, in every body form: each must be
// stopped with 413 payload-too-large once it passes the limit, having read
// no more than the limit and the one byte that shows it was passed.
func TestBodyLimitWhileReading(t *testing.T) {
	const limit = 64 << 10
	h := NewHandler(Options{MaxBodyBytes: limit})
	for _, c := range []struct {
		name, target, ctype, head string
		fill                      byte
	}{
		{"§8 scan raw bytes", "/v1/scan", "image/png", "\x89PNG\r\n\x1a\n", 0},
		{"§8 scan multipart", "/v1/scan", "multipart/form-data; boundary=b",
			"--b\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n\r\n", 0},
		{"§8 scan multipart field", "/v1/scan", "multipart/form-data; boundary=b",
			"--b\r\nContent-Disposition: form-data; name=\"symbologies\"\r\n\r\n", 'q'},
		{"§8 scan JSON", "/v1/scan", "application/json", `{"image":"`, 'A'},
		{"§8 generate JSON", "/v1/generate", "application/json", `{"data":"`, 'a'},
		{"§8 parse text", "/v1/parse", "text/plain", "", 'a'},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := &endless{fill: c.fill}
			r := httptest.NewRequest("POST", c.target, io.MultiReader(strings.NewReader(c.head), body))
			if r.ContentLength != -1 {
				t.Fatalf("ContentLength = %d, want unknown", r.ContentLength)
			}
			r.Header.Set("Content-Type", c.ctype)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("status %d, want 413; body %.200s", w.Code, w.Body)
			}
			if code, _ := errorCode(t, w.Body.Bytes()); code != "payload-too-large" {
				t.Fatalf("code %q", code)
			}
			checkCORS(t, w.Header(), "*")
			if read := int64(len(c.head)) + body.n.Load(); read > limit+1 {
				t.Fatalf("read %d bytes of the body, limit %d", read, limit)
			}
		})
	}
}

// TestBodyLimitDeclared checks that a body whose Content-Length is over
// the limit is refused before a byte of it is read.
func TestBodyLimitDeclared(t *testing.T) {
	const limit = 1000
	h := NewHandler(Options{MaxBodyBytes: limit})
	body := &endless{}
	r := httptest.NewRequest("POST", "/v1/scan", io.LimitReader(body, limit+1))
	r.ContentLength = limit + 1
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d, want 413", w.Code)
	}
	if n := body.n.Load(); n != 0 {
		t.Fatalf("read %d bytes of a body declared too large", n)
	}

	// A body of exactly the limit is accepted (and is not an image).
	r = httptest.NewRequest("POST", "/v1/scan", bytes.NewReader(make([]byte, limit)))
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if code, msg := errorCode(t, w.Body.Bytes()); w.Code != 400 || code != "bad-request" {
		t.Fatalf("body at the limit: %d %s %s", w.Code, code, msg)
	}
}

// TestBodyLimitOverNetwork uploads a chunked body larger than the limit to
// a real server: the client gets 413 payload-too-large.
func TestBodyLimitOverNetwork(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Options{MaxBodyBytes: 64 << 10}))
	defer srv.Close()
	body := io.LimitReader(&endless{}, 4<<20)
	resp, err := srv.Client().Post(srv.URL+"/v1/scan", "image/png", struct{ io.Reader }{body})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %s, want 413: %s", resp.Status, b)
	}
	if code, _ := errorCode(t, b); code != "payload-too-large" {
		t.Fatalf("code %q", code)
	}
}

// syncBuffer is a bytes.Buffer safe for the concurrent writes of a logger.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestPanicRecovery makes endpoints panic, before and inside a work slot:
// each panic is answered 500 unknown with the CORS headers and logged with
// its stack, the slots are given back, and the server goes on serving.
func TestPanicRecovery(t *testing.T) {
	var logs syncBuffer
	h := newHandler(Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	h.routes["/panic"] = map[string]endpoint{"GET": func(http.ResponseWriter, *http.Request) error {
		panic("boom at the door")
	}}
	h.routes["/panic-in-turn"] = map[string]endpoint{"GET": func(_ http.ResponseWriter, r *http.Request) error {
		return h.waitTurn(r.Context(), func() error { panic("boom in a slot") })
	}}
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := srv.Client()
	client.Timeout = 10 * time.Second

	get := func(path string) (*http.Response, []byte) {
		t.Helper()
		resp, err := client.Get(srv.URL + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	resp, b := get("/panic")
	if resp.StatusCode != 500 {
		t.Fatalf("status %d, want 500", resp.StatusCode)
	}
	if code, _ := errorCode(t, b); code != "unknown" {
		t.Fatalf("code %q, want unknown", code)
	}
	checkCORS(t, resp.Header, "*")
	if l := logs.String(); !contains(l, "boom at the door", "stack=", "httpd.TestPanicRecovery", "status=500") {
		t.Fatalf("panic not logged with its stack:\n%s", l)
	}
	// More panics inside a slot than there are slots: a slot that was
	// not given back would make the last requests wait for ever.
	for range runtime.GOMAXPROCS(0) + 2 {
		if resp, _ := get("/panic-in-turn"); resp.StatusCode != 500 {
			t.Fatalf("status %d, want 500", resp.StatusCode)
		}
	}
	if resp, b := get("/v1/generate?data=after&format=txt"); resp.StatusCode != 200 {
		t.Fatalf("after the panics: status %d: %s", resp.StatusCode, b)
	}
	if resp, _ := get("/health"); resp.StatusCode != 200 {
		t.Fatalf("after the panics: health status %d", resp.StatusCode)
	}
}

// TestStripPrefix mounts the handler under a prefix, as SPEC.md Appendix A
// describes: the paths under the prefix reach the endpoints.
func TestStripPrefix(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/barcodes/", http.StripPrefix("/barcodes", NewHandler(Options{})))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for _, c := range []struct {
		method, path, body string
		status             int
		want               string // text the body must contain
	}{
		{"GET", "/barcodes/health", "", 200, `"ok":true`},
		{"GET", "/barcodes/", "", 200, `"ok":true`},
		{"GET", "/barcodes/v1/symbologies", "", 200, `"qr"`},
		{"GET", "/barcodes/v1/generate?data=x&format=svg", "", 200, "<svg"},
		{"POST", "/barcodes/v1/parse", "https://example.com", 200, `"type":"url"`},
		{"POST", "/barcodes/v1/scan", "", 400, `"bad-request"`},
		{"OPTIONS", "/barcodes/v1/scan", "", 204, ""},
		{"GET", "/barcodes/nowhere", "", 404, `"not-found"`},
		{"GET", "/health", "", 404, ""}, // outside the prefix: the mux's own 404
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !strings.Contains(string(b), c.want) {
			t.Errorf("%s %s: %d %.200s; want %d with %q", c.method, c.path, resp.StatusCode, b, c.status, c.want)
		}
	}
}

// TestHead checks that HEAD is answered where GET is, without a body.
func TestHead(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Options{}))
	defer srv.Close()
	resp, err := srv.Client().Head(srv.URL + "/health")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("HEAD /health: %s %q", resp.Status, resp.Header.Get("Content-Type"))
	}
}

// TestRequestLog checks the one line per request: method, path, status,
// bytes and duration, and no query string (it may hold the data encoded).
func TestRequestLog(t *testing.T) {
	var logs syncBuffer
	h := NewHandler(Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	w := serve(h, "GET", "/v1/generate?data=secret&format=txt", "", nil)
	serve(h, "GET", "/nowhere", "", nil)
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d log lines, want 2:\n%s", len(lines), logs.String())
	}
	if !contains(lines[0], "msg=request", "method=GET", "path=/v1/generate", "status=200", "duration=",
		"bytes="+strconv.Itoa(w.Body.Len())) || strings.Contains(lines[0], "secret") {
		t.Errorf("log line %q", lines[0])
	}
	if !contains(lines[1], "path=/nowhere", "status=404") {
		t.Errorf("log line %q", lines[1])
	}

	// Without a logger nothing is logged (and nothing fails).
	if w := serve(NewHandler(Options{}), "GET", "/health", "", nil); w.Code != 200 {
		t.Fatal(w.Code)
	}
}

// TestWorkBounded runs many jobs through the work slots: no more than
// GOMAXPROCS run at once, and all of them run.
func TestWorkBounded(t *testing.T) {
	h := newHandler(Options{})
	slots := runtime.GOMAXPROCS(0)
	var running, peak, done atomic.Int32
	var wg sync.WaitGroup
	for range 8 * slots {
		wg.Go(func() {
			err := h.waitTurn(context.Background(), func() error {
				n := running.Add(1)
				for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
				}
				time.Sleep(2 * time.Millisecond)
				running.Add(-1)
				done.Add(1)
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if int(done.Load()) != 8*slots || int(peak.Load()) > slots {
		t.Fatalf("%d jobs done, %d at once; want %d, at most %d", done.Load(), peak.Load(), 8*slots, slots)
	}
}

// TestWaitHonoursContext fills the work slots, then each body budget, and
// sends requests whose clients give up while they wait: the handler
// returns without doing the work and logs 499. A full image budget does
// not hold up a parse, which has its own. Once the slots and budgets are
// free, requests run.
func TestWaitHonoursContext(t *testing.T) {
	h := newHandler(Options{})
	slots := int64(runtime.GOMAXPROCS(0))
	qr := qrPNG(t, "waiting", 4)

	// abandoned sends a request whose client gives up after a moment:
	// it can only end by waiting that long, whatever the machine's speed.
	abandoned := func(target string, body []byte) *httptest.ResponseRecorder {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		r := httptest.NewRequest("POST", target, bytes.NewReader(body)).WithContext(ctx)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	// patient sends a request whose client waits for the answer.
	patient := func(target string, body []byte) *httptest.ResponseRecorder {
		r := httptest.NewRequest("POST", target, bytes.NewReader(body))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}

	if err := h.work.acquire(context.Background(), slots); err != nil {
		t.Fatal(err)
	}
	if w := abandoned("/v1/scan", qr); w.Code != statusClientGone {
		t.Fatalf("scan with the slots taken: status %d, want %d", w.Code, statusClientGone)
	}
	h.work.release(slots)
	if w := patient("/v1/scan", qr); w.Code != 200 {
		t.Fatalf("scan with the slots free: status %d: %s", w.Code, w.Body)
	}

	if err := h.images.acquire(context.Background(), h.images.size); err != nil {
		t.Fatal(err)
	}
	if w := abandoned("/v1/scan", qr); w.Code != statusClientGone {
		t.Fatalf("scan with the image budget spent: status %d, want %d", w.Code, statusClientGone)
	}
	if w := patient("/v1/parse", []byte("text")); w.Code != 200 {
		t.Fatalf("parse with the image budget spent: status %d: %s", w.Code, w.Body)
	}
	if w := patient("/v1/generate", []byte(`{"data":"text","format":"txt"}`)); w.Code != 200 {
		t.Fatalf("generate with the image budget spent: status %d: %s", w.Code, w.Body)
	}
	h.images.release(h.images.size)
	if w := patient("/v1/scan", qr); w.Code != 200 {
		t.Fatalf("scan with the image budget back: status %d: %s", w.Code, w.Body)
	}

	if err := h.texts.acquire(context.Background(), h.texts.size); err != nil {
		t.Fatal(err)
	}
	if w := abandoned("/v1/parse", []byte("text")); w.Code != statusClientGone {
		t.Fatalf("parse with the text budget spent: status %d, want %d", w.Code, statusClientGone)
	}
	h.texts.release(h.texts.size)
	if w := patient("/v1/parse", []byte("text")); w.Code != 200 {
		t.Fatalf("parse with the text budget back: status %d: %s", w.Code, w.Body)
	}
	checkBudgetsFree(t, h)
}

// checkBudgetsFree fails the test unless every budget of h is wholly
// free, with nobody waiting.
func checkBudgetsFree(t *testing.T, h *handler) {
	t.Helper()
	for name, b := range map[string]*budget{"work": h.work, "images": h.images, "texts": h.texts} {
		b.mu.Lock()
		if b.used != 0 || len(b.waiters) != 0 {
			t.Errorf("%s budget: %d units still used, %d waiters", name, b.used, len(b.waiters))
		}
		b.mu.Unlock()
	}
}

// TestBudget checks the weighted semaphore: units are granted while they
// fit, in arrival order, and a waiter that gives up leaves the queue and
// lets the waiters behind it through.
func TestBudget(t *testing.T) {
	ctx := context.Background()
	b := newBudget(10)
	if err := b.acquire(ctx, 6); err != nil {
		t.Fatal(err)
	}

	// A waiter for 8 queues; one for 2, which would fit, queues behind it.
	big := make(chan error, 1)
	bigCtx, giveUp := context.WithCancel(ctx)
	go func() { big <- b.acquire(bigCtx, 8) }()
	waitQueue(t, b, 1)
	small := make(chan error, 1)
	go func() { small <- b.acquire(ctx, 2) }()
	waitQueue(t, b, 2)
	select {
	case <-small:
		t.Fatal("a small request overtook the queue")
	case <-time.After(20 * time.Millisecond):
	}

	// The big waiter gives up: the small one gets through.
	giveUp()
	if err := <-big; !errors.Is(err, context.Canceled) {
		t.Fatalf("abandoned acquire: %v", err)
	}
	if err := <-small; err != nil {
		t.Fatal(err)
	}
	b.release(2)
	b.release(6)

	// A request for more than the whole budget takes all of it.
	if err := b.acquire(ctx, 100); err != nil {
		t.Fatal(err)
	}
	if b.used != 10 {
		t.Fatalf("used %d, want 10", b.used)
	}
	b.release(100)
	if b.used != 0 || len(b.waiters) != 0 {
		t.Fatalf("used %d, %d waiters after all released", b.used, len(b.waiters))
	}
}

// waitQueue waits until n requests wait in b.
func waitQueue(t *testing.T, b *budget, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		b.mu.Lock()
		q := len(b.waiters)
		b.mu.Unlock()
		if q == n {
			return
		}
	}
	t.Fatalf("queue never reached %d waiters", n)
}
