// Hot-reload development: migrate and seed like `npm start`, then rebuild the SPA on every change
// (vite build --watch) and serve the Worker with Miniflare like `npm start` does
// (scripts/worker-server.ts), bundling and starting it again on every change of worker/ or of the
// built SPA (Miniflare lists the static files when it starts).
import { spawn } from 'node:child_process'
import { watch } from 'node:fs'
import path from 'node:path'
import { prepareDatabase, ROOT, stateDirFromEnv, varsFromEnv } from './start.ts'
import { startWorkerServer, type WorkerServer } from './worker-server.ts'

const stateDir = stateDirFromEnv()
const port = Number(process.env.PORT) || 8787
await prepareDatabase(stateDir)
const vite = spawn(
  process.execPath,
  [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--watch', '--config', 'web/vite.config.ts'],
  { cwd: ROOT, stdio: 'inherit' },
)

const start = () => startWorkerServer({ port, stateDir, vars: varsFromEnv(), cron: true, logRequests: true })
let server: WorkerServer | undefined = await start()
console.log(`Courtside (dev) is running on http://localhost:${port}. Ctrl+C stops it.`)

// One restart at a time, a quarter second after the last change of a burst.
let timer: NodeJS.Timeout | undefined
let restarting: Promise<void> = Promise.resolve()
const restart = () => {
  clearTimeout(timer)
  timer = setTimeout(() => {
    restarting = restarting.then(async () => {
      await server?.stop()
      server = undefined
      try {
        server = await start()
        console.log('Reloaded the Worker.')
      } catch (error) {
        console.error(`The Worker did not start: ${error instanceof Error ? error.message : error}`)
      }
    })
  }, 250)
}
const watchers = [path.join(ROOT, 'worker'), path.join(ROOT, 'web', 'dist')].map((dir) =>
  watch(dir, { recursive: true }, restart),
)

const stop = () => {
  for (const watcher of watchers) watcher.close()
  clearTimeout(timer)
  vite.kill('SIGTERM')
  void restarting.then(() => server?.stop()).finally(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
