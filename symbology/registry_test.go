package symbology

import (
	"errors"
	"slices"
	"testing"
)

func TestLookup(t *testing.T) {
	for _, name := range []string{"test-a", "TEST-A", "test_a", "Test test-a", "testa", "test-a alias", "TESTAALIAS"} {
		if info, ok := Lookup(name); !ok || info.ID != "test-a" {
			t.Errorf("Lookup(%q) = %q, %v", name, info.ID, ok)
		}
	}
	for _, name := range []string{"", "-", "test", "nope"} {
		if _, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) found something", name)
		}
	}
	if info, _ := Lookup("test-a"); !info.Readable {
		t.Error("test-a is not readable")
	}
	if info, _ := Lookup("test-write-only"); info.Readable {
		t.Error("test-write-only is readable")
	}
}

// TestRegistryCopies checks that what All and Lookup return cannot change
// the registry.
func TestRegistryCopies(t *testing.T) {
	info, _ := Lookup("test-a")
	info.Aliases[0] = "changed"
	info.Groups[0] = "changed"
	info.Name = "changed"
	all := All()
	for i := range all {
		if len(all[i].Aliases) > 0 {
			all[i].Aliases[0] = "changed"
		}
	}
	again, _ := Lookup("test-a")
	if again.Aliases[0] != "test-a alias" || again.Groups[0] != "testgroup" || again.Name != "Test test-a" {
		t.Errorf("the registry changed: %+v", again)
	}
	if _, ok := Lookup("changed"); ok {
		t.Error("a changed alias is looked up")
	}
}

func TestResolve(t *testing.T) {
	ids := func(infos []Info) []string {
		var out []string
		for _, i := range infos {
			out = append(out, i.ID)
		}
		return out
	}
	got, err := Resolve([]string{"test-b, Test test-a", "matrix"})
	if err != nil || !slices.Equal(ids(got), []string{"test-a", "test-a2", "test-b", "test-lines", "test-write-only"}) {
		t.Errorf("Resolve = %v, %v", ids(got), err)
	}
	if _, err := Resolve([]string{"test-a", "bogus"}); !errors.Is(err, ErrUnknown) {
		t.Errorf("Resolve(bogus) = %v", err)
	}
}

// TestRegisterPanics checks that programming errors in registration panic.
func TestRegisterPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"empty id":             func() { Register(Info{}) },
		"duplicate id":         func() { Register(Info{ID: "test-a"}) },
		"taken alias":          func() { Register(Info{ID: "test-new", Aliases: []string{"Test-A"}}) },
		"reader without ids":   func() { RegisterReader(&Reader{Find: nothing}) },
		"reader without Find":  func() { RegisterReader(&Reader{IDs: []string{"test-write-only"}}) },
		"reader of unknown id": func() { RegisterReader(&Reader{IDs: []string{"test-unknown"}, Find: nothing}) },
		"second reader":        func() { RegisterReader(&Reader{IDs: []string{"test-b"}, Find: nothing}) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestRegisterReaderAgain checks that a reader registered again reports
// the ids added to it.
func TestRegisterReaderAgain(t *testing.T) {
	Register(Info{ID: "test-later", Name: "Test later", Kind: Linear})
	r := &Reader{IDs: []string{"test-lines2"}, Find: nothing}
	Register(Info{ID: "test-lines2", Name: "Test lines 2", Kind: Linear})
	RegisterReader(r)
	r.IDs = append(r.IDs, "test-later")
	RegisterReader(r)
	if info, _ := Lookup("test-later"); !info.Readable {
		t.Error("an id added to a reader is not readable")
	}
	if n := slices.Index(readers, r); n < 0 || slices.Index(readers[n+1:], r) >= 0 {
		t.Error("the reader is registered other than once")
	}
}

// TestLookupAllocs checks that a look-up is a map access, not a walk that
// folds every registered name: it allocates only the copies of the lists
// it returns, and for a name in another form, the name folded.
func TestLookupAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Lookup("test-b") }); n > 3 {
		t.Errorf("Lookup of an id: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { Lookup("TEST-A Alias") }); n > 5 {
		t.Errorf("Lookup of an alias: %v allocations", n)
	}
}
