/** An sRGB colour, 0–255 a channel. */
export type Rgb = readonly [number, number, number]

/** Decoded pixels, four bytes (RGBA, straight alpha) a pixel, row after row. */
export interface RgbaImage {
  width: number
  height: number
  pixels: Uint8Array
}

/** '#rrggbb' → [r, g, b]. */
export function hex(colour: string): Rgb {
  const n = Number.parseInt(colour.replace(/^#/, ''), 16)
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
}

/**
 * A raster of opaque RGB pixels (three bytes a pixel, row after row) with rectangles, rounded rectangles and a
 * scaled image: what a WebP logo is blended onto before it goes into a card as a PNG (render.ts,
 * docs/link-cards.md). Everything drawn is clipped to the canvas.
 */
export class Canvas {
  readonly width: number
  readonly height: number
  readonly pixels: Uint8Array

  // Plain fields, no parameter properties: Node runs this file as is (scripts/bench-link-cards.ts).
  constructor(width: number, height: number, background: Rgb = [255, 255, 255]) {
    this.width = width
    this.height = height
    this.pixels = new Uint8Array(width * height * 3)
    this.fillRect(0, 0, width, height, background)
  }

  /** The colour at (x, y). */
  pixel(x: number, y: number): Rgb {
    const i = (y * this.width + x) * 3
    return [this.pixels[i] ?? 0, this.pixels[i + 1] ?? 0, this.pixels[i + 2] ?? 0]
  }

  fillRect(x: number, y: number, w: number, h: number, colour: Rgb) {
    const x0 = Math.max(0, Math.round(x))
    const y0 = Math.max(0, Math.round(y))
    const x1 = Math.min(this.width, Math.round(x + w))
    const y1 = Math.min(this.height, Math.round(y + h))
    if (x1 <= x0 || y1 <= y0) return
    const [r, g, b] = colour
    // One row painted pixel by pixel, then copied to the others.
    const first = (y0 * this.width + x0) * 3
    for (let i = first; i < first + (x1 - x0) * 3; i += 3) {
      this.pixels[i] = r
      this.pixels[i + 1] = g
      this.pixels[i + 2] = b
    }
    const row = this.pixels.subarray(first, first + (x1 - x0) * 3)
    for (let y = y0 + 1; y < y1; y++) this.pixels.set(row, (y * this.width + x0) * 3)
  }

  /** A rectangle with corners of the given radius (a pixel is inside when its centre is). */
  fillRoundRect(x: number, y: number, w: number, h: number, radius: number, colour: Rgb) {
    const r = Math.max(0, Math.min(radius, w / 2, h / 2))
    if (r === 0) return this.fillRect(x, y, w, h, colour)
    for (let row = 0; row < Math.ceil(r); row++) {
      // How far in from each side the corner's arc is on this row (measured at the pixel centre).
      const dy = r - row - 0.5
      const inset = r - Math.sqrt(Math.max(0, r * r - dy * dy))
      const left = Math.round(inset)
      this.fillRect(x + left, y + row, w - 2 * left, 1, colour)
      this.fillRect(x + left, y + h - row - 1, w - 2 * left, 1, colour)
    }
    this.fillRect(x, y + Math.ceil(r), w, h - 2 * Math.ceil(r), colour)
  }

  /**
   * Draws an RGBA image scaled into the box (x, y, w, h), keeping its proportions and centring it,
   * each target pixel the average of the source pixels under it (a box filter; nearest neighbour
   * when enlarging), blended over the canvas by its alpha.
   */
  drawImage(image: RgbaImage, x: number, y: number, w: number, h: number) {
    if (image.width < 1 || image.height < 1) return
    const scale = Math.min(w / image.width, h / image.height)
    const dw = Math.max(1, Math.round(image.width * scale))
    const dh = Math.max(1, Math.round(image.height * scale))
    const ox = Math.round(x + (w - dw) / 2)
    const oy = Math.round(y + (h - dh) / 2)
    const _src = image.pixels
    for (let ty = 0; ty < dh; ty++) {
      const cy = oy + ty
      if (cy < 0 || cy >= this.height) continue
      const sy0 = Math.floor((ty * image.height) / dh)
      const sy1 = Math.max(sy0 + 1, Math.floor(((ty + 1) * image.height) / dh))
      for (let tx = 0; tx < dw; tx++) {
        const cx = ox + tx
        if (cx < 0 || cx >= this.width) continue
        const sx0 = Math.floor((tx * image.width) / dw)
        const sx1 = Math.max(sx0 + 1, Math.floor(((tx + 1) * image.width) / dw))
        // Alpha-weighted average of the source box, so transparent pixels lend no colour.
        const [r, g, b, a, n] = boxSums(image, sx0, sx1, sy0, sy1)
        if (a === 0) continue
        const coverage = a / (n * 255)
        const d = (cy * this.width + cx) * 3
        const blend = (channel: number, sum: number) =>
          Math.round((sum / a) * coverage + (this.pixels[d + channel] ?? 0) * (1 - coverage))
        this.pixels[d] = blend(0, r)
        this.pixels[d + 1] = blend(1, g)
        this.pixels[d + 2] = blend(2, b)
      }
    }
  }
}

/**
 * Over the source box [sx0, sx1) × [sy0, sy1): the red, green and blue sums weighted by alpha, the
 * alpha sum and the pixel count — what an alpha-weighted average of the box is made of.
 */
function boxSums(image: RgbaImage, sx0: number, sx1: number, sy0: number, sy1: number): [number, number, number, number, number] {
  const src = image.pixels
  let r = 0
  let g = 0
  let b = 0
  let a = 0
  let n = 0
  for (let sy = sy0; sy < sy1; sy++) {
    for (let sx = sx0; sx < sx1; sx++) {
      const i = (sy * image.width + sx) * 4
      const alpha = src[i + 3] ?? 0
      r += (src[i] ?? 0) * alpha
      g += (src[i + 1] ?? 0) * alpha
      b += (src[i + 2] ?? 0) * alpha
      a += alpha
      n++
    }
  }
  return [r, g, b, a, n]
}

/**
 * The image shrunk (never enlarged) to fit `maxSide` pixels a side, each pixel the alpha-weighted
 * average of the source pixels under it: a decoded logo reduced to the card's logo box.
 */
export function shrinkImage(image: RgbaImage, maxSide: number): RgbaImage {
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height))
  if (scale === 1) return image
  const width = Math.max(1, Math.round(image.width * scale))
  const height = Math.max(1, Math.round(image.height * scale))
  const out = new Uint8Array(width * height * 4)
  const _src = image.pixels
  for (let ty = 0; ty < height; ty++) {
    const sy0 = Math.floor((ty * image.height) / height)
    const sy1 = Math.max(sy0 + 1, Math.floor(((ty + 1) * image.height) / height))
    for (let tx = 0; tx < width; tx++) {
      const sx0 = Math.floor((tx * image.width) / width)
      const sx1 = Math.max(sx0 + 1, Math.floor(((tx + 1) * image.width) / width))
      const [r, g, b, a, n] = boxSums(image, sx0, sx1, sy0, sy1)
      const o = (ty * width + tx) * 4
      if (a > 0) {
        out[o] = Math.round(r / a)
        out[o + 1] = Math.round(g / a)
        out[o + 2] = Math.round(b / a)
      }
      out[o + 3] = Math.round(a / n)
    }
  }
  return { width, height, pixels: out }
}
