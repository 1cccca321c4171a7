# Conductor, built for Linux x86-64. This folder holds what `make install` puts
# on a machine (usr/local/ mirrors the installed paths). From here:
#
#   sudo make install                   # under /usr/local
#   make install PREFIX=$HOME/.local    # for you alone, no root needed
#   sudo make uninstall                 # the same PREFIX as the install
#
# DESTDIR is honoured (make install DESTDIR=/tmp/root PREFIX=/usr for a package).
# Your saves (~/.config/conductor/conductor.db) are never touched: installing a
# newer version over this one keeps them.
PREFIX ?= /usr/local
DESTDIR ?=

install:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" sh ./install.sh install usr/local

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" sh ./install.sh uninstall

.PHONY: install uninstall
