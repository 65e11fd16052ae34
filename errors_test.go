package barkit_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/render"
)

// TestErrorCauses checks that the facade's errors keep their cause, so
// that errors.Is and errors.As reach the typed error underneath, and that
// IsUserError tells the caller's mistakes from the others.
func TestErrorCauses(t *testing.T) {
	_, err := barkit.Generate("(01)09506000134353", barkit.GenerateOptions{GS1: true})
	var ge *gs1.Error
	if !errors.As(err, &ge) || ge.AI != "01" || !errors.Is(err, barkit.ErrInvalidData) || !barkit.IsUserError(err) {
		t.Errorf("bad GS1 check digit: %v (gs1.Error %+v)", err, ge)
	}
	_, err = barkit.Generate("ABC", barkit.GenerateOptions{Symbology: "ean13"})
	if !errors.Is(err, barkit.ErrInvalidData) || !barkit.IsUserError(err) {
		t.Errorf("letters in EAN-13: %v", err)
	}
	for _, tc := range []struct {
		data []byte
		want error
	}{
		{nil, imageio.ErrEmpty},
		{[]byte("not an image"), imageio.ErrUnknownFormat},
		{[]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"), imageio.ErrTruncated},
	} {
		_, err := barkit.ScanBytes(tc.data, barkit.ScanOptions{})
		if !errors.Is(err, tc.want) || !barkit.IsUserError(err) || !strings.HasPrefix(err.Error(), "barkit: ") {
			t.Errorf("ScanBytes(%q) = %v, want %v", tc.data, err, tc.want)
		}
		_, err = barkit.ScanReader(strings.NewReader(string(tc.data)), barkit.ScanOptions{})
		if !errors.Is(err, tc.want) || !barkit.IsUserError(err) {
			t.Errorf("ScanReader(%q) = %v, want %v", tc.data, err, tc.want)
		}
	}
	_, err = barkit.Scan(nil, barkit.ScanOptions{Symbologies: []string{"nonsense"}})
	if !errors.Is(err, barkit.ErrUnknown) || !barkit.IsUserError(err) {
		t.Errorf("unknown symbology: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	sym, err := barkit.Generate("x", barkit.GenerateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var png bytes.Buffer
	if err := render.PNG(&png, sym, render.Options{Scale: 4}); err != nil {
		t.Fatal(err)
	}
	_, err = barkit.ScanBytesContext(ctx, png.Bytes(), barkit.ScanOptions{})
	if !errors.Is(err, context.DeadlineExceeded) || barkit.IsUserError(err) {
		t.Errorf("scan past its deadline: %v", err)
	}
}
