package httpd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
)

// statusClientGone is the status logged for a request whose client went
// away while it waited: the client reads no answer, and the log should not
// show it as the server's failure. 499 is the number nginx made the
// convention for it.
const statusClientGone = 499

// A body is a request body being read within the size limit.
type body struct {
	r        io.Reader // http.MaxBytesReader over the request body
	limit    int64
	tooLarge bool // a read went past the limit
}

// openBody prepares r's body for reading: it refuses a body whose declared
// length is over the limit, waits for the body's share of the memory
// budget (the declared length, or the whole limit when the length is not
// known), and limits reading to h.maxBody bytes, so a larger body is
// stopped while it is read. The caller calls release when done with the
// bytes read.
func (h *handler) openBody(w http.ResponseWriter, r *http.Request) (b *body, release func(), err error) {
	if r.ContentLength > h.maxBody {
		return nil, nil, h.tooLarge()
	}
	n := r.ContentLength
	if n < 0 {
		n = h.maxBody
	}
	if err := h.bodies.acquire(r.Context(), n); err != nil {
		return nil, nil, clientGone(err)
	}
	if rec, ok := w.(*recorder); ok {
		// The server's own ResponseWriter lets MaxBytesReader mark the
		// connection to be closed once the limit is hit.
		w = rec.ResponseWriter
	}
	b = &body{r: http.MaxBytesReader(w, r.Body, h.maxBody), limit: h.maxBody}
	return b, func() { h.bodies.release(n) }, nil
}

func (h *handler) tooLarge() error {
	return &apiError{http.StatusRequestEntityTooLarge, codeTooLarge,
		fmt.Sprintf("the request body is larger than the limit of %d bytes", h.maxBody)}
}

// clientGone is the error for a request abandoned while waiting.
func clientGone(err error) error {
	return &apiError{statusClientGone, codeUnknown, "the request was abandoned while it waited: " + err.Error()}
}

func (b *body) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			b.tooLarge = true
		}
	}
	return n, err
}

// fail turns an error met while reading the body into the answer: 413 if
// the body went past the limit (whatever a parser made of that), else a
// bad request with the message of err prefixed by what was being read.
func (b *body) fail(what string, err error) error {
	if b.tooLarge {
		return &apiError{http.StatusRequestEntityTooLarge, codeTooLarge,
			fmt.Sprintf("the request body is larger than the limit of %d bytes", b.limit)}
	}
	return badRequest("%s: %v", what, err)
}

// readAll reads the rest of the body. size is the declared length, or -1.
func (b *body) readAll(size int64) ([]byte, error) {
	data, err := readAll(b, size)
	if err != nil {
		return nil, b.fail("reading the request body", err)
	}
	return data, nil
}

// readAll reads r to the end. With size, the length announced, it reads
// into one buffer of that size plus one byte to see the end, rather than
// growing a buffer to twice its need as io.ReadAll may.
func readAll(r io.Reader, size int64) ([]byte, error) {
	if size < 0 {
		return io.ReadAll(r)
	}
	buf := make([]byte, 0, size+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grow; the length was wrong
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// mediaType returns the media type of r's body, lower case, with its
// parameters; "" when there is none or it cannot be parsed.
func mediaType(r *http.Request) (string, map[string]string) {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return "", nil
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", nil
	}
	return mt, params
}

// isJSON reports whether the media type mt is JSON: application/json or a
// type with the +json suffix (RFC 6839 §3.1).
func isJSON(mt string) bool {
	return mt == "application/json" || strings.HasSuffix(mt, "+json")
}

// A form is what a multipart/form-data body holds for a scan.
type form struct {
	image  []byte // the image part's content; nil when there is none
	named  bool   // the image came from a part named image or file
	fields map[string]value
}

// readForm reads a multipart/form-data body (RFC 7578). The image is the
// first part named "image" or "file", or failing that the first part that
// is a file (has a file name); the other file parts are skipped without
// being kept. Every other part is a text field.
func (b *body) readForm(boundary string) (*form, error) {
	if boundary == "" {
		return nil, badRequest("multipart body without a boundary parameter in its Content-Type")
	}
	f := &form{fields: make(map[string]value)}
	mr := multipart.NewReader(b, boundary)
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return f, nil
		}
		if err != nil {
			return nil, b.fail("invalid multipart body", err)
		}
		name := part.FormName()
		isFile := part.FileName() != ""
		named := name == "image" || name == "file"
		if (isFile || named) && (f.named || (f.image != nil && !named)) {
			// An image is chosen already; NextPart skips the rest of
			// this part.
			continue
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return nil, b.fail(fmt.Sprintf("reading multipart part %q", name), err)
		}
		if isFile || named {
			f.image, f.named = data, named
			if f.image == nil {
				f.image = []byte{} // present but empty
			}
			continue
		}
		k := key(name)
		v := f.fields[k]
		v.name = name
		v.texts = append(v.texts, string(data))
		f.fields[k] = v
	}
}

// waitTurn runs f when one of the work slots is free, holding the slot
// while f runs. It returns without running f if ctx is done first.
func (h *handler) waitTurn(ctx context.Context, f func() error) error {
	if err := h.work.acquire(ctx, 1); err != nil {
		return clientGone(err)
	}
	defer h.work.release(1)
	return f()
}
