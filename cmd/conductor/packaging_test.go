package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// The files that install Conductor on a desktop (assets/linux, assets/flatpak,
// FyneApp.toml) agree with the program and with each other. Validating them
// with the desktop's own tools is scripts/check-install.sh's.

func readAsset(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../" + path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// desktopEntry is the [Desktop Entry] group of the menu entry, by key.
func desktopEntry(t *testing.T) map[string]string {
	t.Helper()
	keys := map[string]string{}
	for _, line := range strings.Split(string(readAsset(t, "assets/linux/"+appID+".desktop")), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			keys[k] = v
		}
	}
	return keys
}

type metainfo struct {
	ID         string `xml:"id"`
	Launchable string `xml:"launchable"`
	Provides   struct {
		Binary    string `xml:"binary"`
		Mediatype string `xml:"mediatype"`
	} `xml:"provides"`
	Releases []struct {
		Version string `xml:"version,attr"`
		Date    string `xml:"date,attr"`
	} `xml:"releases>release"`
	Screenshots []struct {
		Images []string `xml:"image"`
	} `xml:"screenshots>screenshot"`
	Rating struct {
		Type string `xml:"type,attr"`
	} `xml:"content_rating"`
}

func readMetainfo(t *testing.T) metainfo {
	t.Helper()
	var m metainfo
	if err := xml.Unmarshal(readAsset(t, "assets/linux/"+appID+".metainfo.xml"), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestDesktopFilesAgree(t *testing.T) {
	var fyneApp struct {
		Details     struct{ ID, Version string }
		LinuxAndBSD struct {
			GenericName, Comment, ExecParams string
			Categories, Keywords             []string
		}
	}
	if _, err := toml.Decode(string(readAsset(t, "FyneApp.toml")), &fyneApp); err != nil {
		t.Fatal(err)
	}
	if fyneApp.Details.ID != appID {
		t.Errorf("FyneApp.toml's ID %q is not the app's %q", fyneApp.Details.ID, appID)
	}
	m := readMetainfo(t)
	if m.ID != appID || m.Launchable != appID+".desktop" || m.Provides.Binary != "conductor" {
		t.Errorf("metainfo: id %q, launchable %q, binary %q", m.ID, m.Launchable, m.Provides.Binary)
	}
	// The newest release first, and it is the app's version: make release
	// refuses a version without its <release>.
	if len(m.Releases) == 0 || m.Releases[0].Version != fyneApp.Details.Version {
		t.Errorf("metainfo's newest release %v is not FyneApp.toml's version %s", m.Releases, fyneApp.Details.Version)
	}
	if len(m.Screenshots) == 0 || m.Rating.Type != "oars-1.1" {
		t.Errorf("metainfo: %d screenshots, content rating %q", len(m.Screenshots), m.Rating.Type)
	}
	for _, s := range m.Screenshots {
		for _, url := range s.Images {
			file, ok := strings.CutPrefix(url, "https://raw.githubusercontent.com/dunconductor/conductor/main/")
			if _, err := os.Stat("../../" + file); !ok || err != nil {
				t.Errorf("screenshot %s is not a file of the repository's", url)
			}
		}
	}

	d := desktopEntry(t)
	for k, want := range map[string]string{
		"Exec":       "conductor %f",
		"TryExec":    "conductor",
		"Icon":       appID,
		"Categories": "Game;BoardGame;",
		"MimeType":   m.Provides.Mediatype + ";",
		"Type":       "Application",
	} {
		if d[k] != want {
			t.Errorf("desktop entry: %s=%q, want %q", k, d[k], want)
		}
	}
	// What `fyne package` would write says the same.
	f := fyneApp.LinuxAndBSD
	if f.GenericName != d["GenericName"] || f.Comment != d["Comment"] || "conductor "+f.ExecParams != d["Exec"] ||
		strings.Join(f.Categories, ";")+";" != d["Categories"] || strings.Join(f.Keywords, ";")+";" != d["Keywords"] {
		t.Errorf("FyneApp.toml's [LinuxAndBSD] %+v is not the desktop entry's", f)
	}
	for _, k := range []string{"Name", "Comment", "Keywords", "GenericName"} {
		if d[k] == "" || d[k+"[es]"] == "" || d[k] == d[k+"[es]"] && k != "Name" {
			t.Errorf("desktop entry: %s %q, in Spanish %q", k, d[k], d[k+"[es]"])
		}
	}

	mime := string(readAsset(t, "assets/linux/"+appID+".mime.xml"))
	if !strings.Contains(mime, `<mime-type type="`+m.Provides.Mediatype+`">`) || !strings.Contains(mime, `<glob pattern="*.dunsave"/>`) {
		t.Errorf("the MIME type is not %s for *.dunsave:\n%s", m.Provides.Mediatype, mime)
	}
}

// The Flatpak manifest builds this app on the freedesktop runtime with Go's
// SDK extension, with portals for files (-tags flatpak), and asks for a
// display, the GPU and the network, nothing else: the network for the
// players' page, which listens on the local network only while the
// Conductor shares; it opens files only through the portal's dialog or a
// file manager.
func TestFlatpakManifest(t *testing.T) {
	var m struct {
		ID             string   `json:"id"`
		Runtime        string   `json:"runtime"`
		SDK            string   `json:"sdk"`
		SDKExtensions  []string `json:"sdk-extensions"`
		Command        string   `json:"command"`
		FinishArgs     []string `json:"finish-args"`
		RuntimeVersion string   `json:"runtime-version"`
		Modules        []struct {
			Name          string   `json:"name"`
			BuildCommands []string `json:"build-commands"`
		} `json:"modules"`
	}
	if err := json.Unmarshal(readAsset(t, "assets/flatpak/"+appID+".json"), &m); err != nil {
		t.Fatal(err)
	}
	if m.ID != appID || m.Command != "conductor" || m.Runtime != "org.freedesktop.Platform" || m.SDK != "org.freedesktop.Sdk" ||
		!slices.Equal(m.SDKExtensions, []string{"org.freedesktop.Sdk.Extension.golang"}) || !regexp.MustCompile(`^\d\d\.08$`).MatchString(m.RuntimeVersion) {
		t.Errorf("manifest: %+v", m)
	}
	want := []string{"--device=dri", "--share=ipc", "--share=network", "--socket=fallback-x11", "--socket=wayland"}
	got := slices.Sorted(slices.Values(m.FinishArgs))
	if !slices.Equal(got, want) {
		t.Errorf("finish-args %v, want %v", got, want)
	}
	if len(m.Modules) != 1 || len(m.Modules[0].BuildCommands) == 0 || !strings.Contains(m.Modules[0].BuildCommands[0], "-tags flatpak") {
		t.Fatalf("modules: %+v", m.Modules)
	}
	installed := strings.Join(m.Modules[0].BuildCommands, "\n")
	for _, f := range []string{"/app/bin/conductor", "/app/share/applications/" + appID + ".desktop", "/app/share/metainfo/" + appID + ".metainfo.xml",
		"/app/share/mime/packages/" + appID + ".xml", "/app/share/icons/hicolor/scalable/apps/" + appID + ".svg"} {
		if !strings.Contains(installed, " "+f+"\n") && !strings.HasSuffix(installed, " "+f) {
			t.Errorf("the manifest does not install %s", f)
		}
	}
}
