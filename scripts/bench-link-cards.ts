// Benchmark of the link cards (docs/link-cards.md): how long the Worker's renderer (satori's layout
// and SVG, resvg's raster and PNG, worker/domain/cards/render.ts) takes for each card, cold (the
// first card of an isolate: WebAssembly instantiated, fonts parsed) and warm, with Latin, Greek,
// Cyrillic and CJK names, and how long fitting a logo takes (done once per logo per isolate). Pure
// code, no server: `npm run bench:cards`, V8 here as in workerd, the same WebAssembly. With a built
// site (`npm run build`), it also bundles the Worker as `wrangler deploy` would and reports its
// size. Writes its section of bench/RESULTS.md.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeResultsSection } from './results-section.ts'

// Wrangler bundles the Worker: its modules import each other without extensions, deep package
// files without them too, and WebAssembly and fonts as modules (wrangler.toml's rules). Node does
// none of that by itself.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context)
    } catch (error) {
      if (/\.[a-z]+$/.test(specifier)) throw error
      return next(/^\.\.?\//.test(specifier) ? `${specifier}.ts` : `${specifier}.js`, context)
    }
  },
  load(url, context, next) {
    if (url.endsWith('.wasm') || url.endsWith('.woff')) {
      const file = JSON.stringify(fileURLToPath(url))
      const source = url.endsWith('.wasm')
        ? `import { readFileSync } from 'node:fs'; export default new WebAssembly.Module(readFileSync(${file}))`
        : `import { readFileSync } from 'node:fs'; const b = readFileSync(${file}); export default b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)`
      return { format: 'module', source, shortCircuit: true }
    }
    return next(url, context)
  },
})

const { Canvas } = await import('../worker/domain/cards/canvas.ts')
const { encodePng } = await import('../worker/domain/cards/png.ts')
const { fitLogo, renderCard } = await import('../worker/domain/cards/render.ts')
type CardData = Parameters<typeof renderCard>[0]

const RUNS = 30
const ROOT = path.resolve(import.meta.dirname, '..')

const cards: [string, CardData][] = [
  [
    'game',
    {
      kind: 'game',
      team1: 'Sunset Shooters',
      team2: 'Old School',
      score1: 51,
      score2: 44,
      final: true,
      league: 'Irvine Valley College Sunday',
      when: 'October 26, 2025 · 6:00 PM',
      location: null,
    },
  ],
  [
    'player',
    {
      kind: 'player',
      name: 'Jose Rivera',
      team: 'Old School',
      league: 'Irvine Valley College Sunday',
      stats: [
        { label: 'PPG', value: '5.7' },
        { label: 'FT%', value: '60.0' },
        { label: '3PM', value: '1' },
        { label: 'Games', value: '3' },
      ],
    },
  ],
  [
    'standings',
    {
      kind: 'standings',
      league: 'Fountain Valley Monday',
      season: 'Fall 2025',
      rows: ['Rim Rockers', 'And One', 'Crossover', 'Orange Crush', 'Airballers'].map((team, i) => ({
        rank: i + 1,
        team,
        wins: 5 - i,
        losses: i,
        pct: ((5 - i) / 5).toFixed(3).replace(/^0/, ''),
      })),
    },
  ],
  [
    'records',
    {
      kind: 'records',
      stat: 'Points',
      rows: [
        { list: 'Single game', player: 'Lamar Ross', value: '26', detail: 'Oct 30, 2025 · Rim Rockers vs Santa Ana Sharks' },
        { list: 'Single season', player: 'Steve Hill', value: '58', detail: 'Fall 2025' },
        { list: 'Career', player: 'Lamar Ross', value: '80', detail: '5 games' },
        { list: 'Career average', player: 'Lamar Ross', value: '16.0', detail: '5 games' },
      ],
    },
  ],
  [
    'player, Greek and Cyrillic',
    {
      kind: 'player',
      name: 'Γιάννης Кириленко',
      team: 'Ολυμπιακός',
      league: 'Единая лига',
      stats: [{ label: 'PPG', value: '21.4' }],
    },
  ],
  [
    'game, Chinese, Japanese, Korean',
    {
      kind: 'game',
      team1: '北京首钢',
      team2: '琉球ゴールデンキングス 서울',
      score1: 88,
      score2: 80,
      final: true,
      league: '亚洲联赛',
      when: 'November 2, 2025 · 6:00 PM',
      location: null,
    },
  ],
]

/** An 800 × 800 logo with detail on every row (a gradient and noise), as a photo-like PNG would be. */
async function bigLogo(): Promise<Uint8Array> {
  const canvas = new Canvas(800, 800)
  let s = 7
  for (let i = 0; i < canvas.pixels.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff
    canvas.pixels[i] = ((i % 2400) / 10 + (s >> 27)) & 0xff
  }
  return encodePng(canvas)
}
// A 40 × 40 lossless WebP (test/worker/link-cards.test.ts).
const webp = Uint8Array.from(atob('UklGRiIAAABXRUJQVlA4TBUAAAAvJ8AJAAdQ5Ij+B4CE8P+8GtH/1AAA'), (c) => c.charCodeAt(0))

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { median: pick(0.5), p95: pick(0.95) }
}
const ms = (n: number) => n.toFixed(1)
const brand = { name: 'Orange County Basketball League', theme: 'dark' as const, logo: null }

// Cold: the first card of a fresh isolate instantiates satori's and resvg's WebAssembly and parses the Latin fonts.
const coldStart = performance.now()
await renderCard(cards[0][1], brand)
const cold = performance.now() - coldStart

const lines: string[] = []
for (const [name, data] of cards) {
  const times: number[] = []
  let size = 0
  let first = 0
  for (let run = 0; run < RUNS + 3; run++) {
    const start = performance.now()
    const png = await renderCard(data, brand)
    const took = performance.now() - start
    if (run === 0) first = took
    size = png.length
    if (run >= 3) times.push(took) // warm-up: the first runs compile the code and load the fonts a card needs
  }
  const t = stats(times)
  lines.push(`| ${name} | ${ms(first)} | ${ms(t.median)} | ${ms(t.p95)} | ${(size / 1024).toFixed(1)} |`)
}

const logoLines: string[] = []
for (const [name, bytes, type] of [
  ['800 × 800 PNG', await bigLogo(), 'image/png'],
  ['40 × 40 WebP', webp, 'image/webp'],
] as const) {
  const times: number[] = []
  for (let run = 0; run < 13; run++) {
    const start = performance.now()
    await fitLogo(bytes, type)
    if (run >= 3) times.push(performance.now() - start)
  }
  logoLines.push(`| ${name} | ${ms(stats(times).median)} |`)
}

/** The Worker bundled as `wrangler deploy` would, and its size as wrangler reports it; null without a built site. */
function bundleSize(): string | null {
  const out = mkdtempSync(path.join(tmpdir(), 'courtside-bundle-'))
  try {
    const log = execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', out], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return log.match(/Total Upload: ([^\n]+)/)?.[1]?.trim() ?? null
  } catch {
    return null
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}
const size = bundleSize()
const fonts = readFileSync(path.join(ROOT, 'worker/domain/cards/fonts.ts'), 'utf8').match(/^import /gm)?.length ?? 0

const body = `## Link cards (\`npm run bench:cards\`)

Each 1200 × 630 card drawn by worker/domain/cards/render.ts (satori 0.26 → SVG → resvg-wasm 2.6 → PNG,
docs/link-cards.md), ${RUNS} runs after 3 warm-up runs, Node ${process.versions.node} on this machine (2 cores
shared with other work: the p95 is noisy). CPU time: the renderer does no I/O. The first card of a
fresh isolate (WebAssembly instantiated, the Latin fonts parsed) took ${ms(cold)} ms; "first" below is
each card's first run after that (a CJK name's font slices are parsed then, once per isolate).

| card | first ms | ms (median) | ms (p95) | PNG KB |
|---|---|---|---|---|
${lines.join('\n')}

Fitting a logo into its box (once per logo per isolate, worker/routes/cards.ts):

| logo | ms (median) |
|---|---|
${logoLines.join('\n')}

Worker bundle (\`wrangler deploy --dry-run\`, ${fonts} font files): ${size ?? 'not measured (run `npm run build` first)'}.
`
console.log(body)
writeResultsSection('bench-link-cards', body)
