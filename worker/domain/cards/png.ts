import type { Canvas, RgbaImage } from './canvas'

/**
 * PNG written and read here, with zlib from the platform's CompressionStream and
 * DecompressionStream ('deflate' is the zlib format PNG's IDAT carries): no image library in the
 * Worker (docs/link-cards.md, docs/decisions/2026-11-25-link-cards.md).
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 (ISO 3309, the polynomial PNG and zlib use) of the bytes. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8)
  return ~c >>> 0
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  // Never a SharedArrayBuffer here: every buffer comes from R2, a Response or this file.
  const input = new Response(bytes as Uint8Array<ArrayBuffer>).body
  if (!input) return new Uint8Array(0)
  return new Uint8Array(await new Response(input.pipeThrough(stream)).arrayBuffer())
}

/** zlib (RFC 1950) compression of the bytes. */
export const deflate = (bytes: Uint8Array) => through(bytes, new CompressionStream('deflate'))
/** zlib (RFC 1950) decompression of the bytes; rejects on damaged data. */
export const inflate = (bytes: Uint8Array) => through(bytes, new DecompressionStream('deflate'))

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/**
 * The canvas as an 8-bit RGB PNG. Every row is filtered with Sub (each byte minus the one a pixel
 * to its left): a card is mostly flat colour, which Sub turns into runs of zeros for deflate.
 */
export async function encodePng(canvas: Canvas): Promise<Uint8Array> {
  const { width, height, pixels } = canvas
  const stride = width * 3
  const raw = new Uint8Array((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1)
    const src = y * stride
    raw[row] = 1 // Sub
    for (let i = 0; i < 3 && i < stride; i++) raw[row + 1 + i] = pixels[src + i] ?? 0
    for (let i = 3; i < stride; i++) raw[row + 1 + i] = ((pixels[src + i] ?? 0) - (pixels[src + i - 3] ?? 0)) & 0xff
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 2, 0, 0, 0], 8) // bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', await deflate(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** Limits of an image decodePng accepts: a logo never needs more, and 4 MP of RGBA is 16 MB. */
export const MAX_DECODE_SIDE = 2048
export const MAX_DECODE_PIXELS = 4_000_000

export class PngError extends Error {}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/**
 * Decodes a PNG to RGBA: colour types grey, RGB, palette, grey + alpha and RGBA; bit depth 8 (and
 * 1, 2, 4 for palette and grey); tRNS transparency; the five row filters. Interlaced images,
 * 16-bit channels, damaged data and images past the limits are refused with a PngError.
 */
export async function decodePng(bytes: Uint8Array): Promise<RgbaImage> {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) throw new PngError('Not a PNG')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = 8
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | undefined
  let palette: Uint8Array | undefined
  let transparency: Uint8Array | undefined
  const data: Uint8Array[] = []
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset)
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
    const body = bytes.subarray(offset + 8, offset + 8 + length)
    if (body.length !== length) throw new PngError('Truncated chunk')
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== view.getUint32(offset + 8 + length)) {
      throw new PngError(`Bad CRC in ${type}`)
    }
    if (type === 'IHDR') {
      const h = new DataView(body.buffer, body.byteOffset, body.byteLength)
      header = {
        width: h.getUint32(0),
        height: h.getUint32(4),
        depth: body[8] ?? 0,
        colour: body[9] ?? 0,
        interlace: body[12] ?? 0,
      }
    } else if (type === 'PLTE') palette = body
    else if (type === 'tRNS') transparency = body
    else if (type === 'IDAT') data.push(body)
    else if (type === 'IEND') break
    offset += 12 + length
  }
  if (!header) throw new PngError('No IHDR')
  const { width, height, depth, colour, interlace } = header
  const channels = CHANNELS[colour]
  if (!channels) throw new PngError(`Colour type ${colour}`)
  if (interlace !== 0) throw new PngError('Interlaced')
  const depthOk = depth === 8 || ((colour === 0 || colour === 3) && (depth === 1 || depth === 2 || depth === 4))
  if (!depthOk) throw new PngError(`Bit depth ${depth}`)
  if (width < 1 || height < 1 || width > MAX_DECODE_SIDE || height > MAX_DECODE_SIDE || width * height > MAX_DECODE_PIXELS) {
    throw new PngError(`Size ${width}x${height}`)
  }
  if (colour === 3 && !palette) throw new PngError('No palette')
  const compressed = new Uint8Array(data.reduce((n, d) => n + d.length, 0))
  let at = 0
  for (const d of data) {
    compressed.set(d, at)
    at += d.length
  }
  let raw: Uint8Array
  try {
    raw = await inflate(compressed)
  } catch {
    throw new PngError('Damaged image data')
  }
  const stride = Math.ceil((width * channels * depth) / 8)
  if (raw.length < (stride + 1) * height) throw new PngError('Image data too short')
  const lines = unfilter(raw, stride, height, Math.max(1, (channels * depth) / 8))
  return { width, height, pixels: toRgba(lines, header, channels, palette, transparency) }
}

/** Undoes the row filters (None, Sub, Up, Average, Paeth) in place; returns the rows without filter bytes. */
function unfilter(raw: Uint8Array, stride: number, height: number, bpp: number): Uint8Array {
  const out = new Uint8Array(stride * height)
  const step = Math.ceil(bpp)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const src = y * (stride + 1) + 1
    const row = y * stride
    const prev = row - stride
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i] ?? 0
      const a = i >= step ? (out[row + i - step] ?? 0) : 0
      const b = y > 0 ? (out[prev + i] ?? 0) : 0
      const c = y > 0 && i >= step ? (out[prev + i - step] ?? 0) : 0
      let value: number
      switch (filter) {
        case 0:
          value = x
          break
        case 1:
          value = x + a
          break
        case 2:
          value = x + b
          break
        case 3:
          value = x + ((a + b) >> 1)
          break
        case 4: {
          const p = a + b - c
          const pa = Math.abs(p - a)
          const pb = Math.abs(p - b)
          const pc = Math.abs(p - c)
          value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
          break
        }
        default:
          throw new PngError(`Filter ${filter}`)
      }
      out[row + i] = value & 0xff
    }
  }
  return out
}

function toRgba(
  lines: Uint8Array,
  { width, height, depth, colour }: { width: number; height: number; depth: number; colour: number },
  channels: number,
  palette: Uint8Array | undefined,
  transparency: Uint8Array | undefined,
): Uint8Array {
  const out = new Uint8Array(width * height * 4)
  const stride = Math.ceil((width * channels * depth) / 8)
  // A sample of `depth` bits (1, 2, 4 or 8) at index n of a row.
  const sample = (row: number, n: number) => {
    if (depth === 8) return lines[row + n] ?? 0
    const bit = n * depth
    return ((lines[row + (bit >> 3)] ?? 0) >> (8 - depth - (bit & 7))) & ((1 << depth) - 1)
  }
  const greyScale = 255 / ((1 << depth) - 1)
  const greyKey = transparency && transparency.length >= 2 ? ((transparency[0] ?? 0) << 8) | (transparency[1] ?? 0) : -1
  const rgbKey =
    transparency && transparency.length >= 6
      ? [0, 2, 4].map((i) => ((transparency[i] ?? 0) << 8) | (transparency[i + 1] ?? 0))
      : undefined
  for (let y = 0; y < height; y++) {
    const row = y * stride
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4
      let r: number
      let g: number
      let b: number
      let a = 255
      if (colour === 3) {
        const index = sample(row, x)
        r = palette?.[index * 3] ?? 0
        g = palette?.[index * 3 + 1] ?? 0
        b = palette?.[index * 3 + 2] ?? 0
        a = transparency?.[index] ?? 255
      } else if (colour === 0) {
        const v = sample(row, x)
        r = g = b = Math.round(v * greyScale)
        if (v === greyKey) a = 0
      } else if (colour === 4) {
        r = g = b = sample(row, x * 2)
        a = sample(row, x * 2 + 1)
      } else if (colour === 2) {
        r = sample(row, x * 3)
        g = sample(row, x * 3 + 1)
        b = sample(row, x * 3 + 2)
        if (rgbKey && r === rgbKey[0] && g === rgbKey[1] && b === rgbKey[2]) a = 0
      } else {
        r = sample(row, x * 4)
        g = sample(row, x * 4 + 1)
        b = sample(row, x * 4 + 2)
        a = sample(row, x * 4 + 3)
      }
      out[o] = r
      out[o + 1] = g
      out[o + 2] = b
      out[o + 3] = a
    }
  }
  return out
}
