package microqr

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
		{"12345", symbology.WriteOptions{}, "L", "M1", nil},
		{"12345", symbology.WriteOptions{ECLevel: "m"}, "M", "M2", nil},
		{"12345", symbology.WriteOptions{ECLevel: "25%"}, "Q", "M4", nil},
		{"12345", symbology.WriteOptions{Version: "m3"}, "L", "M3", nil},
		{"12345", symbology.WriteOptions{Version: "4", ECLevel: "Q"}, "Q", "M4", nil},
		{"12345", symbology.WriteOptions{ECLevel: "H"}, "", "", symbology.ErrInvalidData},
		{"12345", symbology.WriteOptions{Version: "M5"}, "", "", symbology.ErrInvalidData},
		{"12345", symbology.WriteOptions{Version: "M1", ECLevel: "M"}, "", "", symbology.ErrInvalidData},
		{"HELLO", symbology.WriteOptions{Version: "M1"}, "", "", symbology.ErrTooLong},
		{"0109506000134352", symbology.WriteOptions{GS1: true}, "", "", symbology.ErrUnsupported},
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
		if s.Symbology != "micro-qr" || s.QuietZone != 2 || s.ECLevel != tt.level || s.Version != tt.version {
			t.Errorf("write(%q, %+v) = %s %s-%s quiet %d", tt.data, tt.opts, s.Symbology, s.Version, s.ECLevel, s.QuietZone)
		}
	}
}

func TestRegistry(t *testing.T) {
	for _, name := range []string{"micro-qr", "MicroQR", "Micro QR", "micro_qr_code", "MicroQRCode"} {
		info, ok := symbology.Lookup(name)
		if !ok || info.ID != "micro-qr" || !info.Readable || info.Write == nil || info.Kind != symbology.Matrix {
			t.Errorf("Lookup(%q) = %+v, %v", name, info, ok)
		}
	}
	if info, _ := symbology.Lookup("micro-qr"); info.InGroup("gs1") {
		t.Error("micro-qr is in group gs1: Micro QR Code has no FNC1")
	}
}
