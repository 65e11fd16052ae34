package render

import (
	"fmt"
	"image/color"
	"strings"

	"golang.org/x/image/colornames"
)

// ParseColor reads a colour as the CLI and the HTTP API take it:
//
//   - "#rgb", "#rgba", "#rrggbb" or "#rrggbbaa" in hexadecimal, as in CSS;
//     the '#' may be left out, since it must be escaped in a URL;
//   - a CSS (SVG 1.1) colour name such as "navy";
//   - "transparent", fully transparent white: a viewer that ignores
//     transparency shows it white, not black.
//
// Case and surrounding spaces do not matter. An alpha given by "#rgba" or
// "#rrggbbaa" is straight, not premultiplied.
func ParseColor(s string) (color.NRGBA, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "transparent" {
		return transparentWhite, nil
	}
	if c, ok := parseHex(strings.TrimPrefix(t, "#")); ok {
		return c, nil
	}
	if c, ok := colornames.Map[t]; ok {
		return color.NRGBA{c.R, c.G, c.B, c.A}, nil
	}
	return color.NRGBA{}, fmt.Errorf("render: %w: colour %q is not #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS colour name or transparent",
		ErrInvalidOption, s)
}

// transparentWhite is the transparent colour: white with alpha 0, so that
// what ignores alpha shows white. The renderers also take a background of
// transparent black, the zero NRGBA that color.Transparent converts to, as
// this.
var transparentWhite = color.NRGBA{255, 255, 255, 0}

// parseHex reads the hexadecimal digits of a colour: 3, 4, 6 or 8 of them.
func parseHex(h string) (color.NRGBA, bool) {
	var v [8]uint8
	for i := 0; i < len(h); i++ {
		if i == len(v) {
			return color.NRGBA{}, false
		}
		switch c := h[i]; {
		case '0' <= c && c <= '9':
			v[i] = c - '0'
		case 'a' <= c && c <= 'f':
			v[i] = c - 'a' + 10
		default:
			return color.NRGBA{}, false
		}
	}
	switch len(h) {
	case 3, 4: // each digit doubled: #f80 is #ff8800
		c := color.NRGBA{v[0] * 17, v[1] * 17, v[2] * 17, 255}
		if len(h) == 4 {
			c.A = v[3] * 17
		}
		return c, true
	case 6, 8:
		c := color.NRGBA{v[0]<<4 | v[1], v[2]<<4 | v[3], v[4]<<4 | v[5], 255}
		if len(h) == 8 {
			c.A = v[6]<<4 | v[7]
		}
		return c, true
	}
	return color.NRGBA{}, false
}
