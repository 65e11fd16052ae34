package httpd

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkGeneratePNG measures GET /v1/generate of a QR Code as PNG
// through the handler, and reports requests per second.
func BenchmarkGeneratePNG(b *testing.B) {
	h := NewHandler(Options{})
	r := httptest.NewRequest("GET", "/v1/generate?format=png&data=https%3A%2F%2Fexample.com%2Fproduct%2F12345", nil)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != 200 {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "req/s")
}

// scanPhotos are phone photos of QR Codes from the reference corpus
// (../shared/corpus beside the repository; see its README): a card,
// 635x565 pixels in WebP, and the 350x375 progressive JPEG the speed issue
// measures the service by.
var scanPhotos = []struct{ name, path, contentType string }{
	{"card-webp", filepath.Join("..", "..", "shared", "corpus", "zxing-cpp", "qrcode-2", "6.webp"), "image/webp"},
	{"high-res-1-jpeg", filepath.Join("..", "..", "shared", "corpus", "zxing-cpp", "qrcode-2", "high-res-1.jpg"), "image/jpeg"},
}

// BenchmarkScanPhoto measures POST /v1/scan of typical photos (raw image
// bytes) through the handler, and reports requests per second.
func BenchmarkScanPhoto(b *testing.B) {
	for _, p := range scanPhotos {
		b.Run(p.name, func(b *testing.B) {
			img, err := os.ReadFile(p.path)
			if err != nil {
				b.Skipf("corpus image not available: %v", err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(p.path, filepath.Ext(p.path)) + ".txt")
			if err != nil {
				b.Skipf("corpus text not available: %v", err)
			}
			h := NewHandler(Options{})
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				r := httptest.NewRequest("POST", "/v1/scan", bytes.NewReader(img))
				r.Header.Set("Content-Type", p.contentType)
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				if w.Code != 200 {
					b.Fatalf("status %d: %s", w.Code, w.Body)
				}
				if n == 0 {
					codes := scanResponse(b, w.Body.Bytes())
					if len(codes) == 0 || codes[0]["data"] != string(want) {
						b.Logf("the photo scans to %v, want %q", codes, want)
					}
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "req/s")
		})
	}
}
