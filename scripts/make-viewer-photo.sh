#!/bin/bash
# Makes Tests/RenderTests/Scenarios/viewer-photo.png, the image the viewer scenarios show: a
# gradient, a grid every 100 px, shapes and labels at the corners, so zoom, position and
# sharpness show in the goldens. Usage: scripts/make-viewer-photo.sh OUT.png (ImageMagick 6).
set -e
draw=()
for i in $(seq 0 100 1600); do draw+=(-draw "line $i,0 $i,1000"); done
for j in $(seq 0 100 1000); do draw+=(-draw "line 0,$j 1600,$j"); done
convert -size 1600x1000 gradient:'#1d3557-#e9c46a' -stroke '#ffffff80' -strokewidth 1 "${draw[@]}" \
 -stroke none -fill '#e63946' -draw "circle 400,300 400,420" -fill '#2a9d8f' -draw "rectangle 1000,550 1350,850" \
 -fill '#f4a261' -draw "polygon 800,100 950,400 650,400" \
 -font /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf -fill white -pointsize 28 \
 -draw "text 20,50 'top-left'" -draw "text 1380,980 'bottom-right'" -draw "text 640,520 'centre 1600x1000'" \
 -stroke '#000000' -strokewidth 2 -fill none -draw "rectangle 1,1 1598,998" \
 -depth 8 -define png:exclude-chunks=date,time -strip "$1"
