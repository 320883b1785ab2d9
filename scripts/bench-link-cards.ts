// Benchmark of the link cards (docs/link-cards.md): how long the Worker's code takes to draw each
// card and encode it as PNG, and to decode an 800 × 800 logo (the largest the site-look screen
// uploads) and draw it. Pure code, no server: `npm run bench:cards`. V8 here, as in workerd;
// CompressionStream is zlib in both. Writes its section of bench/RESULTS.md.
import { registerHooks } from 'node:module'
import { writeResultsSection } from './results-section.ts'

// The Worker's modules import each other without extensions (wrangler bundles them); Node needs '.ts'.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context)
    } catch (error) {
      if (/^\.\.?\//.test(specifier) && !/\.[a-z]+$/.test(specifier)) return next(`${specifier}.ts`, context)
      throw error
    }
  },
})

const { Canvas, shrinkImage } = await import('../worker/domain/cards/canvas.ts')
const { LOGO_SIDE, renderCard } = await import('../worker/domain/cards/layout.ts')
const { decodePng, encodePng } = await import('../worker/domain/cards/png.ts')
type CardData = Parameters<typeof renderCard>[0]

const RUNS = 40

const cards: CardData[] = [
  {
    kind: 'game',
    team1: 'Sunset Shooters',
    team2: 'Old School',
    score1: 51,
    score2: 44,
    final: true,
    league: 'Irvine Valley College Sunday',
    when: '2025-10-26 18:00',
    location: null,
  },
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
  {
    kind: 'records',
    stat: 'Points',
    rows: [
      { list: 'Single game', player: 'Lamar Ross', value: '26', detail: '2025-10-30 vs Santa Ana Sharks' },
      { list: 'Single season', player: 'Steve Hill', value: '58', detail: 'Fall 2025' },
      { list: 'Career', player: 'Lamar Ross', value: '80', detail: '5 games' },
      { list: 'Career average', player: 'Lamar Ross', value: '16.0', detail: '5 games' },
    ],
  },
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

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { median: pick(0.5), p95: pick(0.95) }
}
const ms = (n: number) => n.toFixed(1)

const logoBytes = await bigLogo()
const lines: string[] = []
for (const withLogo of [false, true]) {
  for (const data of cards) {
    const draw: number[] = []
    const encode: number[] = []
    const total: number[] = []
    let size = 0
    for (let run = 0; run < RUNS + 5; run++) {
      const start = performance.now()
      const logo = withLogo ? shrinkImage(await decodePng(logoBytes), LOGO_SIDE) : null
      const canvas = renderCard(data, { name: 'Orange County Basketball League', theme: 'dark', logo })
      const drawn = performance.now()
      const png = await encodePng(canvas)
      const end = performance.now()
      size = png.length
      if (run < 5) continue // warm-up: the first runs compile the code
      draw.push(drawn - start)
      encode.push(end - drawn)
      total.push(end - start)
    }
    const [d, e, t] = [stats(draw), stats(encode), stats(total)]
    lines.push(
      `| ${data.kind}${withLogo ? ' + 800 px PNG logo, decoded' : ''} | ${ms(d.median)} | ${ms(e.median)} | ${ms(t.median)} | ${ms(t.p95)} | ${(size / 1024).toFixed(1)} |`,
    )
  }
}

const body = `## Link cards (\`npm run bench:cards\`)

Drawing and encoding each 1200 × 630 card (docs/link-cards.md), ${RUNS} runs after 5 warm-up runs,
Node ${process.versions.node} on this machine (2 cores shared with other work: the p95 is noisy). "Draw" includes
decoding and shrinking the logo, which an isolate does once per logo (worker/routes/cards.ts).

| card | draw ms (median) | encode ms (median) | total ms (median) | total ms (p95) | PNG KB |
|---|---|---|---|---|---|
${lines.join('\n')}
`
console.log(body)
writeResultsSection('bench-link-cards', body)
