// A real `wrangler dev` for browser tests: fresh state in a temp folder, migrated and seeded with
// the demo data (super admin password: superadmin-local unless SUPERADMIN_PASSWORD is set), on a
// free port, addressed at its workerd runtime (scripts/local-server.ts says why not its dev proxy).
// Needs the SPA built into web/dist, as `wrangler dev` serves it from there.
//
//   const server = await startServer()
//   await page.goto(`${server.baseUrl}/ocbl`)
//   ...
//   await server.stop()
//
// Extra Worker vars (e.g. pointing the Cloudflare API at a stand-in) go to `wrangler dev --var`:
//   await startServer({ vars: { CF_API_BASE: 'http://127.0.0.1:1234/client/v4', CF_ZONE_ID: 'z', CF_API_TOKEN: 't' } })
import { type LocalServerOptions, startLocalServer } from '../../scripts/local-server.ts'

export type TestServer = { baseUrl: string; stop(): Promise<void> }
export type ServerOptions = LocalServerOptions

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const { baseUrl, stop } = await startLocalServer(options)
  return { baseUrl, stop }
}
