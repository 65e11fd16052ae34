package rmqr

import (
	"errors"
	"testing"

	"github.com/barkit/barkit/symbology"
)

func TestWrite(t *testing.T) {
	tests := []struct {
		data           string
		opts           symbology.WriteOptions
		level, version string
		want           error
	}{
		{"12345", symbology.WriteOptions{}, "M", "R11x27", nil},
		{"12345", symbology.WriteOptions{ECLevel: "h"}, "H", "R11x27", nil},
		{"12345", symbology.WriteOptions{ECLevel: "30%"}, "H", "R11x27", nil},
		{"12345", symbology.WriteOptions{Version: "r13x77"}, "M", "R13x77", nil},
		{"12345", symbology.WriteOptions{Version: "7x43"}, "M", "R7x43", nil},
		{"12345", symbology.WriteOptions{Version: "R7"}, "M", "R7x43", nil},
		{"12345", symbology.WriteOptions{Version: "R17xW"}, "M", "R17x43", nil},
		{"0109506000134352", symbology.WriteOptions{GS1: true}, "M", "R13x27", nil},
		{"12345", symbology.WriteOptions{ECLevel: "L"}, "", "", symbology.ErrInvalidData},
		{"12345", symbology.WriteOptions{Version: "R8x43"}, "", "", symbology.ErrInvalidData},
		{"12345", symbology.WriteOptions{Version: "R7x27"}, "", "", symbology.ErrInvalidData},
		{"12345678901234567890", symbology.WriteOptions{Version: "R7x43"}, "", "", symbology.ErrTooLong},
	}
	for _, tt := range tests {
		s, err := write(tt.data, tt.opts)
		if tt.want != nil {
			if !errors.Is(err, tt.want) {
				t.Errorf("write(%q, %+v) error %v, want %v", tt.data, tt.opts, err, tt.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("write(%q, %+v): %v", tt.data, tt.opts, err)
			continue
		}
		if s.Symbology != "rmqr" || s.QuietZone != 2 || s.ECLevel != tt.level || s.Version != tt.version {
			t.Errorf("write(%q, %+v) = %s %s-%s quiet %d", tt.data, tt.opts, s.Symbology, s.Version, s.ECLevel, s.QuietZone)
		}
	}
}

func TestRegistry(t *testing.T) {
	for _, name := range []string{"rmqr", "rMQR", "RMQRCode", "rMQR Code", "Rectangular Micro QR", "rectangular-micro-qr-code"} {
		info, ok := symbology.Lookup(name)
		if !ok || info.ID != "rmqr" || !info.Readable || info.Write == nil || !info.InGroup("gs1") || !info.InGroup("matrix") {
			t.Errorf("Lookup(%q) = %+v, %v", name, info, ok)
		}
	}
}
