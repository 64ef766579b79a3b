#!/usr/bin/env bash
# Draws the QueueScope icon (three timeline lanes in the state colours feeding a queue) with
# ImageMagick at 256 px and scales it down. The PNGs are committed; run this only to change them.
set -euo pipefail
cd "$(dirname "$0")"
convert -size 256x256 xc:none \
  -fill '#1F3A5F' -draw 'roundrectangle 8,8 247,247 40,40' \
  -fill '#009E73' -draw 'roundrectangle 36,52 120,84 6,6' \
  -fill '#E69F00' -draw 'roundrectangle 128,52 160,84 6,6' \
  -fill '#56B4E9' -draw 'roundrectangle 36,112 84,144 6,6' \
  -fill '#009E73' -draw 'roundrectangle 92,112 160,144 6,6' \
  -fill '#D55E00' -draw 'roundrectangle 36,172 100,204 6,6' \
  -fill '#009E73' -draw 'roundrectangle 108,172 160,204 6,6' \
  -fill none -stroke white -strokewidth 8 -draw 'roundrectangle 180,44 224,212 8,8' \
  -stroke none -fill white -draw 'rectangle 190,128 214,202' \
  -draw 'rectangle 190,100 214,120' \
  -strip queuescope-256.png
for size in 16 22 32 48 64 128; do
  convert queuescope-256.png -filter Lanczos -resize ${size}x${size} -strip queuescope-${size}.png
done
