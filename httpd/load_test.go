package httpd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// loadHeapLimit is the bound TestLoad puts on the heap in use while 200
// requests run at once: 128 MiB plus 32 MiB per work slot. The QR Code
// scans of its images need a few MiB each; the test peaks near 30 MiB on 2
// CPUs, with or without the race detector. It catches memory held outside
// the work slots, such as bodies kept in a crowd; scans run beyond the
// slots are caught by the count of scans at once, since 20 of them at once
// take only about 60 MiB.
func loadHeapLimit() uint64 {
	return (128 + 32*uint64(runtime.GOMAXPROCS(0))) << 20
}

// TestLoad sends 200 requests at once to a server on the loopback
// interface, scans in the three body forms and generations in PNG and
// SVG, while a client keeps asking for /health. Every request must be
// answered correctly, /health must answer throughout, no more scans than
// work slots may run at once, and the heap in use (sampled every few
// milliseconds) must stay under loadHeapLimit(). At the end every work
// slot and body byte must be given back.
//
// Nothing in it depends on the machine's speed: the requests have no time
// limit (a hang is caught by go test's -timeout, with every goroutine's
// stack), the server has no scan deadline, and the bounds it checks are
// counts and bytes, not durations.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test skipped in -short mode")
	}
	const requests = 200
	// The requests wait their turn for as long as the machine needs:
	// no scan deadline.
	h := newHandler(Options{ScanTimeout: 24 * time.Hour})
	slots := int32(runtime.GOMAXPROCS(0))
	var scanning, peakScans, scans atomic.Int32
	h.hooks.scanStart = func(*http.Request) {
		n := scanning.Add(1)
		for p := peakScans.Load(); n > p && !peakScans.CompareAndSwap(p, n); p = peakScans.Load() {
		}
		scans.Add(1)
	}
	h.hooks.scanEnd = func(*http.Request, error) { scanning.Add(-1) }
	srv := httptest.NewServer(h)
	closed := false
	defer func() {
		if !closed {
			srv.Close()
		}
	}()
	tr := &http.Transport{MaxIdleConnsPerHost: requests}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}

	// Three images 660 to 1060 pixels square: QR Codes drawn large.
	payloads := []string{
		"https://example.com/load/1",
		"WIFI:T:WPA;S:load-test;P:correct horse battery staple;;",
		strings.Repeat("barkit load test ", 8),
	}
	images := make([][]byte, len(payloads))
	for i, p := range payloads {
		images[i] = qrPNG(t, p, 20)
	}

	// Sample the heap in use until the requests are done.
	var peak atomic.Uint64
	stop := make(chan struct{})
	var samplers sync.WaitGroup
	samplers.Go(func() {
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	})
	// Ask for /health every 20 ms, on its own connections, at least once.
	var healthOK, healthFailed atomic.Int32
	var slowest atomic.Int64
	samplers.Go(func() {
		hc := &http.Client{Transport: &http.Transport{}}
		for {
			start := time.Now()
			resp, err := hc.Get(srv.URL + "/health")
			if err == nil {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode == 200 && bytes.Contains(b, []byte(`"ok":true`)) {
					healthOK.Add(1)
				} else {
					healthFailed.Add(1)
				}
			} else {
				t.Errorf("/health: %v", err)
				healthFailed.Add(1)
			}
			if d := int64(time.Since(start)); d > slowest.Load() {
				slowest.Store(d)
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	})

	start := time.Now()
	begin := make(chan struct{})
	errs := make(chan error, requests)
	var wg sync.WaitGroup
	for i := range requests {
		wg.Go(func() {
			<-begin
			if err := loadRequest(client, srv.URL, i, images, payloads); err != nil {
				errs <- fmt.Errorf("request %d: %w", i, err)
			}
		})
	}
	close(begin)
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	samplers.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// Close waits for the handlers to return: a client may read its
	// answer before the handler has given back its slot and budget.
	srv.Close()
	closed = true

	t.Logf("%d requests in %v (%.0f/s); peak heap in use %.1f MiB; %d scans, at most %d at once; /health answered %d times, slowest %v",
		requests, elapsed.Round(time.Millisecond), requests/elapsed.Seconds(),
		float64(peak.Load())/(1<<20), scans.Load(), peakScans.Load(), healthOK.Load(),
		time.Duration(slowest.Load()).Round(time.Millisecond))
	if healthFailed.Load() > 0 || healthOK.Load() == 0 {
		t.Errorf("/health: %d answers, %d failures", healthOK.Load(), healthFailed.Load())
	}
	if want := int32(requests * 3 / 5); scans.Load() != want {
		t.Errorf("%d scans ran, want %d", scans.Load(), want)
	}
	if p := peakScans.Load(); p > slots {
		t.Errorf("%d scans ran at once, more than the %d work slots", p, slots)
	}
	if p := peak.Load(); p > loadHeapLimit() {
		t.Errorf("peak heap in use %d MiB, over the bound of %d MiB", p>>20, loadHeapLimit()>>20)
	}
	checkBudgetsFree(t, h)
}

// loadRequest sends request i of TestLoad and checks its answer.
func loadRequest(client *http.Client, base string, i int, images [][]byte, payloads []string) error {
	img, want := images[i%len(images)], payloads[i%len(payloads)]
	var req *http.Request
	switch i % 5 {
	case 0: // raw bytes
		req, _ = http.NewRequest("POST", base+"/v1/scan?symbologies=qr", bytes.NewReader(img))
		req.Header.Set("Content-Type", "image/png")
	case 1: // multipart
		var buf bytes.Buffer
		ctype := writeMultipart(&buf, img)
		req, _ = http.NewRequest("POST", base+"/v1/scan?tryHarder=false&symbologies=qr", &buf)
		req.Header.Set("Content-Type", ctype)
	case 2: // JSON
		body, _ := json.Marshal(map[string]any{"image": b64(img), "symbologies": []string{"qr"}})
		req, _ = http.NewRequest("POST", base+"/v1/scan", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
	case 3:
		req, _ = http.NewRequest("GET", fmt.Sprintf("%s/v1/generate?format=png&scale=6&data=load+%d", base, i), nil)
	case 4:
		body, _ := json.Marshal(map[string]any{"data": fmt.Sprintf("load %d", i), "ecLevel": "H"})
		req, _ = http.NewRequest("POST", base+"/v1/generate", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != 200 {
		return fmt.Errorf("status %d: %.200s", resp.StatusCode, body)
	}
	switch i % 5 {
	case 0, 1, 2:
		var res struct {
			Barcodes []struct {
				Data string `json:"data"`
			} `json:"barcodes"`
		}
		if err := json.Unmarshal(body, &res); err != nil {
			return err
		}
		if len(res.Barcodes) != 1 || res.Barcodes[0].Data != want {
			return fmt.Errorf("scan found %+v, want %q", res.Barcodes, want)
		}
	case 3:
		if ct := resp.Header.Get("Content-Type"); ct != "image/png" || !bytes.HasPrefix(body, []byte("\x89PNG")) {
			return fmt.Errorf("generate answered %q, %d bytes", ct, len(body))
		}
	case 4:
		if ct := resp.Header.Get("Content-Type"); ct != "image/svg+xml" || !bytes.Contains(body, []byte("<svg")) {
			return fmt.Errorf("generate answered %q: %.100s", ct, body)
		}
	}
	return nil
}
