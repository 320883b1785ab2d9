// The server `npm start` runs (the Worker on Miniflare, scripts/worker-server.ts) for browser tests:
// fresh state in a temp folder, migrated and seeded with the demo data (super admin password:
// superadmin-local unless SUPERADMIN_PASSWORD is set), on a free port. Needs the SPA built into
// web/dist, as the server hands its files out from there.
//
//   const server = await startServer()
//   await page.goto(`${server.baseUrl}/ocbl`)
//   ...
//   await server.stop()
//
// Extra Worker vars (e.g. pointing the Cloudflare API at a stand-in) are added to wrangler.toml's [vars]:
//   await startServer({ vars: { CF_API_BASE: 'http://127.0.0.1:1234/client/v4', CF_ZONE_ID: 'z', CF_API_TOKEN: 't' } })
import { type LocalServerOptions, startLocalServer } from '../../scripts/local-server.ts'

/** `mailDir`: where the server's e-mail lands as .eml files (scripts/mail-standin.ts; test/helpers/mail.ts reads them). */
export type TestServer = { baseUrl: string; mailDir: string; stop(): Promise<void> }
export type ServerOptions = LocalServerOptions

/**
 * Under vitest the e2e project's global set-up (test/e2e/global-setup.ts) prepares one migrated,
 * seeded state folder and names it here; each server starts from a copy of it.
 */
const TEMPLATE = process.env.COURTSIDE_STATE_TEMPLATE || undefined

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const { baseUrl, mailDir, stop } = await startLocalServer({ template: TEMPLATE, ...options })
  return { baseUrl, mailDir, stop }
}
