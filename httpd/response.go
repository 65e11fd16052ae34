package httpd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/barkit/barkit"
)

// The error codes of SPEC.md §7, and timeout, which the specification's
// single-threaded server has no need of. The specification's
// engine-load-failed has no counterpart: barkit's codecs are compiled into
// the program.
const (
	codeBadRequest  = "bad-request"       // 400: invalid JSON, missing data or image, an image that cannot be decoded, unknown symbology, data that cannot be encoded
	codeUnsupported = "unsupported"       // 400: the operation is not available for that symbology
	codeNotFound    = "not-found"         // 404: unknown path or method
	codeTooLarge    = "payload-too-large" // 413: body larger than MaxBodyBytes
	codeUnknown     = "unknown"           // 500: any other failure
	codeTimeout     = "timeout"           // 503: a scan stopped at Options.ScanTimeout
)

// An apiError is a failed request: the status and the Error object
// (SPEC.md §2.5) to answer with.
type apiError struct {
	status  int
	code    string
	message string
}

func (e *apiError) Error() string { return e.code + ": " + e.message }

// badRequest returns a 400 bad-request error with a formatted message.
func badRequest(format string, args ...any) *apiError {
	return &apiError{http.StatusBadRequest, codeBadRequest, fmt.Sprintf(format, args...)}
}

// libraryError maps an error of the barkit library to the API's: input
// the library refuses, an image it cannot decode included, is 400
// (unsupported when the symbology cannot do what was asked); anything else
// is returned as it is, for ServeHTTP to answer 500 unknown. The message
// drops the package prefixes ("barkit: imageio: corrupt image: ..." is
// "corrupt image: ...").
func libraryError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "barkit: ")
	msg = strings.TrimPrefix(msg, "imageio: ")
	switch {
	case errors.Is(err, barkit.ErrUnsupported):
		return &apiError{http.StatusBadRequest, codeUnsupported, msg}
	case barkit.IsUserError(err):
		return &apiError{http.StatusBadRequest, codeBadRequest, msg}
	}
	return err
}

// errorBody is the Error object of SPEC.md §2.5.
type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// writeError answers with e. Headers an endpoint set for a response it did
// not send are dropped.
func writeError(w http.ResponseWriter, e *apiError) {
	var b errorBody
	b.Error.Code = e.code
	b.Error.Message = e.message
	hdr := w.Header()
	hdr.Del("Content-Disposition")
	hdr.Del("Cache-Control")
	writeJSON(w, e.status, b)
}

// writeJSON answers with v as JSON. The JSON is built in memory first, so
// the response carries its length, and a value that cannot be encoded is
// a 500 rather than half a body.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := encodeJSON(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"unknown","message":"the response could not be encoded as JSON"}}` + "\n")
	}
	writeBody(w, status, "application/json", b)
}

// writeBody answers with b as the whole body.
func writeBody(w http.ResponseWriter, status int, contentType string, b []byte) {
	hdr := w.Header()
	hdr.Set("Content-Type", contentType)
	hdr.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b) // a failed write is the client's loss; the log shows the bytes that went out
}

// encodeJSON encodes v compactly with a trailing newline, leaving '<', '>'
// and '&' unescaped: the output is data for programs and people, not
// markup, and URLs read better with their '&' as it is.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// mustJSON encodes a value built by the program itself, which always
// encodes.
func mustJSON(v any) []byte {
	b, err := encodeJSON(v)
	if err != nil {
		panic("httpd: " + err.Error())
	}
	return b
}
