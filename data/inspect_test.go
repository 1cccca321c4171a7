package data

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// page1 is a file whose page 1 starts with a SQLite header: size bytes,
// pageSize written as SQLite writes it (1 for 65536), the header's page
// count (its change counter matching or not), and who the file is.
type page1 struct {
	size           int
	pageSize       uint16
	write, read    byte
	pages          uint32
	staleCount     bool
	appID, version int32
	rootType       byte
	objects        uint16
	magic          bool
}

func (p page1) bytes() []byte {
	b := make([]byte, p.size)
	copy(b, "SQLite format 3\x00")
	if !p.magic {
		copy(b, "Not SQLite, no\x00\x00")
	}
	if len(b) < page1Prefix {
		return b
	}
	binary.BigEndian.PutUint16(b[16:18], p.pageSize)
	b[18], b[19] = p.write, p.read
	binary.BigEndian.PutUint32(b[24:28], 5) // the change counter
	binary.BigEndian.PutUint32(b[28:32], p.pages)
	binary.BigEndian.PutUint32(b[92:96], 5) // the counter the page count is valid for
	if p.staleCount {
		binary.BigEndian.PutUint32(b[92:96], 4)
	}
	binary.BigEndian.PutUint32(b[60:64], uint32(p.version))
	binary.BigEndian.PutUint32(b[68:72], uint32(p.appID))
	b[100] = p.rootType
	binary.BigEndian.PutUint16(b[103:105], p.objects)
	return b
}

// ours is a valid file of this app: 2 pages of 4096, the current schema.
func ours() page1 {
	return page1{size: 8192, pageSize: 4096, write: 1, read: 1, pages: 2, appID: applicationID, version: int32(len(migrations)), rootType: 13, objects: 9, magic: true}
}

// What inspectFile learns from a file's first bytes, or why it refuses
// the file, for each check it makes, before SQLite opens it.
func TestInspectFileEachCheck(t *testing.T) {
	with := func(f func(*page1)) []byte {
		p := ours()
		f(&p)
		return p.bytes()
	}
	n := len(migrations)
	corrupt, foreign := ErrCorrupt.Error()+": PATH: ", ErrForeign.Error()+": PATH"
	for _, c := range []struct {
		name    string
		file    []byte // nil: no file
		dir     bool
		journal bool // a -journal beside it
		want    string
	}{
		{"missing", nil, false, false, "{empty:true missing:true wal:false}"},
		{"a directory", nil, true, false, "open database PATH: is a directory"},
		{"empty", []byte{}, false, false, "{empty:true missing:false wal:false}"},
		{"ours", ours().bytes(), false, false, "{empty:false missing:false wal:false}"},
		{"ours in WAL mode", with(func(p *page1) { p.write, p.read = 2, 2 }), false, false, "{empty:false missing:false wal:true}"},
		{"fresh", with(func(p *page1) { p.appID, p.version, p.objects = 0, 0, 0 }), false, false, "{empty:false missing:false wal:false}"},
		{"pages of 64 KiB", with(func(p *page1) { p.size, p.pageSize, p.pages = 65536, 1, 1 }), false, false, "{empty:false missing:false wal:false}"},
		{"short", []byte("SQLite format 3\x00\x10\x00"), false, false, corrupt + "only 18 bytes, too short for a SQLite header"},
		{"99 bytes", with(func(p *page1) { p.size = 99 }), false, false, corrupt + "only 99 bytes, too short for a SQLite header"},
		{"text", []byte(strings.Repeat("language = \"en\"\n", 20)), false, false, corrupt + "not a SQLite database (no SQLite header)"},
		{"no magic", with(func(p *page1) { p.magic = false }), false, false, corrupt + "not a SQLite database (no SQLite header)"},
		{"page size 256", with(func(p *page1) { p.pageSize = 256 }), false, false, corrupt + "invalid page size 256"},
		{"page size 1000", with(func(p *page1) { p.pageSize = 1000 }), false, false, corrupt + "invalid page size 1000"},
		{"page size 0", with(func(p *page1) { p.pageSize = 0 }), false, false, corrupt + "invalid page size 0"},
		{"write version 3", with(func(p *page1) { p.write = 3 }), false, false, corrupt + "unknown file format version 3/1"},
		{"read version 0", with(func(p *page1) { p.read = 0 }), false, false, corrupt + "unknown file format version 1/0"},
		{"part of a page", with(func(p *page1) { p.size = 8000 }), false, false, corrupt + "truncated: 8000 bytes is not a whole number of 4096-byte pages"},
		{"fewer pages than said", with(func(p *page1) { p.pages = 3 }), false, false, corrupt + "truncated: header says 3 pages, the file has 2"},
		{"a stale page count", with(func(p *page1) { p.pages, p.staleCount = 3, true }), false, false, "{empty:false missing:false wal:false}"},
		{"no page count", with(func(p *page1) { p.pages = 0 }), false, false, "{empty:false missing:false wal:false}"},
		{"short beside a journal", with(func(p *page1) { p.size, p.pages = 8000, 3 }), false, true, "{empty:false missing:false wal:false}"},
		{"another program's", with(func(p *page1) { p.appID = 7 }), false, false, fmt.Sprintf(foreign+" (application id 0x7, schema version %d, 9 schema objects)", n)},
		{"another program's, many objects", with(func(p *page1) { p.appID, p.rootType = 0, 5 }), false, false, fmt.Sprintf(foreign+" (application id 0x0, schema version %d, many schema objects)", n)},
		{"unversioned with tables", with(func(p *page1) { p.appID, p.version = 0, 0 }), false, false, foreign + " (application id 0x0, schema version 0, 9 schema objects)"},
		{"a newer schema", with(func(p *page1) { p.version = int32(n + 1) }), false, false, (&NewerError{Path: "PATH", Found: n + 1, Supported: n}).Error()},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "conductor.db")
			switch {
			case c.dir:
				if err := os.Mkdir(path, 0o700); err != nil {
					t.Fatal(err)
				}
			case c.file != nil:
				if err := os.WriteFile(path, c.file, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if c.journal {
				if err := os.WriteFile(path+"-journal", []byte("x"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			h, err := inspectFile(path)
			got := fmt.Sprintf("%+v", h)
			if err != nil {
				got = strings.ReplaceAll(err.Error(), path, "PATH")
				if h != (header{}) {
					t.Errorf("an error with %+v", h)
				}
			}
			if got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// wal writes a -wal file as SQLite does: its header, then frames of
// (page number, database size after a commit or 0) with their page's bytes
// starting with fill; bad breaks the running checksum from that frame on
// (0: none), oldSalt writes that frame with the salts of another
// generation.
type wal struct {
	magic    uint32
	pageSize uint32
	frames   [][2]uint32
	bad      int
	oldSalt  int
	badHead  bool
	cut      int // bytes cut off the end
}

func (w wal) bytes() []byte {
	hdr := make([]byte, 32)
	binary.BigEndian.PutUint32(hdr[0:4], w.magic)
	binary.BigEndian.PutUint32(hdr[4:8], 3007000)
	binary.BigEndian.PutUint32(hdr[8:12], w.pageSize)
	binary.BigEndian.PutUint32(hdr[16:20], 0x1234)
	binary.BigEndian.PutUint32(hdr[20:24], 0x5678)
	order := binary.ByteOrder(binary.LittleEndian)
	if w.magic&1 == 1 {
		order = binary.BigEndian
	}
	s1, s2 := walChecksum(order, hdr[:24], 0, 0)
	binary.BigEndian.PutUint32(hdr[24:28], s1)
	binary.BigEndian.PutUint32(hdr[28:32], s2)
	if w.badHead {
		hdr[31]++
	}
	size := int(w.pageSize)
	if size == 1 {
		size = 65536
	}
	out := bytes.NewBuffer(hdr)
	for i, f := range w.frames {
		frame := make([]byte, 24+size)
		binary.BigEndian.PutUint32(frame[0:4], f[0])
		binary.BigEndian.PutUint32(frame[4:8], f[1])
		copy(frame[8:16], hdr[16:24])
		if i+1 == w.oldSalt {
			frame[8]++
		}
		copy(frame[24:], fmt.Sprintf("frame %d", i+1))
		s1, s2 = walChecksum(order, frame[:8], s1, s2)
		s1, s2 = walChecksum(order, frame[24:], s1, s2)
		binary.BigEndian.PutUint32(frame[16:20], s1)
		binary.BigEndian.PutUint32(frame[20:24], s2)
		if i+1 == w.bad {
			frame[23]++
		}
		out.Write(frame)
	}
	return out.Bytes()[:out.Len()-w.cut]
}

// readWAL finds the newest committed page 1 and whether anything is
// committed as SQLite's recovery would, and ignores a -wal SQLite ignores.
func TestReadWALEachCase(t *testing.T) {
	const le, be = 0x377f0682, 0x377f0683
	for _, c := range []struct {
		name string
		file []byte // nil: no file
		want string
	}{
		{"missing", nil, "<nil> false"},
		{"short", []byte("0123456789"), "<nil> false"},
		{"another magic", wal{magic: 0x377f0680, pageSize: 512, frames: [][2]uint32{{1, 1}}}.bytes(), "<nil> false"},
		{"page size 256", wal{magic: le, pageSize: 256, frames: [][2]uint32{{1, 1}}}.bytes(), "<nil> false"},
		{"page size 1000", wal{magic: le, pageSize: 1000}.bytes(), "<nil> false"},
		{"page size 128 KiB", wal{magic: le, pageSize: 131072}.bytes(), "<nil> false"},
		{"a bad header checksum", wal{magic: le, pageSize: 512, frames: [][2]uint32{{1, 1}}, badHead: true}.bytes(), "<nil> false"},
		{"no frames", wal{magic: le, pageSize: 512}.bytes(), "<nil> false"},
		{"page 1 committed", wal{magic: le, pageSize: 512, frames: [][2]uint32{{1, 1}}}.bytes(), "frame 1 true"},
		{"big-endian checksums", wal{magic: be, pageSize: 512, frames: [][2]uint32{{1, 1}}}.bytes(), "frame 1 true"},
		{"pages of 64 KiB", wal{magic: le, pageSize: 1, frames: [][2]uint32{{2, 0}, {1, 2}}}.bytes(), "frame 2 true"},
		{"page 1 not committed", wal{magic: le, pageSize: 512, frames: [][2]uint32{{1, 0}}}.bytes(), "<nil> false"},
		{"another page committed", wal{magic: le, pageSize: 512, frames: [][2]uint32{{2, 3}}}.bytes(), "<nil> true"},
		{"the newest page 1", wal{magic: le, pageSize: 512, frames: [][2]uint32{{1, 0}, {1, 2}, {1, 0}, {3, 3}, {1, 0}}}.bytes(), "frame 3 true"},
		{"page 1 before a later commit", wal{magic: le, pageSize: 512, frames: [][2]uint32{{1, 2}, {2, 0}, {3, 3}}}.bytes(), "frame 1 true"},
		{"a bad checksum ends it", wal{magic: le, pageSize: 512, frames: [][2]uint32{{2, 2}, {1, 2}}, bad: 2}.bytes(), "<nil> true"},
		{"old salts end it", wal{magic: le, pageSize: 512, frames: [][2]uint32{{1, 2}, {1, 2}}, oldSalt: 2}.bytes(), "frame 1 true"},
		{"a frame cut short", wal{magic: le, pageSize: 512, frames: [][2]uint32{{1, 2}, {1, 2}}, cut: 10}.bytes(), "frame 1 true"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "conductor.db-wal")
			if c.file != nil {
				if err := os.WriteFile(path, c.file, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			p1, committed, err := readWAL(path)
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("<nil> %v", committed)
			if p1 != nil {
				if len(p1) != page1Prefix {
					t.Errorf("page 1 of %d bytes", len(p1))
				}
				got = fmt.Sprintf("%s %v", bytes.TrimRight(p1, "\x00"), committed)
			}
			if got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}
