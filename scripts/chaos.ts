// Crash test: `npm run chaos [-- --rounds 3 --writers 8 --kill-after 1500]`.
//
// Starts the local server (the Worker on Miniflare, scripts/local-server.ts) on a state folder of
// its own, signs in as ocbl's staff, and lets `writers` connections save final scores as fast as
// they can — each game written by one connection only, every value one the game has never held —
// then SIGKILLs the server and workerd mid-burst, as a power cut would. It restarts the runtime on
// the same state and reads every game back: each must hold its last acknowledged score, or the one
// write that was still in flight when the runtime died (it may have committed without its answer
// getting out). An acknowledged write that is missing is a lost write. Bounded: `rounds` rounds of
// at most `kill-after` ms of writing each, loopback only. Figures go into bench/RESULTS.md between
// the `<!-- chaos -->` markers.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { getJson, signIn } from './bench-load.ts'
import { type LocalServer, sleep, startLocalServer } from './local-server.ts'
import { writeResultsSection } from './results-section.ts'

const SLUG = 'ocbl'

/** The games of ocbl's active season: what the writers score. */
async function gameIds(baseUrl: string): Promise<number[]> {
  const { seasons } = await getJson<{ seasons: { id: number; active: boolean }[] }>(baseUrl, `/api/seasonsv2?slug=${SLUG}`)
  const season = seasons.find((s) => s.active) ?? seasons[0]
  const { games } = await getJson<{ games: { id: number }[] }>(baseUrl, `/api/gamesv2?slug=${SLUG}&seasonId=${season.id}`)
  return games.map((g) => g.id)
}

/** What one game must hold after the crash: its last acknowledged score, or the write in flight. */
interface Ledger {
  acknowledged: number | null
  inFlight: number | null
}

interface RoundResult {
  acknowledged: number
  inFlightAtKill: number
  refused: number
  lost: number
  restartMs: number
  landedInFlight: number
}

/** One round: a burst of writes, a SIGKILL in the middle of it, a restart, a read-back. */
async function round(stateDir: string, writers: number, killAfterMs: number, base: number): Promise<RoundResult> {
  let server: LocalServer = await startLocalServer({ stateDir })
  const session = await signIn(server.baseUrl)
  const games = (await gameIds(server.baseUrl)).slice(0, writers * 4)
  const ledger = new Map<number, Ledger>(games.map((id) => [id, { acknowledged: null, inFlight: null }]))
  let acknowledged = 0
  let refused = 0
  let dead = false
  const writer = async (mine: number[]) => {
    for (let n = 0; !dead; n++) {
      const gameId = mine[n % mine.length]
      const entry = ledger.get(gameId) as Ledger
      // A value no game ever held before: round base + a running count.
      const value = (base + n) % 900
      entry.inFlight = value
      try {
        const response = await fetch(`${server.baseUrl}/api/gamesv2/${gameId}/scores`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Cookie: session.cookie, 'X-XSRF-TOKEN': session.xsrf },
          body: JSON.stringify({ score_home: value, score_away: 1 }),
          signal: AbortSignal.timeout(30_000),
        })
        await response.arrayBuffer()
        if (response.ok) {
          entry.acknowledged = value
          entry.inFlight = null
          acknowledged++
        } else {
          entry.inFlight = null
          refused++
        }
      } catch {
        // No answer: the runtime died with this write in flight; it may or may not have landed.
        return
      }
    }
  }
  const lanes = Array.from({ length: writers }, (_, w) => games.filter((_, i) => i % writers === w))
  const running = lanes.filter((mine) => mine.length > 0).map((mine) => writer(mine))
  await sleep(killAfterMs)
  dead = true
  await server.kill()
  await Promise.allSettled(running)
  const inFlightAtKill = [...ledger.values()].filter((l) => l.inFlight !== null).length

  const restarted = Date.now()
  server = await startLocalServer({ stateDir })
  const restartMs = Date.now() - restarted
  let lost = 0
  let landedInFlight = 0
  try {
    for (const [gameId, entry] of ledger) {
      if (entry.acknowledged === null && entry.inFlight === null) continue
      const detail = await getJson<{ game: { score_home: number } }>(server.baseUrl, `/api/gamesv2/${gameId}?slug=${SLUG}`)
      const held = detail.game.score_home
      if (entry.inFlight !== null && held === entry.inFlight) landedInFlight++
      else if (entry.acknowledged !== null && held !== entry.acknowledged) {
        lost++
        console.error(`game ${gameId}: acknowledged ${entry.acknowledged}, found ${held} (in flight ${entry.inFlight})`)
      }
    }
  } finally {
    await server.stop()
  }
  return { acknowledged, inFlightAtKill, refused, lost, restartMs, landedInFlight }
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      writers: { type: 'string', default: '8' },
      'kill-after': { type: 'string', default: '1500' },
    },
  })
  const rounds = Math.min(10, Math.max(1, Number(values.rounds)))
  const writers = Math.min(32, Math.max(1, Number(values.writers)))
  const killAfter = Math.min(10_000, Math.max(200, Number(values['kill-after'])))
  const stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-chaos-'))
  const results: RoundResult[] = []
  try {
    for (let r = 0; r < rounds; r++) {
      // Kill at a different moment each round: somewhere in the second half of the burst.
      const at = Math.round(killAfter * (0.5 + (0.5 * (r + 1)) / rounds))
      const result = await round(stateDir, writers, at, 100 + r * 200)
      results.push(result)
      console.log(
        `round ${r + 1}: killed after ${at} ms — ${result.acknowledged} acknowledged, ${result.inFlightAtKill} in flight ` +
          `(${result.landedInFlight} of them landed), ${result.lost} lost; restart ${result.restartMs} ms`,
      )
    }
  } finally {
    await rm(stateDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 })
  }
  const sum = (pick: (r: RoundResult) => number) => results.reduce((n, r) => n + pick(r), 0)
  const rows = results.map(
    (r, i) =>
      `| ${i + 1} | ${r.acknowledged} | ${r.refused} | ${r.inFlightAtKill} | ${r.landedInFlight} | **${r.lost}** | ${(r.restartMs / 1000).toFixed(1)} s |`,
  )
  writeResultsSection(
    'chaos',
    [
      '## Crash test (`npm run chaos`)',
      '',
      `${new Date().toISOString().slice(0, 10)}: ${rounds} rounds, ${writers} connections saving final scores (\`PUT /api/gamesv2/{id}/scores\`, each game written by one connection, every value new), the runtime (wrangler + workerd) SIGKILLed after ${Math.round(killAfter * (0.5 + 0.5 / rounds))}–${killAfter} ms of writing, restarted on the same local state, every game read back.`,
      '',
      '| Round | Acknowledged writes | Refused | In flight at the kill | Of those, landed | Acknowledged but missing | Restart |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      `| all | ${sum((r) => r.acknowledged)} | ${sum((r) => r.refused)} | ${sum((r) => r.inFlightAtKill)} | ${sum((r) => r.landedInFlight)} | **${sum((r) => r.lost)}** | |`,
    ].join('\n'),
  )
  if (sum((r) => r.lost) > 0) {
    console.error('Acknowledged writes were lost.')
    process.exitCode = 1
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
