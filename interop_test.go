package barkit_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/render"
)

// interopPayloads returns n varied payloads: numeric, alphanumeric, byte
// and mixed data, Latin-1 and other Unicode text (written with an ECI), and
// lengths from one character to a few hundred, from a fixed seed.
func interopPayloads(n int) []string {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(alphabet []rune, length int) string {
		var b strings.Builder
		for range length {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	digits := []rune("0123456789")
	alnum := []rune("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
	ascii := []rune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !\"#&'()*+,-./:;<=>?@[]^_{|}~")
	latin1 := []rune("aeiouàéîõüßÆØÅñç¿¡ ")
	unicode := []rune("日本語中文한국어Ελληνικάкириллица😀✓€ ")
	fixed := []string{
		"https://example.com/",
		"HELLO WORLD",
		"01234567",
		"WIFI:T:WPA;S:barkit;P:p@ss;word;;",
		"Grüße aus Köln",
		"日本語のテキスト",
		"Привет, мир",
		"mixed 12345678901234567890 DATA https://barkit.dev/?q=1&r=2",
	}
	out := append([]string(nil), fixed...)
	for len(out) < n {
		length := 1 + rng.IntN(300)
		switch len(out) % 6 {
		case 0:
			out = append(out, pick(digits, length))
		case 1:
			out = append(out, pick(alnum, length))
		case 2:
			out = append(out, pick(ascii, length))
		case 3:
			out = append(out, pick(latin1, 1+length/3))
		case 4:
			out = append(out, pick(unicode, 1+length/4))
		default:
			out = append(out, pick(digits, 1+length/3)+pick(alnum, 1+length/3)+pick(ascii, 1+length/3))
		}
	}
	return out
}

// TestZbarReadsQR writes QR Codes of varied payloads and levels as PNG and
// checks that zbarimg, an independent reader, decodes each to the same text.
func TestZbarReadsQR(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (Debian package zbar-tools)")
	}
	payloads := interopPayloads(120)
	dir := t.TempDir()
	levels := []string{"L", "M", "Q", "H"}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, data := range payloads {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			level := levels[i%len(levels)]
			sym, err := barkit.Generate(data, barkit.GenerateOptions{ECLevel: level})
			if err != nil {
				t.Errorf("Generate(%q, %s): %v", data, level, err)
				return
			}
			var png bytes.Buffer
			if err := render.PNG(&png, sym, render.Options{Scale: 3}); err != nil {
				t.Errorf("render %q: %v", data, err)
				return
			}
			path := filepath.Join(dir, fmt.Sprintf("%03d.png", i))
			if err := os.WriteFile(path, png.Bytes(), 0o644); err != nil {
				t.Error(err)
				return
			}
			cmd := exec.Command(zbar, "--raw", "-q", "-Sqrcode.enable", path)
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			if err := cmd.Run(); err != nil {
				t.Errorf("zbarimg could not read %q (version %s-%s): %v", data, sym.Version, level, err)
				return
			}
			if got := strings.TrimSuffix(stdout.String(), "\n"); got != data {
				t.Errorf("zbarimg read %q, wrote %q (version %s-%s)", got, data, sym.Version, level)
			}
		}()
	}
	wg.Wait()
}
