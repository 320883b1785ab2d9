// The directory's cost per request (docs/scaling.md "Past one database"): public reads' p50/p95
// through the directory, on a seeded local server, and — with `--before <origin>` — the same reads
// on a server of a build without the directory, for comparison. Round trips are counted by
// test/worker/directory.test.ts (a warm isolate: none for the directory; a cold one: one SELECT).
//
//   npm run bench:directory [-- --before http://127.0.0.1:PORT] [--requests 300]
import { parseArgs } from 'node:util'
import { startLocalServer } from './local-server.ts'
import { writeResultsSection } from './results-section.ts'

const { values } = parseArgs({
  options: { before: { type: 'string' }, requests: { type: 'string', default: '300' }, 'no-write': { type: 'boolean' } },
})
const N = Number(values.requests)
const PATHS = ['/api/organizations/current?slug=ocbl', '/api/organizations/current?slug=demo-east']

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

async function measure(origin: string) {
  for (let i = 0; i < 30; i++) await fetch(origin + PATHS[i % PATHS.length]).then((r) => r.arrayBuffer())
  const times: number[] = []
  for (let i = 0; i < N; i++) {
    const started = performance.now()
    const res = await fetch(origin + PATHS[i % PATHS.length])
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${PATHS[i % PATHS.length]} answered ${res.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) }
}

const server = await startLocalServer()
try {
  const after = await measure(server.baseUrl)
  const before = values.before ? await measure(values.before) : undefined
  const ms = (n: number) => `${n.toFixed(1)} ms`
  const rows = [
    `| with the directory (this build) | ${ms(after.p50)} | ${ms(after.p95)} |`,
    ...(before ? [`| without it (${values.before}) | ${ms(before.p50)} | ${ms(before.p95)} |`] : []),
  ]
  const body = `## The directory (\`npm run bench:directory\`)

Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 shared cores, other work running):
${N} sequential anonymous public reads (\`/api/organizations/current\` of two organizations, edge
cache warm), local workerd.

| server | p50 | p95 |
|---|---|---|
${rows.join('\n')}

Directory round trips per request: 0 on a warm isolate (test/worker/directory.test.ts checks that no
statement reads \`org_directory\`), 1 (\`SELECT … FROM org_directory\` on DB) on a cold isolate or
after the directory changed. Move figures: "Moving an organization" (\`npm run bench:move\`).`
  console.log(body)
  if (!values['no-write']) writeResultsSection('bench-directory', body)
} finally {
  await server.stop()
}
