# Natter: make run (install what is missing, build, launch) and make test (install, build,
# run every test) are the two set-up commands; see README.md.

SWIFT    ?= swift
PREFIX   ?= $(HOME)/.local
# Fonts and dictionaries: installed for the app, and the only ones the tests see
# (scripts/test-env.sh pins fontconfig and Enchant to these packages' files). dejavu-extra holds
# the oblique and condensed faces: without it italic text is slanted by SDL_ttf instead.
FONT_DEPS = fonts-dejavu-core fonts-dejavu-extra fonts-noto-cjk fonts-noto-color-emoji
DICT_DEPS = hunspell-en-us
export FONT_DEPS DICT_DEPS
# Packages the app needs to build and run.
APP_DEPS  = pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig1-dev libx11-dev libdbus-1-dev libenchant-2-dev libpcre2-dev liblua5.4-dev \
            $(FONT_DEPS) $(DICT_DEPS)
# Packages the tests need: a private X server, input and screenshots, a session bus and a
# notification server, real IRC servers.
TEST_DEPS = python3 xvfb xauth xdotool imagemagick dbus dunst python3-dbus python3-gi gnome-keyring libsecret-tools inspircd atheme-services ngircd znc bitlbee openssl procps

.PHONY: all deps test-deps build release run demo test test-fresh golden docs bench fuzz sanitize screenshot install uninstall clean

all: build

deps:
	@command -v $(SWIFT) >/dev/null || { echo "make: the Swift toolchain ($(SWIFT)) is not on PATH: install Swift 6 first" >&2; exit 1; }
	@scripts/ensure-deps.sh $(APP_DEPS)
	@pkg-config --exists sdl2 SDL2_ttf SDL2_image fontconfig x11 dbus-1 enchant-2 lua5.4 || { echo "make: pkg-config cannot find SDL2, SDL2_ttf, SDL2_image, fontconfig, x11, dbus-1, enchant-2 or lua5.4" >&2; exit 1; }

test-deps: deps
	@scripts/ensure-deps.sh $(TEST_DEPS)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product natter

# Builds in release mode and opens the window (needs a display: DISPLAY or WAYLAND_DISPLAY).
run: release
	.build/release/natter

# A local InspIRCd with bots posting sample traffic into #natter and #demo, and Natter connected
# to it: every feature with no network and no account (needs a display). NICK=name picks your nick.
demo: release
	@scripts/ensure-deps.sh inspircd python3
	scripts/demo.sh .build/release/natter

# Builds everything (the natter binary too: the window tests launch it) and runs every test, in
# an environment of their own (scripts/test-env.sh: a temporary HOME and XDG folders, only the
# fonts and dictionaries named above, C.UTF-8, UTC), failing when the real HOME gained anything.
# FILTER=regex runs some tests only. First, every module a source file imports must be declared
# for its target in Package.swift (scripts/check-imports.py).
TEST_ENV = scripts/test-env.sh
test: test-deps
	SWIFT=$(SWIFT) scripts/check-imports.py
	$(SWIFT) build --build-tests
	$(TEST_ENV) $(SWIFT) test --skip-build $(if $(FILTER),--filter '$(FILTER)')

# make test of a fresh clone of HEAD in a minimal Debian root with only the toolchain's and this
# Makefile's packages (debootstrap, cached in NATTER_FRESH_CACHE); as root. FRESH_EXTRA=pkgs
# installs more first. Run it before adding a dependency is called done.
test-fresh:
	scripts/test-fresh.sh

# Rewrites the render tests' golden PNGs (Tests/RenderTests/Goldens) from the current code.
# Look at every changed PNG before committing it.
golden: deps
	$(SWIFT) build --build-tests
	NATTER_UPDATE_GOLDENS=1 $(TEST_ENV) $(SWIFT) test --skip-build --filter RenderTests.RenderScenarioTests

# Rewrites docs/SETTINGS.md from the settings catalog (a test fails while the two differ).
docs: deps
	$(SWIFT) build --build-tests
	NATTER_WRITE_DOCS=1 $(TEST_ENV) $(SWIFT) test --skip-build --filter SettingsStoreTests.theReferenceIsTheCatalogs

# Release-build benchmarks; writes BENCHMARKS.md. SUITES="protocol formatting" picks suites (the
# connect suite starts InspIRCd + atheme, hence test-deps).
# Then the start-up time to the first frame (scripts/bench-startup.py, in Xvfb), and the
# side-by-side flood against HexChat, WeeChat and irssi through ../shared/bench
# (scripts/bench-peers.sh; as root, it installs the peers with apt; BENCH_REPEAT rounds,
# SIDE_BY_SIDE=no to skip), appended to BENCHMARKS.md with plots in docs/bench/.
SIDE_BY_SIDE ?= yes
bench: test-deps
	@scripts/ensure-deps.sh python3-matplotlib xvfb
	$(SWIFT) build -c release --product natter-bench
	$(SWIFT) build -c release --product natter
	NATTER_BENCH_TOOLCHAIN="$$($(SWIFT) --version 2>&1 | head -1)" \
	  .build/release/natter-bench $(SUITES) > BENCHMARKS.md.new; status=$$?; \
	  mv BENCHMARKS.md.new BENCHMARKS.md; \
	  scripts/bench-startup.py .build/release/natter BENCHMARKS.md || status=1; \
	  if [ "$(SIDE_BY_SIDE)" != no ]; then scripts/bench-peers.sh || status=1; fi; \
	  cat BENCHMARKS.md; exit $$status

# The unit tests under AddressSanitizer, then ThreadSanitizer, each in a build folder of its own
# (test-deps: the transport's and the desktop's tests start their servers). Every module with
# threads is among them: the transport's NIO shell (IRCTransportTests, against the InspIRCd and
# ngIRCd they start), the instance socket (DesktopIntegrationTests), subprocesses
# (FoundationExtrasTests), the password fetch and the hub (ConnectionsTests), the D-Bus thread
# (notifications, the portal, the keyring, each on a private bus: NatterAppTests,
# DesktopIntegrationTests).
# SANITIZE_SKIP leaves out the tests that run the natter binary (in Xvfb, or `natter render`):
# they test the window, not these threads, and a sanitized natter would only be slower.
SANITIZE_FILTER ?= IRCProtocolTests|IRCFormattingTests|IRCSessionTests|ChatModelTests|ScrollPhysicsTests|WidgetsTests|NatterUITests|IRCTransportCoreTests|IRCTransportTests|NatterAppTests|ConnectionsTests|DesktopIntegrationTests|FoundationExtrasTests|ConfigurationTests
SANITIZE_SKIP   ?= NatterAppTests\.(EndToEndTests|FirstRunKeyringTests|IRCLinkWindowTests|NotificationWindowTests|RenderCommandTests|ThemeWindowTests|WindowLoopTests|WindowScaleTests)
sanitize: test-deps
	$(SWIFT) build --build-tests --scratch-path .build/asan --sanitize=address
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp \
	  $(TEST_ENV) $(SWIFT) test --skip-build --scratch-path .build/asan --sanitize=address \
	  --filter '$(SANITIZE_FILTER)' --skip '$(SANITIZE_SKIP)'
	$(SWIFT) build --build-tests --scratch-path .build/tsan --sanitize=thread
	$(TEST_ENV) $(SWIFT) test --skip-build --scratch-path .build/tsan --sanitize=thread \
	  --filter '$(SANITIZE_FILTER)' --skip '$(SANITIZE_SKIP)'

# libFuzzer targets (natter-fuzz) built with AddressSanitizer, each run for FUZZ_SECONDS from
# seeds made from Tests/Corpora; prints executions, coverage and crashes per target.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= parser tags formatting urls isupport session config scenario layout scripts previews
fuzz: deps
	$(SWIFT) build -c release --scratch-path .build/fuzz --product natter-fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DNATTER_FUZZ
	python3 scripts/fuzz-seeds.py "$${NATTER_CORPORA:-Tests/Corpora}" .build/fuzz/seeds
	scripts/fuzz.sh .build/fuzz/release/natter-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The README's screenshot: the chat screen of docs/screenshot.scenario, drawn headless.
screenshot: release
	rm -rf .build/screenshot
	.build/release/natter render docs/screenshot.scenario --out .build/screenshot
	cp .build/screenshot/screenshot.png docs/screenshot.png

install: release
	install -Dm755 -s .build/release/natter $(DESTDIR)$(PREFIX)/bin/natter
	install -Dm644 Assets/natter.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/natter.svg
	sed 's|^Exec=natter|Exec=$(PREFIX)/bin/natter|' Assets/natter.desktop > .build/natter.desktop
	install -Dm644 .build/natter.desktop $(DESTDIR)$(PREFIX)/share/applications/natter.desktop
	@# The entry handles irc:// and ircs:// links (MimeType=); the desktop learns of it here.
	-update-desktop-database $(DESTDIR)$(PREFIX)/share/applications 2>/dev/null

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/natter \
	      $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/natter.svg \
	      $(DESTDIR)$(PREFIX)/share/applications/natter.desktop

clean:
	rm -rf .build
