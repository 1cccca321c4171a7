package dunui

import (
	"errors"
	"strings"
	"time"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/journal"
	"github.com/dunconductor/conductor/ui/probe"
)

// saveStory asks which version of campaign cp's story to save (the
// players', unless the Conductor's is ticked) and where, and writes it as
// one HTML page with a Markdown file beside it (journal.BuildCampaign):
// each quest with its outcome, its sittings recapped, its map, and the
// heroes' VP and gold after it.
func (c *campaignScreen) saveStory(cp data.Campaign) {
	tr := c.tr
	conductor := probe.Name(ui.NewWrapCheck(tr.T("journal.campaign.save.conductor", nil), nil), "journal.conductor") // wraps: never wider than the window
	content := container.NewVBox(ui.Wrapped(tr.T("journal.campaign.save.what", nil), widget.MediumImportance), conductor)
	d := dialog.NewCustomConfirm(tr.T("journal.save.title", map[string]any{"Name": cp.Name}), tr.T("journal.save.go", nil), tr.T("journal.save.cancel", nil),
		probe.Name(content, "journal.save"), func(ok bool) {
			if ok {
				c.writeStory(cp, conductor.Checked)
			}
		}, c.win)
	d.Show()
}

// errNoStory is a store that cannot give a campaign's games (a test's).
var errNoStory = errors.New("this store cannot tell a campaign's games")

// writeStory builds campaign cp's journal and asks where to save it.
func (c *campaignScreen) writeStory(cp data.Campaign, conductor bool) {
	src, ok := c.lib.(journal.CampaignSource)
	if !ok {
		c.problem(errNoStory)
		return
	}
	j, err := journal.BuildCampaign(c.tr, src, cp.ID, conductor, time.Now())
	if err != nil {
		c.notice.SetText(c.tr.T("cli.journal.failed", map[string]any{"Detail": ui.LibraryError(c.tr, err)}))
		c.notice.Show()
		return
	}
	name := strings.NewReplacer("/", "-", `\`, "-").Replace(cp.Name) + ".html"
	ui.SaveStoryAs(c.win, name, j.WriteHTML, j.WriteMarkdown, c.problem)
}
