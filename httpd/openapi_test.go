package httpd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/content"
	"github.com/barkit/barkit/symbology"
	"github.com/google/go-cmp/cmp"
)

// These tests hold openapi.json to the handler: its structure and
// examples (TestOpenAPIValid), its routes, options and error codes against
// the handler's own tables and code, its response schemas against the Go
// types the handler encodes, and its examples against what the handler
// answers to their requests.

// loadDocument decodes the embedded openapi.json.
func loadDocument(t *testing.T) *document {
	t.Helper()
	var root map[string]any
	if err := json.Unmarshal(openAPIDocument, &root); err != nil {
		t.Fatalf("openapi.json is not a JSON object: %v", err)
	}
	return &document{root: root}
}

// An operation is one method of one path of the document.
type operation struct {
	key          string // "POST /v1/scan"
	path, method string // "/v1/scan", "POST"
	op           map[string]any
}

// operations returns the document's operations, in order.
func (d *document) operations() []operation {
	var ops []operation
	paths := obj(d.root["paths"])
	for _, p := range sortedKeys(paths) {
		item := obj(paths[p])
		for _, m := range methods {
			if op, ok := item[m].(map[string]any); ok {
				method := strings.ToUpper(m)
				ops = append(ops, operation{method + " " + p, p, method, op})
			}
		}
	}
	return ops
}

// parameters returns the operation's parameters, resolved.
func (d *document) parameters(op map[string]any) []map[string]any {
	var ps []map[string]any
	list, _ := op["parameters"].([]any)
	for _, p := range list {
		ps = append(ps, d.resolve(p))
	}
	return ps
}

// TestOpenAPIValid checks that openapi.json is a valid OpenAPI 3.1
// document (openapicheck_test.go): its objects have their required fields
// and no unknown ones, every $ref leads somewhere, operationIds are
// unique, every schema is a JSON Schema of the subset the checker knows,
// and every example, default and schema example is valid against its
// schema. Its version is barkit's, and every component is used.
func TestOpenAPIValid(t *testing.T) {
	d := loadDocument(t)
	c := &checker{d: d}
	c.checkDocument()
	for _, e := range c.errs {
		t.Error(e)
	}
	if v := obj(d.root["info"])["version"]; v != barkit.Version {
		t.Errorf("info.version = %v, want barkit.Version %q", v, barkit.Version)
	}

	var refs []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if r, ok := x["$ref"].(string); ok {
				refs = append(refs, r)
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(d.root)
	comps := obj(d.root["components"])
	for _, kind := range sortedKeys(comps) {
		for _, name := range sortedKeys(obj(comps[kind])) {
			ref := "#/components/" + kind + "/" + name
			// NotFound answers requests outside the document, so no
			// operation refers to it; TestOpenAPIExamples runs it.
			if ref == "#/components/responses/NotFound" {
				continue
			}
			if !slices.Contains(refs, ref) {
				t.Errorf("%s is not used", ref)
			}
		}
	}
}

// TestOpenAPIServed checks GET /openapi.json: the document as it is in the
// repository, as JSON, also by HEAD; and, under http.StripPrefix, that the
// Health object's docs leads to it and its server "." to the API.
func TestOpenAPIServed(t *testing.T) {
	h := newHandler(Options{})
	w := serve(h, "GET", "/openapi.json", "", nil)
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("GET /openapi.json: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
	if !bytes.Equal(w.Body.Bytes(), openAPIDocument) || !json.Valid(w.Body.Bytes()) {
		t.Fatalf("GET /openapi.json did not answer the document")
	}
	checkCORS(t, w.Header(), "*")
	if w := serve(h, "HEAD", "/openapi.json", "", nil); w.Code != http.StatusOK {
		t.Errorf("HEAD /openapi.json: %d", w.Code)
	}

	d := loadDocument(t)
	servers, _ := d.root["servers"].([]any)
	if len(servers) != 1 {
		t.Fatalf("%d servers, want the one relative server", len(servers))
	}
	su, err := url.Parse(obj(servers[0])["url"].(string))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/barcodes/", http.StripPrefix("/barcodes", h))
	for _, c := range []struct {
		srv          http.Handler
		health, docs string
	}{
		{h, "/health", "/openapi.json"},
		{h, "/", "/openapi.json"},
		{mux, "/barcodes/health", "/barcodes/openapi.json"},
		{mux, "/barcodes/", "/barcodes/openapi.json"},
	} {
		w := serve(c.srv, "GET", c.health, "", nil)
		var health healthBody
		if err := json.Unmarshal(w.Body.Bytes(), &health); err != nil {
			t.Fatalf("GET %s: %v", c.health, err)
		}
		base, _ := url.Parse(c.health)
		ref, err := url.Parse(health.Docs)
		if err != nil {
			t.Fatalf("docs %q: %v", health.Docs, err)
		}
		docs := base.ResolveReference(ref).String()
		if docs != c.docs {
			t.Errorf("docs %q from %s leads to %s, want %s", health.Docs, c.health, docs, c.docs)
		}
		if w := serve(c.srv, "GET", docs, "", nil); !bytes.Equal(w.Body.Bytes(), openAPIDocument) {
			t.Errorf("GET %s: %d, not the document", docs, w.Code)
		}

		// The document's server, resolved against its address, and a
		// path of the document appended (OpenAPI 3.1.1 §4.8.1.1,
		// §4.8.8.1) lead to the API.
		server := strings.TrimSuffix(base.ResolveReference(ref).ResolveReference(su).String(), "/")
		if w := serve(c.srv, "GET", server+"/v1/symbologies", "", nil); w.Code != http.StatusOK {
			t.Errorf("server %q from %s: GET %s/v1/symbologies is %d", su, docs, server, w.Code)
		}
	}
}

// TestOpenAPIRoutes checks that the document's paths and methods are the
// handler's routes. (HEAD, answered wherever GET is, and the OPTIONS
// preflight, answered on every path, are in info.description.)
func TestOpenAPIRoutes(t *testing.T) {
	d := loadDocument(t)
	var doc, code []string
	for _, o := range d.operations() {
		doc = append(doc, o.key)
	}
	for path, byMethod := range newHandler(Options{}).routes {
		for m := range byMethod {
			code = append(code, m+" "+path)
		}
	}
	slices.Sort(doc)
	slices.Sort(code)
	if diff := cmp.Diff(code, doc); diff != "" {
		t.Errorf("routes (-handler +openapi.json):\n%s", diff)
	}
}

// optionTables maps each operation to the table of options it reads
// (params.go); the other operations take none.
var optionTables = map[string][]option{
	"POST /v1/scan":     scanOptionTable,
	"GET /v1/generate":  generateOptionTable,
	"POST /v1/generate": generateOptionTable,
	"POST /v1/parse":    parseOptionTable,
}

// bodyMembers are the members of request bodies that are not options:
// the image of a scan.
var bodyMembers = map[string][]string{
	"POST /v1/scan application/json":    {"image"},
	"POST /v1/scan multipart/form-data": {"image", "file"},
}

// TestOpenAPIOptions checks that every operation documents the options of
// its table in params.go, with their aliases (x-aliases), and no other:
// as query parameters, and as members of every form of request body.
func TestOpenAPIOptions(t *testing.T) {
	d := loadDocument(t)
	// describe lists options as "name (aliases)", sorted.
	describe := func(table []option) []string {
		var s []string
		for _, o := range table {
			s = append(s, o.name+" "+fmt.Sprint(o.aliases))
		}
		slices.Sort(s)
		return s
	}
	aliases := func(schema any) []string {
		var a []string
		list, _ := d.resolve(schema)["x-aliases"].([]any)
		for _, x := range list {
			a = append(a, x.(string))
		}
		return a
	}
	for _, o := range d.operations() {
		want := describe(optionTables[o.key])
		var query []option
		for _, p := range d.parameters(o.op) {
			if p["in"] != "query" {
				t.Errorf("%s: parameter %v is in %v, not the query", o.key, p["name"], p["in"])
			}
			query = append(query, option{p["name"].(string), aliases(p["schema"])})
		}
		if diff := cmp.Diff(want, describe(query)); diff != "" {
			t.Errorf("%s query parameters (-params.go +openapi.json):\n%s", o.key, diff)
		}

		body := d.resolve(o.op["requestBody"])
		if body == nil && len(want) > 0 && o.method == "POST" {
			t.Errorf("%s: no request body", o.key)
		}
		for _, mt := range sortedKeys(obj(body["content"])) {
			schema := obj(obj(body["content"])[mt])["schema"]
			for _, s := range objectSchemas(d, schema) {
				var members []option
				for _, name := range sortedKeys(obj(s["properties"])) {
					if !slices.Contains(bodyMembers[o.key+" "+mt], name) {
						members = append(members, option{name, aliases(obj(s["properties"])[name])})
					}
				}
				if diff := cmp.Diff(want, describe(members)); diff != "" {
					t.Errorf("%s %s members (-params.go +openapi.json):\n%s", o.key, mt, diff)
				}
			}
		}
	}

	// Within a table, every name and alias is one option's only.
	for op, table := range optionTables {
		seen := map[string]string{}
		for _, o := range table {
			for _, n := range append([]string{o.name}, o.aliases...) {
				if prev, ok := seen[key(n)]; ok {
					t.Errorf("%s: %s is %s's and %s's", op, n, prev, o.name)
				}
				seen[key(n)] = o.name
			}
		}
	}
}

// objectSchemas returns the object schemas a request body's schema
// allows: itself, or the object branches of its oneOf. A body that is no
// object (an image, a string) has none.
func objectSchemas(d *document, schema any) []map[string]any {
	s := d.resolve(schema)
	if branches, ok := s["oneOf"].([]any); ok {
		var out []map[string]any
		for _, b := range branches {
			out = append(out, objectSchemas(d, b)...)
		}
		return out
	}
	if s["type"] == "object" {
		return []map[string]any{s}
	}
	return nil
}

// httpStatus gives the value of the net/http status constants the
// handler's errors use; the test fails on one it does not list.
var httpStatus = map[string]int{
	"http.StatusBadRequest":            http.StatusBadRequest,
	"http.StatusNotFound":              http.StatusNotFound,
	"http.StatusRequestEntityTooLarge": http.StatusRequestEntityTooLarge,
	"http.StatusInternalServerError":   http.StatusInternalServerError,
	"http.StatusServiceUnavailable":    http.StatusServiceUnavailable,
}

// handlerErrors reads the package's source for the errors the handler can
// answer with: the code constants (code... = "..."), and each status and
// code an apiError is made with, as "400 bad-request".
func handlerErrors(t *testing.T) (codes []string, pairs []string) {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]string{}
	var lits []*ast.CompositeLit
	for _, f := range pkgs["httpd"].Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ValueSpec:
				for i, name := range x.Names {
					if len(x.Values) == 0 {
						break
					}
					if lit, ok := x.Values[min(i, len(x.Values)-1)].(*ast.BasicLit); ok && strings.HasPrefix(name.Name, "code") && lit.Kind == token.STRING {
						values[name.Name], _ = strconv.Unquote(lit.Value)
					}
				}
			case *ast.CompositeLit:
				if id, ok := x.Type.(*ast.Ident); ok && id.Name == "apiError" {
					lits = append(lits, x)
				}
			}
			return true
		})
	}
	for _, v := range values {
		codes = append(codes, v)
	}
	for _, lit := range lits {
		at := fset.Position(lit.Pos())
		if len(lit.Elts) < 2 {
			t.Fatalf("%v: apiError without status and code", at)
		}
		var status string
		switch s := lit.Elts[0].(type) {
		case *ast.Ident:
			if s.Name == "statusClientGone" {
				continue // 499: logged for a client that went away, which reads no answer
			}
		case *ast.SelectorExpr:
			if x, ok := s.X.(*ast.Ident); ok {
				if n, ok := httpStatus[x.Name+"."+s.Sel.Name]; ok {
					status = strconv.Itoa(n)
				}
			}
		}
		code, _ := lit.Elts[1].(*ast.Ident)
		if status == "" || code == nil || values[code.Name] == "" {
			t.Fatalf("%v: apiError with a status or code this test cannot read; add it to httpStatus", at)
		}
		pairs = append(pairs, status+" "+values[code.Name])
	}
	slices.Sort(codes)
	slices.Sort(pairs)
	return codes, slices.Compact(pairs)
}

// errorCodes returns the codes the Error schema of an error response
// allows (a const or an enum of error.code).
func errorCodes(d *document, resp map[string]any) []string {
	var codes []string
	for _, mt := range sortedKeys(obj(resp["content"])) {
		s := obj(obj(obj(resp["content"])[mt])["schema"])
		code := obj(obj(obj(obj(obj(s["properties"])["error"])["properties"])["code"]))
		if c, ok := code["const"].(string); ok {
			codes = append(codes, c)
		}
		list, _ := code["enum"].([]any)
		for _, c := range list {
			codes = append(codes, c.(string))
		}
	}
	return codes
}

// TestOpenAPIErrorCodes checks the error codes of the document against
// the handler's source: ErrorCode lists every code constant, and the
// statuses of the operations' error responses with their codes are those
// the handler makes apiErrors with.
func TestOpenAPIErrorCodes(t *testing.T) {
	d := loadDocument(t)
	codes, pairs := handlerErrors(t)
	var enum []string
	list, _ := d.resolve(map[string]any{"$ref": "#/components/schemas/ErrorCode"})["enum"].([]any)
	for _, c := range list {
		enum = append(enum, c.(string))
	}
	slices.Sort(enum)
	if diff := cmp.Diff(codes, enum); diff != "" {
		t.Errorf("ErrorCode (-code constants +openapi.json):\n%s", diff)
	}

	var doc []string
	for _, o := range d.operations() {
		resps := obj(o.op["responses"])
		for _, status := range sortedKeys(resps) {
			if status >= "400" {
				for _, c := range errorCodes(d, d.resolve(resps[status])) {
					doc = append(doc, status+" "+c)
				}
			}
		}
		// Every operation may fail (500); every one that reads a body
		// may find it too large (413).
		if _, ok := resps["500"]; !ok {
			t.Errorf("%s: no 500 response", o.key)
		}
		if _, body := o.op["requestBody"]; body {
			if _, ok := resps["413"]; !ok {
				t.Errorf("%s reads a body and has no 413 response", o.key)
			}
		}
	}
	// Not found is the answer outside the document's operations.
	for _, c := range errorCodes(d, d.resolve(map[string]any{"$ref": "#/components/responses/NotFound"})) {
		doc = append(doc, "404 "+c)
	}
	slices.Sort(doc)
	if diff := cmp.Diff(pairs, slices.Compact(doc)); diff != "" {
		t.Errorf("error statuses and codes (-handler +openapi.json):\n%s", diff)
	}
}

// TestOpenAPIResponseTypes checks the response schemas against the Go
// types the handler encodes: the same members, the same required ones
// (those without omitempty), the same JSON types, all the way down; the
// ParsedContent of every content type; and the enums drawn from the
// registry.
func TestOpenAPIResponseTypes(t *testing.T) {
	d := loadDocument(t)
	for _, c := range []struct {
		schema string
		v      any
	}{
		{"Health", healthBody{}},
		{"Symbologies", listingBody{}},
		{"ScanResult", scanResult{}},
		{"Error", errorBody{}},
		{"ParsedContent", content.Content{}},
	} {
		checkType(t, d, c.schema, map[string]any{"$ref": "#/components/schemas/" + c.schema}, reflect.TypeOf(c.v))
	}

	var ids []string
	for _, info := range barkit.Symbologies() {
		if !strings.HasPrefix(info.ID, "httpd-test-") { // helpers_test.go's
			ids = append(ids, info.ID)
		}
	}
	checkEnum(t, d, "#/components/schemas/SymbologyId", ids)
	checkEnum(t, d, "#/components/schemas/SymbologyDetail/properties/kind",
		[]string{string(symbology.Matrix), string(symbology.Linear), string(symbology.Stacked)})
}

// checkEnum checks that the schema at ref has the enum want, in any order.
func checkEnum(t *testing.T, d *document, ref string, want []string) {
	t.Helper()
	s, _ := d.pointer(ref)
	var got []string
	list, _ := obj(s)["enum"].([]any)
	for _, e := range list {
		got = append(got, e.(string))
	}
	slices.Sort(got)
	want = slices.Sorted(slices.Values(want))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s enum (-Go +openapi.json):\n%s", ref, diff)
	}
}

// checkType checks that schema s describes the JSON encoding of typ.
func checkType(t *testing.T, d *document, at string, s any, typ reflect.Type) {
	t.Helper()
	r := d.resolve(s)
	if r == nil {
		t.Errorf("%s: no schema", at)
		return
	}
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if typ == reflect.TypeOf(content.Content{}) {
		checkContent(t, d, at, r)
		return
	}
	want := ""
	switch typ.Kind() {
	case reflect.Struct:
		want = "object"
		checkStruct(t, d, at, r, typ, nil)
	case reflect.Slice:
		if typ.Elem().Kind() == reflect.Uint8 {
			want = "string"
			if r["contentEncoding"] != "base64" {
				t.Errorf("%s: bytes without contentEncoding base64", at)
			}
			break
		}
		want = "array"
		checkType(t, d, at+"[]", r["items"], typ.Elem())
	case reflect.Map:
		want = "object"
		checkType(t, d, at+"{}", r["additionalProperties"], typ.Elem())
	case reflect.String:
		want = "string"
	case reflect.Bool:
		want = "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		want = "integer"
	case reflect.Float32, reflect.Float64:
		want = "number"
	default:
		t.Errorf("%s: the test does not know %v", at, typ)
	}
	if r["type"] != want {
		t.Errorf("%s: type %v, want %s (Go %v)", at, r["type"], want, typ)
	}
}

// checkStruct checks an object schema against a struct: its properties
// are the struct's JSON members, besides extra, and the required ones
// those without omitempty.
func checkStruct(t *testing.T, d *document, at string, r map[string]any, typ reflect.Type, extra []string) {
	t.Helper()
	props := obj(r["properties"])
	var names, required []string
	fields := map[string]reflect.Type{}
	for i := range typ.NumField() {
		f := typ.Field(i)
		tag := f.Tag.Get("json")
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
		fields[name] = f.Type
		if !strings.Contains(opts, "omitempty") {
			required = append(required, name)
		}
	}
	names = append(names, extra...)
	required = append(required, extra...)
	docNames := sortedKeys(props)
	var docRequired []string
	reqList, _ := r["required"].([]any)
	for _, x := range reqList {
		docRequired = append(docRequired, x.(string))
	}
	slices.Sort(names)
	slices.Sort(required)
	slices.Sort(docRequired)
	if diff := cmp.Diff(names, docNames); diff != "" {
		t.Errorf("%s properties (-Go %v +openapi.json):\n%s", at, typ, diff)
	}
	if diff := cmp.Diff(required, docRequired); diff != "" {
		t.Errorf("%s required (-Go %v +openapi.json):\n%s", at, typ, diff)
	}
	for _, name := range sortedKeys(fields) {
		if p, ok := props[name]; ok {
			checkType(t, d, at+"."+name, p, fields[name])
		}
	}
}

// checkContent checks ParsedContent: a oneOf over one schema per content
// type, discriminated by type, each the type's struct in package content;
// every type of Content is in it.
func checkContent(t *testing.T, d *document, at string, r map[string]any) {
	t.Helper()
	mapping := obj(obj(r["discriminator"])["mapping"])
	var enum []string
	list, _ := obj(obj(r["properties"])["type"])["enum"].([]any)
	for _, e := range list {
		enum = append(enum, e.(string))
	}
	slices.Sort(enum)
	if diff := cmp.Diff(sortedKeys(mapping), enum); diff != "" {
		t.Errorf("%s: type enum (-mapping +enum):\n%s", at, diff)
	}
	members := map[string]bool{}
	for _, name := range sortedKeys(mapping) {
		var c content.Content
		if err := json.Unmarshal([]byte(`{"type":`+strconv.Quote(name)+`}`), &c); err != nil {
			t.Errorf("%s: type %q: %v", at, name, err)
			continue
		}
		branch := d.resolve(map[string]any{"$ref": mapping[name]})
		if c := obj(obj(branch["properties"])["type"])["const"]; c != name {
			t.Errorf("%s: %s: type const %v", at, name, c)
		}
		v := reflect.ValueOf(c)
		member := ""
		for i := range v.NumField() {
			if f := v.Field(i); f.Kind() == reflect.Pointer && !f.IsNil() {
				member = v.Type().Field(i).Name
				checkStruct(t, d, at+"("+name+")", branch, f.Type().Elem(), []string{"type"})
			}
		}
		if member == "" { // text: the text itself
			checkStruct(t, d, at+"("+name+")", branch, reflect.TypeOf(struct {
				Text string `json:"text"`
			}{}), []string{"type"})
			member = "Text"
		}
		members[member] = true
	}
	typ := reflect.TypeOf(content.Content{})
	for i := range typ.NumField() {
		if f := typ.Field(i); (f.Type.Kind() == reflect.Pointer || f.Name == "Text") && !members[f.Name] {
			t.Errorf("%s: content.Content.%s has no type in the document", at, f.Name)
		}
	}
}

// TestOpenAPIContentExamples checks the examples of the ParsedContent
// schemas as package content reads and writes them: decoded into a
// content.Content and encoded again, each is the same JSON.
func TestOpenAPIContentExamples(t *testing.T) {
	d := loadDocument(t)
	r := d.resolve(map[string]any{"$ref": "#/components/schemas/ParsedContent"})
	branches, _ := r["oneOf"].([]any)
	n := 0
	for _, b := range branches {
		exs, _ := d.resolve(b)["examples"].([]any)
		for _, ex := range exs {
			n++
			want, _ := json.Marshal(ex)
			var c content.Content
			if err := json.Unmarshal(want, &c); err != nil {
				t.Errorf("%s: %v", want, err)
				continue
			}
			got, err := json.Marshal(c)
			if err != nil {
				t.Errorf("%s: %v", want, err)
				continue
			}
			var g any
			json.Unmarshal(got, &g)
			if diff := cmp.Diff(ex, g); diff != "" {
				t.Errorf("example of %v (-openapi.json +content):\n%s", b, diff)
			}
		}
	}
	if n < len(branches) {
		t.Errorf("%d examples for %d content types: give each one", n, len(branches))
	}
}

// TestOpenAPIExamples runs the request of every example of a response
// through the handler and compares the answer with the example: the
// status, the content type, and the body (JSON: the same members, arrays
// and values; text: the same text).
//
// An example's request is made of the examples of the same name: the
// operation's parameters that have one make the query string, and the
// request body's media type that has one makes the body. Four names have
// a setup of their own, for answers no request alone gets: tooLarge (a
// Content-Length over the limit), unknown (an endpoint that panics),
// timeout (the scan of the url example with every work slot taken and a
// 10 ms time limit) and notFound. A JSON number with a fraction (a corner
// of a barcode) and the timestamp are compared by type; the symbologies
// example may be the first entries of the lists. Every request example
// must serve some response example.
func TestOpenAPIExamples(t *testing.T) {
	d := loadDocument(t)
	used := map[string]bool{}
	for _, o := range d.operations() {
		params := d.parameters(o.op)
		body := obj(d.resolve(o.op["requestBody"])["content"])
		resps := obj(o.op["responses"])
		found := false
		for _, status := range sortedKeys(resps) {
			resp := d.resolve(resps[status])
			for _, mt := range sortedKeys(obj(resp["content"])) {
				exs := obj(obj(obj(resp["content"])[mt])["examples"])
				for _, name := range sortedKeys(exs) {
					found = found || status == "200"
					want := d.resolve(exs[name])["value"]
					t.Run(o.key+" "+status+" "+name, func(t *testing.T) {
						runExample(t, d, o, params, body, name, status, mt, want, used)
					})
				}
			}
		}
		if !found && !noExample[o.key] {
			t.Errorf("%s: no example of its 200 answer", o.key)
		}
		// Every request example was run.
		for _, p := range params {
			for _, name := range sortedKeys(obj(p["examples"])) {
				if !used[o.key+" "+p["name"].(string)+" "+name] && !usedElsewhere(used, p["name"].(string)+" "+name) {
					t.Errorf("%s: parameter %s's example %s serves no answer", o.key, p["name"], name)
				}
			}
		}
		for _, mt := range sortedKeys(body) {
			for _, name := range sortedKeys(obj(obj(body[mt])["examples"])) {
				if !used[o.key+" "+mt+" "+name] {
					t.Errorf("%s: request example %s %s serves no answer", o.key, mt, name)
				}
			}
		}
	}

	t.Run("notFound", func(t *testing.T) {
		resp := d.resolve(map[string]any{"$ref": "#/components/responses/NotFound"})
		want := d.resolve(obj(obj(obj(resp["content"])["application/json"])["examples"])["notFound"])["value"]
		w := serve(newHandler(Options{}), "GET", "/v1/nowhere", "", nil)
		checkAnswer(t, w, "404", "application/json", want, false)
	})
}

// noExample lists the operations whose answer has no example: the
// document itself, and the metrics, whose text changes with every request.
var noExample = map[string]bool{"GET /openapi.json": true, "GET /metrics": true}

// usedElsewhere reports whether a shared parameter's example served an
// answer of another operation (generate's GET and POST share theirs).
func usedElsewhere(used map[string]bool, suffix string) bool {
	for k := range used {
		if strings.HasSuffix(k, " "+suffix) {
			return true
		}
	}
	return false
}

// runExample makes the request of the example name of an operation, sends
// it to a handler, and compares the answer with want.
func runExample(t *testing.T, d *document, o operation, params []map[string]any, body map[string]any, name, status, mt string, want any, used map[string]bool) {
	h := newHandler(Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	request := name
	switch name {
	case "timeout":
		request = "url"
		h = newHandler(Options{ScanTimeout: 10 * time.Millisecond})
		slots := int64(runtime.GOMAXPROCS(0))
		if err := h.work.acquire(context.Background(), slots); err != nil {
			t.Fatal(err)
		}
		defer h.work.release(slots)
		// The message names the limit, 30s by default.
		b, _ := json.Marshal(want)
		json.Unmarshal(bytes.Replace(b, []byte("30s"), []byte("10ms"), 1), &want)
	case "unknown":
		h.routes[o.path][o.method] = func(http.ResponseWriter, *http.Request) error { panic("a bug") }
	}

	q := url.Values{}
	for _, p := range params {
		if ex := d.resolve(obj(p["examples"])[request]); ex != nil {
			q.Set(p["name"].(string), queryText(ex["value"]))
			used[o.key+" "+p["name"].(string)+" "+request] = true
		}
	}
	var data []byte
	var ctype string
	for _, bmt := range sortedKeys(body) {
		ex := d.resolve(obj(obj(body[bmt])["examples"])[request])
		if ex == nil {
			continue
		}
		if ctype != "" {
			t.Fatalf("request examples %s in both %s and %s", request, ctype, bmt)
		}
		data, ctype = encodeBody(t, bmt, ex["value"]), bmt
		used[o.key+" "+bmt+" "+request] = true
	}
	target := o.path
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	r := httptest.NewRequest(o.method, target, bytes.NewReader(data))
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	if name == "tooLarge" {
		r.ContentLength = DefaultMaxBodyBytes + 1
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	checkAnswer(t, w, status, mt, want, name == "symbologies")
	if t.Failed() {
		t.Logf("request %s %s (%s) %.200s\nanswer: %.2000s", o.method, target, ctype, data, w.Body)
	}
}

// checkAnswer compares an answer with a response example.
func checkAnswer(t *testing.T, w *httptest.ResponseRecorder, status, mt string, want any, abbreviated bool) {
	t.Helper()
	if strconv.Itoa(w.Code) != status {
		t.Errorf("status %d, want %s", w.Code, status)
	}
	if got := w.Header().Get("Content-Type"); got != mt {
		t.Errorf("Content-Type %q, want %q", got, mt)
	}
	if mt != "application/json" {
		if w.Body.String() != want {
			t.Errorf("body differs from the example:\n%s\nwant:\n%s", w.Body, want)
		}
		return
	}
	var got any
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatalf("answer is not JSON: %v", err)
	}
	for _, e := range compareExample("body", want, got, abbreviated) {
		t.Error(e)
	}
}

// compareExample compares an example with an answer, decoded from JSON.
func compareExample(at string, want, got any, abbreviated bool) []string {
	if jsonType(want) != jsonType(got) && !(hasType(want, "number") && hasType(got, "number")) {
		return []string{fmt.Sprintf("%s: %s %v in the answer, %s %v in the example", at, jsonType(got), got, jsonType(want), want)}
	}
	var errs []string
	switch w := want.(type) {
	case map[string]any:
		g := got.(map[string]any)
		if diff := cmp.Diff(sortedKeys(w), sortedKeys(g)); diff != "" {
			return []string{fmt.Sprintf("%s members (-example +answer):\n%s", at, diff)}
		}
		for _, k := range sortedKeys(w) {
			if k == "timestamp" {
				continue // the time of the scan: compared by type
			}
			errs = append(errs, compareExample(at+"."+k, w[k], g[k], abbreviated)...)
		}
	case []any:
		g := got.([]any)
		if len(w) != len(g) && !(abbreviated && len(w) < len(g)) {
			return []string{fmt.Sprintf("%s: %d elements in the answer, %d in the example", at, len(g), len(w))}
		}
		for i := range w {
			errs = append(errs, compareExample(fmt.Sprintf("%s[%d]", at, i), w[i], g[i], abbreviated)...)
		}
	case float64:
		if jsonType(w) == "integer" && w != got {
			errs = append(errs, fmt.Sprintf("%s: %v in the answer, %v in the example", at, got, w))
		}
	default:
		if want != got {
			errs = append(errs, fmt.Sprintf("%s: %q in the answer, %q in the example", at, got, want))
		}
	}
	return errs
}

// queryText writes an example value as a query parameter: a list
// comma-separated (style form, explode false).
func queryText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []any:
		var s []string
		for _, e := range x {
			s = append(s, queryText(e))
		}
		return strings.Join(s, ",")
	}
	return fmt.Sprint(v)
}

// encodeBody writes an example value as a request body of media type mt.
func encodeBody(t *testing.T, mt string, v any) []byte {
	t.Helper()
	switch mt {
	case "application/json":
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	case "application/x-www-form-urlencoded":
		f := url.Values{}
		for k, x := range obj(v) {
			f.Set(k, queryText(x))
		}
		return []byte(f.Encode())
	case "text/plain":
		return []byte(v.(string))
	}
	t.Fatalf("the test cannot send an example as %s", mt)
	return nil
}
