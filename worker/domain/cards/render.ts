/// <reference path="../../card-modules.d.ts" />

import webpWasm from '@jsquash/webp/codec/dec/webp_dec.wasm'
import decodeWebp, { init as initWebp } from '@jsquash/webp/decode'
import { initWasm as initResvg, Resvg } from '@resvg/resvg-wasm'
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm'
import satori, { init as initSatori } from 'satori/standalone'
import yogaWasm from 'satori/yoga.wasm'
import { Canvas, type RgbaImage, shrinkImage } from './canvas'
import { CARD_FONT_FILES, type CardFontFile } from './fonts'
import { type Brand, CARD_HEIGHT, CARD_WIDTH, type CardData, cardTree, LOGO_SIDE, PALETTES } from './layout'
import { encodePng } from './png'

/**
 * Draws link cards (docs/link-cards.md, docs/decisions/2026-11-28-link-cards-renderer.md): satori
 * lays the card out and writes it as SVG with every letter as a path, in Noto Sans (Latin, Greek,
 * Cyrillic, Vietnamese) with Noto Sans SC for Chinese and Japanese and Noto Sans KR for Hangul; resvg rasterizes it to
 * PNG. Both are WebAssembly, imported as modules (wrangler's CompiledWasm rule): the Workers
 * runtime compiles no WebAssembly from bytes at run time.
 */

type SatoriFont = { name: string; data: ArrayBuffer; weight: 400 | 700; style: 'normal' }

let ready: Promise<void> | null = null
/** Instantiates satori's layout engine and resvg once per isolate. */
export function cardEngineReady(): Promise<void> {
  ready ??= Promise.all([initSatori(yogaWasm), initResvg(resvgWasm)]).then(() => undefined)
  ready.catch(() => {
    ready = null
  })
  return ready
}

/** [from, to] code point pairs of a CSS unicode-range ("U+0-ff,U+131"). */
function parseRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const [from = '0', to] = part.trim().replace(/^U\+/i, '').split('-')
    return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)]
  })
}
const covers = (ranges: [number, number][], code: number) => ranges.some(([from, to]) => code >= from && code <= to)

const toSatori = (f: CardFontFile): SatoriFont => ({ name: f.name, data: f.data, weight: f.weight, style: 'normal' })

const BASE = CARD_FONT_FILES.filter((f) => f.family === 'Noto Sans')
/** Noto Sans SC's slices, then Noto Sans KR's (the Hangul SC lacks): loaded only for a card that needs them. */
const CJK = CARD_FONT_FILES.filter((f) => f.family !== 'Noto Sans').map((f) => ({ file: f, ranges: parseRange(f.range) }))

/**
 * The fonts every card starts with. satori parses a font list once and keeps it by the list's
 * identity, with the CJK slices it loaded for earlier cards added to it; past MAX_CJK slices a new
 * list starts, so an isolate never holds more than that many parsed.
 */
let fonts: SatoriFont[] = BASE.map(toSatori)
let cjkLoaded = new Set<CardFontFile>()
const MAX_CJK = 24

/** The Noto Sans SC slices that have the characters of a text satori found no glyph for. */
function cjkFontsFor(segment: string): SatoriFont[] {
  const wanted = new Set<CardFontFile>()
  for (const char of segment) {
    const code = char.codePointAt(0) ?? 0
    const slice = CJK.find((c) => covers(c.ranges, code))
    if (slice && !cjkLoaded.has(slice.file)) wanted.add(slice.file)
  }
  for (const f of wanted) cjkLoaded.add(f)
  return [...wanted].map(toSatori)
}

/** Draws a card: satori's SVG, rasterized by resvg into a 1200 × 630 PNG. */
export async function renderCard(data: CardData, brand: Brand): Promise<Uint8Array> {
  await cardEngineReady()
  if (cjkLoaded.size > MAX_CJK) {
    fonts = BASE.map(toSatori)
    cjkLoaded = new Set()
  }
  const svg = await satori(cardTree(data, brand) as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts,
    loadAdditionalAsset: async (code, segment) => (code === 'emoji' ? [] : cjkFontsFor(segment)),
  })
  const resvg = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } })
  try {
    const image = resvg.render()
    try {
      return image.asPng()
    } finally {
      image.free()
    }
  } finally {
    resvg.free()
  }
}

/** The logo's tile colour (the band's text colour, the same in both themes). */
const TILE = PALETTES.light.bandText

const base64 = (bytes: Uint8Array) => {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}

/**
 * An uploaded logo (PNG, JPEG, GIF or WebP: worker/lib/images.ts) fitted into the card's logo box
 * as a small PNG data URL, or null when it cannot be drawn (the card shows the initials badge).
 * resvg decodes PNG, JPEG and GIF itself; WebP, which it does not read, is decoded by libwebp
 * (@jsquash/webp) and blended over the tile. A logo that draws nothing (undecodable, or wholly
 * transparent) is null.
 */
export async function fitLogo(bytes: Uint8Array, type: string): Promise<string | null> {
  await cardEngineReady()
  let png: Uint8Array
  if (type === 'image/webp') {
    await webpReady()
    const decoded = await decodeWebp(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
    const decodedImage: RgbaImage = { width: decoded.width, height: decoded.height, pixels: new Uint8Array(decoded.data.buffer) }
    const image = shrinkImage(decodedImage, LOGO_SIDE)
    const canvas = new Canvas(image.width, image.height, TILE)
    canvas.drawImage(image, 0, 0, image.width, image.height)
    png = await encodePng(canvas)
  } else if (type === 'image/png' || type === 'image/jpeg' || type === 'image/gif') {
    png = rasterize(`data:${type};base64,${base64(bytes)}`)
  } else {
    return null
  }
  return png.length > 0 ? `data:image/png;base64,${base64(png)}` : null
}

/** The image drawn by resvg into the logo box (kept in proportion); empty when nothing was drawn. */
function rasterize(href: string): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${LOGO_SIDE}" height="${LOGO_SIDE}"><image width="${LOGO_SIDE}" height="${LOGO_SIDE}" preserveAspectRatio="xMidYMid meet" xlink:href="${href}"/></svg>`
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false } })
  try {
    const image = resvg.render()
    try {
      const pixels = image.pixels
      let ink = false
      for (let i = 3; i < pixels.length; i += 4) {
        if (pixels[i] !== 0) {
          ink = true
          break
        }
      }
      return ink ? image.asPng() : new Uint8Array(0)
    } finally {
      image.free()
    }
  } finally {
    resvg.free()
  }
}

let webp: Promise<void> | null = null
function webpReady(): Promise<void> {
  webp ??= initWebp(webpWasm)
  webp.catch(() => {
    webp = null
  })
  return webp
}
