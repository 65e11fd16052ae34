package matrix

import "testing"

func TestStringParse(t *testing.T) {
	const s = "#..#\n.##.\n#...\n"
	m, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if m.Width != 4 || m.Height != 3 {
		t.Fatalf("size %dx%d, want 4x3", m.Width, m.Height)
	}
	if got := m.String(); got != s {
		t.Errorf("String() = %q, want %q", got, s)
	}
	for _, bad := range []string{"", "#.\n#", "#x"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}

func TestRotate(t *testing.T) {
	m, _ := Parse("##.\n...\n")
	tests := []struct {
		deg  int
		want string
	}{
		{0, "##.\n...\n"},
		{90, ".#\n.#\n..\n"},
		{180, "...\n.##\n"},
		{270, "..\n#.\n#.\n"},
	}
	for _, tt := range tests {
		if got := m.Rotate(tt.deg).String(); got != tt.want {
			t.Errorf("Rotate(%d) = %q, want %q", tt.deg, got, tt.want)
		}
	}
	if got := m.Rotate(90).Rotate(90).Rotate(90).Rotate(90); !got.Equal(m) {
		t.Error("four quarter turns changed the matrix")
	}
	if got := m.Transpose().String(); got != "#.\n#.\n..\n" {
		t.Errorf("Transpose = %q", got)
	}
}

func TestSetGetBounds(t *testing.T) {
	m := New(3, 2)
	m.Set(-1, 0, true)
	m.Set(3, 0, true)
	if m.Get(-1, 0) || m.Get(0, 5) {
		t.Error("outside points read dark")
	}
	m.SetRect(1, 0, 5, 5, true)
	if got := m.String(); got != ".##\n.##\n" {
		t.Errorf("SetRect = %q", got)
	}
	m.Flip(1, 1)
	m.Invert()
	if got := m.String(); got != "#..\n##.\n" {
		t.Errorf("Flip+Invert = %q", got)
	}
	if New(0, 4).Width != 0 {
		t.Error("New(0,4) not empty")
	}
}
