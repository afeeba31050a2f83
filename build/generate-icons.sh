#!/usr/bin/env bash
# Regenerates the icons electron-builder packs from build/icon.svg (needs ImageMagick: `apt-get install
# imagemagick`; CONVERT=/usr/bin/convert picks a binary). The outputs are committed, so packaging never needs ImageMagick.
#   build/icon.png          1024 px: macOS (electron-builder makes the .icns from it) and the fallback
#   build/icon.ico          Windows (16–256 px)
#   build/icons/NxN.png     Linux hicolor sizes, installed by the deb and the AppImage
set -euo pipefail
cd "$(dirname "$0")"
CONVERT=${CONVERT:-convert}
render() { "$CONVERT" -background none -density 384 icon.svg -resize "$1x$1" "PNG32:$2"; }
render 1024 icon.png
mkdir -p icons
for size in 16 24 32 48 64 128 256 512; do render "$size" "icons/${size}x${size}.png"; done
"$CONVERT" icons/16x16.png icons/24x24.png icons/32x32.png icons/48x48.png icons/64x64.png icons/128x128.png icons/256x256.png icon.ico
