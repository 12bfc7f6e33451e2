#!/usr/bin/env bash
# Installs the Debian tools the server tests use when any is missing: pdftoppm and pdftotext
# (poppler-utils) to turn shipping labels into pictures and text, zbarimg (zbar-tools) to read their
# barcodes back, and ffmpeg, which turns a label picture into the video the scan page's browser test
# shows Chromium's fake camera, and redis-server, which the rate-limit tests count in with REDIS_URL.
# Needs root (or sudo) and Debian's package mirror; otherwise install them yourself.
set -eu
missing=()
command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null || missing+=(poppler-utils)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
command -v redis-server >/dev/null || missing+=(redis-server)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian's ${missing[*]} for the label, scan and rate-limit tests" >&2
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
if ! command -v apt-get >/dev/null; then
  echo "No apt-get here: install ${missing[*]} (or your system's equivalents) yourself." >&2
  exit 1
fi
# One index update serves both install scripts when they run one after the other.
find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | grep -q . || $sudo_cmd apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
