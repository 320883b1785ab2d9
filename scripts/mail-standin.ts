// The local stand-in for the HTTP mail API (docs/notifications.md "Transports"): it takes each
// message exactly as a provider would (POST, `Content-Type: message/rfc822`, optional bearer token)
// and writes it as an .eml file a person can open in any mail program — and a test can read.
// `npm start` and every test server run it beside the Worker (scripts/worker-server.ts) and point
// MAIL_API_URL at it; the folder is `<state folder>/mail` unless COURTSIDE_MAIL_DIR names another.
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import path from 'node:path'

export interface MailStandIn {
  /** Where the Worker sends: http://127.0.0.1:<port>/messages */
  url: string
  dir: string
  stop(): Promise<void>
}

/** A file name that sorts by arrival and says who it is for. */
const fileName = (seq: number, to: string) =>
  `${new Date().toISOString().replaceAll(':', '-')}-${String(seq).padStart(6, '0')}-${to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 80)}.eml`

export async function startMailStandIn(dir: string, token?: string): Promise<MailStandIn> {
  await mkdir(dir, { recursive: true })
  let seq = 0
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method !== 'POST' || request.url !== '/messages') return answer(404, { message: 'POST /messages only' })
    if (token && request.headers.authorization !== `Bearer ${token}`) return answer(401, { message: 'Bad token' })
    if (!String(request.headers['content-type'] ?? '').startsWith('message/rfc822'))
      return answer(415, { message: 'Send the message as message/rfc822' })
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks)
      const to = String(request.headers['x-mail-to'] ?? 'unknown')
      if (!/^From: /m.test(raw.toString('utf8', 0, 4096))) return answer(400, { message: 'Not an Internet message' })
      seq += 1
      const file = path.join(dir, fileName(seq, to))
      writeFile(file, raw).then(
        () => answer(202, { id: path.basename(file) }),
        (error: Error) => answer(500, { message: error.message }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/messages`,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
