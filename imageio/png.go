package imageio

import (
	"bytes"
	"errors"
	"image"
	"image/png"

	lumapng "github.com/barkit/barkit/imageio/png"
)

// decodePNGLuminance decodes the luminance of the PNG image in b, whose
// header gave c, with package imageio/png: the same pixels, bit for bit,
// as binarize.Luminance gives for the image image/png decodes, at a
// fraction of the cost. A file that package does not decode goes to
// image/png.
func decodePNGLuminance(b []byte, c image.Config) (image.Image, error) {
	img, err := lumapng.Decode(b, lumapng.Options{MaxPixels: c.Width * c.Height})
	switch {
	case errors.Is(err, lumapng.ErrUnsupported):
		return png.Decode(bytes.NewReader(b))
	case err != nil:
		return nil, err
	}
	return img, nil
}
