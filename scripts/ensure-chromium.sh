#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing: `chromium-headless-shell`, which the browser tests
# drive (docs/decisions/0062); with the argument `full`, the full `chromium` instead, which the
# benchmarks and Lighthouse measure as a visitor's browser. Needs root (or sudo) and Debian's package
# mirror; otherwise set CHROMIUM_PATH to a Chromium binary you already have, which is then used for both.
set -eu
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2
  exit 1
fi
if [ "${1:-}" = full ]; then package=chromium; else package=chromium-headless-shell; fi
bin=/usr/bin/$package
[ -x "$bin" ] && exit 0
echo "$bin not found: installing Debian's $package package" >&2
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
if ! command -v apt-get >/dev/null; then
  echo "No apt-get here: install Chromium yourself and set CHROMIUM_PATH to it." >&2
  exit 1
fi
# One index update serves both install scripts when they run one after the other.
find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | grep -q . || $sudo_cmd apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$package" >/dev/null
[ -x "$bin" ] || { echo "$package installed but $bin is missing; set CHROMIUM_PATH" >&2; exit 1; }
