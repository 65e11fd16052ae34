package microqr

import (
	"bytes"
	"fmt"
	"os/exec"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
)

// sizeTexts are short texts in many scripts and character sets for the
// comparison of symbol sizes with zint.
var sizeTexts = []string{
	"Привет",
	"Γειά σου",
	"Zażółć",
	"日本語",
	"漢字です",
	"ｶﾀｶﾅ",
	"東京1-1",
	"中文",
	"你好",
	"한국",
	"café",
	"Grüße",
	"Bär",
	"Ørsted",
	"ÄÖÜ",
	"€5",
	"Tokyo東京",
	"😀",
}

// TestSmallerThanZint writes each of sizeTexts at levels L, M and Q and
// compares the version with zint 2.11's, which writes Micro QR Code
// without ECI: barkit's is never larger. Every symbol reads back to its
// text with barkit's reader and with ZXingReader, byte for byte as barkit
// reads it. It is skipped without zint, and under -short.
func TestSmallerThanZint(t *testing.T) {
	if testing.Short() {
		t.Skip("runs zint for every symbol")
	}
	if _, err := exec.LookPath("zint"); err != nil {
		t.Skip("zint not installed")
	}
	_, zxErr := exec.LookPath("ZXingReader")
	dir := t.TempDir()
	smaller, equal, larger, zintNone, zxRead := 0, 0, 0, 0, 0
	for i, text := range sizeTexts {
		for level := L; level <= Q; level++ {
			name := fmt.Sprintf("%02d-%v", i, level)
			c, err := Encode(text, Options{Level: level})
			if err != nil {
				if _, zerr := enginetest.ZintRuns(enginetest.Payload{Data: text}, nil, "-b", "97", fmt.Sprintf("--secure=%d", level+1)); zerr == nil {
					t.Errorf("%q %v: %v, but zint writes it", text, level, err)
				}
				continue
			}
			bc, err := Decode(c.Modules)
			if err != nil || bc.Text != text {
				t.Errorf("%q %v: barkit reads %q, %v", text, level, bc.Text, err)
				continue
			}
			if zxErr == nil {
				path := enginetest.WriteMatrixPNG(t, dir, name, c.Modules)
				r, ok := enginetest.ZXingReadAll(t, "", path)[path]
				switch {
				case !ok:
					t.Errorf("%q %v-%v: ZXingReader read nothing", text, c.Version, level)
				case r.Text != text || !bytes.Equal(r.Bytes, bc.Bytes):
					t.Errorf("%q %v-%v: ZXingReader reads %q (% x), barkit %q (% x)", text, c.Version, level, r.Text, r.Bytes, bc.Text, bc.Bytes)
				default:
					zxRead++
				}
			}
			zs, err := enginetest.ZintRuns(enginetest.Payload{Data: text}, nil, "-b", "97", fmt.Sprintf("--secure=%d", level+1))
			if err != nil {
				zintNone++
				continue
			}
			zv := Version((zs[0].Modules.Width-11)/2 + 1)
			switch {
			case c.Version < zv:
				smaller++
			case c.Version == zv:
				equal++
			default:
				larger++
				t.Errorf("%q %v: %v, zint %v", text, level, c.Version, zv)
			}
		}
	}
	t.Logf("%d symbols zint writes too: %d smaller than zint's, %d equal, %d larger; %d zint refuses; ZXingReader read %d",
		smaller+equal+larger, smaller, equal, larger, zintNone, zxRead)
}
