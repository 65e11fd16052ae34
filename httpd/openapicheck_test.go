package httpd

import (
	"encoding/base64"
	"fmt"
	"mime"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds a small checker of OpenAPI 3.1 documents for
// TestOpenAPIValid: the structure of the objects openapi.json uses (their
// fields, required and known, OpenAPI 3.1.1 §4.8), references, and JSON
// Schema 2020-12 for the subset of keywords the document uses. A schema
// keyword outside that subset is an error, so the document cannot hold a
// keyword whose examples are not checked.

// A document is a decoded OpenAPI document.
type document struct {
	root map[string]any
}

// pointer resolves a local reference, "#/components/schemas/Barcode"
// (RFC 6901), reporting whether it leads somewhere.
func (d *document) pointer(ref string) (any, bool) {
	rest, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, false
	}
	var v any = d.root
	if rest == "" {
		return v, true
	}
	if !strings.HasPrefix(rest, "/") {
		return nil, false
	}
	for _, tok := range strings.Split(rest[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			if v, ok = x[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// resolve follows a Reference Object (an object whose $ref leads to the
// object meant) until it reaches the object itself. It returns nil for a
// reference that leads nowhere.
func (d *document) resolve(v any) map[string]any {
	for range 10 {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		if v, ok = d.pointer(ref); !ok {
			return nil
		}
	}
	return nil
}

// obj returns v as an object, or nil.
func obj(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// An objectKind is the fields of one kind of OpenAPI object: all it may
// have besides extensions ("x-..."), and those it must have.
type objectKind struct {
	name     string
	fields   []string
	required []string
}

// The kinds of objects of OpenAPI 3.1.1 (§4.8) that openapi.json uses.
var (
	kindDocument   = objectKind{"OpenAPI Object", []string{"openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags", "externalDocs"}, []string{"openapi", "info", "paths"}}
	kindInfo       = objectKind{"Info Object", []string{"title", "summary", "description", "termsOfService", "contact", "license", "version"}, []string{"title", "version"}}
	kindLicense    = objectKind{"License Object", []string{"name", "identifier", "url"}, []string{"name"}}
	kindServer     = objectKind{"Server Object", []string{"url", "description", "variables"}, []string{"url"}}
	kindTag        = objectKind{"Tag Object", []string{"name", "description", "externalDocs"}, []string{"name"}}
	kindPathItem   = objectKind{"Path Item Object", []string{"summary", "description", "get", "put", "post", "delete", "options", "head", "patch", "trace", "servers", "parameters"}, nil}
	kindOperation  = objectKind{"Operation Object", []string{"tags", "summary", "description", "externalDocs", "operationId", "parameters", "requestBody", "responses", "callbacks", "deprecated", "security", "servers"}, []string{"operationId", "responses"}}
	kindParameter  = objectKind{"Parameter Object", []string{"name", "in", "description", "required", "deprecated", "allowEmptyValue", "style", "explode", "allowReserved", "schema", "example", "examples", "content"}, []string{"name", "in"}}
	kindBody       = objectKind{"Request Body Object", []string{"description", "content", "required"}, []string{"content"}}
	kindMedia      = objectKind{"Media Type Object", []string{"schema", "example", "examples", "encoding"}, nil}
	kindResponse   = objectKind{"Response Object", []string{"description", "headers", "content", "links"}, []string{"description"}}
	kindExample    = objectKind{"Example Object", []string{"summary", "description", "value", "externalValue"}, nil}
	kindComponents = objectKind{"Components Object", []string{"schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links", "callbacks", "pathItems"}, nil}
)

// methods are the operations a Path Item may hold.
var methods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// A checker collects what is wrong with a document.
type checker struct {
	d    *document
	errs []string
}

func (c *checker) errorf(at, format string, args ...any) {
	c.errs = append(c.errs, at+": "+fmt.Sprintf(format, args...))
}

// object checks that v is an object of the kind k, following a reference
// if allowRef, and returns it (nil if it is none).
func (c *checker) object(at string, v any, k objectKind, allowRef bool) map[string]any {
	m := obj(v)
	if m == nil {
		c.errorf(at, "%s is not an object", k.name)
		return nil
	}
	if ref, ok := m["$ref"]; ok {
		if !allowRef {
			c.errorf(at, "a %s cannot be a reference", k.name)
			return nil
		}
		for f := range m {
			if f != "$ref" && f != "summary" && f != "description" {
				c.errorf(at, "Reference Object has field %q", f)
			}
		}
		s, _ := ref.(string)
		target := c.d.resolve(m)
		if target == nil {
			c.errorf(at, "$ref %q leads nowhere", s)
			return nil
		}
		return c.object(at+" -> "+s, target, k, false)
	}
	for _, f := range sortedKeys(m) {
		if !slices.Contains(k.fields, f) && !strings.HasPrefix(f, "x-") {
			c.errorf(at, "%s has no field %q", k.name, f)
		}
	}
	for _, f := range k.required {
		if _, ok := m[f]; !ok {
			c.errorf(at, "%s lacks its required field %q", k.name, f)
		}
	}
	return m
}

// str checks that the field f of m, if present, is a string.
func (c *checker) str(at string, m map[string]any, f string) string {
	v, ok := m[f]
	if !ok {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		c.errorf(at, "%s is not a string", f)
	}
	return s
}

var (
	openapiVersion = regexp.MustCompile(`^3\.1\.\d+$`)
	componentName  = regexp.MustCompile(`^[a-zA-Z0-9._-]+$`)
	statusKey      = regexp.MustCompile(`^([1-5]\d\d|[1-5]XX|default)$`)
)

// checkDocument checks the whole document: its objects, its references
// and its schemas, and that every example is valid against its schema.
func (c *checker) checkDocument() {
	root := c.object("document", c.d.root, kindDocument, false)
	if root == nil {
		return
	}
	if v := c.str("document", root, "openapi"); !openapiVersion.MatchString(v) {
		c.errorf("openapi", "%q is not an OpenAPI 3.1 version", v)
	}
	if info := c.object("info", root["info"], kindInfo, false); info != nil {
		c.str("info", info, "title")
		c.str("info", info, "version")
		c.str("info", info, "description")
		if l, ok := info["license"]; ok {
			c.object("info.license", l, kindLicense, false)
		}
	}
	servers, _ := root["servers"].([]any)
	for i, s := range servers {
		c.object(fmt.Sprintf("servers[%d]", i), s, kindServer, false)
	}
	tags := map[string]bool{}
	tagList, _ := root["tags"].([]any)
	for i, t := range tagList {
		if m := c.object(fmt.Sprintf("tags[%d]", i), t, kindTag, false); m != nil {
			tags[c.str("tags", m, "name")] = true
		}
	}

	opIDs := map[string]string{}
	paths := obj(root["paths"])
	for _, p := range sortedKeys(paths) {
		if !strings.HasPrefix(p, "/") {
			c.errorf("paths", "path %q does not start with /", p)
		}
		item := c.object(p, paths[p], kindPathItem, false)
		for _, m := range methods {
			op, ok := item[m]
			if !ok {
				continue
			}
			at := strings.ToUpper(m) + " " + p
			o := c.object(at, op, kindOperation, false)
			if o == nil {
				continue
			}
			id := c.str(at, o, "operationId")
			if prev, dup := opIDs[id]; dup {
				c.errorf(at, "operationId %q is also %s's", id, prev)
			}
			opIDs[id] = at
			ts, _ := o["tags"].([]any)
			for _, t := range ts {
				if s, _ := t.(string); !tags[s] {
					c.errorf(at, "tag %v is not in the document's tags", t)
				}
			}
			c.checkOperation(at, o)
		}
	}

	comps := c.object("components", root["components"], kindComponents, false)
	for _, kind := range sortedKeys(comps) {
		for _, name := range sortedKeys(obj(comps[kind])) {
			if !componentName.MatchString(name) {
				c.errorf("components."+kind, "name %q is not [a-zA-Z0-9._-]+", name)
			}
			at := "components." + kind + "." + name
			v := obj(comps[kind])[name]
			switch kind {
			case "schemas":
				c.schema(at, v)
			case "responses":
				c.response(at, v)
			case "parameters":
				c.parameter(at, v)
			case "examples":
				c.object(at, v, kindExample, true)
			default:
				c.errorf(at, "the checker does not know %s", kind)
			}
		}
	}
	c.refs("document", c.d.root)
}

// refs checks that every $ref in v leads somewhere in the document.
func (c *checker) refs(at string, v any) {
	switch x := v.(type) {
	case map[string]any:
		if r, ok := x["$ref"].(string); ok {
			if _, ok := c.d.pointer(r); !ok {
				c.errorf(at, "$ref %q leads nowhere in the document", r)
			}
		}
		for _, k := range sortedKeys(x) {
			c.refs(at+"."+k, x[k])
		}
	case []any:
		for i, e := range x {
			c.refs(fmt.Sprintf("%s[%d]", at, i), e)
		}
	}
}

// checkOperation checks an operation's parameters, body and responses.
func (c *checker) checkOperation(at string, o map[string]any) {
	seen := map[string]bool{}
	params, _ := o["parameters"].([]any)
	for i, p := range params {
		if m := c.parameter(fmt.Sprintf("%s parameters[%d]", at, i), p); m != nil {
			k := fmt.Sprint(m["in"], " ", m["name"])
			if seen[k] {
				c.errorf(at, "parameter %s twice", k)
			}
			seen[k] = true
		}
	}
	if b, ok := o["requestBody"]; ok {
		if body := c.object(at+" requestBody", b, kindBody, true); body != nil {
			c.content(at+" requestBody", body["content"], true)
		}
	}
	resps := obj(o["responses"])
	if len(resps) == 0 {
		c.errorf(at, "no responses")
	}
	for _, code := range sortedKeys(resps) {
		if !statusKey.MatchString(code) {
			c.errorf(at, "response key %q is no status code", code)
		}
		c.response(at+" "+code, resps[code])
	}
}

// parameter checks a Parameter Object and its examples.
func (c *checker) parameter(at string, v any) map[string]any {
	p := c.object(at, v, kindParameter, true)
	if p == nil {
		return nil
	}
	c.str(at, p, "name")
	switch in := c.str(at, p, "in"); in {
	case "query", "header", "path", "cookie":
	default:
		c.errorf(at, "in %q is not query, header, path or cookie", in)
	}
	_, hasSchema := p["schema"]
	_, hasContent := p["content"]
	if hasSchema == hasContent {
		c.errorf(at, "a parameter has a schema or a content, and not both")
	}
	if hasSchema {
		c.schema(at+" schema", p["schema"])
		c.examples(at, p["schema"], p["examples"])
	}
	return p
}

// response checks a Response Object.
func (c *checker) response(at string, v any) {
	r := c.object(at, v, kindResponse, true)
	if r == nil {
		return
	}
	if _, ok := r["content"]; ok {
		c.content(at, r["content"], false)
	}
}

// content checks a map of media types to Media Type Objects.
func (c *checker) content(at string, v any, required bool) {
	m := obj(v)
	if len(m) == 0 && required {
		c.errorf(at, "no content")
	}
	for _, mt := range sortedKeys(m) {
		if _, _, err := mime.ParseMediaType(mt); err != nil {
			c.errorf(at, "%q is not a media type: %v", mt, err)
		}
		media := c.object(at+" "+mt, m[mt], kindMedia, false)
		if media == nil {
			continue
		}
		s, ok := media["schema"]
		if !ok {
			if _, ok := media["examples"]; ok {
				c.errorf(at+" "+mt, "examples without a schema to check them against")
			}
			continue
		}
		c.schema(at+" "+mt+" schema", s)
		c.examples(at+" "+mt, s, media["examples"])
	}
}

// examples checks the Example Objects of a parameter or media type
// against its schema.
func (c *checker) examples(at string, schema, v any) {
	for _, name := range sortedKeys(obj(v)) {
		e := c.object(at+" example "+name, obj(v)[name], kindExample, true)
		if e == nil {
			continue
		}
		val, ok := e["value"]
		if !ok {
			c.errorf(at+" example "+name, "no value")
			continue
		}
		errs := c.d.validate(schema, val, "value")
		if e["x-invalid"] == true {
			// A request the API refuses, the example of an error:
			// it must be one the schema refuses too.
			if len(errs) == 0 {
				c.errorf(at+" example "+name, "x-invalid, but valid")
			}
			continue
		}
		for _, err := range errs {
			c.errorf(at+" example "+name, "%s", err)
		}
	}
}

// The JSON Schema 2020-12 keywords the document may use, with the JSON
// type of their values: validate checks the assertions, the others are
// annotations (format is an annotation in 2020-12 unless a dialect asks
// for it; discriminator is OpenAPI's, checked against oneOf).
var schemaKeywords = map[string]string{
	"$ref": "string", "type": "string|array", "enum": "array", "const": "any",
	"properties": "object", "required": "array", "additionalProperties": "object|boolean",
	"items": "object", "oneOf": "array", "anyOf": "array", "allOf": "array",
	"minimum": "number", "maximum": "number", "minLength": "integer", "maxLength": "integer",
	"minItems": "integer", "maxItems": "integer", "pattern": "string", "contentEncoding": "string",
	"title": "string", "description": "string", "default": "any", "examples": "array",
	"deprecated": "boolean", "readOnly": "boolean", "writeOnly": "boolean",
	"format": "string", "contentMediaType": "string", "discriminator": "object",
}

// jsonTypes are the values of the type keyword.
var jsonTypes = []string{"string", "number", "integer", "boolean", "object", "array", "null"}

// schema checks the shape of a schema and everything below it: its
// keywords are known, their values of the right type, its references lead
// to schemas, and its default and examples are valid against it.
func (c *checker) schema(at string, v any) {
	s := obj(v)
	if s == nil {
		if _, ok := v.(bool); !ok {
			c.errorf(at, "a schema is an object or a boolean")
		}
		return
	}
	for _, k := range sortedKeys(s) {
		want, ok := schemaKeywords[k]
		if !ok {
			if !strings.HasPrefix(k, "x-") {
				c.errorf(at, "keyword %q is not in the subset the checker validates", k)
			}
			continue
		}
		if want != "any" && !slices.ContainsFunc(strings.Split(want, "|"), func(w string) bool { return hasType(s[k], w) }) {
			c.errorf(at, "%s is %s, not %s", k, jsonType(s[k]), want)
		}
	}
	if r, ok := s["$ref"].(string); ok {
		if !strings.HasPrefix(r, "#/components/schemas/") {
			c.errorf(at, "$ref %q is not a schema of the components", r)
		}
	}
	switch t := s["type"].(type) {
	case string:
		if !slices.Contains(jsonTypes, t) {
			c.errorf(at, "type %q is no JSON type", t)
		}
	case []any:
		seen := map[any]bool{}
		for _, e := range t {
			if s, _ := e.(string); !slices.Contains(jsonTypes, s) || seen[e] {
				c.errorf(at, "type %v is no list of distinct JSON types", t)
			}
			seen[e] = true
		}
	}
	if req, ok := s["required"].([]any); ok {
		seen := map[any]bool{}
		for _, r := range req {
			if _, ok := r.(string); !ok || seen[r] {
				c.errorf(at, "required %v is no list of distinct names", req)
			}
			seen[r] = true
		}
	}
	if e, ok := s["enum"].([]any); ok && len(e) == 0 {
		c.errorf(at, "empty enum")
	}
	for _, k := range []string{"minLength", "maxLength", "minItems", "maxItems"} {
		if n, ok := s[k].(float64); ok && n < 0 {
			c.errorf(at, "%s is negative", k)
		}
	}
	if p, ok := s["pattern"].(string); ok {
		if _, err := regexp.Compile(p); err != nil {
			c.errorf(at, "pattern: %v", err)
		}
	}
	if e, ok := s["contentEncoding"].(string); ok && e != "base64" {
		c.errorf(at, "contentEncoding %q is not base64, the one the checker validates", e)
	}
	for _, k := range sortedKeys(obj(s["properties"])) {
		c.schema(at+".properties."+k, obj(s["properties"])[k])
	}
	for _, k := range []string{"items", "additionalProperties"} {
		if sub, ok := s[k].(map[string]any); ok {
			c.schema(at+"."+k, sub)
		}
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		subs, _ := s[k].([]any)
		if _, ok := s[k]; ok && len(subs) == 0 {
			c.errorf(at, "empty %s", k)
		}
		for i, sub := range subs {
			c.schema(fmt.Sprintf("%s.%s[%d]", at, k, i), sub)
		}
	}
	if d, ok := s["discriminator"].(map[string]any); ok {
		c.discriminator(at, s, d)
	}
	if def, ok := s["default"]; ok {
		for _, err := range c.d.validate(s, def, "default") {
			c.errorf(at, "%s", err)
		}
	}
	exs, _ := s["examples"].([]any)
	for i, e := range exs {
		for _, err := range c.d.validate(s, e, fmt.Sprintf("examples[%d]", i)) {
			c.errorf(at, "%s", err)
		}
	}
}

// discriminator checks OpenAPI's discriminator against the oneOf beside
// it: every branch is in the mapping, under the value of its
// discriminating property's const.
func (c *checker) discriminator(at string, s, d map[string]any) {
	prop, _ := d["propertyName"].(string)
	mapping := obj(d["mapping"])
	branches, _ := s["oneOf"].([]any)
	if prop == "" || len(branches) == 0 {
		c.errorf(at, "a discriminator needs a propertyName and a oneOf")
		return
	}
	mapped := map[string]bool{}
	for _, b := range branches {
		ref, _ := obj(b)["$ref"].(string)
		target := c.d.resolve(b)
		val := obj(obj(target["properties"])[prop])["const"]
		name, ok := val.(string)
		if !ok {
			c.errorf(at, "oneOf branch %s has no const %s", ref, prop)
			continue
		}
		if mapping[name] != ref {
			c.errorf(at, "mapping[%q] = %v, want %s", name, mapping[name], ref)
		}
		mapped[name] = true
	}
	for _, k := range sortedKeys(mapping) {
		if !mapped[k] {
			c.errorf(at, "mapping %q is no oneOf branch", k)
		}
	}
}

// jsonType names the JSON type of a decoded value.
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// hasType reports whether v is of the JSON Schema type t.
func hasType(v any, t string) bool {
	got := jsonType(v)
	return got == t || t == "number" && got == "integer"
}

// validate returns the ways v fails the schema s (JSON Schema 2020-12,
// for the keywords of schemaKeywords), each prefixed with where in v.
func (d *document) validate(s any, v any, at string) []string {
	if b, ok := s.(bool); ok {
		if !b {
			return []string{at + ": the schema false admits nothing"}
		}
		return nil
	}
	m := obj(s)
	if m == nil {
		return []string{at + ": the schema is no object"}
	}
	var errs []string
	fail := func(format string, args ...any) {
		errs = append(errs, at+": "+fmt.Sprintf(format, args...))
	}
	if r, ok := m["$ref"].(string); ok {
		target, ok := d.pointer(r)
		if !ok {
			return []string{at + ": $ref " + r + " leads nowhere"}
		}
		errs = append(errs, d.validate(target, v, at)...)
	}
	switch t := m["type"].(type) {
	case string:
		if !hasType(v, t) {
			fail("%s is not of type %s", jsonType(v), t)
			return errs
		}
	case []any:
		if !slices.ContainsFunc(t, func(e any) bool { s, _ := e.(string); return hasType(v, s) }) {
			fail("%s is not of type %v", jsonType(v), t)
			return errs
		}
	}
	if e, ok := m["enum"].([]any); ok && !slices.ContainsFunc(e, func(x any) bool { return reflect.DeepEqual(x, v) }) {
		fail("%v is not one of %v", v, e)
	}
	if c, ok := m["const"]; ok && !reflect.DeepEqual(c, v) {
		fail("%v is not %v", v, c)
	}
	switch x := v.(type) {
	case string:
		n := float64(utf8.RuneCountInString(x))
		if min, ok := m["minLength"].(float64); ok && n < min {
			fail("shorter than %v characters", min)
		}
		if max, ok := m["maxLength"].(float64); ok && n > max {
			fail("longer than %v characters", max)
		}
		if p, ok := m["pattern"].(string); ok {
			if re, err := regexp.Compile(p); err == nil && !re.MatchString(x) {
				fail("%q does not match %s", x, p)
			}
		}
		if m["contentEncoding"] == "base64" {
			if _, err := base64.StdEncoding.DecodeString(x); err != nil {
				fail("not base64: %v", err)
			}
		}
	case float64:
		if min, ok := m["minimum"].(float64); ok && x < min {
			fail("%v is less than %v", x, min)
		}
		if max, ok := m["maximum"].(float64); ok && x > max {
			fail("%v is more than %v", x, max)
		}
	case []any:
		if min, ok := m["minItems"].(float64); ok && float64(len(x)) < min {
			fail("fewer than %v items", min)
		}
		if max, ok := m["maxItems"].(float64); ok && float64(len(x)) > max {
			fail("more than %v items", max)
		}
		if items, ok := m["items"]; ok {
			for i, e := range x {
				errs = append(errs, d.validate(items, e, fmt.Sprintf("%s[%d]", at, i))...)
			}
		}
	case map[string]any:
		props := obj(m["properties"])
		req, _ := m["required"].([]any)
		for _, r := range req {
			if _, ok := x[r.(string)]; !ok {
				fail("lacks %v", r)
			}
		}
		for _, k := range sortedKeys(x) {
			if p, ok := props[k]; ok {
				errs = append(errs, d.validate(p, x[k], at+"."+k)...)
			} else if ap, ok := m["additionalProperties"]; ok {
				errs = append(errs, d.validate(ap, x[k], at+"."+k)...)
			}
		}
	}
	if all, ok := m["allOf"].([]any); ok {
		for _, sub := range all {
			errs = append(errs, d.validate(sub, v, at)...)
		}
	}
	if any_, ok := m["anyOf"].([]any); ok {
		if !slices.ContainsFunc(any_, func(sub any) bool { return len(d.validate(sub, v, at)) == 0 }) {
			fail("matches none of anyOf")
		}
	}
	if one, ok := m["oneOf"].([]any); ok {
		n := 0
		var why []string
		for i, sub := range one {
			if e := d.validate(sub, v, at); len(e) == 0 {
				n++
			} else {
				why = append(why, fmt.Sprintf("[%d] %s", i, e[0]))
			}
		}
		if n != 1 {
			fail("matches %d of oneOf, not one (%s)", n, strings.Join(why, "; "))
		}
	}
	return errs
}
