package serve

import (
	"image"
	"image/color"
)

// areaScale shrinks src into dst (no larger on either edge) by averaging
// the source pixels each destination pixel covers, fractions of pixels at
// its edges included. It allocates one row of sums and one entry per
// source column, whatever the sizes: x/image/draw's kernel scalers hold a
// float64 quadruple for every destination column of every source row
// (2000 by 6000 of them, 384 MB, for a 6000x6000 image), which no budget
// priced.
func areaScale(dst *image.NRGBA, src image.Image) {
	sb := src.Bounds()
	sw, sh, dw, dh := sb.Dx(), sb.Dy(), dst.Rect.Dx(), dst.Rect.Dy()
	if sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0 {
		return
	}
	fx, fy := float64(sw)/float64(dw), float64(sh)/float64(dh)
	// Source column x covers destination columns col[x] and, for the part
	// past its right edge, col[x]+1: share[x] is the part inside col[x].
	col := make([]int32, sw)
	share := make([]float32, sw)
	for x := range sw {
		x0, x1 := float64(x)/fx, float64(x+1)/fx
		c := min(int(x0), dw-1)
		col[x], share[x] = int32(c), float32((min(x1, float64(c+1))-x0)*fx)
	}
	at := rgba64At(src)
	sums := make([]float64, 4*dw)
	for dy := range dh {
		clear(sums)
		y0, y1 := float64(dy)*fy, float64(dy+1)*fy
		for sy := int(y0); sy < sh && float64(sy) < y1; sy++ {
			wy := min(y1, float64(sy+1)) - max(y0, float64(sy))
			for sx := range sw {
				c := at(sb.Min.X+sx, sb.Min.Y+sy)
				d, in := int(col[sx])*4, wy*float64(share[sx])
				sums[d] += in * float64(c.R)
				sums[d+1] += in * float64(c.G)
				sums[d+2] += in * float64(c.B)
				sums[d+3] += in * float64(c.A)
				if out := wy - in; out > 1e-9 && d+4 < len(sums) {
					sums[d+4] += out * float64(c.R)
					sums[d+5] += out * float64(c.G)
					sums[d+6] += out * float64(c.B)
					sums[d+7] += out * float64(c.A)
				}
			}
		}
		// Each destination pixel gathered fx*fy source pixels' worth of
		// premultiplied color; dst holds it not premultiplied, in 8 bits.
		row := dst.Pix[dy*dst.Stride:]
		for dx := range dw {
			s := sums[dx*4 : dx*4+4]
			a := s[3]
			if a <= 0 {
				clear(row[dx*4 : dx*4+4])
				continue
			}
			row[dx*4] = uint8(min(s[0]/a*255+0.5, 255))
			row[dx*4+1] = uint8(min(s[1]/a*255+0.5, 255))
			row[dx*4+2] = uint8(min(s[2]/a*255+0.5, 255))
			row[dx*4+3] = uint8(min(a/(fx*fy)/0xffff*255+0.5, 255))
		}
	}
}

// rgba64At reads a pixel without allocating, as every image type of the
// standard library and x/image does.
func rgba64At(src image.Image) func(x, y int) color.RGBA64 {
	if m, ok := src.(image.RGBA64Image); ok {
		return m.RGBA64At
	}
	return func(x, y int) color.RGBA64 {
		r, g, b, a := src.At(x, y).RGBA()
		return color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
	}
}
