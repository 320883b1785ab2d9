import { deflateSync, inflateSync, crc32 as nodeCrc32 } from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Canvas, type RgbaImage, shrinkImage } from '../../worker/domain/cards/canvas'
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  type CardData,
  cardTree,
  estimateWidth,
  fitSize,
  initials,
  PALETTES,
} from '../../worker/domain/cards/layout'
import { crc32, decodePng, encodePng, PngError } from '../../worker/domain/cards/png'

/** A PNG read with Node's zlib and the specification's filters, independently of png.ts. */
function readPng(bytes: Uint8Array) {
  const buffer = Buffer.from(bytes)
  expect([...buffer.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const chunks: { type: string; data: Buffer }[] = []
  for (let offset = 8; offset < buffer.length; ) {
    const length = buffer.readUInt32BE(offset)
    const type = buffer.toString('latin1', offset + 4, offset + 8)
    const data = buffer.subarray(offset + 8, offset + 8 + length)
    expect(nodeCrc32(buffer.subarray(offset + 4, offset + 8 + length)), `${type} CRC`).toBe(
      buffer.readUInt32BE(offset + 8 + length),
    )
    chunks.push({ type, data })
    offset += 12 + length
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
  const ihdr = chunks[0]?.data ?? Buffer.alloc(13)
  const width = ihdr.readUInt32BE(0)
  const height = ihdr.readUInt32BE(4)
  expect([...ihdr.subarray(8)]).toEqual([8, 2, 0, 0, 0])
  const raw = inflateSync(chunks[1]?.data ?? Buffer.alloc(0))
  const stride = width * 3
  expect(raw.length).toBe((stride + 1) * height)
  const out = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] ?? -1
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i] ?? 0
      const a = i >= 3 ? (out[y * stride + i - 3] ?? 0) : 0
      const b = y > 0 ? (out[(y - 1) * stride + i] ?? 0) : 0
      const c = y > 0 && i >= 3 ? (out[(y - 1) * stride + i - 3] ?? 0) : 0
      const p = a + b - c
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]
      if (predictor === undefined) throw new Error(`filter ${filter}`)
      out[y * stride + i] = (x + predictor) & 0xff
    }
  }
  return { width, height, rgb: (x: number, y: number) => [...out.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)] }
}

describe('PNG encoder', () => {
  it('computes the CRC-32 of the check value and of any bytes as zlib does', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926)
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => crc32(bytes) === nodeCrc32(bytes)))
  })

  it('writes a 1200×630 RGB PNG that zlib inflates to the pixels drawn', async () => {
    const canvas = new Canvas(CARD_WIDTH, CARD_HEIGHT, [10, 20, 30])
    canvas.fillRect(100, 50, 200, 100, [255, 0, 0])
    canvas.fillRect(1199, 629, 5, 5, [0, 255, 0]) // clipped to its one pixel
    canvas.fillRoundRect(600, 300, 300, 200, 40, [1, 2, 250])
    const png = readPng(await encodePng(canvas))
    expect([png.width, png.height]).toEqual([1200, 630])
    expect(png.rgb(0, 0)).toEqual([10, 20, 30])
    expect(png.rgb(100, 50)).toEqual([255, 0, 0])
    expect(png.rgb(299, 149)).toEqual([255, 0, 0])
    expect(png.rgb(300, 149)).toEqual([10, 20, 30])
    expect(png.rgb(1199, 629)).toEqual([0, 255, 0])
    // A rounded corner leaves the corner pixel, not the middle of the edge.
    expect(png.rgb(600, 300)).toEqual([10, 20, 30])
    expect(png.rgb(600, 400)).toEqual([1, 2, 250])
    expect(png.rgb(750, 300)).toEqual([1, 2, 250])
  })

  it('round-trips random images through its own decoder', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer(), async (w, h, seed) => {
        const canvas = new Canvas(w, h)
        let s = seed
        for (let i = 0; i < canvas.pixels.length; i++) {
          s = (s * 1103515245 + 12345) & 0x7fffffff
          canvas.pixels[i] = s >> 16
        }
        const image = await decodePng(await encodePng(canvas))
        for (let p = 0; p < w * h; p++) {
          expect([...image.pixels.subarray(p * 4, p * 4 + 4)]).toEqual([...canvas.pixels.subarray(p * 3, p * 3 + 3), 255])
        }
      }),
      { numRuns: 30 },
    )
  })
})

/** Filters rows of raw samples with one filter type, as a PNG writer may. */
function filterRows(rows: Uint8Array[], bpp: number, filter: number): Buffer {
  const out: number[] = []
  rows.forEach((row, y) => {
    out.push(filter)
    const prev = rows[y - 1]
    for (let i = 0; i < row.length; i++) {
      const x = row[i] ?? 0
      const a = i >= bpp ? (row[i - bpp] ?? 0) : 0
      const b = prev ? (prev[i] ?? 0) : 0
      const c = prev && i >= bpp ? (prev[i - bpp] ?? 0) : 0
      const p = a + b - c
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c
      out.push((x - [0, a, b, (a + b) >> 1, paeth][filter]!) & 0xff)
    }
  })
  return Buffer.from(out)
}

function pngFile(
  ihdr: { width: number; height: number; depth: number; colour: number; interlace?: number },
  idat: Buffer,
  extra: [string, Buffer][] = [],
) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.length, 0)
    head.write(type, 4, 'latin1')
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(nodeCrc32(Buffer.concat([head.subarray(4), data])), 0)
    return Buffer.concat([head, data, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(ihdr.width, 0)
  header.writeUInt32BE(ihdr.height, 4)
  header[8] = ihdr.depth
  header[9] = ihdr.colour
  header[12] = ihdr.interlace ?? 0
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      ...extra.map(([t, d]) => chunk(t, d)),
      chunk('IDAT', deflateSync(idat)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

const rgbaOf = (image: RgbaImage, x: number, y: number) => [
  ...image.pixels.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
]

describe('PNG decoder (organization logos)', () => {
  const width = 7
  const height = 5
  // A deterministic RGBA pattern.
  const expected = (x: number, y: number) => [
    (x * 37 + y * 11) & 0xff,
    (x * 5 + y * 90) & 0xff,
    (x * y * 13 + 7) & 0xff,
    (x * 40 + y) & 0xff,
  ]
  const rows = (channels: number, sample: (x: number, y: number) => number[]) =>
    Array.from({ length: height }, (_, y) =>
      Uint8Array.from(Array.from({ length: width }, (_, x) => sample(x, y).slice(0, channels)).flat()),
    )

  for (const filter of [0, 1, 2, 3, 4]) {
    it(`reads RGBA and RGB rows written with filter ${filter}`, async () => {
      const rgba = await decodePng(pngFile({ width, height, depth: 8, colour: 6 }, filterRows(rows(4, expected), 4, filter)))
      const rgb = await decodePng(pngFile({ width, height, depth: 8, colour: 2 }, filterRows(rows(3, expected), 3, filter)))
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          expect(rgbaOf(rgba, x, y)).toEqual(expected(x, y))
          expect(rgbaOf(rgb, x, y)).toEqual([...expected(x, y).slice(0, 3), 255])
        }
    })
  }

  it('reads palette images (8-bit and 4-bit) with tRNS transparency, grey and grey + alpha', async () => {
    const palette = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255])
    const trns = Buffer.from([255, 0])
    const index = (x: number, y: number) => (x + y) % 3
    const eight = pngFile(
      { width, height, depth: 8, colour: 3 },
      filterRows(
        rows(1, (x, y) => [index(x, y)]),
        1,
        4,
      ),
      [
        ['PLTE', palette],
        ['tRNS', trns],
      ],
    )
    const packed = rows(1, () => [0]).map((_, y) => {
      const row = new Uint8Array(Math.ceil(width / 2))
      for (let x = 0; x < width; x++) row[x >> 1] = (row[x >> 1] ?? 0) | (index(x, y) << (x % 2 === 0 ? 4 : 0))
      return row
    })
    const four = pngFile({ width, height, depth: 4, colour: 3 }, filterRows(packed, 1, 1), [
      ['PLTE', palette],
      ['tRNS', trns],
    ])
    const colours = [
      [255, 0, 0, 255],
      [0, 255, 0, 0],
      [0, 0, 255, 255],
    ]
    for (const file of [eight, four]) {
      const image = await decodePng(file)
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) expect(rgbaOf(image, x, y)).toEqual(colours[index(x, y)])
    }
    const grey = await decodePng(
      pngFile(
        { width, height, depth: 8, colour: 0 },
        filterRows(
          rows(1, (x) => [x * 30]),
          1,
          2,
        ),
      ),
    )
    expect(rgbaOf(grey, 3, 2)).toEqual([90, 90, 90, 255])
    const greyAlpha = await decodePng(
      pngFile(
        { width, height, depth: 8, colour: 4 },
        filterRows(
          rows(2, (x, y) => [x * 30, y * 50]),
          2,
          3,
        ),
      ),
    )
    expect(rgbaOf(greyAlpha, 3, 2)).toEqual([90, 90, 90, 100])
  })

  it('refuses what it does not read: not a PNG, a bad CRC, interlaced, 16-bit, too large, truncated data', async () => {
    const good = pngFile({ width, height, depth: 8, colour: 2 }, filterRows(rows(3, expected), 3, 0))
    const badCrc = Uint8Array.from(good)
    badCrc[29] = (badCrc[29] ?? 0) ^ 0xff
    const cases = [
      new Uint8Array([1, 2, 3]),
      badCrc,
      pngFile({ width, height, depth: 8, colour: 2, interlace: 1 }, filterRows(rows(3, expected), 3, 0)),
      pngFile({ width, height, depth: 16, colour: 2 }, Buffer.alloc(height * (width * 6 + 1))),
      pngFile({ width: 5000, height: 1, depth: 8, colour: 0 }, Buffer.alloc(5001)),
      pngFile({ width, height, depth: 8, colour: 2 }, Buffer.alloc(4)),
      pngFile({ width, height, depth: 8, colour: 3 }, Buffer.alloc(height * (width + 1))),
    ]
    for (const bytes of cases) await expect(decodePng(bytes)).rejects.toBeInstanceOf(PngError)
  })
})

describe('canvas and card layout', () => {
  it('draws an image scaled into its box, blended by alpha', () => {
    // 2×2: opaque red, transparent, half-transparent blue, opaque white.
    const image = {
      width: 2,
      height: 2,
      pixels: Uint8Array.from([255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 255, 128, 255, 255, 255, 255]),
    }
    const canvas = new Canvas(20, 20, [0, 0, 0])
    canvas.drawImage(image, 0, 0, 20, 20)
    expect(canvas.pixel(2, 2)).toEqual([255, 0, 0])
    expect(canvas.pixel(15, 2)).toEqual([0, 0, 0])
    expect(canvas.pixel(2, 15)).toEqual([0, 0, 128])
    expect(canvas.pixel(15, 15)).toEqual([255, 255, 255])
    // Shrunk to one pixel: the alpha-weighted average of the four.
    const one = new Canvas(1, 1, [0, 0, 0])
    one.drawImage(image, 0, 0, 1, 1)
    // Each channel: the sum of colour × alpha over the four pixels ÷ (4 × 255), over black.
    const expected = [255 * 255 + 255 * 255, 255 * 255, 255 * 128 + 255 * 255].map((sum) => sum / 1020)
    for (const [i, channel] of one.pixel(0, 0).entries()) {
      expect(Math.abs(channel - (expected[i] ?? 0))).toBeLessThanOrEqual(0.5001)
    }
  })

  it('shrinks a logo to the box it is drawn in, averaging by alpha, and never enlarges one', () => {
    // 4×2: a red 2×2 square, then a 2×2 square half transparent and half opaque blue.
    const px = (r: number, g: number, b: number, a: number) => [r, g, b, a]
    const image = {
      width: 4,
      height: 2,
      pixels: Uint8Array.from(
        [
          px(255, 0, 0, 255),
          px(255, 0, 0, 255),
          px(9, 9, 9, 0),
          px(0, 0, 255, 255),
          px(255, 0, 0, 255),
          px(255, 0, 0, 255),
          px(9, 9, 9, 0),
          px(0, 0, 255, 255),
        ].flat(),
      ),
    }
    const small = shrinkImage(image, 2)
    expect([small.width, small.height]).toEqual([2, 1])
    expect([...small.pixels]).toEqual([255, 0, 0, 255, 0, 0, 255, 128])
    expect(shrinkImage(image, 10)).toBe(image)
  })

  it('writes initials from the first two words in any script, and lays each card out at 1200×630 in the theme', () => {
    expect(initials('Orange County Basketball League')).toBe('OC')
    expect(initials('  hoops ')).toBe('H')
    // Letters outside Latin are letters too (docs/link-cards.md): the real font draws them.
    expect(initials('北京')).toBe('北')
    expect(initials('Ολυμπιακός Πειραιώς')).toBe('ΟΠ')
    expect(initials('спартак москва')).toBe('СМ')
    expect(initials('!!!')).toBe('?')
    const cards: CardData[] = [
      { kind: 'game', team1: 'A', team2: 'B', score1: 1, score2: 0, final: true, league: null, when: null, location: null },
      { kind: 'player', name: 'Ann Lee', team: null, league: null, stats: [{ label: 'PPG', value: '9.0' }] },
      { kind: 'standings', league: 'Men', season: null, rows: [{ rank: 1, team: 'A', wins: 1, losses: 0, pct: '1.000' }] },
      { kind: 'records', stat: null, rows: [] },
    ]
    const rgb = (c: readonly number[]) => `rgb(${c.join(', ')})`
    for (const data of cards) {
      for (const theme of ['light', 'dark'] as const) {
        const root = cardTree(data, { name: 'Hoops', theme, logo: null })
        expect([root.props.style?.width, root.props.style?.height]).toEqual([CARD_WIDTH, CARD_HEIGHT])
        expect(root.props.style?.backgroundColor).toBe(rgb(PALETTES[theme].background))
        const [band, stripe] = root.props.children as { props: { style: Record<string, unknown> } }[]
        expect(band?.props.style.backgroundColor).toBe(rgb(PALETTES[theme].band))
        expect(stripe?.props.style.backgroundColor).toBe(rgb(PALETTES[theme].accent))
      }
    }
  })

  it('picks the largest font size whose estimated width fits, a CJK character counting a full em', () => {
    expect(estimateWidth('', 40)).toBe(0)
    expect(estimateWidth('北京', 40)).toBe(80)
    expect(estimateWidth('ab', 40)).toBeCloseTo(48)
    expect(fitSize('Falcons', 1000, 60, 30)).toBe(60)
    expect(fitSize('Falcons', estimateWidth('Falcons', 40), 60, 30)).toBe(40)
    expect(fitSize('A very long team name that never fits anywhere at all', 100, 60, 30)).toBe(30)
  })
})
