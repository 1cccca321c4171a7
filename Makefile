# Quick start: `make run` opens the app, `make test` runs every test.
# Both install what is missing first (Debian/Ubuntu packages for Fyne's cgo build).
# `make build && sudo make install` installs it for the desktop's menu (PREFIX,
# DESTDIR honoured); `make uninstall` removes it; `make release` builds the
# release archive from a tag; `make release-check` shows it is reproducible.

BIN := bin/conductor
# What Fyne's cgo build needs (GLFW with X11 and Wayland), and go-sqlite3's C compiler.
BUILD_PACKAGES := gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev \
	libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev libwayland-dev libxkbcommon-dev
# What the real-window smoke test needs: a virtual display and a screenshot tool.
SMOKE_PACKAGES := xvfb xauth imagemagick x11-apps
# What installing for the desktop and checking it need: the icons' renderer, the
# desktop entry's and AppStream's validators, the MIME database, xz for the
# release archive, xdotool to find and drive the installed app's windows.
LINUX_PACKAGES := librsvg2-bin desktop-file-utils appstream shared-mime-info xz-utils xdotool
# What the players' page test and read-aloud need: Debian's Chromium (a real
# browser, headless) and the desktop's speech service with espeak-ng.
BROWSER_PACKAGES := chromium
SPEECH_PACKAGES := speech-dispatcher espeak-ng
# What the Debian package needs: dpkg-deb and dpkg-shlibdeps, and lintian.
DEB_PACKAGES := dpkg-dev lintian
# What the Windows build needs (MinGW-w64's gcc and windres), its check (Wine
# under Xvfb; locales: the sources localedef makes es_ES.UTF-8 from, for a
# Spanish Wine) and its release (NSIS's makensis, zip).
WINDOWS_PACKAGES := gcc-mingw-w64-x86-64
WINE_PACKAGES := wine wine64 xvfb xauth imagemagick x11-utils xdotool locales
WINDOWS_RELEASE_PACKAGES := nsis zip
WINDOWS_EXE := bin/windows/conductor.exe

PREFIX ?= /usr/local
DESTDIR ?=
# The version and commit stamped into every build (conductor --version): the
# tag vX.Y.Z on HEAD, else how far past it, else FyneApp.toml's version -dev.
# Stamping only changes the link: nothing is compiled again for it.
VERSION ?= $(shell sh scripts/version.sh)
COMMIT := $(shell sh scripts/version.sh commit)
LDFLAGS := -X main.version=$(VERSION) -X main.commit=$(COMMIT)
# make release takes the tag's version unless VERSION=… is given.
RELEASE_VERSION := $(if $(filter command line environment,$(origin VERSION)),$(VERSION))

export LANG := en_US.UTF-8

.PHONY: deps build run test smoke realinput realinput-all bench fmt install uninstall install-check release release-check screenshots deb deb-check windows windows-check windows-installer-check

deps:
	@sh scripts/deps.sh $(BUILD_PACKAGES)

build: deps
	@sh scripts/deps.sh $(SPEECH_PACKAGES)
	go build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/conductor

run: build
	./$(BIN)

test: deps
	@sh scripts/deps.sh $(BROWSER_PACKAGES) $(SPEECH_PACKAGES)
	@unformatted=$$(gofmt -l $$(go list -f '{{.Dir}}' ./...)); \
	if [ -n "$$unformatted" ]; then echo "not gofmt-formatted: $$unformatted"; exit 1; fi
	go vet ./...
	go test ./...
	$(MAKE) smoke
	$(MAKE) realinput
	$(MAKE) install-check

smoke: build
	@sh scripts/deps.sh $(SMOKE_PACKAGES)
	sh scripts/smoke.sh $(BIN)

# The real-input tests (ui/realinput): the built app in its own Xvfb, used by
# real X clicks and keys (xdotool). Each flow plays once, at its one screen
# size and language; REALINPUT_PARALLEL of them at a time (each has its own
# Xvfb, home and database). RUN=regexp picks tests; screenshots of a failure
# are kept in bin/realinput/. REALINPUT_DISPLAY=:0 runs them on a display you
# can watch instead of a virtual one (with REALINPUT_PARALLEL=1).
REALINPUT_PARALLEL ?= 2
realinput: build
	@sh scripts/deps.sh $(SMOKE_PACKAGES) xdotool
	CONDUCTOR_BIN="$(abspath $(BIN))" go test -count=1 -timeout 40m -parallel $(REALINPUT_PARALLEL) -v $(if $(RUN),-run '$(RUN)') ./ui/realinput/

# Every real-input flow at every screen it is written for (1024×768 and
# 1280×800, English and Spanish): run it before a change to layout code.
realinput-all: build
	@sh scripts/deps.sh $(SMOKE_PACKAGES) xdotool
	REALINPUT_ALL=1 CONDUCTOR_BIN="$(abspath $(BIN))" go test -count=1 -timeout 120m -parallel $(REALINPUT_PARALLEL) -v $(if $(RUN),-run '$(RUN)') ./ui/realinput/

# Installs what `make build` built (it builds first when there is nothing yet), so
# that `sudo make install` needs no Go in root's PATH.
install:
	@[ -x $(BIN) ] || $(MAKE) build
	@sh scripts/deps.sh $(LINUX_PACKAGES)
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" sh scripts/install.sh install $(BIN)

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" sh scripts/install.sh uninstall

# make install into a temporary DESTDIR, validated; the installed app opened
# under Xvfb by its menu entry; make uninstall. `make test` runs it.
install-check: build
	@sh scripts/deps.sh $(LINUX_PACKAGES) $(SMOKE_PACKAGES)
	sh scripts/check-install.sh

# bin/release/conductor-VERSION-linux-amd64.tar.xz from the tag on HEAD (or
# VERSION=…). -trimpath compiles everything once more (about 5 minutes the
# first time; the build cache keeps it).
release: deps
	@sh scripts/deps.sh $(LINUX_PACKAGES)
	VERSION="$(RELEASE_VERSION)" sh scripts/release.sh
	@sh scripts/deps.sh $(DEB_PACKAGES)
	VERSION="$(RELEASE_VERSION)" sh scripts/deb.sh release
	@sh scripts/deps.sh $(WINDOWS_PACKAGES) $(WINDOWS_RELEASE_PACKAGES)
	VERSION="$(RELEASE_VERSION)" sh scripts/windows.sh release

# Builds the release twice, from two clones at different paths, and compares
# the archives' checksums; then installs one from its own Makefile.
# RELEASE_CHECK_COLD=1 builds the second with an empty Go build cache.
release-check: deps
	@sh scripts/deps.sh $(LINUX_PACKAGES)
	sh scripts/release-check.sh

# bin/conductor_VERSION_amd64.deb from what `make build` built (stamped the
# same way): the files `make install` installs, under /usr, Depends from the
# libraries the binary links (scripts/deb.sh).
deb: build
	@sh scripts/deps.sh $(DEB_PACKAGES) $(LINUX_PACKAGES)
	sh scripts/deb.sh build $(BIN) "$(VERSION)" bin

# lintian on the package, then installed on this machine with apt-get, run
# from its menu entry's Exec line, removed and purged leaving nothing
# (scripts/debcheck.sh; root or sudo). About a minute after `make deb`.
deb-check: deb
	sh scripts/debcheck.sh "$$(ls -t bin/conductor_*_amd64.deb | head -n 1)"

# bin/windows/conductor.exe, cross-compiled with MinGW-w64 (cgo), with its
# icon and version resource, stamped like make build (scripts/windows.sh). The
# first build compiles go-gl and go-sqlite3 for Windows: about 5 minutes.
windows:
	@sh scripts/deps.sh $(WINDOWS_PACKAGES)
	sh scripts/windows.sh build $(WINDOWS_EXE) "$(VERSION)" "$(COMMIT)"

# conductor.exe under Wine beside the Linux build: --version, --help, the golden
# scripts byte for byte, quest validate, export and import by Windows paths,
# the window under Xvfb (scripts/windowscheck.sh; the Wine prefix is bin/wine).
windows-check: windows build
	@sh scripts/deps.sh $(WINE_PACKAGES)
	sh scripts/windowscheck.sh $(WINDOWS_EXE) $(BIN)

# make release's Windows installer installed (setup.exe /S) and uninstalled
# (Uninstall.exe /S) under Wine: every file and key it adds, then none left,
# the saves kept (scripts/windows-installcheck.sh; after make windows-check).
windows-installer-check:
	@sh scripts/deps.sh $(WINE_PACKAGES)
	sh scripts/windows-installcheck.sh "$$(ls -t bin/release/conductor-*-windows-amd64-setup.exe | head -n 1)"

# The metainfo's screenshots (assets/linux/screenshots/), taken by the smoke
# test's tooling: a 10,000-event DUN game resumed, in English and in Spanish.
screenshots: build
	@sh scripts/deps.sh $(SMOKE_PACKAGES) $(LINUX_PACKAGES)
	sh scripts/screenshots.sh $(BIN)

# The benchmarks and their goals (docs/speed.md), then the app's memory by
# real input, before and after a change (scripts/membench.sh: about 45
# minutes; MEMBENCH_RUNS=1 for one run of each).
bench: deps
	go test -run '^$$' -bench . -benchmem ./core/... ./data ./cmd/conductor ./ui/dun
	@sh scripts/benchgoals.sh
	@sh scripts/deps.sh $(SMOKE_PACKAGES) xdotool
	sh scripts/membench.sh

fmt:
	gofmt -w $$(go list -f '{{.Dir}}' ./...)
