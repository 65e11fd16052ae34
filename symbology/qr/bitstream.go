package qr

import (
	"fmt"

	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// parse reads the data codewords of a symbol of the given version
// (ISO/IEC 18004:2015 §7.4) in QR Code's dialect; see qrfamily.Parse.
func parse(data []byte, version int) (*qrfamily.Payload, error) {
	return qrfamily.Parse(data, -1, &dialects[versionClass(version)])
}

// streamError is a bit stream error of QR Code's own (Model 1's rules).
func streamError(format string, args ...any) error {
	return fmt.Errorf("qr: %w: %w: "+format, append([]any{symbology.ErrFormat, qrfamily.ErrStream}, args...)...)
}
