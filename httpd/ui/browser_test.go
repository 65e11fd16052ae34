package ui_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"golang.org/x/image/tiff"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/httpd"
	"github.com/barkit/barkit/internal/modroot"
	"github.com/barkit/barkit/render"
)

var screenshots = flag.String("screenshots", "", "write screenshots of the page's views to `dir`/ui-*.png, to look at")

// waitTimeout bounds each wait for the page to reach a state. It is
// generous: the tests wait for conditions, never for a time, and a slow or
// busy machine only makes them take longer.
const waitTimeout = 90 * time.Second

// photo is the corpus photo the scan test uploads: a JPEG of a QR Code
// whose text has line feeds, so it also shows control pictures.
const photo = "qrcode-2/high-res-1.jpg"

// corpusFile returns the path of a corpus image, skipping the test when
// the corpus (../shared/corpus beside the repository) is absent.
func corpusFile(t *testing.T, name string) string {
	t.Helper()
	dir := modroot.Beside("shared")
	p := filepath.Join(dir, "corpus", "zxing-cpp", filepath.FromSlash(name))
	if dir == "" {
		t.Skip("no ../shared/corpus beside the repository")
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus image missing: %v", err)
	}
	return p
}

// chromium returns the path of the system's Chromium, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on PATH: install Debian's chromium package (.ci/run does) to run the browser tests")
	return ""
}

// newBrowser starts a headless Chromium for the test, with a fresh profile
// and everything that would reach out to the network turned off (this
// machine has none: background requests would only fail). Its fake camera
// lets the camera path run.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("disable-features", "Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,AutofillServerCommunication,CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions"),
		chromedp.Flag("no-pings", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("use-fake-device-for-media-stream", true),
		chromedp.Flag("use-fake-ui-for-media-stream", true),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}

// A tab is one browser tab, with what its page logged and asked for.
type tab struct {
	t   *testing.T
	ctx context.Context
	// extras: the run also checks the phone layout, the keyboard and the
	// camera, and takes the screenshots (with -screenshots).
	extras bool

	mu       sync.Mutex
	problems []string // exceptions, console errors, CSP violations
	requests []string // every URL the page requested
}

// newTab opens a tab in the browser and watches its console and network.
func newTab(t *testing.T, browserCtx context.Context) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	p := &tab{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			p.problems = append(p.problems, "exception: "+ev.ExceptionDetails.Text+" "+exceptionText(ev.ExceptionDetails))
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				p.problems = append(p.problems, fmt.Sprintf("console.%s: %v", ev.Type, argsText(ev.Args)))
			}
		case *log.EventEntryAdded:
			e := ev.Entry
			// The API's 400 answers, which the tests ask for, are
			// logged as failed loads; anything else is a problem.
			if e.Level == log.EntryLevelError && !(e.Source == log.EntrySourceNetwork && strings.Contains(e.Text, "status of 400")) {
				p.problems = append(p.problems, fmt.Sprintf("log %s: %s %s", e.Source, e.Text, e.URL))
			}
		case *network.EventRequestWillBeSent:
			p.requests = append(p.requests, ev.Request.URL)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	// Content-Security-Policy violations, as the page sees them.
	_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));`,
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil {
		return d.Exception.Description
	}
	return ""
}

func argsText(args []*runtime.RemoteObject) string {
	var parts []string
	for _, a := range args {
		if len(a.Value) > 0 {
			parts = append(parts, string(a.Value))
		} else {
			parts = append(parts, a.Description)
		}
	}
	return strings.Join(parts, " ")
}

// do runs actions in the tab, failing the test on an error.
func (p *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its value into T.
func eval[T any](p *tab, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor waits until the JavaScript expression is true in the page. It
// polls from the test rather than with chromedp.Poll, whose predicate is
// compiled with new Function, which the page's CSP rightly refuses.
func (p *tab) waitFor(what, expr string) {
	p.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, waitTimeout)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		cancel()
		if err != nil {
			p.fatalf("waiting for %s: %v", what, err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			p.fatalf("waited %v for %s (%s)", waitTimeout, what, expr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// fatalf fails the test, showing the page's state and problems.
func (p *tab) fatalf(format string, args ...any) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + '\n' + document.body.innerText.slice(0, 3000)`))
	p.mu.Lock()
	problems := strings.Join(p.problems, "\n")
	p.mu.Unlock()
	p.t.Fatalf(format+"\n--- page:\n%s\n--- problems:\n%s", append(args, state, problems)...)
}

// checkClean fails the test if the page threw, logged an error, violated
// its CSP or requested anything from another origin than origin.
func (p *tab) checkClean(origin string) {
	p.t.Helper()
	violations := eval[[]string](p, `window.__violations || []`)
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, v := range violations {
		p.t.Errorf("Content-Security-Policy violation: %s", v)
	}
	for _, pr := range p.problems {
		p.t.Errorf("page problem: %s", pr)
	}
	if len(p.requests) == 0 {
		p.t.Error("no request seen: the network listener is not working")
	}
	for _, u := range p.requests {
		if !strings.HasPrefix(u, origin+"/") && !strings.HasPrefix(u, "blob:"+origin+"/") {
			p.t.Errorf("request to another origin: %s", u)
		}
	}
}

// screenshot writes a PNG of the whole page to the -screenshots folder.
func (p *tab) screenshot(name string) {
	p.t.Helper()
	if *screenshots == "" {
		return
	}
	ctx, cancel := context.WithTimeout(p.ctx, waitTimeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", name, err)
	}
	file := filepath.Join(*screenshots, "ui-"+name+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("wrote %s", file)
}

// phone sets the viewport to a small phone's, 360 CSS pixels wide, and
// checks that nothing on the page is wider.
func (p *tab) phone() {
	p.t.Helper()
	p.do("phone viewport", chromedp.EmulateViewport(360, 780, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	wide := eval[[]string](p, `(() => {
		const w = 360, out = [];
		for (const e of document.querySelectorAll('body *')) {
			const r = e.getBoundingClientRect();
			if (r.width > 0 && r.right > w + 0.5 && !e.closest('.table-wrap, pre')) {
				out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined ? '.' + e.className : '') + ' to ' + Math.round(r.right));
			}
		}
		if (document.documentElement.scrollWidth > w) out.unshift('page width ' + document.documentElement.scrollWidth);
		return out;
	})()`)
	if len(wide) > 0 {
		p.t.Errorf("wider than a 360 px phone: %v", wide)
	}
}

func (p *tab) desktop() {
	p.do("desktop viewport", chromedp.EmulateViewport(1280, 900))
}

// apiError is the Error object of the API.
type apiError struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// apiScan posts an image to the API as the page does (multipart, part
// image) and returns the status and body.
func apiScan(t *testing.T, base string, img []byte) (int, []byte) {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("image", "image")
	part.Write(img)
	w.Close()
	resp, err := http.Post(base+"/v1/scan", w.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

func apiGet(t *testing.T, u string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// controlNames are the mnemonics of the C0 control characters.
var controlNames = strings.Fields("NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI " +
	"DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US")

// visible is data as the page shows it, written as shownJS reads it back:
// each control character a box of its mnemonic (here ⟪GS⟫), a line break
// after LF.
func visible(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x20:
			b.WriteString("⟪" + controlNames[r] + "⟫")
			if r == '\n' {
				b.WriteByte('\n')
			}
		case r == 0x7f:
			b.WriteString("⟪DEL⟫")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// shownJS reads the data shown in the first entry of the scan's list,
// each boxed control character as ⟪name⟫.
const shownJS = `[...document.querySelector('#codes li.code pre.data').childNodes]
	.map((n) => n.nodeType === Node.TEXT_NODE ? n.textContent : '⟪' + n.textContent + '⟫').join('')`

// TestBrowser drives the page in headless Chromium, with the API mounted at
// the root, under a path prefix (http.StripPrefix) and with CORS off: it
// scans a corpus photo and checks the outline and the data, scans a broken
// image and checks the API's error, drops and pastes images, types data
// and checks the live preview and its download, and browses the
// symbologies. The page must throw nothing, log no error, break none of its
// Content-Security-Policy and request nothing from another origin.
func TestBrowser(t *testing.T) {
	photoPath := corpusFile(t, photo)
	browserCtx := newBrowser(t)
	for _, m := range []struct {
		name   string
		prefix string
		opts   httpd.Options
	}{
		{"root", "", httpd.Options{}},
		{"prefix", "/barcodes", httpd.Options{}},
		{"no-cors", "", httpd.Options{NoCORS: true}},
	} {
		t.Run(m.name, func(t *testing.T) {
			var h http.Handler = httpd.NewHandler(m.opts)
			if m.prefix != "" {
				mux := http.NewServeMux()
				mux.Handle(m.prefix+"/", http.StripPrefix(m.prefix, h))
				h = mux
			}
			srv := httptest.NewServer(h)
			defer srv.Close()
			base := srv.URL + m.prefix // where the API is
			p := newTab(t, browserCtx)
			p.extras = m.name == "root"

			// /ui redirects to ui/, relative, so the prefix is kept.
			p.do("loading the page", chromedp.Navigate(base+"/ui"))
			if got := eval[string](p, `location.href`); got != base+"/ui/" {
				t.Fatalf("the page is at %s, want %s", got, base+"/ui/")
			}
			checkLabels(p)
			scanPhoto(t, p, base, photoPath)
			scanOptions(p, base)
			if p.extras {
				p.screenshot("scan-desktop")
				p.phone()
				p.screenshot("scan-phone")
				p.desktop()
				checkKeyboard(p)
				moreScreenshots(t, p)
			}
			scanBroken(t, p, base)
			if p.extras {
				p.screenshot("scan-error")
			}
			dropAndPaste(p)
			if p.extras {
				camera(p)
			}
			generate(t, p, base)
			browse(t, p, base)
			p.checkClean(srv.URL)
		})
	}
}

// moreScreenshots scans more corpus images for the -screenshots folder:
// several codes in one image, control characters and parsed content, and
// the dark colour scheme.
func moreScreenshots(t *testing.T, p *tab) {
	if *screenshots == "" {
		return
	}
	for _, c := range []struct{ file, name string }{
		{"multi-1/1.png", "scan-multi"},
		{"maxicode-2/01.webp", "scan-maxicode"},
	} {
		p.do("uploading "+c.file, chromedp.SetUploadFiles(chromedp.ID("file"), []string{corpusFile(t, c.file)}))
		p.waitFor("the scan of "+c.file, `document.getElementById('scan-status').textContent.startsWith('Found') && document.getElementById('scan-status').textContent.includes('`+filepath.Base(c.file)+`')`)
		p.screenshot(c.name)
	}
	_, err := chromedp.Call(p.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	p.screenshot("scan-dark")
	if _, err := chromedp.Call(p.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
		t.Fatal(err)
	}
}

// checkLabels checks that every control of the page has a name for
// assistive technology: a label, aria-label or aria-labelledby.
func checkLabels(p *tab) {
	p.t.Helper()
	p.waitFor("the page's scripts to run", `document.querySelector('#scan-symbologies option[value="qr"]') && document.querySelector('#gen-symbology option[value="ean13"]')`)
	unlabelled := eval[[]string](p, `[...document.querySelectorAll('input, select, textarea, button, a[href]')]
		.filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby') && !e.textContent.trim())
		.map((e) => e.outerHTML.slice(0, 120))`)
	for _, u := range unlabelled {
		p.t.Errorf("control without a label: %s", u)
	}
	dups := eval[[]string](p, `(() => { const seen = new Set(), d = []; for (const e of document.querySelectorAll('[id]')) { if (seen.has(e.id)) d.push(e.id); seen.add(e.id); } return d; })()`)
	if len(dups) > 0 {
		p.t.Errorf("duplicate ids: %v", dups)
	}
}

// checkKeyboard checks that the file picker is reached with the keyboard
// and that its focus is visible around the drop zone.
func checkKeyboard(p *tab) {
	p.t.Helper()
	p.do("focusing the file picker", chromedp.Focus(chromedp.ID("file")))
	state := eval[string](p, `(() => {
		const drop = document.getElementById('drop');
		const s = getComputedStyle(drop);
		return document.activeElement.id + ' ' + drop.matches(':focus-within') + ' ' + s.outlineStyle + ' ' + s.outlineWidth;
	})()`)
	if state != "file true solid 3px" {
		p.t.Errorf("focused file picker: active element, focus-within, outline = %q, want \"file true solid 3px\"", state)
	}
	p.do("blur", chromedp.Blur(chromedp.ID("file")))
}

// scanPhoto uploads the corpus photo and checks the outline against the
// API's location and the data as the page shows it.
func scanPhoto(t *testing.T, p *tab, base, path string) {
	img, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	status, body := apiScan(t, base, img)
	var want struct{ Barcodes []barkit.Barcode }
	if err := json.Unmarshal(body, &want); status != 200 || err != nil || len(want.Barcodes) != 1 {
		t.Fatalf("the API scanned %s: %d %s (%v); want one code", photo, status, body, err)
	}
	code := want.Barcodes[0]

	p.do("uploading "+photo, chromedp.SetUploadFiles(chromedp.ID("file"), []string{path}))
	p.waitFor("the scan's result", `document.querySelectorAll('#codes li.code').length === 1 && document.getElementById('scan-image').complete`)

	// The outline: the polygon's box on screen, mapped back to image
	// pixels, is the box of the API's location.
	var geo struct {
		Img, Poly struct{ X, Y, W, H float64 }
		Polys     int
		Badges    int
	}
	raw := eval[string](p, `JSON.stringify((() => {
		const box = (e) => { const r = e.getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height}; };
		const polys = document.querySelectorAll('#overlay g.outline polygon.line');
		return {Img: box(document.getElementById('scan-image')), Poly: polys.length ? box(polys[0]) : null,
			Polys: polys.length, Badges: document.querySelectorAll('#badges .badge').length};
	})())`)
	if err := json.Unmarshal([]byte(raw), &geo); err != nil {
		t.Fatal(err)
	}
	if geo.Polys != 1 || geo.Badges != 1 {
		t.Fatalf("%d outlines and %d badges, want 1 and 1", geo.Polys, geo.Badges)
	}
	loc := code.Location
	xs := []float64{loc.TopLeft.X, loc.TopRight.X, loc.BottomRight.X, loc.BottomLeft.X}
	ys := []float64{loc.TopLeft.Y, loc.TopRight.Y, loc.BottomRight.Y, loc.BottomLeft.Y}
	sx := geo.Img.W / float64(code.FrameSize.Width)
	sy := geo.Img.H / float64(code.FrameSize.Height)
	wantBox := [4]float64{
		geo.Img.X + slicesMin(xs)*sx, geo.Img.Y + slicesMin(ys)*sy,
		(slicesMax(xs) - slicesMin(xs)) * sx, (slicesMax(ys) - slicesMin(ys)) * sy,
	}
	gotBox := [4]float64{geo.Poly.X, geo.Poly.Y, geo.Poly.W, geo.Poly.H}
	for i := range gotBox {
		if math.Abs(gotBox[i]-wantBox[i]) > 2 {
			t.Fatalf("outline box on screen %v, want %v (image at %+v)", gotBox, wantBox, geo.Img)
		}
	}
	if geo.Poly.W < geo.Img.W/4 {
		t.Fatalf("outline %+v is too small for the code in image %+v", geo.Poly, geo.Img)
	}

	// The list: symbology, data with its line feeds boxed, content type
	// and parsed content.
	shown := eval[string](p, shownJS)
	if shown != visible(code.Data) {
		t.Fatalf("data shown as %q, want %q", shown, visible(code.Data))
	}
	if !strings.Contains(shown, "⟪LF⟫\n") {
		t.Fatalf("the line feeds of the data are not shown: %q", shown)
	}
	item := eval[string](p, `document.querySelector('#codes li.code').innerText`)
	for _, s := range []string{"QR Code", "contentType", code.ContentType, "Parsed content: " + code.Parsed.Type, code.SymbologyIdentifier} {
		if !strings.Contains(item, s) {
			t.Errorf("the list entry lacks %q:\n%s", s, item)
		}
	}
	if status := eval[string](p, `document.getElementById('scan-status').textContent`); !strings.HasPrefix(status, "Found 1 barcode in high-res-1.jpg") {
		t.Errorf("status %q", status)
	}
	curl := eval[string](p, `document.getElementById('scan-curl').textContent`)
	if want := "curl -s -F image=@high-res-1.jpg " + base + "/v1/scan"; curl != want {
		t.Errorf("scan curl command %q, want %q", curl, want)
	}
}

// scanOptions switches to the fast search and then to the retail group,
// and checks that each change scans the image again with that option.
func scanOptions(p *tab, base string) {
	p.t.Helper()
	done := `!document.getElementById('scan-result').hasAttribute('aria-busy')`
	p.do("choosing the fast search", chromedp.Click(chromedp.CSS(`input[name=effort][value=fast]`)))
	p.waitFor("the fast scan", done+` && document.getElementById('scan-curl').textContent.includes('-F tryHarder=false') &&
		document.getElementById('scan-status').textContent.startsWith('Found 1 barcode')`)
	eval[chromedp.Void](p, `(() => {
		const s = document.getElementById('scan-symbologies');
		s.value = 'retail';
		s.dispatchEvent(new Event('change', {bubbles: true}));
	})()`)
	p.waitFor("the retail scan", done+` && document.getElementById('scan-status').textContent.startsWith('No barcode found')`)
	want := "curl -s -F image=@high-res-1.jpg -F symbologies=retail -F tryHarder=false " + base + "/v1/scan"
	if curl := eval[string](p, `document.getElementById('scan-curl').textContent`); curl != want {
		p.t.Errorf("scan curl command %q, want %q", curl, want)
	}
	eval[chromedp.Void](p, `(() => {
		const s = document.getElementById('scan-symbologies');
		s.value = '';
		document.querySelector('input[name=effort][value=thorough]').checked = true;
		s.dispatchEvent(new Event('change', {bubbles: true}));
	})()`)
	p.waitFor("the thorough scan of every symbology", done+` && document.getElementById('scan-status').textContent.startsWith('Found 1 barcode')`)
}

func slicesMin(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = math.Min(m, x)
	}
	return m
}

func slicesMax(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}

// scanBroken uploads a PNG cut short and checks that the page shows the
// API's error message as the API words it.
func scanBroken(t *testing.T, p *tab, base string) {
	broken := append([]byte("\x89PNG\r\n\x1a\n"), "this is no image"...)
	status, body := apiScan(t, base, broken)
	var e apiError
	if err := json.Unmarshal(body, &e); status != 400 || err != nil || e.Error.Message == "" {
		t.Fatalf("the API answered %d %s for a broken PNG; want 400 with an Error object", status, body)
	}
	file := filepath.Join(t.TempDir(), "broken.png")
	if err := os.WriteFile(file, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	p.do("uploading a broken image", chromedp.SetUploadFiles(chromedp.ID("file"), []string{file}))
	p.waitFor("the error", `!document.getElementById('scan-error').hidden`)
	msg := eval[string](p, `document.querySelector('#scan-error .message').textContent`)
	if msg != e.Error.Message {
		t.Errorf("the page shows the error %q, the API said %q", msg, e.Error.Message)
	}
	code := eval[string](p, `document.querySelector('#scan-error .error-code').textContent`)
	if !strings.Contains(code, e.Error.Code) || !strings.Contains(code, "400") {
		t.Errorf("error code line %q, want %s and 400", code, e.Error.Code)
	}
	if !eval[bool](p, `document.getElementById('scan-result').hidden`) {
		t.Error("the previous result is still shown beside the error")
	}
}

// dropAndPaste drops images on the drop zone and pastes another, each
// made by the API in the page, and checks that each is scanned. A TIFF,
// which the API reads but Chromium does not show, gets its outline on an
// empty frame.
func dropAndPaste(p *tab) {
	p.t.Helper()
	sym, err := barkit.Generate("tiff", barkit.GenerateOptions{})
	if err != nil {
		p.t.Fatal(err)
	}
	var tif bytes.Buffer
	if err := render.PNG(&tif, sym, render.Options{Scale: 4}); err != nil {
		p.t.Fatal(err)
	}
	img, err := png.Decode(&tif)
	if err != nil {
		p.t.Fatal(err)
	}
	tif.Reset()
	if err := tiff.Encode(&tif, img, nil); err != nil {
		p.t.Fatal(err)
	}
	const drop = `document.getElementById('drop').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}))`
	const paste = `document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}))`
	for _, c := range []struct{ name, mediaType, query, dispatch, shown string }{
		{"dropped.png", "image/png", "data=dropped", drop, "dropped"},
		{"pasted.png", "image/png", "data=pasted", paste, "pasted"},
		// Bytes, shown in hex.
		{"binary.png", "image/png", "dataEncoding=base64&data=AAEC/w==", drop, "00000000  00 01 02 ff " + strings.Repeat(" ", 3*12+2) + "|....|"},
		{"code.tiff", "image/tiff", "", drop, "tiff"},
	} {
		blob := `await (await fetch('../v1/generate?format=png&` + c.query + `')).blob()`
		if c.query == "" {
			blob = `new Blob([Uint8Array.from(atob('` + base64.StdEncoding.EncodeToString(tif.Bytes()) + `'), (ch) => ch.charCodeAt(0))])`
		}
		eval[chromedp.Void](p, `(async () => {
			const file = new File([`+blob+`], '`+c.name+`', {type: '`+c.mediaType+`'});
			const dt = new DataTransfer();
			dt.items.add(file);
			`+c.dispatch+`;
		})()`)
		p.waitFor("the code of "+c.name, `document.getElementById('scan-status').textContent.includes('`+c.name+`') &&
			document.querySelectorAll('#codes li.code').length === 1`)
		if got := eval[string](p, `document.querySelector('#codes li.code pre.data').textContent`); got != c.shown {
			p.t.Errorf("the code of %s is shown as %q, want %q", c.name, got, c.shown)
		}
	}
	p.waitFor("the TIFF's empty frame", `document.getElementById('stage').classList.contains('no-image') &&
		document.getElementById('scan-caption').textContent.includes('cannot show the image') &&
		document.querySelectorAll('#overlay polygon.line').length === 1`)
	if p.extras {
		p.screenshot("scan-tiff")
	}
}

// camera starts the browser's fake camera, scans its picture (a test
// pattern: found or not, the scan must finish) and stops it.
func camera(p *tab) {
	p.t.Helper()
	if eval[bool](p, `document.getElementById('camera-start').hidden`) {
		p.t.Error("no camera button on a secure origin with getUserMedia")
		return
	}
	p.do("starting the camera", chromedp.Click(chromedp.ID("camera-start")))
	p.waitFor("the camera's picture", `document.getElementById('camera-video').videoWidth > 0`)
	p.do("scanning the camera's picture", chromedp.Click(chromedp.ID("camera-shot")))
	p.waitFor("the camera picture's scan", `/^(Found|No barcode found) .*camera\.jpg/.test(document.getElementById('scan-status').textContent)`)
	p.do("stopping the camera", chromedp.Click(chromedp.ID("camera-stop")))
	p.waitFor("the camera to stop", `document.getElementById('camera').hidden && !document.getElementById('camera-video').srcObject`)
}

// generate types data, waits for the debounced preview of exactly that
// data, downloads it and checks the file; then gives data the symbology
// cannot encode and checks the API's error.
func generate(t *testing.T, p *tab, base string) {
	p.do("opening Generate", chromedp.Click(chromedp.CSS(`nav a[data-view="generate"]`)))
	p.waitFor("the Generate view and its first preview", `!document.getElementById('generate').hidden && document.getElementById('preview').dataset.state === 'ready'`)
	if got := eval[string](p, `document.activeElement.id`); got != "generate-title" {
		t.Errorf("after choosing Generate, focus is on %q, want the view's heading", got)
	}

	const text = "Hello from Chromium, 1 2 3"
	eval[chromedp.Void](p, `(() => {
		const f = document.getElementById('gen-format');
		f.value = 'png';
		f.dispatchEvent(new Event('change', {bubbles: true}));
		const d = document.getElementById('gen-data');
		d.value = '';
		d.dispatchEvent(new Event('input', {bubbles: true}));
	})()`)
	p.do("typing the data", chromedp.SendKeys(chromedp.ID("gen-data"), text))
	p.waitFor("the preview of the typed data", `(() => {
		const pv = document.getElementById('preview');
		const q = new URLSearchParams(pv.dataset.query || '');
		return pv.dataset.state === 'ready' && q.get('data') === `+jsString(text)+` && q.get('format') === 'png' &&
			document.getElementById('preview-image').naturalWidth > 0;
	})()`)
	query := eval[string](p, `document.getElementById('preview').dataset.query`)
	if alt := eval[string](p, `document.getElementById('preview-image').alt`); !strings.Contains(alt, text) {
		t.Errorf("preview alt %q lacks the data", alt)
	}
	href := eval[string](p, `document.getElementById('download').getAttribute('href')`)
	if href != "../v1/generate?"+query {
		t.Errorf("download href %q, want ../v1/generate?%s", href, query)
	}
	curl := eval[string](p, `document.getElementById('gen-curl').textContent`)
	if want := "curl -s -o barcode-qr.png '" + base + "/v1/generate?" + query + "'"; curl != want {
		t.Errorf("curl command %q, want %q", curl, want)
	}
	if p.extras {
		p.screenshot("generate-desktop")
		p.phone()
		p.screenshot("generate-phone")
		p.desktop()
	}

	// The download is the API's PNG of the data.
	downloaded := download(t, p)
	status, want := apiGet(t, base+"/v1/generate?"+query)
	if status != 200 || !bytes.Equal(downloaded, want) {
		t.Fatalf("the download (%d bytes) is not the API's answer (%d, %d bytes)", len(downloaded), status, len(want))
	}
	codes, err := barkit.ScanBytes(downloaded, barkit.ScanOptions{})
	if err != nil || len(codes) != 1 || codes[0].Data != text || codes[0].Symbology != "qr" {
		t.Fatalf("the download scans as %+v, %v; want a QR Code of %q", codes, err, text)
	}

	// The text rendering, shown as text.
	eval[chromedp.Void](p, `(() => {
		const f = document.getElementById('gen-format');
		f.value = 'txt';
		f.dispatchEvent(new Event('change', {bubbles: true}));
	})()`)
	p.waitFor("the text preview", `document.getElementById('preview').dataset.state === 'ready' &&
		new URLSearchParams(document.getElementById('preview').dataset.query).get('format') === 'txt'`)
	q := url.Values{"data": {text}, "symbology": {"qr"}, "format": {"txt"}}
	status, txt := apiGet(t, base+"/v1/generate?"+q.Encode())
	if shown := eval[string](p, `document.getElementById('preview-text').textContent`); status != 200 || shown != string(txt) {
		t.Errorf("text preview %q, the API's text (%d) %q", shown, status, txt)
	}
	if p.extras {
		p.screenshot("generate-text")
	}
	if !eval[bool](p, `document.getElementById('preview-image').hidden`) {
		t.Error("the image preview is still shown beside the text")
	}

	// Data EAN-13 cannot encode: the API's error, and no download.
	eval[chromedp.Void](p, `(() => {
		const s = document.getElementById('gen-symbology');
		s.value = 'ean13';
		s.dispatchEvent(new Event('change', {bubbles: true}));
	})()`)
	p.waitFor("the error for EAN-13", `!document.getElementById('gen-error').hidden && document.getElementById('preview').dataset.state === 'error'`)
	if got := eval[string](p, `document.getElementById('gen-data').value`); got != text {
		t.Fatalf("changing the symbology replaced the typed data with %q", got)
	}
	q = url.Values{"data": {text}, "symbology": {"ean13"}, "format": {"txt"}}
	status, body := apiGet(t, base+"/v1/generate?"+q.Encode())
	var e apiError
	if err := json.Unmarshal(body, &e); status != 400 || err != nil {
		t.Fatalf("the API answered %d %s for text as EAN-13", status, body)
	}
	if msg := eval[string](p, `document.querySelector('#gen-error .message').textContent`); msg != e.Error.Message {
		t.Errorf("the page shows %q, the API said %q", msg, e.Error.Message)
	}
	if d := eval[string](p, `(document.getElementById('download').getAttribute('aria-disabled') || '') + (document.getElementById('download').getAttribute('href') || '')`); d != "true" {
		t.Errorf("download after an error: aria-disabled+href %q, want it disabled without a link", d)
	}
	if p.extras {
		p.screenshot("generate-error")
	}
}

// download clicks the download link and returns the file Chromium saved.
func download(t *testing.T, p *tab) []byte {
	t.Helper()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(p.ctx, waitTimeout)
	defer cancel()
	progress := chromedp.BrowserEvents(ctx, browser.DownloadProgress)
	_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior:      browser.SetDownloadBehaviorBehaviorAllowAndName,
		DownloadPath:  dir,
		EventsEnabled: new(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	p.do("clicking Download", chromedp.Click(chromedp.ID("download")))
	for ev, err := range progress {
		if err != nil {
			p.fatalf("waiting for the download: %v", err)
		}
		switch ev.State {
		case browser.DownloadProgressStateCompleted:
			b, err := os.ReadFile(filepath.Join(dir, ev.GUID))
			if err != nil {
				t.Fatal(err)
			}
			return b
		case browser.DownloadProgressStateCanceled:
			p.fatalf("the download was cancelled")
		}
	}
	return nil
}

// browse opens Symbologies, checks the table against the API's listing,
// filters it and generates from a row.
func browse(t *testing.T, p *tab, base string) {
	status, body := apiGet(t, base+"/v1/symbologies")
	var listing struct{ Details []struct{ ID string } }
	if err := json.Unmarshal(body, &listing); status != 200 || err != nil {
		t.Fatalf("symbologies: %d %v", status, err)
	}
	p.do("opening Symbologies", chromedp.Click(chromedp.CSS(`nav a[data-view="symbologies"]`)))
	p.waitFor("the table", fmt.Sprintf(`!document.getElementById('symbologies').hidden && document.querySelectorAll('#symbologies-table tbody tr').length === %d`, len(listing.Details)))
	if p.extras {
		p.screenshot("symbologies-desktop")
		p.phone()
		p.screenshot("symbologies-phone")
		p.desktop()
	}
	p.do("filtering", chromedp.SendKeys(chromedp.ID("sym-filter"), "datamatrix"))
	p.waitFor("the filtered table", `[...document.querySelectorAll('#symbologies-table tbody tr')].filter((r) => !r.hidden).length === 1`)
	name := eval[string](p, `[...document.querySelectorAll('#symbologies-table tbody tr')].find((r) => !r.hidden).querySelector('th').textContent`)
	if name != "Data Matrix" {
		t.Fatalf("filtering by an alias left %q", name)
	}
	p.do("generating Data Matrix", chromedp.Click(chromedp.CSS(`#symbologies-table tbody tr:not([hidden]) button`)))
	p.waitFor("the Data Matrix preview", `location.hash === '#generate' && document.getElementById('preview').dataset.state === 'ready' &&
		new URLSearchParams(document.getElementById('preview').dataset.query).get('symbology') === 'data-matrix'`)
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
