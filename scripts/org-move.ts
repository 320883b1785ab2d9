// Moves one organization to another D1 database, online (docs/scaling.md "Moving an organization"):
//
//   ORG_MOVE_TOKEN=… npm run org:move -- <slug> <binding> [--url https://courtside.example]
//
// The Worker does the work, one resumable step per call of POST /internal/org-move (authenticated
// by the Worker secret ORG_MOVE_TOKEN); this script only calls it until the move is done, waiting
// where the Worker says (the grace period before the old copy is deleted) and retrying a call that
// failed on the way. Killed at any point, the organization stays whole in one database: run the
// same command again and it finishes the move. Default URL: http://127.0.0.1:8825 (`npm start`).
// With --from-backup <file.sql>, restores the organization from that backup into <binding> instead
// (scripts/org-restore.ts, docs/backups.md "Restore one organization").
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env.COURTSIDE_URL ?? 'http://127.0.0.1:8825' },
    quiet: { type: 'boolean' },
    // Restore the organization from a backup into <binding> instead (scripts/org-restore.ts).
    'from-backup': { type: 'string' },
  },
})
const [slug, binding] = positionals
const token = process.env.ORG_MOVE_TOKEN
if (!slug || !binding || !token) {
  console.error(
    'Usage: ORG_MOVE_TOKEN=<the Worker secret> npm run org:move -- <slug> <binding> [--url <origin>] [--from-backup <file.sql>]',
  )
  process.exit(2)
}
if (values['from-backup']) {
  const { restoreOrganization } = await import('./org-restore.ts')
  try {
    await restoreOrganization({ slug, binding, token, file: values['from-backup'], url: values.url, quiet: values.quiet })
    process.exit(0)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const say = (line: string) => values.quiet || console.log(line)

let failures = 0
const started = Date.now()
for (;;) {
  let reply: { status: number; body: Record<string, unknown> }
  try {
    const res = await fetch(new URL('/internal/org-move', values.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ slug, binding }),
      signal: AbortSignal.timeout(120_000),
    })
    reply = { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> }
  } catch (error) {
    reply = { status: 0, body: { message: String(error) } }
  }
  if (reply.status === 200) {
    failures = 0
    const r = reply.body as { step: string; table: string | null; copied: number; done: boolean; waitMs: number; source: string }
    say(`${slug}: ${r.source} → ${binding}: ${r.step}${r.table ? ` (${r.table})` : ''}, ${r.copied} rows copied`)
    if (r.done) break
    if (r.waitMs > 0) {
      say(`waiting ${Math.ceil(r.waitMs / 1000)} s for every isolate to read the new directory before the old copy goes`)
      await sleep(Math.min(r.waitMs, 10_000))
    }
    continue
  }
  // A refusal (4xx) will not change by retrying; a failed step (5xx, network) is retried: steps may be redone.
  if (reply.status >= 400 && reply.status < 500) {
    console.error(`Refused (${reply.status}): ${reply.body.message}`)
    process.exit(1)
  }
  if (++failures > 8) {
    console.error(`The move stopped (${reply.status}): ${JSON.stringify(reply.body)}. Run the same command again to go on.`)
    process.exit(1)
  }
  await sleep(500 * failures)
}
say(`${slug} now lives on ${binding} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
