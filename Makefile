# Quick start: `make run` opens the app, `make test` runs every test.
# Both install what is missing first (Debian/Ubuntu packages for Fyne's cgo build).

BIN := bin/conductor
# What Fyne's cgo build needs (GLFW with X11 and Wayland), and go-sqlite3's C compiler.
BUILD_PACKAGES := gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev \
	libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev libwayland-dev libxkbcommon-dev
# What the real-window smoke test needs: a virtual display and a screenshot tool.
SMOKE_PACKAGES := xvfb xauth imagemagick x11-apps

export LANG := en_US.UTF-8

.PHONY: deps build run test smoke bench fmt

deps:
	@sh scripts/deps.sh $(BUILD_PACKAGES)

build: deps
	go build -o $(BIN) ./cmd/conductor

run: build
	./$(BIN)

test: deps
	@unformatted=$$(gofmt -l $$(go list -f '{{.Dir}}' ./...)); \
	if [ -n "$$unformatted" ]; then echo "not gofmt-formatted: $$unformatted"; exit 1; fi
	go vet ./...
	go test ./...
	$(MAKE) smoke

smoke: build
	@sh scripts/deps.sh $(SMOKE_PACKAGES)
	sh scripts/smoke.sh $(BIN)

bench: deps
	go test -run '^$$' -bench . -benchmem ./core/... ./data ./cmd/conductor ./ui/dun

fmt:
	gofmt -w $$(go list -f '{{.Dir}}' ./...)
