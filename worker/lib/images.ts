import { at } from '../domain/at'
import { ApiError } from './errors'

export const MAX_IMAGE_BYTES = 1024 * 1024
// Decompression bombs: a 1 MB file can declare a 50,000 × 50,000 canvas (gigabytes once decoded
// by a browser or a thumbnailer). Logos and photos never need more than this.
export const MAX_IMAGE_SIDE = 10_000
export const MAX_IMAGE_PIXELS = 40_000_000

const ACCEPTED = 'Only PNG, JPEG, GIF or WebP images are accepted'

const kinds = [
  { type: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', ext: 'gif', magic: [0x47, 0x49, 0x46, 0x38] },
] as const

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))

/** Identifies an upload by its bytes, never by its name or declared type. */
export function sniffImage(bytes: Uint8Array): { type: string; ext: string } | null {
  for (const kind of kinds) {
    if (kind.magic.every((b, i) => bytes[i] === b)) return { type: kind.type, ext: kind.ext }
  }
  // WebP: "RIFF" .... "WEBP"
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { type: 'image/webp', ext: 'webp' }
  return null
}

/** SVG (or any XML) is markup that can carry script: refused by name, not just for lacking magic bytes. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase()
  return head.startsWith('<svg') || head.startsWith('<?xml') || (head.startsWith('<!') && head.includes('<svg'))
}

export interface Dimensions {
  width: number
  height: number
}

/**
 * Width × height read from the image's own header bytes (no decoding): PNG IHDR, the JPEG frame
 * header (SOFn), GIF's logical screen, WebP's VP8 / VP8L / VP8X chunk. Null when the header is
 * missing or truncated: such a file is refused, since its size cannot be checked.
 */
export function imageDimensions(bytes: Uint8Array, type: string): Dimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const has = (offset: number, length: number) => offset >= 0 && offset + length <= bytes.length
  switch (type) {
    case 'image/png':
      // Signature (8), then the first chunk must be IHDR: length (4), "IHDR", width, height.
      if (!has(16, 8) || ascii(bytes, 12, 16) !== 'IHDR') return null
      return { width: view.getUint32(16), height: view.getUint32(20) }
    case 'image/gif':
      // "GIF87a"/"GIF89a", then the logical screen width and height, little-endian.
      if (!has(6, 4) || !/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return null
      return { width: view.getUint16(6, true), height: view.getUint16(8, true) }
    case 'image/jpeg':
      return jpegDimensions(bytes, view)
    case 'image/webp':
      return webpDimensions(bytes, view)
    default:
      return null
  }
}

function jpegDimensions(bytes: Uint8Array, view: DataView): Dimensions | null {
  let offset = 2 // after SOI (FF D8)
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = at(bytes, offset + 1)
    // Fill bytes, and markers that stand alone (TEM, RSTn) carry no length.
    if (marker === 0xff) {
      offset += 1
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null // end of image, or scan data before any frame
    const length = view.getUint16(offset + 2)
    if (length < 2) return null
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): length, precision, height, width.
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isFrame) {
      if (offset + 9 > bytes.length) return null
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) }
    }
    offset += 2 + length
  }
  return null
}

function webpDimensions(bytes: Uint8Array, view: DataView): Dimensions | null {
  // RIFF header (12), then the first chunk: fourcc (4) and size (4) at 12, payload at 20.
  const has = (length: number) => bytes.length >= 20 + length
  const chunk = ascii(bytes, 12, 16)
  if (chunk === 'VP8 ') {
    if (!has(10)) return null
    // Frame tag (3), start code 9D 01 2A, then 14-bit width and height (2 scale bits each).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    // Signature 0x2F, then width−1 and height−1 as two 14-bit fields.
    if (!has(5) || bytes[20] !== 0x2f) return null
    const bits = view.getUint32(21, true)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    // Flags (4), then canvas width−1 and height−1 as 24-bit little-endian numbers.
    if (!has(10)) return null
    const uint24 = (i: number) => at(bytes, i) | (at(bytes, i + 1) << 8) | (at(bytes, i + 2) << 16)
    return { width: uint24(24) + 1, height: uint24(27) + 1 }
  }
  return null
}

/** Why an image of these dimensions is refused, or null when it is within the limits. */
export function dimensionProblem({ width, height }: Dimensions): string | null {
  if (width < 1 || height < 1) return 'The image has no pixels'
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return `Image is ${width} × ${height} pixels: at most 10,000 pixels a side and 40 megapixels are accepted`
  }
  return null
}

/**
 * Reads an uploaded file and checks it is an accepted image: within 1 MB, a real PNG, JPEG, GIF or
 * WebP by its bytes (SVG refused by name), and a pixel count a browser can decode safely.
 */
export async function readImageUpload(
  file: File,
  field: string,
): Promise<{ bytes: Uint8Array; type: string; ext: string } & Dimensions> {
  if (file.size > MAX_IMAGE_BYTES) {
    throw new ApiError(413, 'Image is larger than 1 MB', { [field]: 'Image is larger than 1 MB' })
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (looksLikeSvg(bytes)) {
    const message = `SVG images are not accepted (they can carry scripts). ${ACCEPTED}`
    throw new ApiError(415, message, { [field]: message })
  }
  const kind = sniffImage(bytes)
  if (!kind) throw new ApiError(415, ACCEPTED, { [field]: ACCEPTED })
  const size = imageDimensions(bytes, kind.type)
  if (!size) {
    const message = 'The image could not be read: its header is damaged or incomplete'
    throw new ApiError(415, message, { [field]: message })
  }
  const problem = dimensionProblem(size)
  // Decision: 413 like the byte limit (docs/api.md: "upload too large"); 0-pixel images are not images.
  if (problem) throw new ApiError(size.width < 1 || size.height < 1 ? 415 : 413, problem, { [field]: problem })
  return { bytes, ...kind, ...size }
}
