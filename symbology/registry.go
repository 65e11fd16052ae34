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
	Write   WriteFunc // nil when barkit cannot write it
	// ECI and Binary report whether Write honours WriteOptions.ECI and
	// WriteOptions.Binary; barkit.Generate refuses those options otherwise.
	ECI, Binary bool
	// Readable reports whether a registered Reader reports this id. The
	// registry sets it; Register ignores it.
	Readable bool
}

// clone returns a copy of info that shares no slice with it.
func (info Info) clone() Info {
	info.Aliases = slices.Clone(info.Aliases)
	info.Groups = slices.Clone(info.Groups)
	return info
}

// The registry is written only by Register and RegisterReader from init
// functions and read-only afterwards.
var (
	infos   []*Info            // in registration order
	byName  = map[string]int{} // normalised id, name, format and aliases -> index in infos
	readers []*Reader          // in registration order; not to be changed but by their owners' init
	readBy  = map[string]int{} // id -> index in readers
)

// Register adds a symbology. It panics on an empty or duplicate id, or on
// a name or alias another symbology answers to already: programming
// errors, since it is meant to be called from init.
func Register(info Info) {
	if info.ID == "" {
		panic("symbology: Register with empty ID")
	}
	if _, ok := byName[normalize(info.ID)]; ok {
		panic("symbology: duplicate registration of " + info.ID)
	}
	info = info.clone()
	info.Readable = false
	i := len(infos)
	names := append([]string{info.ID, info.Name, info.Format}, info.Aliases...)
	for _, n := range names {
		n = normalize(n)
		if n == "" {
			continue
		}
		if j, ok := byName[n]; ok && j != i {
			panic(fmt.Sprintf("symbology: %s: name %q is taken by %s", info.ID, n, infos[j].ID))
		}
		byName[n] = i
	}
	infos = append(infos, &info)
}

// RegisterReader registers r as the reader of the ids in r.IDs. It panics
// when r has no ids or no Find, or when an id is not registered or has
// another reader: programming errors, since it is meant to be called from
// init, after the ids' Register. A reader may be registered again, once
// more ids are appended to its IDs: the linear reader is, as each linear
// symbology adds its row decoder.
func RegisterReader(r *Reader) {
	if r == nil || len(r.IDs) == 0 || r.Find == nil {
		panic("symbology: RegisterReader without ids or Find")
	}
	i := slices.Index(readers, r)
	if i < 0 {
		i = len(readers)
		readers = append(readers, r)
	}
	for _, id := range r.IDs {
		j, ok := byName[normalize(id)]
		if !ok || infos[j].ID != id {
			panic("symbology: RegisterReader for unregistered id " + id)
		}
		if k, ok := readBy[id]; ok && k != i {
			panic("symbology: second reader for " + id)
		}
		readBy[id] = i
		infos[j].Readable = true
	}
}

// All returns the registered symbologies sorted by id.
func All() []Info {
	out := make([]Info, len(infos))
	for i, r := range infos {
		out[i] = r.clone()
	}
	slices.SortFunc(out, func(a, b Info) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// normalize folds a name to the form aliases are compared in: lower case,
// without '-', '_', '.', '/' and spaces, so "QR Code", "qr_code" and "QRCode"
// compare equal.
func normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range strings.ToLower(s) {
		switch r {
		case '-', '_', ' ', '.', '/':
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// lookup returns the registry entry a name answers to, or nil.
func lookup(name string) *Info {
	if i, ok := byName[name]; ok {
		return infos[i]
	}
	if i, ok := byName[normalize(name)]; ok {
		return infos[i]
	}
	return nil
}

// Lookup finds a symbology by id, name, engine format name or alias, compared
// forgivingly (case-insensitive, with '-', '_' and spaces optional).
func Lookup(name string) (Info, bool) {
	if info := lookup(name); info != nil {
		return info.clone(), true
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
// they name, each once, sorted by id. Each element may itself be a
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
		if info := lookup(p); info != nil {
			want[info.ID] = true
			continue
		}
		if !slices.Contains(groups, normalize(p)) {
			return nil, fmt.Errorf("%w %q", ErrUnknown, p)
		}
		for _, r := range infos {
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
