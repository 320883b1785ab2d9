import { Canvas, ellipsize, fitScale, hex, type Rgb, type RgbaImage } from './canvas'
import { GLYPH_HEIGHT, textWidth, toFontText } from './font'

/**
 * The four link cards (docs/link-cards.md): 1200 × 630, the size Open Graph and X's
 * summary_large_image show without cropping. Every card has the organization's band on top (logo
 * or initials badge, name, the site's theme colours), the subject in the middle and what it is
 * at the foot.
 */
export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

/** The public site's colours (web/src/app/styles.css), light and dark. */
export const PALETTES = {
  light: {
    background: hex('#ffffff'),
    surface: hex('#eef0f4'),
    text: hex('#1b1f24'),
    muted: hex('#5b6470'),
    accent: hex('#c2410c'),
    accentText: hex('#ffffff'),
    band: hex('#14171c'),
    bandText: hex('#f3f4f6'),
  },
  dark: {
    background: hex('#111418'),
    surface: hex('#232830'),
    text: hex('#e9ecef'),
    muted: hex('#a3abb5'),
    accent: hex('#ff7a33'),
    accentText: hex('#111418'),
    band: hex('#0a0c0f'),
    bandText: hex('#f3f4f6'),
  },
} as const

export type Palette = (typeof PALETTES)[keyof typeof PALETTES]

export interface Brand {
  name: string
  theme: 'light' | 'dark'
  /** The decoded logo, or null: the card draws a badge with the initials instead. */
  logo: RgbaImage | null
}

export interface GameCardData {
  kind: 'game'
  team1: string
  team2: string
  score1: number
  score2: number
  /** Whether the game has a final score (docs/decisions/2026-11-24-game-statuses.md). */
  final: boolean
  league: string | null
  /** Date and time as the page shows them, e.g. "2025-11-02 18:00". */
  when: string | null
  location: string | null
}

export interface PlayerCardData {
  kind: 'player'
  name: string
  /** The player's current (or latest) team and league. */
  team: string | null
  league: string | null
  stats: { label: string; value: string }[]
}

export interface StandingsCardData {
  kind: 'standings'
  league: string | null
  season: string | null
  rows: { rank: number; team: string; wins: number; losses: number; pct: string }[]
}

export interface RecordsCardData {
  kind: 'records'
  stat: string | null
  rows: { list: string; player: string; value: string; detail: string | null }[]
}

export type CardData = GameCardData | PlayerCardData | StandingsCardData | RecordsCardData

const MARGIN = 56
const BAND = 132
const LOGO_BOX = 96
/** The logo's side inside its box: the most of a logo a card ever draws. */
export const LOGO_SIDE = LOGO_BOX - 12
const FOOT = 64
const INNER = CARD_WIDTH - 2 * MARGIN

/** Up to two initials of the name's words ("Orange County Basketball League" → "OC"). */
export function initials(name: string): string {
  const words = toFontText(name)
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
  const letters = words.slice(0, 2).map((w) => w.charAt(0).toUpperCase())
  return letters.join('') || '?'
}

/** The organization's band: logo (or initials badge) and name. */
function drawBand(canvas: Canvas, brand: Brand, palette: Palette) {
  canvas.fillRect(0, 0, CARD_WIDTH, BAND, palette.band)
  canvas.fillRect(0, BAND, CARD_WIDTH, 8, palette.accent)
  const box = LOGO_BOX
  const boxY = (BAND - box) / 2
  if (brand.logo) {
    canvas.fillRoundRect(MARGIN, boxY, box, box, 12, palette.bandText)
    canvas.drawImage(brand.logo, MARGIN + (box - LOGO_SIDE) / 2, boxY + (box - LOGO_SIDE) / 2, LOGO_SIDE, LOGO_SIDE)
  } else {
    canvas.fillRoundRect(MARGIN, boxY, box, box, 18, palette.accent)
    const text = initials(brand.name)
    const scale = text.length > 1 ? 6 : 8
    const w = textWidth(text, scale)
    canvas.drawText(text, MARGIN + (box - w) / 2, boxY + (box - GLYPH_HEIGHT * scale) / 2, scale, palette.accentText)
  }
  const nameX = MARGIN + box + 32
  const width = CARD_WIDTH - MARGIN - nameX
  const scale = fitScale(brand.name, width, 7, 4)
  const name = ellipsize(brand.name, width, scale)
  canvas.drawText(name, nameX, (BAND - GLYPH_HEIGHT * scale) / 2, scale, palette.bandText)
}

/** The foot: what the card shows, on the left. */
function drawFoot(canvas: Canvas, label: string, palette: Palette) {
  canvas.fillRect(0, CARD_HEIGHT - FOOT, CARD_WIDTH, FOOT, palette.surface)
  canvas.drawText(label.toUpperCase(), MARGIN, CARD_HEIGHT - FOOT + (FOOT - GLYPH_HEIGHT * 4) / 2, 4, palette.muted)
}

/** Text fitted to a width: the largest scale from max down to min, then cut with '...'. */
function fitted(canvas: Canvas, text: string, x: number, y: number, width: number, max: number, min: number, colour: Rgb) {
  const scale = fitScale(text, width, max, min)
  canvas.drawText(ellipsize(text, width, scale), x, y, scale, colour)
  return scale
}

/** Right-aligned text ending at x. */
function drawRight(canvas: Canvas, text: string, x: number, y: number, scale: number, colour: Rgb) {
  canvas.drawText(text, x - textWidth(toFontText(text), scale), y, scale, colour)
}

const BODY_TOP = BAND + 8 + 36

function drawGame(canvas: Canvas, game: GameCardData, p: Palette) {
  const status = game.final ? 'FINAL' : 'UPCOMING'
  const info = [game.league, game.when, game.final ? null : game.location].filter(Boolean).join(' - ')
  canvas.fillRoundRect(MARGIN, BODY_TOP, textWidth(status, 4) + 32, 44, 10, game.final ? p.accent : p.surface)
  canvas.drawText(status, MARGIN + 16, BODY_TOP + 8, 4, game.final ? p.accentText : p.text)
  if (info)
    fitted(canvas, info, MARGIN + textWidth(status, 4) + 56, BODY_TOP + 8, INNER - textWidth(status, 4) - 56, 4, 3, p.muted)
  const scoreScale = 14
  const scoreWidth = textWidth('000', scoreScale)
  // Without a score the names take the whole row.
  const nameWidth = game.final ? INNER - scoreWidth - 40 : INNER
  const rows: [string, number, boolean][] = [
    [game.team1, game.score1, game.final && game.score1 > game.score2],
    [game.team2, game.score2, game.final && game.score2 > game.score1],
  ]
  rows.forEach(([team, score, won], i) => {
    const top = BODY_TOP + 76 + i * 140
    canvas.fillRoundRect(MARGIN, top, INNER, 124, 16, p.surface)
    if (won) canvas.fillRect(MARGIN, top + 16, 10, 92, p.accent)
    const scale = fitScale(team, nameWidth - 32, 8, 4)
    canvas.drawText(ellipsize(team, nameWidth - 32, scale), MARGIN + 32, top + (124 - GLYPH_HEIGHT * scale) / 2, scale, p.text)
    if (game.final) drawRight(canvas, String(score), MARGIN + INNER - 28, top + 13, scoreScale, won ? p.accent : p.text)
  })
}

function drawPlayer(canvas: Canvas, player: PlayerCardData, p: Palette) {
  const nameScale = fitted(canvas, player.name, MARGIN, BODY_TOP, INNER, 12, 5, p.text)
  const team = [player.team, player.league].filter(Boolean).join(' - ')
  const teamTop = BODY_TOP + GLYPH_HEIGHT * nameScale + 24
  if (team) fitted(canvas, team, MARGIN, teamTop, INNER, 5, 3, p.muted)
  const stats = player.stats.slice(0, 4)
  if (stats.length === 0) return
  const gap = 24
  const boxWidth = (INNER - gap * (stats.length - 1)) / stats.length
  const top = CARD_HEIGHT - FOOT - 36 - 170
  stats.forEach((stat, i) => {
    const x = MARGIN + i * (boxWidth + gap)
    canvas.fillRoundRect(x, top, boxWidth, 170, 16, p.surface)
    const valueScale = fitScale(stat.value, boxWidth - 40, 12, 4)
    canvas.drawText(ellipsize(stat.value, boxWidth - 40, valueScale), x + 24, top + 24, valueScale, p.accent)
    canvas.drawText(ellipsize(stat.label, boxWidth - 40, 4), x + 24, top + 170 - 24 - GLYPH_HEIGHT * 4, 4, p.muted)
  })
}

/** A list card's first `count` rows; with none, `empty` written in their place and null. */
function listedRows<Row>(canvas: Canvas, all: Row[], count: number, empty: string, p: Palette): Row[] | null {
  const rows = all.slice(0, count)
  if (rows.length > 0) return rows
  canvas.drawText(empty, MARGIN, BODY_TOP + 120, 5, p.muted)
  return null
}

function drawStandings(canvas: Canvas, table: StandingsCardData, p: Palette) {
  // The league as the title, the season beside it when both fit.
  const season = table.season ? ellipsize(table.season, INNER / 3, 4) : ''
  const seasonWidth = season ? textWidth(season, 4) + 32 : 0
  const leagueWidth = INNER - seasonWidth
  const titleScale = fitted(canvas, table.league ?? 'Standings', MARGIN, BODY_TOP, leagueWidth, 6, 4, p.text)
  if (season) drawRight(canvas, season, MARGIN + INNER, BODY_TOP + GLYPH_HEIGHT * (titleScale - 4), 4, p.muted)
  const rows = listedRows(canvas, table.rows, 5, 'No games played yet', p)
  if (!rows) return
  const top = BODY_TOP + 64
  const height = 62
  const scale = 5
  const record = (r: (typeof rows)[number]) => `${r.wins}-${r.losses}`
  const pctX = MARGIN + INNER - 24
  const recordX = pctX - textWidth('1.000', scale) - 40
  rows.forEach((row, i) => {
    const y = top + i * height
    if (i % 2 === 0) canvas.fillRect(MARGIN, y, INNER, height, p.surface)
    const textY = y + (height - GLYPH_HEIGHT * scale) / 2
    canvas.drawText(String(row.rank), MARGIN + 20, textY, scale, i === 0 ? p.accent : p.muted)
    const nameX = MARGIN + 100
    const nameWidth = recordX - textWidth('000-000', scale) - 32 - nameX
    canvas.drawText(ellipsize(row.team, nameWidth, scale), nameX, textY, scale, p.text)
    drawRight(canvas, record(row), recordX, textY, scale, p.text)
    drawRight(canvas, row.pct, pctX, textY, scale, p.muted)
  })
}

function drawRecords(canvas: Canvas, book: RecordsCardData, p: Palette) {
  const title = ['Record book', book.stat].filter(Boolean).join(' - ')
  fitted(canvas, title, MARGIN, BODY_TOP, INNER, 6, 3, p.text)
  const rows = listedRows(canvas, book.rows, 4, 'No records yet', p)
  if (!rows) return
  const top = BODY_TOP + 64
  const height = 72
  rows.forEach((row, i) => {
    const y = top + i * (height + 6)
    canvas.fillRoundRect(MARGIN, y, INNER, height, 12, p.surface)
    const valueScale = 6
    const valueWidth = textWidth(toFontText(row.value), valueScale)
    drawRight(canvas, row.value, MARGIN + INNER - 24, y + (height - GLYPH_HEIGHT * valueScale) / 2, valueScale, p.accent)
    const left = MARGIN + 24
    const width = INNER - 72 - valueWidth
    canvas.drawText(ellipsize(row.list.toUpperCase(), width, 3), left, y + 10, 3, p.muted)
    const line = row.detail ? `${row.player} (${row.detail})` : row.player
    canvas.drawText(ellipsize(line, width, 4), left, y + 39, 4, p.text)
  })
}

const FOOT_LABELS: Record<CardData['kind'], string> = {
  game: 'Game',
  player: 'Player profile',
  standings: 'Standings',
  records: 'Record book',
}

/** Draws a link card: the organization's band, the subject, the foot. */
export function renderCard(data: CardData, brand: Brand): Canvas {
  const palette = PALETTES[brand.theme]
  const canvas = new Canvas(CARD_WIDTH, CARD_HEIGHT, palette.background)
  drawBand(canvas, brand, palette)
  if (data.kind === 'game') drawGame(canvas, data, palette)
  else if (data.kind === 'player') drawPlayer(canvas, data, palette)
  else if (data.kind === 'standings') drawStandings(canvas, data, palette)
  else drawRecords(canvas, data, palette)
  drawFoot(canvas, data.kind === 'game' && data.final ? 'Box score' : FOOT_LABELS[data.kind], palette)
  return canvas
}
