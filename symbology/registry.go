package symbology

import (
	"fmt"
	"slices"
	"strings"
)

// Info describes one symbology in the registry.
type Info struct {
	ID      string    // id from DESIGN.md §4, such as "qr"
	Name    string    // display name, such as "QR Code"
	Format  string    // engine format name as zxing names it, such as "QRCode"
	Kind    Kind      // matrix, linear or stacked
	Aliases []string  // other names it answers to, beyond the forgiving forms of ID and Name
	Groups  []string  // groups it belongs to besides its kind and "all": "retail", "industrial", "gs1"
	Read    ReadFunc  // nil when barkit cannot read it
	Write   WriteFunc // nil when barkit cannot write it
}

// registry holds the registered symbologies in registration order. It is
// written only by Register from init functions and read-only afterwards.
var registry []*Info

// Register adds a symbology. It panics on a duplicate id or an empty id,
// which are programming errors; it is meant to be called from init.
func Register(info Info) {
	if info.ID == "" {
		panic("symbology: Register with empty ID")
	}
	for _, r := range registry {
		if r.ID == info.ID {
			panic("symbology: duplicate registration of " + info.ID)
		}
	}
	registry = append(registry, &info)
}

// All returns the registered symbologies sorted by id.
func All() []Info {
	out := make([]Info, len(registry))
	for i, r := range registry {
		out[i] = *r
	}
	slices.SortFunc(out, func(a, b Info) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// normalize folds a name to the form aliases are compared in: lower case,
// without '-', '_', '.', '/' and spaces, so "QR Code", "qr_code" and "QRCode"
// compare equal.
func normalize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case '-', '_', ' ', '.', '/':
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Lookup finds a symbology by id, name, engine format name or alias, compared
// forgivingly (case-insensitive, with '-', '_' and spaces optional).
func Lookup(name string) (Info, bool) {
	n := normalize(name)
	if n == "" {
		return Info{}, false
	}
	for _, r := range registry {
		if normalize(r.ID) == n || normalize(r.Name) == n || normalize(r.Format) == n {
			return *r, true
		}
		for _, a := range r.Aliases {
			if normalize(a) == n {
				return *r, true
			}
		}
	}
	return Info{}, false
}

// InGroup reports whether info belongs to group (compared forgivingly):
// "all", its kind ("matrix", "linear", "stacked"; stacked symbologies are in
// "linear" too, since they are read with linear machinery), or one of its
// Groups.
func (info Info) InGroup(group string) bool {
	g := normalize(group)
	switch {
	case g == "all":
		return true
	case g == string(info.Kind):
		return true
	case g == string(Linear) && info.Kind == Stacked:
		return true
	}
	for _, x := range info.Groups {
		if normalize(x) == g {
			return true
		}
	}
	return false
}

// groups lists the group names Resolve accepts (DESIGN.md §4).
var groups = []string{"all", "retail", "industrial", "linear", "matrix", "stacked", "gs1"}

// Resolve turns a list of ids, aliases and group names into the symbologies
// they name, each once, in registry order. Each element may itself be a
// comma-separated list. An empty list means every registered symbology.
// A name that is neither a symbology nor a group is an error naming it.
func Resolve(names []string) ([]Info, error) {
	var parts []string
	for _, n := range names {
		for _, p := range strings.Split(n, ",") {
			if p = strings.TrimSpace(p); p != "" {
				parts = append(parts, p)
			}
		}
	}
	if len(parts) == 0 {
		return All(), nil
	}
	want := make(map[string]bool)
	for _, p := range parts {
		if info, ok := Lookup(p); ok {
			want[info.ID] = true
			continue
		}
		if !slices.Contains(groups, normalize(p)) {
			return nil, fmt.Errorf("%w %q", ErrUnknown, p)
		}
		for _, r := range registry {
			if r.InGroup(p) {
				want[r.ID] = true
			}
		}
	}
	var out []Info
	for _, info := range All() {
		if want[info.ID] {
			out = append(out, info)
		}
	}
	return out, nil
}
