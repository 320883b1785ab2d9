// The local Stripe stand-in over HTTP on 127.0.0.1 (scripts/stripe-standin-core.ts): `npm start`
// and the browser tests run it beside the Worker when no STRIPE_SECRET_KEY is configured
// (scripts/worker-server.ts) and point STRIPE_API_BASE at it; its webhooks go to the Worker's
// /api/stripe/webhook once the Worker's address is known (`setWebhookTarget`).
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StripeStandIn } from './stripe-standin-core.ts'

export interface RunningStripeStandIn {
  /** What STRIPE_API_BASE is set to: http://127.0.0.1:{port} */
  url: string
  standIn: StripeStandIn
  setWebhookTarget(workerOrigin: string): void
  stop(): Promise<void>
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of message) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [key, value] of Object.entries(message.headers)) if (typeof value === 'string') headers.set(key, value)
  const hasBody = !['GET', 'HEAD'].includes(message.method ?? 'GET') && chunks.length > 0
  return new Request(new URL(message.url ?? '/', origin), {
    method: message.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  })
}

export async function startStripeStandIn(standIn = new StripeStandIn()): Promise<RunningStripeStandIn> {
  let origin = ''
  const server = createServer((message, reply) => {
    toRequest(message, origin)
      .then((request) => standIn.handle(request))
      .then(async (response) => {
        reply.writeHead(response.status, Object.fromEntries(response.headers))
        reply.end(Buffer.from(await response.arrayBuffer()))
      })
      .catch((error: unknown) => {
        console.error('stripe stand-in:', error)
        if (!reply.headersSent) reply.writeHead(500, { 'Content-Type': 'text/plain' })
        reply.end('stand-in error')
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  standIn.publicBase = origin
  return {
    url: origin,
    standIn,
    setWebhookTarget(workerOrigin: string) {
      standIn.webhookUrl = `${workerOrigin.replace(/\/$/, '')}/api/stripe/webhook`
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
