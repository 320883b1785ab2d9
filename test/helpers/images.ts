// Images for upload tests. The real ones are 2 × 3 pictures drawn by Chromium (canvas.toDataURL,
// ICC profile stripped) plus a 1 × 1 PNG and GIF; the `…Header` builders make files whose header
// declares any size, with no pixel data behind it — the shape of a decompression bomb.

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0)) as Uint8Array<ArrayBuffer>

export const PNG_1X1 = fromBase64(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
)
export const GIF_1X1 = fromBase64('R0lGODlhAQABAAAAACw=')
export const JPEG_2X3 = fromBase64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAADAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAHrB/9k=',
)
export const WEBP_LOSSY_2X3 = fromBase64(
  'UklGRjgAAABXRUJQVlA4ICwAAACQAQCdASoCAAMAAsBMJaACdLoAA5gA/vA4Q+K31A0U3/1aH/q0P/VofrcAAA==',
)
export const WEBP_LOSSLESS_2X3 = fromBase64('UklGRhwAAABXRUJQVlA4TA8AAAAvAYAAAAcQZY7+ByKi/wEA')
export const SVG_WITH_SCRIPT = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
) as Uint8Array<ArrayBuffer>

function bytes(...parts: (number[] | string | Uint8Array)[]) {
  const arrays = parts.map((p) =>
    typeof p === 'string' ? Uint8Array.from(p, (ch) => ch.charCodeAt(0)) : p instanceof Uint8Array ? p : Uint8Array.from(p),
  )
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0))
  let at = 0
  for (const a of arrays) {
    out.set(a, at)
    at += a.length
  }
  return out as Uint8Array<ArrayBuffer>
}
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
const be16 = (n: number) => [(n >>> 8) & 255, n & 255]
const le16 = (n: number) => [n & 255, (n >>> 8) & 255]
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255]
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255]

export const pngHeader = (width: number, height: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0], be32(0))

export const gifHeader = (width: number, height: number) => bytes('GIF89a', le16(width), le16(height), [0, 0, 0], ';')

/** SOI, an APP0 (JFIF) segment to skip, then a progressive frame header (SOF2). */
export const jpegHeader = (width: number, height: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0],
    be16(16),
    'JFIF\0',
    [1, 1, 0],
    be16(1),
    be16(1),
    [0, 0],
    [0xff, 0xc2],
    be16(17),
    [8],
    be16(height),
    be16(width),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
    [0xff, 0xd9],
  )

const riff = (chunk: Uint8Array) => bytes('RIFF', le32(4 + chunk.length), 'WEBP', chunk)
export const webpLossyHeader = (width: number, height: number) =>
  riff(bytes('VP8 ', le32(10), [0x10, 0x02, 0x00], [0x9d, 0x01, 0x2a], le16(width), le16(height)))
export const webpLosslessHeader = (width: number, height: number) => {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)
  return riff(bytes('VP8L', le32(5), [0x2f], le32(bits >>> 0)))
}
export const webpExtendedHeader = (width: number, height: number) =>
  riff(bytes('VP8X', le32(10), [0, 0, 0, 0], le24(width - 1), le24(height - 1)))
