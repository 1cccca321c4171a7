package quest

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// picture is a w×h picture: a smooth gradient, with noise added (a photo,
// which compresses badly) and see-through parts when asked.
func picture(w, h int, noise, alpha bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			c := color.NRGBA{uint8(x * 255 / max(w, 1)), uint8(y * 255 / max(h, 1)), 90, 255}
			if noise {
				c.R += uint8(r.IntN(64))
				c.G += uint8(r.IntN(64))
				c.B = uint8(r.IntN(256))
			}
			if alpha && x < w/4 {
				c.A = 0
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func pngBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func dataURI(mime string, data []byte) string {
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data)
}

// withImage is the valid test quest with its cellar's image set to img.
func withImage(t testing.TB, img string) string {
	t.Helper()
	src := validSource(t)
	out := strings.Replace(src, `kind = "room"`, "kind = \"room\"\nimage = "+TOMLString(img), 1)
	if out == src {
		t.Fatal("no room in the valid quest")
	}
	return out
}

// A section's picture kept in the quest file: a PNG or a JPEG is taken and
// drawn, and comes back the same through Encode.
func TestInlineImages(t *testing.T) {
	for _, c := range []struct {
		name, uri string
		w, h      int
	}{
		{"PNG", dataURI("image/png", pngBytes(t, picture(40, 30, false, true))), 40, 30},
		{"JPEG", dataURI("image/jpeg", jpegBytes(t, picture(64, 48, true, false))), 64, 48},
		{"the largest picture", dataURI("image/png", pngBytes(t, image.NewGray(image.Rect(0, 0, MaxImageSide, MaxImageSide)))), MaxImageSide, MaxImageSide},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, ps := Parse("pictures.toml", []byte(withImage(t, c.uri)))
			if ps != nil {
				t.Fatal(ps)
			}
			sec, _ := q.Section("cellar")
			img, ok := SectionImage(sec)
			if !ok || img.Bounds().Dx() != c.w || img.Bounds().Dy() != c.h {
				t.Fatalf("drawn: %v", ok)
			}
			out, err := Encode(q)
			if err != nil {
				t.Fatal(err)
			}
			back, ps := Parse("again.toml", out)
			if ps != nil {
				t.Fatal(ps)
			}
			if s, _ := back.Section("cellar"); s.Image != c.uri {
				t.Fatal("the picture changed on its way through Encode")
			}
		})
	}
	if _, ok := SectionImage(Section{Image: "tiles/floor.png"}); ok {
		t.Fatal("a path is drawn by whoever can read the file, not here")
	}
}

// A picture that is not what it says, or too large, is refused with its
// section's line and a message that says what to do.
func TestInlineImagesRefused(t *testing.T) {
	small := pngBytes(t, picture(8, 8, false, false))
	var gifData bytes.Buffer
	if err := gif.Encode(&gifData, picture(8, 8, false, false), nil); err != nil {
		t.Fatal(err)
	}
	// Noise a PNG cannot compress: more than MaxImageSize once decoded.
	big := pngBytes(t, picture(620, 620, true, true))
	if len(big) <= MaxImageSize {
		t.Fatalf("the big picture is only %d bytes", len(big))
	}
	cases := []struct {
		name, uri, id string
	}{
		{"a fake PNG", dataURI("image/png", []byte("\x89PNG\r\n\x1a\nthis is no picture at all")), "quest.image_data"},
		{"a text as a data URI", dataURI("text/plain", []byte("hello")), "quest.image_data"},
		{"a GIF", dataURI("image/gif", gifData.Bytes()), "quest.image_data"},
		{"a GIF said to be a PNG", dataURI("image/png", gifData.Bytes()), "quest.image_data"},
		{"a PNG said to be a JPEG", dataURI("image/jpeg", small), "quest.image_data"},
		{"broken base64", "data:image/png;base64,iVBORw0KGgo*&^%", "quest.image_data"},
		{"base64 without its padding", strings.TrimRight(dataURI("image/png", small[:len(small)-1]), "="), "quest.image_data"},
		{"a picture over 1 MiB", dataURI("image/png", big), "quest.image_big"},
		{"a picture too wide", dataURI("image/png", pngBytes(t, image.NewGray(image.Rect(0, 0, MaxImageSide+1, 1)))), "quest.image_pixels"},
		{"a data URI that is not base64", "data:image/png,rawbytes", "quest.image_data"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := withImage(t, c.uri)
			_, ps := Parse("pictures.toml", []byte(src))
			if len(ps) != 1 || ps[0].ID != c.id || ps[0].Line != 32 || ps[0].Args["Section"] != "cellar" {
				t.Fatalf("got %v, want only %s at line 32", ps, c.id)
			}
			if p := CheckImage("cellar", c.uri); p == nil || p.ID != c.id {
				t.Fatalf("CheckImage: %v", p)
			}
			if _, ok := SectionImage(Section{ID: "cellar", Image: c.uri}); ok {
				t.Fatal("a refused picture was drawn")
			}
		})
	}
}

// The file's bounds with pictures in it: the pictures are bounded on their
// own, and the rest of the file stays within the decoder's bound, whatever
// pretends to be a picture.
func TestPictureBounds(t *testing.T) {
	// A picture of nearly MaxImageSize: a small PNG and bytes after it.
	nearly := append(pngBytes(t, picture(8, 8, false, false)), make([]byte, 1_000_000)...)
	uri := dataURI("image/png", nearly)
	var sections strings.Builder
	for i := range 17 { // 17 × 1 MB > MaxImagesSize
		fmt.Fprintf(&sections, "[[sections]]\nid = \"s%d\"\nkind = \"room\"\nx = %d\ny = 40\nw = 2\nh = 2\ntext = { en = \"a\", es = \"a\" }\nimage = %q\n", i, 3*i, uri)
	}
	many := strings.Replace(validSource(t), "[[texts]]", sections.String()+"[[texts]]", 1)
	if len(many) > MaxSize {
		t.Fatalf("the file is %d bytes, over MaxSize", len(many))
	}
	text := strings.Repeat("x", MaxTextSize)
	cases := []struct {
		name string
		src  string
		id   string
	}{
		{"pictures over MaxImagesSize in all", many, "quest.images_total"},
		{"a file over MaxSize", strings.Repeat("#", MaxSize+1), "quest.too_big"},
		{"text over MaxTextSize besides a picture", withImage(t, dataURI("image/png", nearly)) + "# " + text + "\n", "quest.too_big_text"},
		{"a comment that looks like a picture", "# \"data:image/png;base64," + text + "\"\n" + validSource(t), "quest.too_big_text"},
		{"a title that looks like a picture", strings.Replace(validSource(t), `"The Cellar"`, `"data:image/png;base64,`+text+`"`, 1), "quest.too_big_text"},
		{"a key that looks like a picture", "\"data:image/png;base64," + text + "\" = 1\n" + validSource(t), "quest.too_big_text"},
		{"an unclosed picture", "id = \"data:image/png;base64," + text + "\n", "quest.too_big_text"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, ps := Parse("pictures.toml", []byte(c.src))
			if !slices.ContainsFunc(ps, func(p Problem) bool { return p.ID == c.id }) {
				t.Fatalf("no %s among %v", c.id, ps)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Fatalf("took %v", d)
			}
		})
	}
}

// A picture picked from disk becomes a data URI the quest file takes:
// shrunk, a photo as JPEG, a drawing with see-through parts as PNG.
func TestImageFromFile(t *testing.T) {
	cases := []struct {
		name   string
		data   []byte
		mime   string
		w, h   int
		within int // at most this many bytes decoded (0: MaxImageSize)
	}{
		{"a large photo", jpegBytes(t, picture(2400, 1600, true, false)), "image/jpeg", 1200, 800, 400_000},
		{"a tall photo as PNG", pngBytes(t, picture(900, 1800, true, false)), "image/jpeg", 600, 1200, 0},
		{"a drawing with transparency", pngBytes(t, picture(1600, 400, false, true)), "image/png", 1200, 300, 0},
		{"a small flat drawing", pngBytes(t, image.NewGray(image.Rect(0, 0, 300, 200))), "image/png", 300, 200, 0},
		{"noise that no format compresses", pngBytes(t, picture(1400, 1400, true, true)), "image/png", 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			uri, err := ImageFromFile(c.data)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d bytes of file → %d bytes of data URI in %v", len(c.data), len(uri), time.Since(start))
			if !strings.HasPrefix(uri, "data:"+c.mime+";base64,") {
				t.Fatalf("got %.40s…, want %s", uri, c.mime)
			}
			if p := CheckImage("s", uri); p != nil {
				t.Fatal(p)
			}
			img, ok := SectionImage(Section{Image: uri})
			if !ok {
				t.Fatal("not drawn")
			}
			b := img.Bounds()
			if c.w > 0 && (b.Dx() != c.w || b.Dy() != c.h) {
				t.Fatalf("%v, want %dx%d", b, c.w, c.h)
			}
			if max(b.Dx(), b.Dy()) > ImageSide {
				t.Fatalf("%v is larger than %d", b, ImageSide)
			}
			data, _ := base64.StdEncoding.DecodeString(uri[strings.Index(uri, ",")+1:])
			if within := cmp(c.within, MaxImageSize); len(data) > within {
				t.Fatalf("%d bytes, want at most %d", len(data), within)
			}
		})
	}
	var gifData bytes.Buffer
	if err := gif.Encode(&gifData, picture(8, 8, false, false), nil); err != nil {
		t.Fatal(err)
	}
	// A PNG whose header claims more pixels than memory holds.
	huge := pngBytes(t, image.NewGray(image.Rect(0, 0, 1, 1)))
	copy(huge[16:24], []byte{0, 0, 0x9c, 0x40, 0, 0, 0x9c, 0x40}) // 40000 × 40000
	binary.BigEndian.PutUint32(huge[29:33], crc32.ChecksumIEEE(huge[12:29]))
	refused := []struct {
		name, id string
		data     []byte
	}{
		{"not a picture", "quest.image_file", []byte("hello")},
		{"a GIF", "quest.image_file", gifData.Bytes()},
		{"a truncated PNG", "quest.image_file", pngBytes(t, picture(50, 50, true, false))[:200]},
		{"too many pixels", "quest.image_file_pixels", huge},
		{"too large a file", "quest.image_file_big", make([]byte, MaxImageFile+1)},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			_, err := ImageFromFile(c.data)
			p, ok := err.(Problem)
			if !ok || p.ID != c.id {
				t.Fatalf("got %v, want %s", err, c.id)
			}
		})
	}
}

func cmp(v, otherwise int) int {
	if v != 0 {
		return v
	}
	return otherwise
}

// go test -bench Pictures: what the largest file of pictures costs to
// parse (the decoder reads long strings in linear time).
func BenchmarkParsePictures(b *testing.B) {
	nearly := append(pngBytes(b, picture(8, 8, false, false)), make([]byte, 980_000)...)
	uri := dataURI("image/png", nearly)
	var sections strings.Builder
	for i := range 16 {
		fmt.Fprintf(&sections, "[[sections]]\nid = \"s%d\"\nkind = \"room\"\nx = %d\ny = 40\nw = 2\nh = 2\ntext = { en = \"a\", es = \"a\" }\nimage = %q\n", i, 3*i, uri)
	}
	src := []byte(strings.Replace(validSource(b), "[[texts]]", sections.String()+"[[texts]]", 1))
	b.ReportMetric(float64(len(src)), "file-bytes")
	b.ReportAllocs()
	for b.Loop() {
		if _, ps := Parse("pictures.toml", src); len(ps) != 16 { // each section unreachable
			b.Fatal(ps)
		}
	}
}

// withOrientation is a JPEG with an EXIF block saying how to turn it, as
// a phone's camera writes it, in big- or little-endian order.
func withOrientation(jpg []byte, o int, little bool) []byte {
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, byte(o), 0, 0, 0, 0, 0, 0}
	if little {
		tiff = []byte{'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, byte(o), 0, 0, 0, 0, 0, 0, 0}
	}
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := append([]byte{0xff, 0xe1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}, seg...)
	return slices.Concat(jpg[:2], app1, jpg[2:])
}

// A photo a camera stored sideways is turned upright, since its EXIF
// block, which said how, is dropped.
func TestImageFromFileTurnsPhotos(t *testing.T) {
	// Red on the left half, blue on the right.
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for y := range 20 {
		for x := range 40 {
			c := color.RGBA{255, 0, 0, 255}
			if x >= 20 {
				c = color.RGBA{0, 0, 255, 255}
			}
			img.Set(x, y, c)
		}
	}
	jpg := jpegBytes(t, img)
	red := func(c color.Color) bool { r, _, b, _ := c.RGBA(); return r > 0xc000 && b < 0x4000 }
	cases := []struct {
		name     string
		data     []byte
		w, h     int
		redAt    image.Point // a point that must be red
		notRedAt image.Point
	}{
		{"no EXIF", jpg, 40, 20, image.Pt(2, 10), image.Pt(37, 10)},
		{"upright", withOrientation(jpg, 1, false), 40, 20, image.Pt(2, 10), image.Pt(37, 10)},
		{"mirrored", withOrientation(jpg, 2, true), 40, 20, image.Pt(37, 10), image.Pt(2, 10)},
		{"upside down", withOrientation(jpg, 3, false), 40, 20, image.Pt(37, 10), image.Pt(2, 10)},
		{"a quarter turn clockwise", withOrientation(jpg, 6, false), 20, 40, image.Pt(10, 2), image.Pt(10, 37)},
		{"a quarter turn clockwise, little-endian", withOrientation(jpg, 6, true), 20, 40, image.Pt(10, 2), image.Pt(10, 37)},
		{"a quarter turn back", withOrientation(jpg, 8, false), 20, 40, image.Pt(10, 37), image.Pt(10, 2)},
		{"a broken EXIF block", withOrientation(jpg, 6, false)[:30], 0, 0, image.Point{}, image.Point{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			uri, err := ImageFromFile(c.data)
			if c.w == 0 {
				if err == nil {
					t.Fatal("a broken file was taken")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, ok := SectionImage(Section{Image: uri})
			if !ok || got.Bounds().Dx() != c.w || got.Bounds().Dy() != c.h {
				t.Fatalf("%v, want %dx%d", got.Bounds(), c.w, c.h)
			}
			if !red(got.At(c.redAt.X, c.redAt.Y)) || red(got.At(c.notRedAt.X, c.notRedAt.Y)) {
				t.Fatalf("turned the wrong way: %v at %v", got.At(c.redAt.X, c.redAt.Y), c.redAt)
			}
			if bytes.Contains(mustDecode(t, uri), []byte("Exif")) {
				t.Fatal("the EXIF block was kept")
			}
		})
	}
}

func mustDecode(t *testing.T, uri string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(uri[strings.Index(uri, ",")+1:])
	if err != nil {
		t.Fatal(err)
	}
	return b
}
