package barkit

// The symbologies barkit reads and writes register themselves when their
// packages are imported.
import (
	_ "github.com/barkit/barkit/symbology/aztec"
	_ "github.com/barkit/barkit/symbology/codabar"
	_ "github.com/barkit/barkit/symbology/code128"
	_ "github.com/barkit/barkit/symbology/code39"
	_ "github.com/barkit/barkit/symbology/code93"
	_ "github.com/barkit/barkit/symbology/databar"
	_ "github.com/barkit/barkit/symbology/datamatrix"
	_ "github.com/barkit/barkit/symbology/dxfilmedge"
	_ "github.com/barkit/barkit/symbology/ean"
	_ "github.com/barkit/barkit/symbology/itf"
	_ "github.com/barkit/barkit/symbology/maxicode"
	_ "github.com/barkit/barkit/symbology/microqr"
	_ "github.com/barkit/barkit/symbology/pdf417"
	_ "github.com/barkit/barkit/symbology/qr"
	_ "github.com/barkit/barkit/symbology/rmqr"
	_ "github.com/barkit/barkit/symbology/telepen"
)
