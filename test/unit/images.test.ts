import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dimensionProblem, imageDimensions, looksLikeSvg, sniffImage } from '../../worker/lib/images'
import {
  GIF_1X1,
  gifHeader,
  JPEG_2X3,
  jpegHeader,
  PNG_1X1,
  pngHeader,
  SVG_WITH_SCRIPT,
  WEBP_LOSSLESS_2X3,
  WEBP_LOSSY_2X3,
  webpExtendedHeader,
  webpLosslessHeader,
  webpLossyHeader,
} from '../helpers/images'

const dimensionsOf = (bytes: Uint8Array) => imageDimensions(bytes, sniffImage(bytes)?.type ?? '')

describe('image dimensions from header bytes', () => {
  it('reads real PNG, GIF, JPEG and WebP (lossy and lossless) files', () => {
    expect(dimensionsOf(PNG_1X1)).toEqual({ width: 1, height: 1 })
    expect(dimensionsOf(GIF_1X1)).toEqual({ width: 1, height: 1 })
    expect(dimensionsOf(JPEG_2X3)).toEqual({ width: 2, height: 3 })
    expect(dimensionsOf(WEBP_LOSSY_2X3)).toEqual({ width: 2, height: 3 })
    expect(dimensionsOf(WEBP_LOSSLESS_2X3)).toEqual({ width: 2, height: 3 })
  })

  it('reads whatever size each format header declares', () => {
    const builders = [
      [pngHeader, 2 ** 31 - 1],
      [gifHeader, 65535],
      [jpegHeader, 65535],
      [webpLossyHeader, 16383],
      [webpLosslessHeader, 16384],
      [webpExtendedHeader, 2 ** 24],
    ] as const
    for (const [build, max] of builders) {
      fc.assert(
        fc.property(fc.integer({ min: 1, max }), fc.integer({ min: 1, max }), (width, height) => {
          expect(dimensionsOf(build(width, height))).toEqual({ width, height })
        }),
        { numRuns: 200 },
      )
    }
  })

  it('gives up on truncated headers instead of guessing', () => {
    for (const whole of [PNG_1X1, GIF_1X1, JPEG_2X3, WEBP_LOSSY_2X3, WEBP_LOSSLESS_2X3, webpExtendedHeader(5, 5)]) {
      const kind = sniffImage(whole)!.type
      // Cut before the size fields: nothing to read.
      expect(imageDimensions(whole.subarray(0, 8), kind)).toBeNull()
    }
    // A JPEG whose scan starts before any frame header.
    expect(imageDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, 0, 0]), 'image/jpeg')).toBeNull()
  })

  it('never throws on arbitrary bytes behind a valid signature', () => {
    const prefixes = [pngHeader(1, 1).subarray(0, 8), [0xff, 0xd8, 0xff], [...'GIF89a'].map((c) => c.charCodeAt(0))]
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 64 }), (prefix, tail) => {
        const bytes = new Uint8Array([...prefix, ...tail])
        const kind = sniffImage(bytes)
        if (kind) imageDimensions(bytes, kind.type)
      }),
    )
  })
})

describe('pixel limits', () => {
  it('accepts up to 10,000 px a side and 40 megapixels', () => {
    expect(dimensionProblem({ width: 10_000, height: 4_000 })).toBeNull()
    expect(dimensionProblem({ width: 6_000, height: 6_000 })).toBeNull()
  })
  it('refuses a side over 10,000 px, over 40 megapixels, or no pixels', () => {
    expect(dimensionProblem({ width: 10_001, height: 1 })).toMatch(/10,000 pixels a side/)
    expect(dimensionProblem({ width: 7_000, height: 7_000 })).toMatch(/40 megapixels/)
    expect(dimensionProblem({ width: 0, height: 10 })).toBe('The image has no pixels')
  })
})

describe('SVG detection', () => {
  it('spots SVG and XML whatever leads them', () => {
    const enc = (text: string) => new TextEncoder().encode(text)
    expect(looksLikeSvg(SVG_WITH_SCRIPT)).toBe(true)
    expect(looksLikeSvg(enc('\uFEFF  <?xml version="1.0"?><svg/>'))).toBe(true)
    expect(looksLikeSvg(enc('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" ""><svg/>'))).toBe(true)
    expect(looksLikeSvg(PNG_1X1)).toBe(false)
    expect(looksLikeSvg(JPEG_2X3)).toBe(false)
  })
})
