package httpd

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/symbology"
)

// parse serves POST /v1/parse (SPEC.md §4.3). The body is a JSON object
// {"data": ..., "symbology": ...} or the text itself:
//
//   - with a JSON content type, the body must be JSON: an object, or a
//     string or number taken as the data;
//   - with a text/* content type, the body is the text exactly;
//   - otherwise a body that is a JSON object or string is taken as JSON,
//     and any other body is the text.
//
// The symbology (the hint of where the text came from) may also be given
// in the query string, and so may the data when the body is empty.
func (h *handler) parse(w http.ResponseWriter, r *http.Request) error {
	b, err := h.openBody(w, r, h.texts)
	if err != nil {
		return err
	}
	defer b.release()
	data, err := b.readAll(r.ContentLength)
	if err != nil {
		return err
	}

	query, err := queryParams(r)
	if err != nil {
		return err
	}
	p := params{query: query, options: parseOptionTable}
	mt, _ := mediaType(r)
	var text string
	var haveText bool
	switch {
	case len(data) == 0:
	case isJSON(mt):
		if !isObject(data) {
			var s string
			if json.Unmarshal(data, &s) == nil {
				text, haveText = s, true
				break
			}
			if isNumber(data) {
				text, haveText = string(data), true
				break
			}
		}
		obj, err := parseObject(data)
		if err != nil {
			return err
		}
		p.body = jsonParams(obj)
	case strings.HasPrefix(mt, "text/"):
		text, haveText = string(data), true
	case isObject(data) && json.Valid(data):
		obj, err := parseObject(data)
		if err != nil {
			return err
		}
		p.body = jsonParams(obj)
	default:
		var s string
		if data[0] == '"' && json.Unmarshal(data, &s) == nil {
			text = s
		} else {
			text = string(data)
		}
		haveText = true
	}
	if !haveText {
		if _, ok := p.get("data"); !ok {
			return badRequest("data is missing: send the text as the body, or as data in a JSON object")
		}
		if text, err = p.str("", "data"); err != nil {
			return err
		}
	}
	if text == "" {
		return badRequest("data is empty: there is no text to parse")
	}
	hint, err := p.str("", "symbology")
	if err != nil {
		return err
	}
	if hint != "" {
		info, ok := symbology.Lookup(hint)
		if !ok {
			return badRequest("symbology: unknown symbology %q", hint)
		}
		hint = info.ID
	}
	writeJSON(w, http.StatusOK, barkit.Parse(text, hint))
	return nil
}
