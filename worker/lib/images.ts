import { ApiError } from './errors'

export const MAX_IMAGE_BYTES = 1024 * 1024

const kinds = [
  { type: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', ext: 'gif', magic: [0x47, 0x49, 0x46, 0x38] },
] as const

/** Identifies an upload by its bytes, never by its name or declared type. */
export function sniffImage(bytes: Uint8Array): { type: string; ext: string } | null {
  for (const kind of kinds) {
    if (kind.magic.every((b, i) => bytes[i] === b)) return { type: kind.type, ext: kind.ext }
  }
  // WebP: "RIFF" .... "WEBP"
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to))
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { type: 'image/webp', ext: 'webp' }
  return null
}

/** Reads an uploaded file and checks it is an accepted image within the size limit. */
export async function readImageUpload(file: File, field: string): Promise<{ bytes: Uint8Array; type: string; ext: string }> {
  if (file.size > MAX_IMAGE_BYTES) {
    throw new ApiError(413, 'Image is larger than 1 MB', { [field]: 'Image is larger than 1 MB' })
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffImage(bytes)
  if (!kind) {
    throw new ApiError(415, 'Only PNG, JPEG, GIF or WebP images are accepted', {
      [field]: 'Only PNG, JPEG, GIF or WebP images are accepted',
    })
  }
  return { bytes, ...kind }
}
