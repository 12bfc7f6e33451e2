#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing. Needs root (or sudo) and
# Debian's package mirror; otherwise set CHROMIUM_PATH to a Chromium binary you already have.
set -eu
bin=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$bin" ] && exit 0
echo "Chromium not found at $bin: installing Debian's chromium package" >&2
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
if ! command -v apt-get >/dev/null; then
  echo "No apt-get here: install Chromium yourself and set CHROMIUM_PATH to it." >&2
  exit 1
fi
# One index update serves both install scripts when they run one after the other.
find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | grep -q . || $sudo_cmd apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
[ -x "$bin" ] || { echo "chromium installed but $bin is missing; set CHROMIUM_PATH" >&2; exit 1; }
