// npm run bench:notify — notifications fanned out to 400 members (docs/notifications.md): a league of
// 20 teams × 20 players, every player a member with an e-mail. Two changes are measured, each from
// the staff's request to the last .eml the local mail API stand-in wrote:
//   1. the season is published: every member hears of it;
//   2. a schedule change touching every member: the 20 games of two weeks move an hour later, one
//      request each — each member plays in two of them, and must get ONE e-mail telling both.
// Prints (and writes into bench/RESULTS.md, section "notify") the time, e-mails per member, and the
// local runtime's CPU. The default batching (NOTIFY_QUIET_SECONDS 30) is kept: it is what members get.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { parseEml } from '../test/helpers/eml.ts'
import { sleep } from './local-server.ts'
import { writeResultsSection } from './results-section.ts'
import { runtimeCpuSeconds } from './runtime-cpu.ts'
import { staffSignIn } from './staff-session.ts'
import { migrate, seedIfEmpty } from './start.ts'
import { mailDirOf, startWorkerServer } from './worker-server.ts'

const SLUG = 'demo-east'
const TEAMS = Number(process.env.BENCH_NOTIFY_TEAMS ?? 20)
const PLAYERS = Number(process.env.BENCH_NOTIFY_PLAYERS ?? 20)
const TIMEOUT_MS = Number(process.env.BENCH_NOTIFY_TIMEOUT_MS ?? 5 * 60 * 1000)

async function main() {
  const stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-bench-notify-'))
  await migrate(stateDir)
  await seedIfEmpty(stateDir)
  // In this process: the bench writes the members straight into the server's own D1 (Miniflare's binding).
  const server = await startWorkerServer({ stateDir, say: () => {} })
  const base = server.url.origin
  const mailDir = mailDirOf(stateDir)
  try {
    const { cookies } = await staffSignIn(base, SLUG)
    // The sign-in rotated the anti-forgery token: the one it answered is bound to the session.
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN=')) ?? ''
    const headers = {
      'Content-Type': 'application/json',
      Cookie: cookies.join('; '),
      'X-XSRF-TOKEN': xsrf.slice('XSRF-TOKEN='.length),
    }
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}${url.includes('?') ? '&' : '?'}slug=${SLUG}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`)
      return text ? JSON.parse(text) : null
    }
    console.log(`Building a league of ${TEAMS} teams × ${PLAYERS} players (season not yet published)…`)
    const season = (
      await call('POST', '/api/seasonsv2', { name: `Bench season ${Date.now()}`, active: false, startDate: '2027-01-01' })
    ).season
    const league = (await call('POST', `/api/seasonsv2/${season.id}/leagues`, { name: 'Bench league', season_id: season.id }))
      .league
    const teams: number[] = []
    for (let t = 0; t < TEAMS; t++) {
      const team = (await call('POST', `/api/seasonsv2/${season.id}/leagues/${league.id}/teams`, { name: `Bench team ${t + 1}` }))
        .team
      teams.push(team.id)
      await Promise.all(
        Array.from({ length: PLAYERS }, (_, p) =>
          call('POST', `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${team.id}/players`, {
            firstName: `Player${p + 1}`,
            lastName: `Team${t + 1}`,
          }),
        ),
      )
    }
    const games: number[] = []
    for (const [week, date] of ['2027-01-05', '2027-01-12'].entries()) {
      for (let g = 0; g < TEAMS / 2; g++) {
        const [home, away] = [teams[(g + week) % TEAMS], teams[(g + week + TEAMS / 2) % TEAMS]]
        const made = await call('POST', '/api/games', {
          season_id: season.id,
          leagueId: league.id,
          team1_id: home,
          team2_id: away,
          date,
          time: '19:00',
        })
        games.push(made.game?.id ?? made.id)
      }
    }
    // Every player an e-mail and a member account, straight in D1 (as a first sign-in would make them).
    const d1 = await server.miniflare.getD1Database('DB')
    await d1.batch([
      d1.prepare(
        "UPDATE players SET email = lower(first_name || '.' || last_name || '@bench.example') WHERE last_name LIKE 'Team%' AND email IS NULL",
      ),
      d1.prepare(
        "INSERT OR IGNORE INTO members (organization_id, player_id, email) SELECT organization_id, id, email FROM players WHERE email LIKE '%@bench.example'",
      ),
    ])
    const counted = await d1.prepare('SELECT count(*) AS n FROM members').first<{ n: number }>()
    console.log(`${counted?.n} members; measuring…`)

    const members = TEAMS * PLAYERS
    const measure = async (label: string, change: () => Promise<void>) => {
      const before = new Set(await readdir(mailDir).catch(() => [] as string[]))
      const cpu0 = runtimeCpuSeconds(process.pid)
      const t0 = Date.now()
      await change()
      const requestMs = Date.now() - t0
      let files: string[] = []
      for (;;) {
        files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml') && !before.has(f))
        if (files.length >= members) break
        if (Date.now() - t0 > TIMEOUT_MS)
          throw new Error(`${label}: only ${files.length} of ${members} e-mails after ${TIMEOUT_MS} ms`)
        await sleep(250)
      }
      await sleep(3_000) // anything more than one per member would be here by now
      files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml') && !before.has(f))
      const times = await Promise.all(files.map(async (f) => (await stat(path.join(mailDir, f))).mtimeMs))
      const last = Math.max(...times)
      const mails = await Promise.all(files.map(async (f) => parseEml(await readFile(path.join(mailDir, f), 'utf8'))))
      const perMember = new Map<string, number>()
      for (const m of mails) perMember.set(m.to, (perMember.get(m.to) ?? 0) + 1)
      const counts = [...perMember.values()]
      const result = {
        label,
        seconds: (last - t0) / 1000,
        requestMs,
        emails: files.length,
        members: perMember.size,
        maxPerMember: Math.max(...counts),
        cpu: runtimeCpuSeconds(process.pid) - cpu0,
        sample: mails[0]?.subject ?? '',
      }
      console.log(result)
      return result
    }
    const published = await measure('season published', async () => {
      await call('PUT', `/api/seasonsv2/${season.id}`, { active: true })
    })
    const moved = await measure(`${games.length} games moved an hour (two per member)`, async () => {
      for (const id of games) await call('PUT', `/api/games/${id}`, { time: '20:00' })
    })
    const row = (r: typeof published) =>
      `| ${r.label} | ${r.members} | ${r.emails} | ${r.maxPerMember} | ${r.seconds.toFixed(1)} s | ${r.requestMs} ms | ${r.cpu.toFixed(2)} s | ${r.sample} |`
    const body = [
      `## Notifications to ${members} members (\`npm run bench:notify\`)`,
      '',
      `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, local workerd (Miniflare), mail through the HTTP stand-in (.eml files). Batching as shipped: a flush waits for 30 s of quiet (at most 240 s). Target: the last e-mail within 60 s of the change, one e-mail per member.`,
      '',
      '| Change | Members | E-mails | Most to one member | Change → last .eml | Staff request(s) | Runtime CPU | A subject |',
      '|---|---|---|---|---|---|---|---|',
      row(published),
      row(moved),
    ].join('\n')
    writeResultsSection('notify', body)
    console.log(body)
    if (moved.maxPerMember !== 1 || published.maxPerMember !== 1) process.exitCode = 1
  } finally {
    await server.stop()
    await rm(stateDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
