// SQL injection scan (docs/reference/trust-and-security.md §4): `npm run security:sqlmap [-- --per-target 60 --base-url URL]`.
//
// Starts a fresh seeded local server (Miniflare) (test/helpers/server.ts; the SPA must be built), signs in as
// ocbl's owner for a session cookie and XSRF token, and runs sqlmap (the Debian package:
// `apt-get install sqlmap`) in batch mode — level 2 (cookies too), risk 1, a fresh session and
// output folder — against the public GET calls with path and query parameters, the admin list calls
// with filters and search, and admin writes whose JSON bodies carry `*` injection markers. Each
// target gets a bounded time. Prints a table and writes it into bench/RESULTS.md between the
// `<!-- sqlmap -->` markers. Exits 1 when sqlmap reports an injectable parameter.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startLocalServer } from './local-server.ts'
import { writeResultsSection } from './results-section.ts'
import { SEED_ACCOUNTS } from './seed-data.ts'

const SLUG = 'ocbl'

interface Target {
  name: string
  url: string
  method?: 'PUT' | 'POST'
  /** A JSON body; `*` marks where sqlmap injects. */
  data?: string
  signedIn?: boolean
  /** The call answers 404 even without injection (an unknown domain): compare pages anyway. */
  notFoundIsNormal?: boolean
}

type Outcome = 'nothing found' | 'INJECTABLE' | 'timed out' | 'error'

async function json(response: Response) {
  const text = await response.text()
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${text.slice(0, 200)}`)
  return JSON.parse(text)
}

async function signIn(baseUrl: string) {
  const { username, password } = SEED_ACCOUNTS.owner
  const jar = new Map<string, string>()
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
  }
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  // Sign-in is a write too: the XSRF cookie from check-auth goes back as the header.
  keep(await fetch(`${baseUrl}/api/auth/check-auth`))
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie(), 'X-XSRF-TOKEN': jar.get('XSRF-TOKEN') ?? '' },
    body: JSON.stringify({ username, password, slug: SLUG }),
  })
  await json(response)
  keep(response)
  const xsrf = jar.get('XSRF-TOKEN')
  if (!xsrf) throw new Error('Sign-in set no XSRF-TOKEN cookie')
  return { cookie: cookie(), xsrf }
}

/** Real ids of ocbl, so every target is a call that reaches the database when not injected. */
async function targets(baseUrl: string, cookie: string): Promise<Target[]> {
  const get = (p: string) => fetch(`${baseUrl}${p}`, { headers: { Cookie: cookie } }).then(json)
  const { seasons } = await get('/api/seasonsv2')
  const season = seasons.find((s: { active: boolean }) => s.active) ?? seasons[0]
  const { leagues } = await get(`/api/seasonsv2/${season.id}/leagues`)
  const league = leagues[0]
  const { games } = await get(`/api/gamesv2?seasonId=${season.id}`)
  const game = games.find((g: { status: string }) => g.status === 'completed') ?? games[0]
  const { players } = await get('/api/playersv2?limit=5')
  const player = players[0]
  const q = `slug=${SLUG}`
  const base = baseUrl
  return [
    // ---- public (anonymous) ----
    { name: 'GET /api/organizations/slug/{slug}', url: `${base}/api/organizations/slug/${SLUG}*` },
    {
      name: 'GET /api/organizations/domain/{domain}',
      url: `${base}/api/organizations/domain/hoops.example*`,
      notFoundIsNormal: true,
    },
    { name: 'GET /api/seasonsv2?slug', url: `${base}/api/seasonsv2?${q}` },
    {
      name: 'GET /api/gamesv2?slug&seasonId&leagueId&teamId',
      url: `${base}/api/gamesv2?${q}&seasonId=${season.id}&leagueId=${league.id}&teamId=${game.team1_id}`,
    },
    { name: 'GET /api/gamesv2/{id}', url: `${base}/api/gamesv2/${game.id}*?${q}` },
    {
      name: 'GET /api/seasonsv2/{id}/leagues-with-teams-public',
      url: `${base}/api/seasonsv2/${season.id}*/leagues-with-teams-public?${q}`,
    },
    { name: 'GET /api/playersv2?slug&search&limit', url: `${base}/api/playersv2?${q}&search=smith&limit=10` },
    { name: 'GET /api/playersv2/{id}/basic?scope', url: `${base}/api/playersv2/${player.id}*/basic?${q}&scope=all` },
    { name: 'GET /api/teamsv2/{id}', url: `${base}/api/teamsv2/${game.team1_id}*?${q}` },
    { name: 'GET /api/bye-dates/public?seasonId', url: `${base}/api/bye-dates/public?${q}&seasonId=${season.id}` },
    { name: 'GET /api/site-pages/{key}', url: `${base}/api/site-pages/home*?${q}` },
    { name: 'GET /api/businesses/directory?filters', url: `${base}/api/businesses/directory?${q}&sport=Basketball&city=Irvine` },
    // ---- admin (owner's session + XSRF) ----
    { name: 'GET /api/playersv2?search (admin)', url: `${base}/api/playersv2?search=smith&limit=10`, signedIn: true },
    {
      name: 'GET /api/games?seasonId&leagueId&teamId (admin)',
      url: `${base}/api/games?seasonId=${season.id}&leagueId=${league.id}&teamId=${game.team1_id}`,
      signedIn: true,
    },
    {
      name: 'GET /api/teams/teamsByLeague?leagueId',
      url: `${base}/api/teams/teamsByLeague?leagueId=${league.id}`,
      signedIn: true,
    },
    { name: 'GET /api/usersv2?organization_id', url: `${base}/api/usersv2?organization_id=1`, signedIn: true },
    {
      name: 'POST /api/playersv2 {firstName, lastName}',
      url: `${base}/api/playersv2`,
      method: 'POST',
      data: '{"firstName":"Scan*","lastName":"Probe*"}',
      signedIn: true,
    },
    {
      name: 'PUT /api/seasonsv2/{id} {name}',
      url: `${base}/api/seasonsv2/${season.id}`,
      method: 'PUT',
      data: `{"name":"${season.name}*"}`,
      signedIn: true,
    },
    {
      name: 'PUT /api/gamesv2/{id}/details {location}',
      url: `${base}/api/gamesv2/${game.id}/details`,
      method: 'PUT',
      data: '{"location":"Gym 1*"}',
      signedIn: true,
    },
    {
      name: 'POST /api/auth/login {username, slug}',
      url: `${base}/api/auth/login`,
      method: 'POST',
      data: `{"username":"staff*","password":"not-the-password","slug":"${SLUG}*"}`,
    },
  ]
}

function sqlmapVersion(): string {
  const run = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' })
  if (run.error) throw new Error('sqlmap is not installed: apt-get install -y sqlmap')
  return (run.stdout.match(/\d+\.\d+(\.\d+)?(#\w+)?/) ?? ['unknown'])[0]
}

/** Runs sqlmap on one target for at most `seconds`; returns what it concluded. */
function scan(target: Target, session: { cookie: string; xsrf: string }, outputDir: string, seconds: number) {
  const args = [
    '-u',
    target.url,
    '--batch',
    '--level',
    '2',
    '--risk',
    '1',
    '--flush-session',
    '--output-dir',
    outputDir,
    '--threads',
    '4',
    '--timeout',
    '20',
    '--retries',
    '1',
    '--disable-coloring',
    // Markers in the URL or body are processed, JSON bodies are tested as JSON.
    '--answers',
    'custom injection marker=Y,JSON data=Y,redirect=N',
  ]
  const headers: string[] = []
  if (target.method) args.push('--method', target.method)
  if (target.data) {
    args.push('--data', target.data)
    headers.push('Content-Type: application/json')
  }
  if (target.signedIn) {
    args.push('--cookie', session.cookie)
    headers.push(`X-XSRF-TOKEN: ${session.xsrf}`)
  }
  if (headers.length > 0) args.push('--headers', headers.join('\n'))
  if (target.notFoundIsNormal) args.push('--ignore-code', '404')
  return new Promise<{ outcome: Outcome; parameters: string[]; seconds: number; tail: string; errors500: number }>((resolve) => {
    const started = Date.now()
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGTERM')
    }, seconds * 1000)
    child.on('close', (code) => {
      clearTimeout(timer)
      // A confirmed injection point, whatever else was said.
      const confirmed = /is vulnerable|identified the following injection point/i.test(output)
      // A heuristic "appears to be injectable" that sqlmap's own false-positive check did not reject.
      const suspected =
        /parameter '[^']+' (appears|is) .*injectable/i.test(output) && !/false positive or unexploitable/i.test(output)
      // The closing verdict; per-parameter lines alone may come from a run cut short by the time limit.
      const clean = /all tested parameters do not appear to be injectable/i.test(output)
      const failed = /\[CRITICAL\]/.test(output) || code !== 0
      let outcome: Outcome = 'nothing found'
      if (confirmed) outcome = 'INJECTABLE'
      else if (clean) outcome = 'nothing found'
      else if (suspected) outcome = 'INJECTABLE'
      else if (timedOut) outcome = 'timed out'
      else if (failed) outcome = 'error'
      // "GET parameter 'slug' does not seem to be injectable", "(custom) PUT parameter 'JSON #1*' …"
      const parameters = [
        ...new Set(
          [...output.matchAll(/(\S+) parameter '([^']+)' does not seem to be injectable/g)].map((m) => `${m[1]} ${m[2]}`),
        ),
      ]
      // sqlmap sums up the server errors it provoked: "HTTP error codes detected during run: 500 (Internal Server Error) - 12 times".
      const errors500 = [...output.matchAll(/500 \(Internal Server Error\) - (\d+) times?/g)].reduce(
        (n, m) => n + Number(m[1]),
        0,
      )
      resolve({
        outcome,
        parameters,
        seconds: (Date.now() - started) / 1000,
        tail: output.split('\n').slice(-15).join('\n'),
        errors500,
      })
    })
  })
}

async function main() {
  const { values } = parseArgs({
    options: {
      'per-target': { type: 'string', default: '60' },
      'base-url': { type: 'string' },
      'no-record': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  })
  const perTarget = Number(values['per-target'])
  if (!Number.isInteger(perTarget) || perTarget <= 0) throw new Error('--per-target must be a number of seconds')
  const version = sqlmapVersion()
  const server = values['base-url'] ? undefined : await startLocalServer()
  const baseUrl = values['base-url']?.replace(/\/$/, '') ?? (server?.baseUrl as string)
  const outputDir = await mkdtemp(path.join(tmpdir(), 'courtside-sqlmap-'))
  const rows: string[] = []
  let injectable = 0
  let cut = 0
  let errors500 = 0
  const started = Date.now()
  try {
    const session = await signIn(baseUrl)
    for (const target of await targets(baseUrl, session.cookie)) {
      const result = await scan(target, session, outputDir, perTarget)
      if (result.outcome === 'INJECTABLE') injectable++
      if (result.outcome === 'timed out') cut++
      errors500 += result.errors500
      const line = `| \`${target.name}\` | ${target.signedIn ? 'owner' : 'anonymous'} | ${result.outcome} | ${result.parameters.join(', ') || '–'} | ${result.errors500} | ${result.seconds.toFixed(0)} s |`
      console.log(line)
      if (values.verbose || result.outcome === 'INJECTABLE' || result.outcome === 'error') console.log(result.tail)
      rows.push(line)
    }
  } finally {
    await server?.stop()
    await rm(outputDir, { recursive: true, force: true })
  }
  const minutes = ((Date.now() - started) / 60000).toFixed(1)
  const section = [
    '## SQL injection scan (`npm run security:sqlmap`)',
    '',
    `sqlmap ${version} (Debian package), \`--batch --level 2 --risk 1 --flush-session\`, techniques BEUSTQ, at most ${perTarget} s per target,` +
      ` against a fresh seeded local server (Miniflare, as \`npm start\` runs it); admin calls with ocbl's owner session cookie and \`X-XSRF-TOKEN\`; \`*\` marks` +
      ' path segments and JSON body values; level 2 also injects into the cookies. Query parameters are all tested.' +
      ` ${rows.length} targets in ${minutes} min, recorded ${new Date().toISOString().slice(0, 10)}.` +
      ` Result: **${injectable === 0 ? 'nothing found' : `${injectable} injectable`}**, **${errors500} answers with status 500** provoked` +
      (cut > 0 ? ` (${cut} targets stopped at the time limit: only the parameters listed were finished).` : '.'),
    '',
    '| Target | As | sqlmap says | Parameters reported not injectable | 500s | Time |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n')
  console.log(`\n${section}\n`)
  if (!values['no-record']) writeResultsSection('sqlmap', section)
  if (injectable > 0) process.exitCode = 1
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
