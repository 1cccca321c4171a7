package translations

import (
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// freshRegistry makes the messages as they are before any is used and no
// module registered, for one test: the shipped files parsed anew.
func freshRegistry(t *testing.T) {
	t.Helper()
	messages()
	pseudoBundle()
	oldModules, oldSealed, oldBundle, oldOnce, oldPseudo := registry.modules, registry.sealed, bundle, modulesOnce, pseudoBundle
	t.Cleanup(func() {
		registry.modules, registry.sealed, bundle, modulesOnce, pseudoBundle = oldModules, oldSealed, oldBundle, oldOnce, oldPseudo
	})
	registry.modules, registry.sealed = nil, false
	bundle, modulesOnce, pseudoBundle = mustBundle(), new(sync.Once), sync.OnceValue(makePseudoBundle)
}

// aModule is a module's message files: a message in English and Spanish.
var aModule = fstest.MapFS{
	"testgame.en.toml": {Data: []byte("\"testgame.hello\" = \"Hello, {{.Name}}\"\n")},
	"testgame.es.toml": {Data: []byte("\"testgame.hello\" = \"Hola, {{.Name}}\"\n")},
}

// panics is the panic f raises, as a string, or "".
func panics(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// A module's registered files speak in every language, the pseudo one
// too, and count among the app's files (Files, IDs) with their folder
// known (ModuleDir) for a new language's file.
func TestRegisterAddsAModulesMessages(t *testing.T) {
	freshRegistry(t)
	Register("core/testgame/messages", aModule)
	args := map[string]any{"Name": "Ana"}
	for lang, want := range map[string]string{"en": "Hello, Ana", "es": "Hola, Ana"} {
		if got := New(lang).T("testgame.hello", args); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if got := New(Pseudo).T("testgame.hello", args); !strings.Contains(got, "Héllö, Ana") {
		t.Errorf("pseudo: %q", got)
	}
	if ids, _ := IDs("es"); ids["testgame.hello"] == nil || ids["ui.undo"] == nil {
		t.Error("IDs lack the module's message or the shipped ones")
	}
	if _, err := fs.Stat(Files(), "testgame.es.toml"); err != nil {
		t.Error("Files lacks the module's file:", err)
	}
	if _, err := fs.Stat(Files(), "cli.es.toml"); err != nil {
		t.Error("Files lacks a shipped file:", err)
	}
	skeleton, err := Skeleton(nil, "fr")
	if err != nil || skeleton["testgame.fr.toml"] == nil || skeleton["cli.fr.toml"] == nil {
		t.Errorf("Skeleton: %v, files %d", err, len(skeleton))
	}
	if dir := ModuleDir("testgame.fr.toml"); dir != "core/testgame/messages" {
		t.Errorf("ModuleDir(testgame.fr.toml) = %q", dir)
	}
	if dir := ModuleDir("cli.fr.toml"); dir != "" {
		t.Errorf("ModuleDir(cli.fr.toml) = %q: the app's own", dir)
	}
	if missing, _, err := Compare(nil, "es"); err != nil || len(missing) != 0 {
		t.Errorf("Compare(es): %v, missing %v", err, missing)
	}
}

// A module's file named as a shipped one, or as another module's, is a
// build defect: Register panics saying whose it is.
func TestRegisterClashPanics(t *testing.T) {
	freshRegistry(t)
	Register("core/testgame/messages", aModule)
	for _, c := range []struct {
		fsys fstest.MapFS
		want string
	}{
		{fstest.MapFS{"cli.fr.toml": {Data: []byte("")}}, "translations has message files named cli"},
		{fstest.MapFS{"testgame.fr.toml": {Data: []byte("")}}, "core/testgame/messages has message files named testgame"},
		{fstest.MapFS{"testgame.en.toml": {Data: []byte("")}}, "core/testgame/messages has message files named testgame"},
		{fstest.MapFS{"testgame.toml": {Data: []byte("")}}, "is not named NAME.TAG.toml"},
		{fstest.MapFS{}, "no message files"},
	} {
		if got := panics(func() { Register("core/other/messages", c.fsys) }); !strings.Contains(got, c.want) {
			t.Errorf("%v: panic %q, want %q", c.fsys, got, c.want)
		}
	}
	if got := panics(func() { Register("core/testgame/messages", aModule) }); !strings.Contains(got, "has a file by that name already") {
		t.Errorf("the same files twice: panic %q", got)
	}
}

// A module registering after a message was rendered would be missed:
// Register panics, saying to register from an init function.
func TestRegisterAfterFirstUsePanics(t *testing.T) {
	freshRegistry(t)
	New("en").T("ui.undo", nil)
	if got := panics(func() { Register("core/testgame/messages", aModule) }); !strings.Contains(got, "after the messages were first used") {
		t.Errorf("panic %q", got)
	}
	if got := New("en").T("testgame.hello", nil); got != "testgame.hello" {
		t.Errorf("a module refused still speaks: %q", got)
	}
}
