package httpd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// params holds the options of one request, from the query string and from
// the body (JSON members or multipart fields). Body values override query
// values (SPEC.md §4.1). Option names are compared with key: case and '-'
// and '_' do not matter, so tryHarder, tryharder and try_harder are one.
type params struct {
	query map[string]value
	body  map[string]value
	// options is the table of the endpoint the options are for: an option
	// is read under its name and its aliases, and reading one the table
	// does not list is a programmer error. Nil (in tests of the
	// conversions) reads each name as it is.
	options []option
}

// An option is one option of an endpoint: the name the API documents and
// the other names it answers to.
type option struct {
	name    string
	aliases []string
}

// The options of each endpoint. These tables are the one list of the
// option names the API accepts: params reads an option only through its
// endpoint's table, and openapi_test.go holds openapi.json to them, so a
// new option is added here, read where its endpoint reads the others, and
// documented in openapi.json and README.md.
var (
	// scanOptionTable lists the options of POST /v1/scan (SPEC.md §4.1).
	scanOptionTable = []option{
		{name: "symbologies", aliases: []string{"symbology"}},
		{name: "tryHarder"},
		{name: "maxResults"},
		{name: "parse"},
		{name: "eanAddOn"},
	}
	// generateOptionTable lists the options of GET and POST /v1/generate
	// (SPEC.md §4.2).
	generateOptionTable = []option{
		{name: "data", aliases: []string{"text", "value"}},
		{name: "dataEncoding"},
		{name: "eci"},
		{name: "symbology"},
		{name: "format"},
		{name: "ecLevel", aliases: []string{"ec"}},
		{name: "gs1"},
		{name: "version", aliases: []string{"size"}},
		{name: "scale"},
		{name: "hrt"},
		{name: "margin"},
		{name: "rotate"},
		{name: "foreground", aliases: []string{"fg"}},
		{name: "background", aliases: []string{"bg"}},
	}
	// parseOptionTable lists the options of POST /v1/parse (SPEC.md §4.3).
	parseOptionTable = []option{
		{name: "data", aliases: []string{"text", "value"}},
		{name: "symbology"},
	}
)

// A value is one option as the request gave it.
type value struct {
	name  string          // the name the request used, for messages
	texts []string        // the values of a query parameter or form field, in order; nil for JSON
	raw   json.RawMessage // the JSON value; nil for text
}

// key folds an option name to the form names are compared in.
func key(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' {
			return -1
		}
		return toLower(r)
	}, name)
}

func toLower(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

// queryParams returns the options in r's query string. A query string
// that is not valid URL encoding (a stray '%') is a bad request, rather
// than losing the options it garbles.
func queryParams(r *http.Request) (map[string]value, error) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, badRequest("invalid query string: %v", err)
	}
	return textParams(q), nil
}

// textParams returns the options of a query string or urlencoded form.
func textParams(q url.Values) map[string]value {
	m := make(map[string]value, len(q))
	for name, texts := range q {
		k := key(name)
		if v, ok := m[k]; ok { // tryHarder and tryharder both given
			v.texts = append(v.texts, texts...)
			m[k] = v
			continue
		}
		m[k] = value{name: name, texts: texts}
	}
	return m
}

// jsonParams returns the options of a JSON object. A null member counts as
// absent.
func jsonParams(obj map[string]json.RawMessage) map[string]value {
	m := make(map[string]value, len(obj))
	for name, raw := range obj {
		if string(raw) == "null" {
			continue
		}
		m[key(name)] = value{name: name, raw: raw}
	}
	return m
}

// parseObject decodes a JSON object of options. Anything else, and
// invalid JSON, is a bad request.
func parseObject(data []byte) (map[string]json.RawMessage, error) {
	if !isObject(data) {
		if !json.Valid(data) {
			return nil, badRequest("invalid JSON: %v", jsonError(data))
		}
		return nil, badRequest("the JSON body must be an object")
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, badRequest("invalid JSON: %v", jsonError(data))
	}
	return obj, nil
}

// jsonError describes why data is not valid JSON.
func jsonError(data []byte) error {
	var v any
	err := json.Unmarshal(data, &v)
	if err == nil {
		return fmt.Errorf("not a JSON object")
	}
	return err
}

// isObject reports whether data starts like a JSON object: '{' after
// optional white space.
func isObject(data []byte) bool {
	data = bytes.TrimLeft(data, " \t\r\n")
	return len(data) > 0 && data[0] == '{'
}

// get returns the option name, given under its name or one of its
// aliases, from the body if it is there, else from the query string.
// Within one source the name wins over its aliases, and an alias over the
// ones after it in the table.
func (p params) get(name string) (value, bool) {
	names := p.names(name)
	for _, m := range []map[string]value{p.body, p.query} {
		for _, n := range names {
			if v, ok := m[n]; ok {
				return v, true
			}
		}
	}
	return value{}, false
}

// names returns the names, folded with key, that the option name is given
// under: its own and its aliases. It panics if p.options does not list the
// option: every option the API reads is in its endpoint's table.
func (p params) names(name string) []string {
	k := key(name)
	if p.options == nil {
		return []string{k}
	}
	for _, o := range p.options {
		if key(o.name) != k {
			continue
		}
		names := []string{k}
		for _, a := range o.aliases {
			names = append(names, key(a))
		}
		return names
	}
	panic("httpd: option " + name + " is not in its endpoint's table (params.go)")
}

// str returns a string option, or def when it is absent. A JSON number is
// taken as written, so {"data": 9506000134352} encodes those digits.
func (p params) str(def string, name string) (string, error) {
	v, ok := p.get(name)
	if !ok {
		return def, nil
	}
	return v.str()
}

func (v value) str() (string, error) {
	if v.raw == nil {
		return v.texts[0], nil
	}
	var s string
	if json.Unmarshal(v.raw, &s) == nil {
		return s, nil
	}
	if isNumber(v.raw) {
		return string(v.raw), nil
	}
	return "", badRequest("%s must be a string, not %s", v.name, v.quote())
}

// boolean returns a boolean option, or def when it is absent. It accepts
// true/false, 1/0, yes/no and on/off in any case, as text, as JSON
// strings, and as JSON booleans and numbers.
func (p params) boolean(def bool, name string) (bool, error) {
	v, ok := p.get(name)
	if !ok {
		return def, nil
	}
	s := ""
	switch {
	case v.raw == nil:
		s = v.texts[0]
	case isNumber(v.raw):
		s = string(v.raw)
	default:
		if err := json.Unmarshal(v.raw, &s); err != nil {
			var b bool
			if json.Unmarshal(v.raw, &b) == nil {
				return b, nil
			}
			return false, v.notBoolean()
		}
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "1", "yes", "on":
		return true, nil
	case "false", "0", "no", "off":
		return false, nil
	}
	return false, v.notBoolean()
}

func (v value) notBoolean() error {
	return badRequest("%s: %s is not a boolean (use true or false, 1 or 0, yes or no, on or off)", v.name, v.quote())
}

// integer returns a whole-number option, or def when it is absent. It
// accepts text, JSON numbers with no fractional part (4 or 4.0) and JSON
// strings holding a whole number.
func (p params) integer(def int, name string) (int, error) {
	v, ok := p.get(name)
	if !ok {
		return def, nil
	}
	s := ""
	switch {
	case v.raw == nil:
		s = v.texts[0]
	case isNumber(v.raw):
		f, err := strconv.ParseFloat(string(v.raw), 64)
		if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<31 {
			return 0, v.notInteger()
		}
		return int(f), nil
	default:
		if json.Unmarshal(v.raw, &s) != nil {
			return 0, v.notInteger()
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 32)
	if err != nil {
		return 0, v.notInteger()
	}
	return int(n), nil
}

func (v value) notInteger() error {
	return badRequest("%s: %s is not a whole number", v.name, v.quote())
}

// list returns a list option: repeated query parameters or fields, a JSON
// array of strings or a JSON string. Each element may itself be a
// comma-separated list; splitting is left to the caller.
func (p params) list(name string) ([]string, error) {
	v, ok := p.get(name)
	if !ok {
		return nil, nil
	}
	if v.raw == nil {
		return v.texts, nil
	}
	var s string
	if json.Unmarshal(v.raw, &s) == nil {
		return []string{s}, nil
	}
	var list []string
	if err := json.Unmarshal(v.raw, &list); err != nil {
		return nil, badRequest("%s must be a list of strings or a comma-separated string, not %s", v.name, v.quote())
	}
	return list, nil
}

// isNumber reports whether raw is a JSON number.
func isNumber(raw json.RawMessage) bool {
	var n json.Number
	return len(raw) > 0 && raw[0] != '"' && json.Unmarshal(raw, &n) == nil
}

// quote shows the value in a message, shortened when it is long.
func (v value) quote() string {
	if v.raw != nil {
		return shorten(string(v.raw))
	}
	return strconv.Quote(shorten(v.texts[0]))
}

// shorten cuts s to at most 40 bytes, at a rune boundary, marking the cut.
func shorten(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
