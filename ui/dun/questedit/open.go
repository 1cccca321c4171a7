package questedit

import (
	"sync"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// openEditors are the editors open in windows of their own (Show), each
// with the key of the draft it keeps ("" for none): one editor a draft,
// and every one of them follows a switch of the app's language.
var openEditors = struct {
	sync.Mutex
	keys map[*Editor]string
}{keys: map[*Editor]string{}}

func init() { ui.OnLanguageSwitch(switchLanguage) }

// opened notes an editor shown in a window of its own.
func (ed *Editor) opened() {
	openEditors.Lock()
	defer openEditors.Unlock()
	openEditors.keys[ed] = ""
}

// closed forgets an editor whose window closed.
func (ed *Editor) closed() {
	openEditors.Lock()
	defer openEditors.Unlock()
	delete(openEditors.keys, ed)
}

// Claim says the editor keeps the draft of key: Opened(key) finds it
// while its window is open.
func (ed *Editor) Claim(key string) {
	openEditors.Lock()
	defer openEditors.Unlock()
	if _, ok := openEditors.keys[ed]; ok {
		openEditors.keys[ed] = key
	}
}

// Opened is the editor open on the draft of key, nil when none is: a
// quest already being edited is brought to the front rather than opened
// twice (two editors of one draft would each write over the other's).
func Opened(key string) *Editor {
	openEditors.Lock()
	defer openEditors.Unlock()
	for ed, k := range openEditors.keys {
		if k == key && key != "" {
			return ed
		}
	}
	return nil
}

// Raise brings the editor's window to the front.
func (ed *Editor) Raise() {
	ed.win.Show()
	ed.win.RequestFocus()
}

// switchLanguage draws every open editor again in tr's language.
func switchLanguage(tr *translations.Translator) {
	openEditors.Lock()
	eds := make([]*Editor, 0, len(openEditors.keys))
	for ed := range openEditors.keys {
		eds = append(eds, ed)
	}
	openEditors.Unlock()
	for _, ed := range eds {
		ed.SetTranslator(tr)
	}
}

// SetTranslator draws the editor again in tr's language, keeping what
// was chosen: the tool, the kind of section, the selection, the part of
// the panel and how far it was scrolled, the problems folded or not, the
// map's zoom and the split between map and panel.
func (ed *Editor) SetTranslator(tr *translations.Translator) {
	if tr == nil || tr.Lang == ed.tr.Lang {
		return
	}
	tool, kind := ed.tool.SelectedIndex(), ed.kind.SelectedIndex()
	offset, scrolled, folded := ed.split.Offset, ed.panelWrap.Offset, ed.side.folded
	ed.tr = tr
	ed.win.SetTitle(tr.T("ui.questedit.title", nil))
	ed.build()
	ed.tool.SetSelectedIndex(tool)
	ed.kind.SetSelectedIndex(kind)
	ed.split.Offset = offset
	ed.side.folded = folded
	ed.listed, ed.shown = nil, ed.sel // the problems in words again; the panel where it was
	ed.changed(true)
	ed.showHint()
	ed.win.Content().Refresh()
	// Scrolled as it was, once the panel is laid out again.
	ed.panelWrap.Resize(ed.panelWrap.Size())
	ed.panelWrap.ScrollToOffset(scrolled)
	ed.panelWrap.Refresh()
}
