package questedit

import (
	"image"
	"strconv"
	"strings"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// pictures are the sections' pictures decoded, by data URI, for the
// pictures the quest holds now: keep lets go of the others, so that a
// session choosing picture after picture holds a decoded picture a section
// at most, not every one it ever showed (a picture chosen again after an
// undo is decoded again).
type pictures struct {
	byURI map[string]image.Image
	// stand are the probe's stand-ins for the same pictures (probeQuest).
	stand map[string]string
}

// get is a section's picture, decoded once (nil: none, or not a picture).
func (p *pictures) get(s quest.Section) image.Image {
	if s.Image == "" {
		return nil
	}
	if img, ok := p.byURI[s.Image]; ok {
		return img
	}
	img, ok := quest.SectionImage(s)
	if !ok {
		img = nil
	}
	if p.byURI == nil {
		p.byURI = map[string]image.Image{}
	}
	p.byURI[s.Image] = img
	return img
}

// keep lets go of the pictures no section of q holds.
func (p *pictures) keep(q *quest.Quest) {
	for uri := range p.byURI {
		held := false
		for _, s := range q.Sections {
			if s.Image == uri {
				held = true
				break
			}
		}
		if !held {
			delete(p.byURI, uri)
		}
	}
	for uri := range p.stand {
		if _, ok := p.byURI[uri]; !ok {
			delete(p.stand, uri)
		}
	}
}

// withoutPictures is q with each section's data URI picture replaced by a
// one-byte stand-in, and how many bytes the stand-ins take once encoded
// (quotes included): what the file holds besides its pictures is the
// encoded copy's length less that, without encoding the pictures, several
// megabytes a quest, at each key typed.
func withoutPictures(q *quest.Quest) (*quest.Quest, int) {
	c := *q
	c.Sections = append([]quest.Section(nil), q.Sections...)
	n := 0
	for i, s := range c.Sections {
		if quest.IsDataURI(s.Image) {
			c.Sections[i].Image = "-"
			n += len(`"-"`)
		}
	}
	return &c, n
}

// probeQuest is q as the probe shows it (questedit.quest): each data URI
// picture as its kind ("data:image/jpeg;base64"), its length and a hash of
// it, so that a test sees a picture chosen and changed without the probe
// copying megabytes of pictures every 50 ms (which the memory measure by
// real input would count as the app's).
func (p *pictures) probeQuest(q *quest.Quest) *quest.Quest {
	c := *q
	c.Sections = append([]quest.Section(nil), q.Sections...)
	for i, s := range c.Sections {
		if quest.IsDataURI(s.Image) {
			c.Sections[i].Image = p.standIn(s.Image)
		}
	}
	return &c
}

func (p *pictures) standIn(uri string) string {
	if s, ok := p.stand[uri]; ok {
		return s
	}
	h := uint64(14695981039346656037) // FNV-1a, over the string as it is
	for i := 0; i < len(uri); i++ {
		h = (h ^ uint64(uri[i])) * 1099511628211
	}
	kind, _, _ := strings.Cut(uri, ",")
	s := kind + ",…" + strconv.Itoa(len(uri)) + "-" + strconv.FormatUint(h, 16)
	if p.stand == nil {
		p.stand = map[string]string{}
	}
	p.stand[uri] = s
	return s
}
