#!/usr/bin/env bash
# Installs the system packages Buttonsmith needs when any of them is missing.
# Safe to run repeatedly: it does nothing when everything is already there.
set -euo pipefail

packages=(
  pkg-config
  libcairo2-dev
  libpango1.0-dev
  libpng-dev
  libdeflate-dev
  librsvg2-dev
  libpoppler-glib-dev
  libcurl4-openssl-dev
  # Foundation's XML library, linked into the release binary with the Swift libraries (make release).
  libxml2-dev
  fontconfig
  fonts-dejavu-core
  fonts-vlgothic
)
packages+=("$@")

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# SwiftPM keeps the flags pkg-config gave it until the manifest changes: a build tried before the
# packages were there would go on failing to find their headers.
touch "$(dirname "$0")/../Package.swift"
echo "setup: done" >&2
