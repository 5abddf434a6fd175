#!/bin/sh
# Make Debian's Chromium available at /usr/bin/chromium for the Playwright browser tests.
#
#   sh scripts/ensure-chromium.sh        (run by `make browser`, a prerequisite of `make test`)
#
# - /usr/bin/chromium present: exit 0 at once (idempotent, no apt, no network).
# - Missing, running as root with apt-get: install Debian's `chromium` quietly.
# - Still missing: say why browser tests will be skipped and exit 0,
#   except under CI=true, where a missing browser is a failure (exit 1).
set -u

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    exit 0
fi

reason=""
if [ "$(id -u)" != 0 ]; then
    reason="$CHROMIUM is missing and we are not root, so it cannot be installed with apt-get (run: sudo apt-get install chromium)"
elif ! command -v apt-get >/dev/null 2>&1; then
    reason="$CHROMIUM is missing and apt-get is not available to install it"
else
    echo "ensure-chromium: $CHROMIUM missing; installing Debian's chromium with apt-get (this takes a minute)..."
    log=$(mktemp "${TMPDIR:-/tmp}/ensure-chromium.XXXXXX") || log=/dev/null
    export DEBIAN_FRONTEND=noninteractive
    # Wait for another apt/dpkg run instead of failing on its lock.
    if apt-get -q -o DPkg::Lock::Timeout=300 update >"$log" 2>&1 &&
        apt-get -q -o DPkg::Lock::Timeout=300 install -y --no-install-recommends chromium >>"$log" 2>&1; then
        :
    else
        reason="apt-get could not install chromium: $(grep -E '^(E|W):' "$log" 2>/dev/null | tail -n 3 | tr '\n' ' ' | sed 's/ *$//')"
    fi
    [ "$log" = /dev/null ] || rm -f "$log"
    if [ -x "$CHROMIUM" ]; then
        echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)"
        exit 0
    fi
    [ -n "$reason" ] || reason="apt-get finished but $CHROMIUM is still missing"
fi

if [ "${CI:-}" = true ]; then
    echo "ensure-chromium: ERROR: browser tests cannot run under CI=true: $reason" >&2
    exit 1
fi
echo "ensure-chromium: browser tests will be skipped: $reason" >&2
exit 0
