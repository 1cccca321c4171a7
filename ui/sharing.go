package ui

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/share"
)

// Settings of the players' page: where it listens. Off by default: nothing
// listens until the Conductor starts sharing.
const (
	settingShareHost = "share_host"
	settingSharePort = "share_port"
	// defaultSharePort is above the well-known ports and rarely taken.
	defaultSharePort = 8765
	// shareQRSize is the QR code's side on screen: a phone reads it from
	// arm's length.
	shareQRSize = 260
	// localOnly is the host that shares with this computer alone.
	localOnly = "127.0.0.1"
)

// sharing is the players' page while it is on: the server and the dialog
// that shows how to join.
type sharing struct {
	srv     *share.Server
	devices int
	button  *widget.Button // the top bar's, relabelled in place
	dlg     dialog.Dialog
	count   *widget.Label   // the dialog's "N devices watching"
	seats   *fyne.Container // the dialog's seats, while it is open
	body    *fyne.Container // the dialog's body, which holds them
	asks    int             // the seat requests waiting
	// files are the names of the files the page was last given (a
	// revealed section's picture), so that they are sent again only when
	// they change, not with every step.
	files []string
}

// shareButton is the top bar's "Share with the table".
func (u *UI) shareButton() fyne.CanvasObject {
	b := widget.NewButtonWithIcon("", theme.ComputerIcon(), u.showSharing)
	u.share.button = b
	u.relabelShare()
	return b
}

// relabelShare says on the top bar whether the page is on, and to how many.
func (u *UI) relabelShare() {
	if u.share.button == nil {
		return
	}
	if u.share.srv == nil {
		u.share.button.SetText(u.tr.T("ui.share.button", nil))
		u.share.button.Importance = widget.MediumImportance
	} else {
		text := u.tr.T("ui.share.button_on", map[string]any{"Count": u.share.devices})
		if u.share.asks > 0 {
			text += " · " + u.tr.T("ui.share.asks", map[string]any{"Count": u.share.asks})
		}
		u.share.button.SetText(text)
		u.share.button.Importance = widget.SuccessImportance
	}
	u.share.button.Refresh()
	if u.share.count != nil {
		u.share.count.SetText(u.tr.T("ui.share.devices", map[string]any{"Count": u.share.devices}))
	}
}

// shareHosts are the addresses the page can listen on: this computer's on
// its networks, then this computer alone.
func shareHosts() []string {
	return append(share.LANAddresses(), localOnly)
}

// shareAddress is where the page listens: the saved host and port when
// the host is still one of this computer's, else its first network address.
func (u *UI) shareAddress() (host string, port int) {
	hosts := shareHosts()
	host, port = hosts[0], defaultSharePort
	if h, ok, err := u.store.Setting(settingShareHost); err == nil && ok && slices.Contains(hosts, h) {
		host = h
	}
	if p, ok, err := u.store.Setting(settingSharePort); err == nil && ok {
		if n, err := strconv.Atoi(p); err == nil && validPort(n) {
			port = n
		}
	}
	return host, port
}

// validPort: no well-known port (it would need root) and no port past 65535.
func validPort(n int) bool { return n >= 1024 && n <= 65535 }

// showSharing opens the sharing dialog: how to start when off, how to join
// and how to stop when on.
func (u *UI) showSharing() {
	if u.share.srv != nil {
		u.showJoin()
		return
	}
	host, port := u.shareAddress()
	hosts := shareHosts()
	labels := make([]string, len(hosts))
	for i, h := range hosts {
		labels[i] = h
		if h == localOnly {
			labels[i] = u.tr.T("ui.share.local_only", map[string]any{"Address": h})
		}
	}
	hostPick := widget.NewSelect(labels, nil)
	hostPick.SetSelectedIndex(slices.Index(hosts, host))
	portEntry := widget.NewEntry()
	portEntry.SetText(strconv.Itoa(port))
	problem := Wrapped("", widget.DangerImportance)
	problem.Hide()
	items := []*widget.FormItem{
		widget.NewFormItem(u.tr.T("ui.share.address", nil), hostPick),
		widget.NewFormItem(u.tr.T("ui.share.port", nil), portEntry),
	}
	intro := Wrapped(u.tr.T("ui.share.intro", nil), widget.MediumImportance)
	var d dialog.Dialog
	start := widget.NewButtonWithIcon(u.tr.T("ui.share.start", nil), theme.MediaPlayIcon(), func() {
		n, err := strconv.Atoi(portEntry.Text)
		if err != nil || !validPort(n) {
			problem.SetText(u.tr.T("ui.share.bad_port", map[string]any{"Port": engine.QuoteShort(portEntry.Text)}))
			problem.Show()
			return
		}
		if err := u.startSharing(hosts[max(hostPick.SelectedIndex(), 0)], n); err != nil {
			problem.SetText(err.Error())
			problem.Show()
			return
		}
		d.Hide()
		u.showJoin()
	})
	start.Importance = widget.HighImportance
	portEntry.OnSubmitted = func(string) { start.OnTapped() } // Enter in the port starts too
	body := container.NewVBox(intro, widget.NewForm(items...), problem, start)
	d = dialog.NewCustom(u.tr.T("ui.share.title", nil), u.tr.T("ui.close", nil), body, u.win)
	d.Resize(dialogSize(u.win, 560, 380))
	d.Show()
}

// startSharing starts the players' page on host:port with a new PIN,
// remembers the address, and shows the open game at once.
func (u *UI) startSharing(host string, port int) error {
	addr := net.JoinHostPort(host, strconv.Itoa(port))
	srv, err := share.Start(share.Config{Addr: addr})
	if err != nil {
		return errors.New(u.tr.T("ui.share.cannot_start", map[string]any{"Address": addr, "Detail": shareError(err)}))
	}
	_ = u.store.SetSetting(settingShareHost, host) // only a preference: a failure costs the next start its default
	_ = u.store.SetSetting(settingSharePort, strconv.Itoa(port))
	u.share.srv, u.share.devices, u.share.files = srv, 0, nil
	srv.OnDevices(func(n int) {
		fyne.Do(func() {
			if u.share.srv == srv {
				u.share.devices = n
				u.relabelShare()
			}
		})
	})
	srv.SetLaptop(seatLaptop{u})
	srv.OnSeating(func() {
		fyne.Do(func() {
			if u.share.srv == srv {
				u.showSeating()
			}
		})
	})
	u.publish()
	u.relabelShare()
	return nil
}

// shareError words why listening failed, without Go's syscall text when a
// plainer reason is known.
func shareError(err error) string {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err.Error()
	}
	return err.Error()
}

// showJoin shows how the players join: the QR code, the address, the PIN
// and how many watch; and the button that stops sharing.
func (u *UI) showJoin() {
	srv := u.share.srv
	url := srv.URL()
	var qr fyne.CanvasObject = widget.NewLabel(url)
	if img, err := share.QR(url, shareQRSize); err == nil {
		i := canvas.NewImageFromImage(img)
		i.FillMode = canvas.ImageFillContain
		i.ScaleMode = canvas.ImageScalePixels
		i.SetMinSize(fyne.NewSize(shareQRSize, shareQRSize))
		qr = i
	}
	address := widget.NewLabelWithStyle(url, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	address.Selectable = true
	pin := container.NewCenter(BigText(spacedPIN(srv.PIN()), 40, theme.Color(theme.ColorNameForeground)))
	u.share.count = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
	u.relabelShare()
	var d dialog.Dialog
	stop := widget.NewButtonWithIcon(u.tr.T("ui.share.stop", nil), theme.MediaStopIcon(), func() {
		u.stopSharing()
		d.Hide()
	})
	stop.Importance = widget.DangerImportance
	// The code beside what to type and the way to stop: all in view at 1024×768.
	info := container.NewVBox(
		address,
		widget.NewLabelWithStyle(u.tr.T("ui.share.pin", nil), fyne.TextAlignCenter, fyne.TextStyle{}),
		pin,
		u.share.count,
		stop,
	)
	body := container.NewVBox(
		Wrapped(u.tr.T("ui.share.join", nil), widget.MediumImportance),
		container.NewBorder(nil, nil, container.NewCenter(qr), nil, container.NewCenter(info)),
		Wrapped(u.tr.T("ui.share.private", nil), widget.LowImportance),
	)
	u.share.body = body
	u.seatingBox()
	d = dialog.NewCustom(u.tr.T("ui.share.title", nil), u.tr.T("ui.close", nil), FormScroll(body), u.win)
	d.SetOnClosed(func() { u.share.count, u.share.dlg, u.share.seats, u.share.body = nil, nil, nil, nil })
	u.share.dlg = d
	d.Resize(dialogSize(u.win, 720, 560))
	d.Show()
}

// spacedPIN reads "123 456": easier to read out across a table.
func spacedPIN(pin string) string {
	if len(pin) != 6 {
		return pin
	}
	return pin[:3] + " " + pin[3:]
}

// stopSharing ends every device's connection and forgets them: the next
// sharing has a new PIN.
func (u *UI) stopSharing() {
	if u.share.srv == nil {
		return
	}
	_ = u.share.srv.Stop() // it is stopped either way: its connections are closed
	u.share.srv, u.share.devices, u.share.asks = nil, 0, 0
	u.relabelShare()
}

// publish gives the players' page what the players may see of the open
// game now (nothing with no game open, or one with no public view), with
// the files that view names. It is called after every step saved, undo,
// redo and jumps back included.
func (u *UI) publish() {
	srv := u.share.srv
	if srv == nil {
		return
	}
	if u.sess == nil {
		u.publishFiles(nil)
		srv.Publish("", []byte("null"))
		return
	}
	table := u.seatTable()
	p, ok := u.sess.game.(engine.Public)
	if !ok {
		u.publishFiles(nil)
		srv.PublishGame(u.sess.game.Module(), []byte("null"), table)
		return
	}
	view, err := p.PublicJSON()
	if err != nil {
		// The page keeps what it showed; the Conductor hears why.
		fyne.LogError(fmt.Sprintf("players' view of game %d", u.sess.id), err)
		return
	}
	files, _ := u.sess.game.(engine.PublicFiles)
	u.publishFiles(files)
	srv.PublishGame(u.sess.game.Module(), view, table)
	u.showSeating() // a seat the game no longer has is freed
}

// publishFiles gives the page the files the game's view names now, before
// the view that names them; only when they changed.
func (u *UI) publishFiles(g engine.PublicFiles) {
	var names []string
	if g != nil {
		names = g.PublicFiles()
	}
	if slices.Equal(names, u.share.files) {
		return
	}
	files := make(map[string]share.File, len(names))
	for _, name := range names {
		if data, ctype, ok := g.PublicFile(name); ok {
			files[name] = share.File{Type: ctype, Data: data}
		}
	}
	u.share.srv.SetFiles(files)
	u.share.files = names
}
