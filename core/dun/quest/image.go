package quest

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"strings"

	xdraw "golang.org/x/image/draw"
)

// A section's image may be kept in the quest file itself, as a data URI:
// "data:image/png;base64,…" or "data:image/jpeg;base64,…". The quest then
// carries its pictures wherever its file goes (the database, every game
// that keeps the quest it was played with, a saved game's export).

// The data URIs' prefixes, by the format image.DecodeConfig names.
var imagePrefixes = map[string]string{
	"png":  "data:image/png;base64,",
	"jpeg": "data:image/jpeg;base64,",
}

// IsDataURI says whether a section's image is kept in the quest file (a
// data URI) rather than a path to a picture next to it.
func IsDataURI(image string) bool { return strings.HasPrefix(image, "data:") }

// CheckImage checks a section's image as the quest file gives it: a data
// URI holding a PNG or JPEG picture of at most MaxImageSide pixels a side
// and MaxImageSize bytes, or a relative path that stays in the quest's
// folder. It returns the problem (without file and line), or nil.
func CheckImage(section, image string) *Problem {
	_, p := imageData(section, image)
	return p
}

// imageData is the picture a data URI holds (nil for a path), or its problem.
func imageData(section, img string) ([]byte, *Problem) {
	problem := func(id string, args map[string]any) *Problem {
		args["Section"] = section
		return &Problem{ID: id, Args: args}
	}
	if !IsDataURI(img) {
		if !insideFolder(img) {
			return nil, problem("quest.image_path", map[string]any{"Path": img})
		}
		return nil, nil
	}
	format, payload := "", ""
	for f, prefix := range imagePrefixes {
		if rest, ok := strings.CutPrefix(img, prefix); ok {
			format, payload = f, rest
		}
	}
	if format == "" {
		return nil, problem("quest.image_data", map[string]any{})
	}
	if n := base64.StdEncoding.DecodedLen(len(payload)); n > MaxImageSize+2 { // +2: the padding it counts
		return nil, problem("quest.image_big", map[string]any{"Size": n, "Max": MaxImageSize})
	}
	data, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return nil, problem("quest.image_data", map[string]any{})
	}
	if len(data) > MaxImageSize {
		return nil, problem("quest.image_big", map[string]any{"Size": len(data), "Max": MaxImageSize})
	}
	cfg, got, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || got != format {
		return nil, problem("quest.image_data", map[string]any{})
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return nil, problem("quest.image_pixels", map[string]any{"Width": cfg.Width, "Height": cfg.Height, "Max": MaxImageSide})
	}
	return data, nil
}

// SectionImage is the picture a section keeps in the quest file, decoded
// for drawing; false for a section without one, or with a path (the
// picture is a file next to the quest's), or with a picture that does not
// decode.
func SectionImage(s Section) (image.Image, bool) {
	if !IsDataURI(s.Image) {
		return nil, false
	}
	data, p := imageData(s.ID, s.Image)
	if p != nil {
		return nil, false
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, false
	}
	return img, true
}

// inlineImageBytes is how many bytes of a file the sections' data URIs
// take, quotes included (each written as a plain string).
func inlineImageBytes(q *Quest) int {
	n := 0
	for _, s := range q.Sections {
		if IsDataURI(s.Image) {
			n += len(s.Image) + 2
		}
	}
	return n
}

// dataURIBytes is how many bytes of the file quoted strings that look like
// an image's data URI take, before the file is decoded: the rest of the
// file is held to MaxTextSize, the decoder's bound. (Once decoded, only the
// sections' images count: see inlineImageBytes.)
func dataURIBytes(data []byte) int {
	n := 0
	for i := 0; i < len(data); {
		j := bytes.Index(data[i:], []byte("data:image/"))
		if j < 0 {
			break
		}
		start := i + j
		i = start + len("data:image/")
		if start == 0 || data[start-1] != '"' && data[start-1] != '\'' {
			continue
		}
		quote := data[start-1]
		end := i
		for end < len(data) && isURIByte(data[end]) {
			end++
		}
		if end < len(data) && data[end] == quote {
			n += end - start + 2
			i = end + 1
		}
	}
	return n
}

func isURIByte(b byte) bool {
	return b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '+' || b == '/' || b == '=' || b == ';' || b == ',' || b == '-'
}

// ImageFromFile turns a PNG or JPEG picture read from a file into a data
// URI for a section's image: shrunk to at most ImageSide pixels on its
// longest side, turned the way a camera's EXIF orientation says, a photo
// re-encoded as JPEG (a picture with transparency, or one that PNG keeps
// smaller, as PNG), its metadata dropped (camera, place), and small
// enough for the quest file (MaxImageSize). A picture that is none of
// these gets a problem (ID and Args to translate) as its error.
func ImageFromFile(data []byte) (string, error) {
	if len(data) > MaxImageFile {
		return "", Problem{ID: "quest.image_file_big", Args: map[string]any{"Size": len(data), "Max": MaxImageFile}}
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "png" && format != "jpeg") {
		return "", Problem{ID: "quest.image_file", Args: map[string]any{}}
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxImageFileSide || cfg.Height > MaxImageFileSide {
		return "", Problem{ID: "quest.image_file_pixels", Args: map[string]any{"Width": cfg.Width, "Height": cfg.Height, "Max": MaxImageFileSide}}
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return "", Problem{ID: "quest.image_file", Args: map[string]any{}}
	}
	orientation := 1
	if format == "jpeg" {
		orientation = jpegOrientation(data)
	}
	side := ImageSide
	for {
		img := orient(shrink(src, side), orientation)
		out, f, err := encodeImage(img, format == "jpeg")
		if err != nil {
			return "", Problem{ID: "quest.image_file", Args: map[string]any{}}
		}
		if len(out) <= MaxImageSize || side <= 64 {
			return imagePrefixes[f] + base64.StdEncoding.EncodeToString(out), nil
		}
		// Still too big (noise compresses badly): smaller, by what the bytes
		// say, since they go with the pixels.
		side = min(side*9/10, int(float64(side)*math.Sqrt(float64(MaxImageSize)/float64(len(out)))*0.95))
	}
}

// shrink scales img down so that its longest side is at most side pixels.
func shrink(img image.Image, side int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= side && h <= side {
		return img
	}
	if w >= h {
		w, h = side, max(1, h*side/w)
	} else {
		w, h = max(1, w*side/h), side
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.BiLinear.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

// encodeImage encodes a picture as JPEG (quality 85) when it is a photo:
// it was a JPEG, or it is opaque and JPEG keeps it smaller than PNG.
func encodeImage(img image.Image, photo bool) ([]byte, string, error) {
	var jpg bytes.Buffer
	if photo || opaque(img) {
		if err := jpeg.Encode(&jpg, img, &jpeg.Options{Quality: 85}); err != nil {
			return nil, "", err
		}
		if photo {
			return jpg.Bytes(), "jpeg", nil
		}
	}
	var p bytes.Buffer
	if err := (&png.Encoder{}).Encode(&p, img); err != nil {
		return nil, "", err
	}
	if jpg.Len() > 0 && jpg.Len() < p.Len() {
		return jpg.Bytes(), "jpeg", nil
	}
	return p.Bytes(), "png", nil
}

// opaque says whether every pixel of img is opaque.
func opaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
				return false
			}
		}
	}
	return true
}

// jpegOrientation is the EXIF orientation of a JPEG file (1 to 8: how
// to turn the picture as stored to show it upright), or 1.
func jpegOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xff || data[1] != 0xd8 {
		return 1
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xff {
			return 1
		}
		marker := data[i+1]
		if marker == 0xda || marker == 0xd9 { // the picture itself: no EXIF before it
			return 1
		}
		n := int(data[i+2])<<8 | int(data[i+3])
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xe1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return exifOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// exifOrientation reads the Orientation tag (0x0112) of an EXIF block's
// first directory.
func exifOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var u16 func([]byte) int
	var u32 func([]byte) int
	switch string(t[:2]) {
	case "II":
		u16 = func(b []byte) int { return int(b[0]) | int(b[1])<<8 }
		u32 = func(b []byte) int { return u16(b) | u16(b[2:])<<16 }
	case "MM":
		u16 = func(b []byte) int { return int(b[0])<<8 | int(b[1]) }
		u32 = func(b []byte) int { return u16(b)<<16 | u16(b[2:]) }
	default:
		return 1
	}
	ifd := u32(t[4:])
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	count := u16(t[ifd:])
	for k := range count {
		e := ifd + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if u16(t[e:]) == 0x0112 && u16(t[e+2:]) == 3 { // a SHORT
			if o := u16(t[e+8:]); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}

// orient turns and flips a picture as EXIF orientation o says, so that it
// shows upright.
func orient(img image.Image, o int) image.Image {
	if o <= 1 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	src := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(src, src.Bounds(), img, b.Min, draw.Src)
	dw, dh := w, h
	if o >= 5 { // a quarter turn: width and height swap
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			var dx, dy int
			switch o {
			case 2:
				dx, dy = w-1-x, y
			case 3:
				dx, dy = w-1-x, h-1-y
			case 4:
				dx, dy = x, h-1-y
			case 5:
				dx, dy = y, x
			case 6:
				dx, dy = h-1-y, x
			case 7:
				dx, dy = h-1-y, w-1-x
			case 8:
				dx, dy = y, w-1-x
			}
			copy(dst.Pix[dst.PixOffset(dx, dy):][:4], src.Pix[src.PixOffset(x, y):][:4])
		}
	}
	return dst
}
