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
// away before it was answered: the client reads no answer, and the log
// should not show it as the server's failure. 499 is the number nginx made
// the convention for it.
const statusClientGone = 499

// bodyChunk is the share of the body budget a body takes at a time as its
// bytes arrive: large enough that a 15 MiB upload takes a few hundred
// turns of a mutex, small enough that a thousand slow uploads hold only
// what they have sent, give or take 64 MiB.
const bodyChunk = 64 << 10

// A body is a request body being read within the size limit and a memory
// budget. It takes its share of the budget as its bytes arrive (see
// reserve); release gives it back.
type body struct {
	r        io.Reader // http.MaxBytesReader over the request body
	limit    int64
	tooLarge bool  // a read went past the limit
	gone     error // the client went away while the body waited for the budget

	req   *http.Request
	pool  *budget
	spare int64 // units reserve leaves free when it does not wait: one whole body
	need  int64 // the most the body can hold: its declared length, or the limit
	held  int64 // units of pool taken
	read  int64 // bytes read
	hooks *hooks
}

// openBody prepares r's body for reading with its bytes counted against
// pool: it refuses a body whose declared length is over the limit, and
// limits reading to h.maxBody bytes, so a larger body is stopped while it
// is read. The caller calls release when done with the bytes read.
func (h *handler) openBody(w http.ResponseWriter, r *http.Request, pool *budget) (*body, error) {
	if r.ContentLength > h.maxBody {
		return nil, h.tooLarge()
	}
	need := r.ContentLength
	if need < 0 {
		need = h.maxBody
	}
	if rec, ok := w.(*recorder); ok {
		// The server's own ResponseWriter lets MaxBytesReader mark the
		// connection to be closed once the limit is hit.
		w = rec.ResponseWriter
	}
	return &body{
		r:     http.MaxBytesReader(w, r.Body, h.maxBody),
		limit: h.maxBody,
		req:   r,
		pool:  pool,
		spare: h.maxBody,
		need:  need,
		hooks: &h.hooks,
	}, nil
}

// release gives back the budget the body took.
func (b *body) release() {
	b.pool.release(b.held)
	b.held = 0
}

func (h *handler) tooLarge() error {
	return &apiError{http.StatusRequestEntityTooLarge, codeTooLarge,
		fmt.Sprintf("the request body is larger than the limit of %d bytes", h.maxBody)}
}

// clientGone is the error for a request whose client went away (or that
// the server gave up on at shutdown) before it was answered.
func clientGone(err error) *apiError {
	return &apiError{statusClientGone, codeUnknown, "the request was abandoned before it was answered: " + err.Error()}
}

func (b *body) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return b.r.Read(p)
	}
	if b.read >= b.held {
		if err := b.reserve(); err != nil {
			return 0, err
		}
	}
	// Read no more than the budget taken. The last read of a body that
	// has taken all it may need can still see the end: it may read one
	// byte more, the one that shows the limit was passed.
	if room := max(b.held-b.read, 1); int64(len(p)) > room {
		p = p[:room]
	}
	n, err := b.r.Read(p)
	if n > 0 && b.read == 0 && b.hooks.bodyStart != nil {
		b.hooks.bodyStart(b.req)
	}
	b.read += int64(n)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			b.tooLarge = true
		}
	}
	return n, err
}

// reserve takes more of the budget for the bytes to come. While the
// budget is plentiful a body takes it a chunk at a time, without waiting,
// so a slow upload holds no more than it has sent. When the next chunk is
// not free at once with a whole body's worth (spare) left over, the body
// waits in turn, holding its chunks, for everything it may still need.
//
// That rule keeps bodies from waiting for each other for ever. Chunks are
// granted only while they leave spare units free, so all the chunks held
// together never pass size - spare. A body that holds everything it may
// need never waits for the budget again: it is read to its end and given
// back when its request is answered. So whenever no body holds everything
// it needs, the units in use are chunks, at least spare units are free,
// and the body at the head of the queue, which needs at most spare more,
// gets them.
func (b *body) reserve() error {
	rest := b.need - b.held
	if rest <= 0 {
		return nil
	}
	if n := min(rest, bodyChunk); b.pool.tryAcquire(n, b.spare) {
		b.held += n
		return nil
	}
	if err := b.pool.acquire(b.req.Context(), rest); err != nil {
		b.gone = err
		return fmt.Errorf("waiting for memory for the request body: %w", err)
	}
	b.held += rest
	return nil
}

// fail turns an error met while reading the body into the answer: 413 if
// the body went past the limit (whatever a parser made of that), 499 if
// the client went away while the body waited for its share of memory,
// else a bad request with the message of err prefixed by what was being
// read.
func (b *body) fail(what string, err error) error {
	switch {
	case b.tooLarge:
		return &apiError{http.StatusRequestEntityTooLarge, codeTooLarge,
			fmt.Sprintf("the request body is larger than the limit of %d bytes", b.limit)}
	case b.gone != nil:
		return clientGone(b.gone)
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

// readAll reads r to the end. With size, the length announced, the
// buffer grows as the bytes arrive, doubling up to that size plus one byte
// to see the end, rather than beyond it as io.ReadAll's may: memory
// follows the bytes sent, not the bytes promised.
func readAll(r io.Reader, size int64) ([]byte, error) {
	if size < 0 {
		return io.ReadAll(r)
	}
	buf := make([]byte, 0, min(size+1, bodyChunk))
	for {
		if len(buf) == cap(buf) {
			if c := min(2*int64(cap(buf)), size+1); c > int64(len(buf)) {
				buf = append(make([]byte, 0, c), buf...)
			} else {
				buf = append(buf, 0)[:len(buf)] // grow; the length was wrong
			}
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
// while f runs. If ctx is done before f can start, it returns ctx's error
// (wrapped) without running f.
func (h *handler) waitTurn(ctx context.Context, f func() error) error {
	if err := h.work.acquire(ctx, 1); err != nil {
		return fmt.Errorf("waiting for a work slot: %w", err)
	}
	defer h.work.release(1)
	if err := ctx.Err(); err != nil {
		// Done while the slot was being granted: do not start.
		return fmt.Errorf("waiting for a work slot: %w", err)
	}
	return f()
}
