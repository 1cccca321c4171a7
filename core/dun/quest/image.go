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
// longest side, a photo re-encoded as JPEG (a picture with transparency,
// or one that PNG keeps smaller, as PNG), its metadata dropped, and small
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
	side := ImageSide
	for {
		img := shrink(src, side)
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
