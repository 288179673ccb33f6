#!/usr/bin/env bash
# Browser journeys run in Debian's Chromium (Playwright cannot download its own browser here).
# Installs it when it is missing and we may (root); otherwise says what to do.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser journeys..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is needed at $CHROMIUM for the browser journeys: install Debian's 'chromium' package (or set CHROMIUM_PATH)." >&2
exit 1
