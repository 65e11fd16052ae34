package barkit

// The symbologies barkit reads and writes register themselves when their
// packages are imported.
import (
	_ "github.com/barkit/barkit/symbology/aztec"
	_ "github.com/barkit/barkit/symbology/code128"
	_ "github.com/barkit/barkit/symbology/datamatrix"
	_ "github.com/barkit/barkit/symbology/ean"
	_ "github.com/barkit/barkit/symbology/microqr"
	_ "github.com/barkit/barkit/symbology/pdf417"
	_ "github.com/barkit/barkit/symbology/qr"
	_ "github.com/barkit/barkit/symbology/rmqr"
)
