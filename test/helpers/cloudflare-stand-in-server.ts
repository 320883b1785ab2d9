// The Cloudflare API stand-in (cloudflare-stand-in.ts) over real HTTP on 127.0.0.1, a random port:
// for unit tests of the client and for `wrangler dev` in browser tests (CF_API_BASE).
//
//   const api = await startCloudflareStandIn()
//   createCloudflareClient({ zoneId: api.standIn.zoneId, token: api.standIn.token, apiBase: api.baseUrl })
//   await api.stop()
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CloudflareStandIn } from './cloudflare-stand-in'

export interface RunningStandIn {
  /** What CF_API_BASE is set to: `http://127.0.0.1:{port}/client/v4`. */
  baseUrl: string
  standIn: CloudflareStandIn
  stop(): Promise<void>
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of message) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [key, value] of Object.entries(message.headers)) {
    if (typeof value === 'string') headers.set(key, value)
    else if (Array.isArray(value)) for (const v of value) headers.append(key, v)
  }
  const hasBody = !['GET', 'HEAD'].includes(message.method ?? 'GET') && chunks.length > 0
  return new Request(new URL(message.url ?? '/', origin), {
    method: message.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  })
}

export async function startCloudflareStandIn(standIn = new CloudflareStandIn()): Promise<RunningStandIn> {
  let origin = ''
  const server = createServer((message, reply) => {
    toRequest(message, origin)
      .then((request) => standIn.handle(request))
      .then(async (response) => {
        if (reply.destroyed) return // the client gave up (its timeout)
        reply.writeHead(response.status, Object.fromEntries(response.headers))
        reply.end(Buffer.from(await response.arrayBuffer()))
      })
      .catch((error) => {
        if (reply.destroyed) return
        reply.writeHead(500, { 'Content-Type': 'text/plain' })
        reply.end(String(error))
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    baseUrl: `${origin}/client/v4`,
    standIn,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
