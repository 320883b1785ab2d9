// The Worker served by Miniflare, without wrangler's dev proxy: what `npm start`, `npm run dev` and
// every test and benchmark server (scripts/local-server.ts) run
// (docs/decisions/2026-11-28-serve-without-dev-proxy.md).
//
// `wrangler dev` puts a proxy Worker in front of the app's Worker, and wrangler 4.124 treats a
// dropped connection inside it as fatal: under load (a browser cancelling its requests, a client
// hanging up mid-answer) the whole server exits with an empty `✘ [ERROR]`. Miniflare is the
// simulator wrangler runs underneath: the same workerd, the same bindings read from wrangler.toml
// (unstable_getMiniflareWorkerOptions), the same local D1/KV/R2/Durable Object state under
// `<state>/v3` that `wrangler d1 execute --local --persist-to <state>` reads and writes. The Worker
// is bundled by wrangler itself (`wrangler deploy --dry-run --outdir`), exactly as it is deployed.
//
//   node scripts/worker-server.ts [--port 8787] [--host 127.0.0.1] [--persist-to <dir>]
//                                 [--var NAME:value ...] [--cron] [--log-requests]
//
// prints `Ready on <url>` once it answers, and `COURTSIDE_READY <url>` for scripts that start it.
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Cron } from 'croner'
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare'
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler'
import { type MailStandIn, startMailStandIn } from './mail-standin.ts'
import { runWrangler } from './start.ts'
import { type RunningStripeStandIn, startStripeStandIn } from './stripe-standin.ts'

/** The folder e-mail is written to for a state folder: COURTSIDE_MAIL_DIR, else `<state>/mail`. */
export function mailDirOf(stateDir: string, given?: string): string {
  const dir = given ?? process.env.COURTSIDE_MAIL_DIR?.trim()
  return dir ? path.resolve(dir) : path.join(path.resolve(stateDir), 'mail')
}

// Not start.ts's ROOT: start.ts imports this module, so its constants are not set yet when this one loads.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CONFIG = path.join(ROOT, 'wrangler.toml')

/** wrangler's own local state folder, used when no other is named. */
export const DEFAULT_STATE_DIR = path.join(ROOT, '.wrangler', 'state')

/** The line a started server prints once it answers; scripts/local-server.ts waits for it. */
export const READY_MARK = 'COURTSIDE_READY'

/** The file a running server keeps in its state folder, so a restore knows not to swap the folder under it. */
export const serverLockFile = (stateDir: string) => path.join(path.resolve(stateDir), 'courtside-server.json')

/** The server using `stateDir` right now (its process is alive), or undefined. */
export function runningServer(stateDir: string): { pid: number; url: string } | undefined {
  try {
    const lock = JSON.parse(readFileSync(serverLockFile(stateDir), 'utf8')) as { pid: number; url: string }
    process.kill(lock.pid, 0) // throws when no such process: a stale file from a crash
    return lock
  } catch {
    return undefined
  }
}

export interface WorkerServerOptions {
  /** 127.0.0.1 unless given. */
  host?: string
  /** 0 (the default) lets the system choose a free port; the answer's `url` names it. */
  port?: number
  /** The local state folder (`wrangler --persist-to`); .wrangler/state when absent. */
  stateDir?: string
  /** Worker vars added to wrangler.toml's `[vars]`. */
  vars?: Record<string, string>
  /** Run the scheduled handler on wrangler.toml's cron triggers, as Cloudflare would. */
  cron?: boolean
  /** One log line per request. */
  logRequests?: boolean
  /** Where the server's own messages go (the default: the console). */
  say?: (line: string) => void
  /** Where e-mail is written as .eml files (scripts/mail-standin.ts); default COURTSIDE_MAIL_DIR, else `<state>/mail`. */
  mailDir?: string
}

export interface WorkerServer {
  url: URL
  miniflare: Miniflare
  /** The local Stripe stand-in, when no Stripe key was configured (docs/registration.md). */
  stripe?: RunningStripeStandIn
  stop(): Promise<void>
}

/** Module types by file name, as wrangler's default module rules have them. */
function moduleType(file: string): 'ESModule' | 'CompiledWasm' | 'Text' | 'Data' | undefined {
  if (file.endsWith('.js') || file.endsWith('.mjs')) return 'ESModule'
  if (file.endsWith('.wasm')) return 'CompiledWasm'
  if (/\.(txt|html|sql)$/.test(file)) return 'Text'
  if (file.endsWith('.bin') || file.endsWith('.woff')) return 'Data'
  return undefined
}

/** Bundles the Worker as `wrangler deploy` would, into `outDir`; returns its modules, entry first. */
export async function bundleWorker(outDir: string) {
  await runWrangler(['deploy', '--dry-run', '--outdir', outDir, '--config', CONFIG], 'Bundling the Worker')
  const files = (await readdir(outDir, { recursive: true })).map(String).sort()
  const modules = files.flatMap((file) => {
    const type = moduleType(file)
    return type ? [{ type, path: path.join(outDir, file) }] : []
  })
  const entry = modules.findIndex((m) => m.path === path.join(outDir, 'index.js'))
  if (entry < 0) throw new Error(`The Worker bundle in ${outDir} has no index.js`)
  return [modules[entry], ...modules.filter((_, i) => i !== entry)]
}

/** Runs the scheduled handler on each of wrangler.toml's cron patterns; returns a stop function. */
function scheduleCrons(mf: Miniflare, crons: string[], say: (line: string) => void) {
  const jobs = crons.map(
    (pattern) =>
      new Cron(pattern, { timezone: 'UTC', protect: true }, async () => {
        try {
          const worker = await mf.getWorker()
          const result = await worker.scheduled({ cron: pattern, scheduledTime: new Date() })
          if (result.outcome !== 'ok') say(`Scheduled run (${pattern}) ended: ${result.outcome}`)
        } catch (error) {
          say(`Scheduled run (${pattern}) failed: ${error instanceof Error ? error.message : String(error)}`)
        }
      }),
  )
  return () => {
    for (const job of jobs) job.stop()
  }
}

/** Bundles the Worker and serves it with Miniflare until `stop()`. */
export async function startWorkerServer(options: WorkerServerOptions = {}): Promise<WorkerServer> {
  const say = options.say ?? ((line: string) => console.log(line))
  const stateDir = path.resolve(options.stateDir ?? DEFAULT_STATE_DIR)
  const bundleDir = await mkdtemp(path.join(tmpdir(), 'courtside-worker-'))
  let miniflare: Miniflare | undefined
  let stopCrons = () => {}
  let mail: MailStandIn | undefined
  let stripe: RunningStripeStandIn | undefined
  const lockFile = serverLockFile(stateDir)
  const stop = async () => {
    stopCrons()
    await mail?.stop().catch(() => {})
    await stripe?.stop().catch(() => {})
    await miniflare?.dispose().catch(() => {})
    miniflare = undefined
    await rm(lockFile, { force: true })
    await rm(bundleDir, { recursive: true, force: true })
  }
  try {
    const modules = await bundleWorker(bundleDir)
    // E-mail leaves through the HTTP mail API's stand-in unless the vars name a mail API of their own.
    const mailVars: Record<string, string> = {}
    if (!options.vars?.MAIL_API_URL && !options.vars?.MAIL_TRANSPORT) {
      mail = await startMailStandIn(mailDirOf(stateDir, options.mailDir))
      mailVars.MAIL_TRANSPORT = 'http'
      mailVars.MAIL_API_URL = mail.url
      say(`E-mail is written as .eml files into ${mail.dir}`)
    }
    // Payments go to the local Stripe stand-in unless a Stripe key is configured (docs/registration.md).
    const stripeVars: Record<string, string> = {}
    if (!options.vars?.STRIPE_SECRET_KEY && !process.env.STRIPE_SECRET_KEY) {
      stripe = await startStripeStandIn()
      stripeVars.STRIPE_API_BASE = stripe.url
      stripeVars.STRIPE_SECRET_KEY = stripe.standIn.secretKey
      stripeVars.STRIPE_WEBHOOK_SECRET = stripe.standIn.webhookSecret
      say(`Payments go to the local Stripe stand-in at ${stripe.url}`)
    } else if (process.env.STRIPE_SECRET_KEY) {
      stripeVars.STRIPE_SECRET_KEY = process.env.STRIPE_SECRET_KEY
      if (process.env.STRIPE_WEBHOOK_SECRET) stripeVars.STRIPE_WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET
    }
    const config = unstable_readConfig({ config: CONFIG })
    // Module rules are replaced by the bundle's explicit module list (Miniflare 5 takes one or the other).
    const { modulesRules: _rules, rootPath: _root, ...worker } = unstable_getMiniflareWorkerOptions(config).workerOptions
    miniflare = new Miniflare(
      convertV4MiniflareOptions({
        rootPath: ROOT,
        host: options.host ?? '127.0.0.1',
        port: options.port ?? 0,
        // `Request.cf` stays Miniflare's placeholder: fetching the real one needs the internet, and
        // the Worker reads no field of it.
        cf: false,
        log: new Log(LogLevel.INFO),
        logRequests: options.logRequests ?? false,
        resourcePersistencePath: path.join(stateDir, 'v3'),
        // GET /cdn-cgi/local/scheduled runs the cron handler by hand, as under wrangler dev.
        unsafeTriggerHandlers: true,
        // Lets db:backup's test and tools read a live game's storage (wrangler dev sets it too).
        unsafeInspectDurableObjects: true,
        workers: [
          {
            ...worker,
            name: config.name ?? 'courtside',
            modulesRoot: bundleDir,
            modules,
            bindings: { ...(worker.bindings as Record<string, string> | undefined), ...mailVars, ...stripeVars, ...options.vars },
          },
        ],
      }),
    )
    const url = await miniflare.ready
    stripe?.setWebhookTarget(url.origin)
    // db:restore refuses to swap the state folder while this file names a live process (docs/backups.md).
    await mkdir(stateDir, { recursive: true })
    await writeFile(lockFile, JSON.stringify({ pid: process.pid, url: url.origin, startedAt: new Date().toISOString() }))
    const crons = config.triggers?.crons ?? []
    if (options.cron && crons.length > 0) {
      stopCrons = scheduleCrons(miniflare, crons, say)
      say(`Cron triggers run here as on Cloudflare: ${crons.join(', ')} (UTC)`)
    }
    return { url, miniflare, stripe, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** `NAME:value` (the value may hold colons), as `wrangler dev --var` takes it. */
export function parseVar(text: string): [string, string] {
  const at = text.indexOf(':')
  if (at <= 0) throw new Error(`--var takes NAME:value, got ${text}`)
  return [text.slice(0, at), text.slice(at + 1)]
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      'persist-to': { type: 'string' },
      var: { type: 'string', multiple: true, default: [] },
      cron: { type: 'boolean', default: false },
      'log-requests': { type: 'boolean', default: false },
    },
  })
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got ${values.port}`)
  const server = await startWorkerServer({
    host: values.host,
    port,
    stateDir: values['persist-to'],
    vars: Object.fromEntries(values.var.map(parseVar)),
    cron: values.cron,
    logRequests: values['log-requests'],
  })
  const origin = server.url.origin
  console.log(`${READY_MARK} ${origin}`)
  const shutdown = () => void server.stop().finally(() => process.exit(0))
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
