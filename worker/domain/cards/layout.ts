import { hex, type Rgb } from './canvas'

/**
 * The four link cards (docs/link-cards.md): 1200 × 630, the size Open Graph and X's
 * summary_large_image show without cropping. Every card has the organization's band on top (logo
 * or initials badge, name, the site's theme colours), the subject in the middle and what it is
 * at the foot. This module only describes the picture, as the element tree satori lays out
 * (flexbox, docs/decisions/2026-11-28-link-cards-renderer.md); render.ts draws it.
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
  /** The logo as a PNG data URL, already fitted to its box (render.ts), or null: the initials badge. */
  logo: string | null
  /** The card's own words in the organization's language (docs/languages.md); English when absent. */
  words?: CardWords
}

/** The words a card draws around its data, from the server catalog (worker/routes/cards.ts). */
export interface CardWords {
  final: string
  upcoming: string
  standings: string
  noGames: string
  recordBook: string
  noRecords: string
  boxScore: string
  foot: Record<CardData['kind'], string>
}

/** English, as the cards always drew it. */
export const ENGLISH_CARD_WORDS: CardWords = {
  final: 'FINAL',
  upcoming: 'UPCOMING',
  standings: 'Standings',
  noGames: 'No games played yet',
  recordBook: 'Record book',
  noRecords: 'No records yet',
  boxScore: 'Box score',
  foot: { game: 'Game', player: 'Player profile', standings: 'Standings', records: 'Record book' },
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
  /** Day and time as the game page writes them (formatGameWhen, worker/domain/time.ts). */
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

/** An element of satori's tree: what JSX would make, written as objects (no JSX in the Worker). */
export interface CardNode {
  type: string
  props: { style?: Style; children?: CardChild | CardChild[]; src?: string; width?: number; height?: number }
}
type CardChild = CardNode | string | null
type Style = Record<string, string | number>

export const MARGIN = 56
export const BAND = 132
const STRIPE = 8
export const LOGO_BOX = 96
/** The logo's side inside its box: the most of a logo a card ever draws. */
export const LOGO_SIDE = LOGO_BOX - 12
const FOOT = 64
const INNER = CARD_WIDTH - 2 * MARGIN
/** Where the subject starts: under the band and its stripe. */
const BODY_TOP = BAND + STRIPE + 36

/** Up to two initials of the name's words ("Orange County Basketball League" → "OC"), in any script. */
export function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? []
  const first = (word: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word)][0]?.segment ?? ''
  return (
    words
      .slice(0, 2)
      .map((w) => first(w).toUpperCase())
      .join('') || '?'
  )
}

const css = (c: Rgb) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`

/**
 * How wide a line of text draws, estimated: Noto Sans averages about 0.6 em a Latin, Greek or
 * Cyrillic letter (0.64 bold), and a CJK character is a full em. Only to pick a font size; what
 * still does not fit is cut with an ellipsis by the renderer.
 */
export function estimateWidth(text: string, size: number, bold = false): number {
  let ems = 0
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xff00 && code <= 0xff60) ||
      code >= 0x20000
    ems += wide ? 1 : char === ' ' ? 0.26 : bold ? 0.64 : 0.6
  }
  return ems * size
}

/** The largest font size from max down to min at which the text fits the width (estimated). */
export function fitSize(text: string, width: number, max: number, min: number, bold = false): number {
  for (let size = max; size > min; size -= 2) if (estimateWidth(text, size, bold) <= width) return size
  return min
}

const el = (style: Style, ...children: CardChild[]): CardNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
})

/** One line of text, cut with an ellipsis when it is wider than its box. */
const line = (text: string, style: Style): CardNode => ({
  type: 'div',
  props: {
    style: { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', ...style },
    children: text,
  },
})

/** The organization's band: logo (or initials badge) and name, with the accent stripe under it. */
function band(brand: Brand, p: Palette): CardChild[] {
  const nameWidth = CARD_WIDTH - 2 * MARGIN - LOGO_BOX - 32
  const box = brand.logo
    ? el(
        {
          width: LOGO_BOX,
          height: LOGO_BOX,
          borderRadius: 12,
          backgroundColor: css(p.bandText),
          alignItems: 'center',
          justifyContent: 'center',
        },
        { type: 'img', props: { src: brand.logo, width: LOGO_SIDE, height: LOGO_SIDE, style: { objectFit: 'contain' } } },
      )
    : el(
        {
          width: LOGO_BOX,
          height: LOGO_BOX,
          borderRadius: 18,
          backgroundColor: css(p.accent),
          alignItems: 'center',
          justifyContent: 'center',
          color: css(p.accentText),
          fontSize: initials(brand.name).length > 1 ? 40 : 52,
          fontWeight: 700,
        },
        initials(brand.name),
      )
  return [
    el(
      { width: CARD_WIDTH, height: BAND, backgroundColor: css(p.band), alignItems: 'center', paddingLeft: MARGIN },
      box,
      line(brand.name, {
        marginLeft: 32,
        width: nameWidth,
        color: css(p.bandText),
        fontSize: fitSize(brand.name, nameWidth, 52, 32, true),
        fontWeight: 700,
      }),
    ),
    el({ width: CARD_WIDTH, height: STRIPE, backgroundColor: css(p.accent) }),
  ]
}

function game(g: GameCardData, p: Palette, w: CardWords): CardChild[] {
  const status = g.final ? w.final : w.upcoming
  const info = [g.league, g.when, g.final ? null : g.location].filter(Boolean).join(' · ')
  const scoreWidth = 200
  // Without a score the names take the whole row.
  const nameWidth = (g.final ? INNER - scoreWidth - 40 : INNER) - 64
  const rows: [string, number, boolean][] = [
    [g.team1, g.score1, g.final && g.score1 > g.score2],
    [g.team2, g.score2, g.final && g.score2 > g.score1],
  ]
  return [
    el(
      { height: 44, alignItems: 'center' },
      el(
        {
          height: 44,
          paddingLeft: 16,
          paddingRight: 16,
          borderRadius: 10,
          alignItems: 'center',
          backgroundColor: css(g.final ? p.accent : p.surface),
          color: css(g.final ? p.accentText : p.text),
          fontSize: 26,
          fontWeight: 700,
        },
        status,
      ),
      info ? line(info, { marginLeft: 24, flexGrow: 1, flexShrink: 1, color: css(p.muted), fontSize: 28 }) : null,
    ),
    el(
      { flexDirection: 'column', marginTop: 32 },
      ...rows.map(([team, score, won], i) =>
        el(
          {
            position: 'relative',
            height: 124,
            marginTop: i === 0 ? 0 : 16,
            borderRadius: 16,
            backgroundColor: css(p.surface),
            alignItems: 'center',
            paddingLeft: 32,
            paddingRight: 28,
          },
          won ? el({ position: 'absolute', left: 0, top: 16, width: 10, height: 92, backgroundColor: css(p.accent) }) : null,
          line(team, {
            width: nameWidth,
            flexGrow: 1,
            color: css(p.text),
            fontSize: fitSize(team, nameWidth, 60, 32, true),
            fontWeight: 700,
          }),
          g.final
            ? el(
                {
                  width: scoreWidth,
                  justifyContent: 'flex-end',
                  color: css(won ? p.accent : p.text),
                  fontSize: 92,
                  fontWeight: 700,
                },
                String(score),
              )
            : null,
        ),
      ),
    ),
  ]
}

function player(pl: PlayerCardData, p: Palette): CardChild[] {
  const team = [pl.team, pl.league].filter(Boolean).join(' · ')
  const stats = pl.stats.slice(0, 4)
  const gap = 24
  const boxWidth = stats.length ? (INNER - gap * (stats.length - 1)) / stats.length : 0
  return [
    line(pl.name, { width: INNER, color: css(p.text), fontSize: fitSize(pl.name, INNER, 84, 40, true), fontWeight: 700 }),
    team ? line(team, { width: INNER, marginTop: 8, color: css(p.muted), fontSize: fitSize(team, INNER, 36, 26) }) : null,
    el(
      { position: 'absolute', left: MARGIN, top: CARD_HEIGHT - FOOT - 36 - 170 - (BAND + STRIPE), width: INNER, height: 170 },
      ...stats.map((stat, i) =>
        el(
          {
            flexDirection: 'column',
            justifyContent: 'space-between',
            width: boxWidth,
            height: 170,
            marginLeft: i === 0 ? 0 : gap,
            padding: 24,
            borderRadius: 16,
            backgroundColor: css(p.surface),
          },
          line(stat.value, {
            color: css(p.accent),
            fontSize: fitSize(stat.value, boxWidth - 48, 72, 32, true),
            fontWeight: 700,
            lineHeight: 1,
          }),
          line(stat.label, { color: css(p.muted), fontSize: 26, lineHeight: 1 }),
        ),
      ),
    ),
  ]
}

/** A list card's title row: 64 px, so its rows start where the layout expects them. */
const title = (text: string, p: Palette, right: CardChild = null) =>
  el(
    { height: 64, alignItems: 'flex-start', justifyContent: 'space-between' },
    line(text, {
      flexGrow: 1,
      flexShrink: 1,
      color: css(p.text),
      fontSize: fitSize(text, right ? INNER * 0.66 : INNER, 44, 30, true),
      fontWeight: 700,
    }),
    right,
  )

const empty = (text: string, p: Palette) => line(text, { marginTop: 56, color: css(p.muted), fontSize: 36 })

function standings(t: StandingsCardData, p: Palette, w: CardWords): CardChild[] {
  const season = t.season
    ? line(t.season, { marginLeft: 32, maxWidth: INNER / 3, color: css(p.muted), fontSize: 28, paddingTop: 10 })
    : null
  const rows = t.rows.slice(0, 5)
  const cell = (text: string, style: Style) => line(text, { fontSize: 34, ...style })
  return [
    title(t.league ?? w.standings, p, season),
    rows.length === 0
      ? empty(w.noGames, p)
      : el(
          { flexDirection: 'column' },
          ...rows.map((r, i) =>
            el(
              {
                height: 62,
                alignItems: 'center',
                paddingLeft: 20,
                paddingRight: 24,
                backgroundColor: i % 2 === 0 ? css(p.surface) : 'transparent',
              },
              cell(String(r.rank), { width: 80, color: css(i === 0 ? p.accent : p.muted), fontWeight: 700 }),
              cell(r.team, { flexGrow: 1, flexShrink: 1, color: css(p.text) }),
              cell(`${r.wins}-${r.losses}`, { width: 180, textAlign: 'right', color: css(p.text) }),
              cell(r.pct, { width: 140, textAlign: 'right', color: css(p.muted) }),
            ),
          ),
        ),
  ]
}

function records(b: RecordsCardData, p: Palette, w: CardWords): CardChild[] {
  const rows = b.rows.slice(0, 4)
  return [
    title([w.recordBook, b.stat].filter(Boolean).join(' · '), p),
    rows.length === 0
      ? empty(w.noRecords, p)
      : el(
          { flexDirection: 'column' },
          ...rows.map((r, i) =>
            el(
              {
                height: 72,
                marginTop: i === 0 ? 0 : 6,
                alignItems: 'center',
                paddingLeft: 24,
                paddingRight: 24,
                borderRadius: 12,
                backgroundColor: css(p.surface),
              },
              el(
                { flexDirection: 'column', flexGrow: 1, flexShrink: 1, overflow: 'hidden' },
                line(r.list.toUpperCase(), { color: css(p.muted), fontSize: 18, lineHeight: 1.2 }),
                line(r.detail ? `${r.player} (${r.detail})` : r.player, { color: css(p.text), fontSize: 28, lineHeight: 1.2 }),
              ),
              line(r.value, { marginLeft: 24, color: css(p.accent), fontSize: 44, fontWeight: 700 }),
            ),
          ),
        ),
  ]
}

/** The card as satori's element tree: the organization's band, the subject, the foot. */
export function cardTree(data: CardData, brand: Brand): CardNode {
  const p = PALETTES[brand.theme]
  const w = brand.words ?? ENGLISH_CARD_WORDS
  const body =
    data.kind === 'game'
      ? game(data, p, w)
      : data.kind === 'player'
        ? player(data, p)
        : data.kind === 'standings'
          ? standings(data, p, w)
          : records(data, p, w)
  const foot = data.kind === 'game' && data.final ? w.boxScore : w.foot[data.kind]
  return el(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      flexDirection: 'column',
      backgroundColor: css(p.background),
      fontFamily: 'Noto Sans latin',
      fontWeight: 400,
    },
    ...band(brand, p),
    el(
      {
        position: 'relative',
        flexDirection: 'column',
        flexGrow: 1,
        paddingTop: BODY_TOP - BAND - STRIPE,
        paddingLeft: MARGIN,
        paddingRight: MARGIN,
      },
      ...body,
    ),
    el(
      { height: FOOT, alignItems: 'center', paddingLeft: MARGIN, backgroundColor: css(p.surface), color: css(p.muted) },
      line(foot.toUpperCase(), { fontSize: 24, fontWeight: 700, letterSpacing: 2 }),
    ),
  )
}
