package httpd

import (
	_ "embed"
	"net/http"
)

// openAPIDocument is the OpenAPI 3.1 description of the API: every path,
// option, field and error code, with examples. It is kept in the
// repository as openapi.json, and openapi_test.go holds it to the
// handler: its routes, its option tables, its error codes, the Go types of
// its answers, and what the examples' requests really get.
//
// Its one server is ".", the address the document is served from, so the
// document stays right when the handler is mounted under a prefix.
//
//go:embed openapi.json
var openAPIDocument []byte

// openAPI serves GET /openapi.json: the OpenAPI document, as it is in the
// repository.
func (h *handler) openAPI(w http.ResponseWriter, r *http.Request) error {
	writeBody(w, http.StatusOK, "application/json", openAPIDocument)
	return nil
}
