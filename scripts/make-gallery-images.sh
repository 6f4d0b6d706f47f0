#!/usr/bin/env bash
# Draws the images of the example gallery (template icons, a mask) with Buttonsmith itself and
# copies them to specs/images/. Run after changing tools/gallery-images/images.yaml.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product buttonsmith >/dev/null
bin=$(swift build --show-bin-path)/buttonsmith
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" build tools/gallery-images -o "$work/out" --quiet
mkdir -p specs/images
for name in star heart check fade; do
  cp "$work/out/current/$name/normal.png" "specs/images/$name.png"
done
echo "gallery images written to specs/images/"
