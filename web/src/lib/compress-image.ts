// docs/reference/league-admin.md §5, §9: a team logo (and a player photo) is compressed in the browser before upload to
// at most 1 MB and 800 px on its longest side. Every image goes through a canvas, so what reaches
// the Worker is a freshly encoded JPEG or WebP without the original's metadata.
import { t } from './i18n'

export interface CompressOptions {
  /** Upper bound of the result, in bytes. Default 1 MB. */
  maxBytes?: number
  /** Longest side of the result, in pixels. Default 800. */
  maxDimension?: number
}

export const MAX_IMAGE_BYTES = 1024 * 1024
export const MAX_IMAGE_DIMENSION = 800

const notAnImage = () => t('image.notAnImage')
const QUALITY_STEPS = [0.92, 0.85, 0.75, 0.65, 0.55, 0.45, 0.35, 0.25]

function decode(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const image = new Image()
    image.onload = () => {
      URL.revokeObjectURL(url)
      resolve(image)
    }
    image.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error(notAnImage()))
    }
    image.src = url
  })
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality))
}

/** The file name with the extension of the type it was re-encoded to. */
function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^.]+$/, '') || 'image'
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`
}

/**
 * Downscales to `maxDimension` on the longest side and re-encodes (JPEG, or WebP for a source
 * that is WebP or may carry transparency) with falling quality until the result fits `maxBytes`;
 * if even the lowest quality is too big, the canvas shrinks further. Non-images are refused.
 */
export async function compressImage(file: File, opts: CompressOptions = {}): Promise<File> {
  const maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES
  const maxDimension = opts.maxDimension ?? MAX_IMAGE_DIMENSION
  if (!file.type.startsWith('image/')) throw new Error(notAnImage())

  const image = await decode(file)
  const width = image.naturalWidth
  const height = image.naturalHeight
  if (!width || !height) throw new Error(notAnImage())

  // PNG, GIF and WebP may be transparent: WebP keeps the alpha channel, JPEG would turn it black.
  const keepsAlpha = /^image\/(png|gif|webp)$/.test(file.type)
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d')
  if (!context) throw new Error(t('image.cannotProcess'))

  let scale = Math.min(1, maxDimension / Math.max(width, height))
  for (let attempt = 0; attempt < 6; attempt++) {
    canvas.width = Math.max(1, Math.round(width * scale))
    canvas.height = Math.max(1, Math.round(height * scale))
    context.clearRect(0, 0, canvas.width, canvas.height)
    if (!keepsAlpha) {
      context.fillStyle = '#fff'
      context.fillRect(0, 0, canvas.width, canvas.height)
    }
    context.drawImage(image, 0, 0, canvas.width, canvas.height)

    for (const quality of QUALITY_STEPS) {
      let type = keepsAlpha ? 'image/webp' : 'image/jpeg'
      let blob = await encode(canvas, type, quality)
      // A browser without a WebP encoder hands back PNG: fall back to JPEG.
      if (blob && blob.type !== type) {
        type = 'image/jpeg'
        blob = await encode(canvas, type, quality)
      }
      if (blob && blob.size <= maxBytes) {
        return new File([blob], renamed(file.name, blob.type || type), { type: blob.type || type, lastModified: Date.now() })
      }
    }
    scale *= 0.75
  }
  throw new Error(t('image.tooLarge', { kb: Math.round(maxBytes / 1024) }))
}
