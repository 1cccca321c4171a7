package share

import (
	"errors"
	"image"

	qr "github.com/piglig/go-qr"

	"github.com/dunconductor/conductor/core/engine"
)

// quietZone is the white border around a QR code, in modules (the
// standard's minimum).
const quietZone = 4

// QR is the QR code of text as a size×size image: black modules on white,
// with the quiet zone around and the code centred. Each module is a whole
// number of pixels; size must leave at least one pixel per module.
func QR(text string, size int) (image.Image, error) {
	code, err := qr.EncodeText(text, qr.Medium)
	if err != nil {
		if errors.Is(err, qr.ErrDataTooLong) {
			return nil, engine.Refuse("share.error.qr_too_long", nil)
		}
		return nil, err
	}
	modules := code.Size() + 2*quietZone
	scale := size / modules
	if scale < 1 {
		return nil, engine.Refuse("share.error.qr_too_small", map[string]any{"Size": size})
	}
	img := image.NewGray(image.Rect(0, 0, size, size))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	offset := (size - code.Size()*scale) / 2 // centred: the quiet zone is what is left around
	for y := range code.Size() {
		for x := range code.Size() {
			if !code.Module(x, y) {
				continue
			}
			for dy := range scale {
				row := img.Pix[(offset+y*scale+dy)*img.Stride:]
				for dx := range scale {
					row[offset+x*scale+dx] = 0
				}
			}
		}
	}
	return img, nil
}
