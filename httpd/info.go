package httpd

import (
	"net/http"

	"github.com/barkit/barkit"
)

// docsURL is the address of the reference documentation, given in the
// Health object: the OpenAPI document, GET /openapi.json. It is relative
// (RFC 3986 §5.2), resolved against the address of the health request, so
// it leads to the document under a prefix too: from /health and / to
// /openapi.json, from /barcodes/health to /barcodes/openapi.json.
const docsURL = "openapi.json"

// healthBody is the Health object of SPEC.md §2.1.
type healthBody struct {
	OK      bool   `json:"ok"`
	Name    string `json:"name"`
	Version string `json:"version"`
	Docs    string `json:"docs"`
}

// health serves GET /health and GET / (SPEC.md §4.4).
func (h *handler) health(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, healthBody{OK: true, Name: "barkit", Version: barkit.Version, Docs: docsURL})
	return nil
}

// listingBody is the symbologies listing of SPEC.md §2.4.
type listingBody struct {
	Read    []string `json:"read"`    // ids barkit reads
	Write   []string `json:"write"`   // ids barkit writes
	Details []detail `json:"details"` // every symbology, sorted by id
}

// detail describes one symbology in the listing.
type detail struct {
	ID      string   `json:"id"`      // id, such as "qr"
	Name    string   `json:"name"`    // display name, such as "QR Code"
	Kind    string   `json:"kind"`    // matrix, linear or stacked
	Aliases []string `json:"aliases"` // other names it answers to
	Format  string   `json:"format"`  // engine format name as zxing names it, such as "QRCode"
	Read    bool     `json:"read"`    // barkit reads it
	Write   bool     `json:"write"`   // barkit writes it
	Groups  []string `json:"groups"`  // groups it belongs to besides its kind and "all"
}

// listing builds the symbologies listing from the registry.
func listing() listingBody {
	l := listingBody{Read: []string{}, Write: []string{}, Details: []detail{}}
	for _, info := range barkit.Symbologies() {
		d := detail{
			ID:      info.ID,
			Name:    info.Name,
			Kind:    string(info.Kind),
			Aliases: nonNil(info.Aliases),
			Format:  info.Format,
			Read:    info.Readable,
			Write:   info.Write != nil,
			Groups:  nonNil(info.Groups),
		}
		if d.Read {
			l.Read = append(l.Read, info.ID)
		}
		if d.Write {
			l.Write = append(l.Write, info.ID)
		}
		l.Details = append(l.Details, d)
	}
	return l
}

// nonNil returns s, or an empty slice for nil, so JSON shows [] not null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// listSymbologies serves GET /v1/symbologies.
func (h *handler) listSymbologies(w http.ResponseWriter, r *http.Request) error {
	writeBody(w, http.StatusOK, "application/json", h.symbologies)
	return nil
}
