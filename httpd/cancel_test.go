package httpd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// hangLimit bounds the waits of these tests that would otherwise block for
// ever when the code under test is wrong. It only turns a hang into a
// failure: everything it bounds takes milliseconds.
const hangLimit = 2 * time.Minute

// receive waits for a value on ch, failing the test with what it waited
// for if none comes within hangLimit.
func receive[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(hangLimit):
		t.Fatalf("no %s after %v: the test hangs", what, hangLimit)
		panic("unreachable")
	}
}

// testHeader marks the requests a test's hooks watch.
const testHeader = "X-Barkit-Test"

// TestClientGoneFreesSlots starts two heavy scans on a server on the
// loopback interface, with every other work slot taken, and abandons them
// (the client cancels its requests and closes the connections) once the
// server is scanning them: both scans must stop with the cancellation,
// their slots must be free again, and a small scan sent next must be
// answered with its barcode. The abandoned requests are logged as 499.
func TestClientGoneFreesSlots(t *testing.T) {
	var logs syncBuffer
	h := newHandler(Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	slots := runtime.GOMAXPROCS(0)
	heavies := min(2, slots)
	started := make(chan struct{}, heavies)
	ended := make(chan error, heavies)
	h.hooks.scanStart = func(r *http.Request) {
		if r.Header.Get(testHeader) == "heavy" {
			started <- struct{}{}
		}
	}
	h.hooks.scanEnd = func(r *http.Request, err error) {
		if r.Header.Get(testHeader) == "heavy" {
			ended <- err
		}
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := srv.Client()

	// The slots the heavy scans will not take are the test's until the
	// end, so that the small scan can only run in a slot they give back.
	held := int64(slots - heavies)
	if err := h.work.acquire(context.Background(), held); err != nil {
		t.Fatal(err)
	}
	release := sync.OnceFunc(func() { h.work.release(held) })
	defer release() // before srv.Close, which waits for the handlers
	img := heavy(t)
	ctx, abandon := context.WithCancel(context.Background())
	defer abandon()
	answers := make(chan error, heavies)
	for range heavies {
		go func() {
			req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/v1/scan", bytes.NewReader(img))
			req.Header.Set("Content-Type", "image/png")
			req.Header.Set(testHeader, "heavy")
			resp, err := client.Do(req)
			if err == nil {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				err = fmt.Errorf("answered %s: %.200s", resp.Status, b)
			}
			answers <- err
		}()
	}
	for range heavies {
		receive(t, started, "heavy scan started")
	}

	// Every slot is busy. The client gives up.
	abandon()
	for range heavies {
		if err := receive(t, answers, "end of an abandoned request"); !errors.Is(err, context.Canceled) {
			t.Errorf("abandoned request: %v, want the client's cancellation", err)
		}
	}
	for range heavies {
		if err := receive(t, ended, "end of a heavy scan"); !errors.Is(err, context.Canceled) {
			t.Errorf("abandoned scan returned %v, want it cancelled", err)
		}
	}

	// The small scan runs in a slot the heavy scans gave back.
	small := qrPNG(t, "after the heavy ones", 4)
	done := make(chan *http.Response, 1)
	go func() {
		req, _ := http.NewRequest("POST", srv.URL+"/v1/scan", bytes.NewReader(small))
		req.Header.Set("Content-Type", "image/png")
		resp, err := client.Do(req)
		if err != nil {
			t.Error(err)
			resp = nil
		}
		done <- resp
	}()
	resp := receive(t, done, "answer to the small scan")
	if resp == nil {
		t.FailNow()
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("small scan: %s %s", resp.Status, b)
	}
	if codes := scanResponse(t, b); len(codes) != 1 || codes[0]["data"] != "after the heavy ones" {
		t.Fatalf("small scan found %v", codes)
	}

	release()
	srv.Close() // waits for the handlers, which log as they return
	checkBudgetsFree(t, h)
	if n := strings.Count(logs.String(), "path=/v1/scan status=499"); n != heavies {
		t.Errorf("%d requests logged as abandoned, want %d:\n%s", n, heavies, logs.String())
	}
}

// TestScanTimeout checks the answer of a scan stopped by
// Options.ScanTimeout: 503 with code timeout, the CORS headers and a
// message saying what to do, whether the deadline passed before the scan
// could start, while it waited for a work slot, or while it ran. The work
// slot is free again afterwards.
func TestScanTimeout(t *testing.T) {
	qr := qrPNG(t, "in time", 4)
	check := func(t *testing.T, w *httptest.ResponseRecorder) {
		t.Helper()
		if w.Code != http.StatusServiceUnavailable {
			t.Fatalf("status %d, want 503: %s", w.Code, w.Body)
		}
		checkCORS(t, w.Header(), "*")
		if code, msg := errorCode(t, w.Body.Bytes()); code != "timeout" || !contains(msg, "time limit", "tryHarder=false") {
			t.Fatalf("error %q %q, want timeout", code, msg)
		}
	}

	t.Run("deadline passed before the scan", func(t *testing.T) {
		h := newHandler(Options{ScanTimeout: time.Nanosecond})
		h.hooks.scanStart = func(*http.Request) { t.Error("the scan started after its deadline") }
		check(t, serve(h, "POST", "/v1/scan", "image/png", qr))
		// Other requests are not limited by it.
		if w := serve(h, "GET", "/v1/generate?data=x&format=txt", "", nil); w.Code != 200 {
			t.Fatalf("generate: %d %s", w.Code, w.Body)
		}
		checkBudgetsFree(t, h)
	})

	t.Run("deadline passed waiting for a slot", func(t *testing.T) {
		h := newHandler(Options{ScanTimeout: 10 * time.Millisecond})
		slots := int64(runtime.GOMAXPROCS(0))
		if err := h.work.acquire(context.Background(), slots); err != nil {
			t.Fatal(err)
		}
		check(t, serve(h, "POST", "/v1/scan", "image/png", qr))
		h.work.release(slots)
		checkBudgetsFree(t, h)
	})

	t.Run("deadline passed while scanning", func(t *testing.T) {
		// Decoding the image alone takes longer than this limit, and
		// the scan far longer.
		h := newHandler(Options{ScanTimeout: 50 * time.Millisecond})
		ran := false
		var scanErr error
		h.hooks.scanEnd = func(_ *http.Request, err error) { ran, scanErr = true, err }
		check(t, serve(h, "POST", "/v1/scan", "image/png", heavy(t)))
		// On a machine so busy that the deadline passed before the scan
		// could start, the answer is the same, and there is no scan.
		if ran && !errors.Is(scanErr, context.DeadlineExceeded) {
			t.Errorf("the scan returned %v, want the deadline", scanErr)
		}
		checkBudgetsFree(t, h)
	})

	t.Run("default", func(t *testing.T) {
		if h := newHandler(Options{}); h.scanTimeout != DefaultScanTimeout {
			t.Errorf("scan timeout %v, want %v", h.scanTimeout, DefaultScanTimeout)
		}
		if srv := NewServer(Options{}); srv.WriteTimeout != 120*time.Second {
			t.Errorf("write timeout %v with the default scan timeout, want 120s", srv.WriteTimeout)
		}
		if srv := NewServer(Options{ScanTimeout: 5 * time.Minute}); srv.WriteTimeout < 5*time.Minute+readTimeout {
			t.Errorf("write timeout %v shorter than reading and a 5-minute scan", srv.WriteTimeout)
		}
	})
}

// slowBody is a request body of unknown length that sends one byte a
// second until stop is closed, then fails.
type slowBody struct {
	stop <-chan struct{}
	sent bool
}

func (b *slowBody) Read(p []byte) (int, error) {
	if b.sent {
		select {
		case <-b.stop:
			return 0, errors.New("upload stopped")
		case <-time.After(time.Second):
		}
	}
	b.sent = true
	p[0] = 0x89
	return 1, nil
}

// TestSlowUploadsDoNotDelayOthers starts four (or, with more than two
// CPUs, GOMAXPROCS+2) chunked uploads to /v1/scan that send one byte a
// second: while the server reads them, POST /v1/parse, POST /v1/generate
// and a small scan must be answered. Before bodies took the budget as
// their bytes arrived, each such upload reserved the whole body limit, and
// four of them held up every other request on a 2-CPU server.
func TestSlowUploadsDoNotDelayOthers(t *testing.T) {
	h := newHandler(Options{})
	uploads := max(4, runtime.GOMAXPROCS(0)+2)
	reading := make(chan struct{}, uploads)
	h.hooks.bodyStart = func(r *http.Request) {
		if r.Header.Get(testHeader) == "slow" {
			reading <- struct{}{}
		}
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}

	stop := make(chan struct{})
	stopUploads := sync.OnceFunc(func() { close(stop) })
	defer stopUploads() // before srv.Close, which waits for the uploads
	var finished sync.WaitGroup
	var ended atomic.Int32
	for range uploads {
		finished.Go(func() {
			req, _ := http.NewRequest("POST", srv.URL+"/v1/scan", &slowBody{stop: stop})
			req.Header.Set("Content-Type", "image/png")
			req.Header.Set(testHeader, "slow")
			resp, err := client.Do(req)
			if err == nil {
				resp.Body.Close()
			}
			ended.Add(1)
		})
	}
	for range uploads {
		receive(t, reading, "slow upload being read")
	}

	// The server is reading every upload. The others get through.
	for _, c := range []struct {
		method, path, ctype, body, want string
	}{
		{"POST", "/v1/parse", "text/plain", "https://example.com", `"type":"url"`},
		{"POST", "/v1/generate", "application/json", `{"data":"hello","format":"txt"}`, "█"},
		{"POST", "/v1/scan", "image/png", string(qrPNG(t, "small", 4)), `"data":"small"`},
	} {
		answered := make(chan string, 1)
		go func() {
			req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
			req.Header.Set("Content-Type", c.ctype)
			resp, err := client.Do(req)
			if err != nil {
				answered <- err.Error()
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			answered <- fmt.Sprintf("%d %s", resp.StatusCode, b)
		}()
		if got := receive(t, answered, c.path+" answer while uploads are slow"); !strings.HasPrefix(got, "200 ") || !strings.Contains(got, c.want) {
			t.Errorf("%s %s: %.300s", c.method, c.path, got)
		}
	}
	if n := ended.Load(); n > 0 {
		t.Errorf("%d uploads ended before the other requests were answered", n)
	}
	stopUploads()
	finished.Wait()
	srv.Close()
	checkBudgetsFree(t, h)
}

// TestBodyBudgetCrowd sends many more bodies of unknown length, each near
// the limit, than the image budget holds, all at once and in small
// pieces, so that they take the budget a chunk at a time side by side
// until it runs short. Every request must be answered: no body waits for
// another for ever.
func TestBodyBudgetCrowd(t *testing.T) {
	const limit = 1 << 20
	h := newHandler(Options{MaxBodyBytes: limit})
	n := 4 * int(h.images.size/limit)
	done := make(chan int, n)
	for range n {
		go func() {
			pr, pw := io.Pipe()
			go func() {
				piece := make([]byte, 4<<10)
				for sent := 0; sent < limit-len(piece); sent += len(piece) {
					if _, err := pw.Write(piece); err != nil {
						return
					}
					runtime.Gosched()
				}
				pw.Close()
			}()
			r := httptest.NewRequest("POST", "/v1/scan", pr)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			pr.CloseWithError(errors.New("answered"))
			done <- w.Code
		}()
	}
	for range n {
		// Zeros are no image: 400, once the whole body is read.
		if code := receive(t, done, "answer in a crowd of uploads"); code != http.StatusBadRequest {
			t.Errorf("status %d, want 400", code)
		}
	}
	checkBudgetsFree(t, h)
}
