// A stand-in for Cloudflare's custom hostnames API (Cloudflare for SaaS), following its documented
// requests and the v4 envelope `{ success, errors: [{ code, message }], messages, result }`:
//   POST   /zones/{zone_id}/custom_hostnames              → 200 result (hostname pending, DV cert pending_validation)
//   GET    /zones/{zone_id}/custom_hostnames/{id}         → 200 result | 404
//   GET    /zones/{zone_id}/custom_hostnames?hostname=…   → 200 result: [...]
//   DELETE /zones/{zone_id}/custom_hostnames/{id}         → 200 result: { id } | 404
// Web-standard Request → Response only, so the same stand-in serves Node tests over real HTTP
// (cloudflare-stand-in-server.ts) and worker tests inside workerd (as a fetch override).
// Controls let a test script what Cloudflare would do: activate, fail next calls, be slow.

export interface StandInHostname {
  id: string
  hostname: string
  status: string
  ssl: {
    id: string
    type: 'dv'
    method: string
    status: string
    validation_records: { txt_name?: string; txt_value?: string; http_url?: string; http_body?: string }[]
    validation_errors: { message: string }[]
  }
  ownership_verification: { type: 'txt'; name: string; value: string }
  ownership_verification_http: { http_url: string; http_body: string }
  verification_errors: string[]
  created_at: string
}

export interface ScriptedFailure {
  status: number
  errors?: { code: number; message: string }[]
  headers?: Record<string, string>
  /** A raw body instead of the envelope (e.g. a proxy's HTML page). */
  rawBody?: string
  /** Only for requests with this method (default: any). */
  method?: string
}

export interface LoggedRequest {
  method: string
  path: string
  search: string
  authorization: string | null
  contentType: string | null
  body: unknown
}

const hex = (length: number) => {
  let out = ''
  while (out.length < length) out += Math.floor(Math.random() * 16).toString(16)
  return out
}
const newId = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`

const envelope = (result: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ success: true, errors: [], messages: [], result }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

const failure = (status: number, errors: { code: number; message: string }[], headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ success: false, errors, messages: [], result: null }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export class CloudflareStandIn {
  readonly hostnames = new Map<string, StandInHostname>()
  readonly requests: LoggedRequest[] = []
  /** Failures answered, in order, before any real handling. */
  readonly failures: ScriptedFailure[] = []
  /** Every request answers this until cleared (an outage). */
  outage: ScriptedFailure | null = null
  /** Milliseconds each answer waits (a slow API). */
  delayMs = 0
  /** Hostnames the API refuses on create, with its message. */
  readonly refused = new Map<string, string>()

  constructor(
    readonly zoneId = 'zone-test',
    readonly token = 'test-token-never-shown',
  ) {}

  /** As Cloudflare reports once the CNAME is in place and the certificate is issued. */
  activate(hostname: string) {
    const record = this.find(hostname)
    record.status = 'active'
    record.ssl.status = 'active'
    record.ssl.validation_records = []
    record.ssl.validation_errors = []
    record.verification_errors = []
    return record
  }

  setStatus(
    hostname: string,
    changes: { status?: string; sslStatus?: string; verificationErrors?: string[]; validationErrors?: string[] },
  ) {
    const record = this.find(hostname)
    if (changes.status) record.status = changes.status
    if (changes.sslStatus) record.ssl.status = changes.sslStatus
    if (changes.verificationErrors) record.verification_errors = changes.verificationErrors
    if (changes.validationErrors) record.ssl.validation_errors = changes.validationErrors.map((message) => ({ message }))
    return record
  }

  find(hostname: string) {
    const record = [...this.hostnames.values()].find((h) => h.hostname === hostname)
    if (!record) throw new Error(`stand-in: no custom hostname ${hostname}`)
    return record
  }

  has(hostname: string) {
    return [...this.hostnames.values()].some((h) => h.hostname === hostname)
  }

  failNext(...failures: ScriptedFailure[]) {
    this.failures.push(...failures)
  }

  reset() {
    this.hostnames.clear()
    this.requests.length = 0
    this.failures.length = 0
    this.refused.clear()
    this.outage = null
    this.delayMs = 0
  }

  /** A fetch for the client: honours the caller's AbortSignal while the stand-in is slow. */
  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    const signal = init?.signal ?? request.signal
    if (this.delayMs > 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, this.delayMs)
        signal?.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(signal.reason ?? new DOMException('The operation was aborted', 'AbortError'))
        })
      })
    }
    signal?.throwIfAborted()
    return this.handle(request, { delayed: true })
  }

  async handle(request: Request, options: { delayed?: boolean } = {}): Promise<Response> {
    const url = new URL(request.url)
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = text
    }
    this.requests.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.get('Authorization'),
      contentType: request.headers.get('Content-Type'),
      body,
    })
    if (!options.delayed && this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs))

    const scripted = this.outage ?? this.takeFailure(request.method)
    if (scripted) {
      if (scripted.rawBody !== undefined) {
        return new Response(scripted.rawBody, {
          status: scripted.status,
          headers: { 'Content-Type': 'text/html', ...scripted.headers },
        })
      }
      return failure(
        scripted.status,
        scripted.errors ?? [{ code: 10000, message: `Scripted failure ${scripted.status}` }],
        scripted.headers,
      )
    }

    if (request.headers.get('Authorization') !== `Bearer ${this.token}`) {
      return failure(403, [{ code: 10000, message: 'Authentication error' }])
    }
    const match = url.pathname.match(/\/zones\/([^/]+)\/custom_hostnames(?:\/([^/]+))?\/?$/)
    if (!match || match[1] !== this.zoneId) {
      return failure(404, [{ code: 7003, message: 'Could not route to this path, perhaps your object identifier is invalid?' }])
    }
    const id = match[2] ? decodeURIComponent(match[2]) : null

    if (request.method === 'POST' && !id) return this.create(body)
    if (request.method === 'GET' && !id) {
      const hostname = url.searchParams.get('hostname')
      const list = [...this.hostnames.values()].filter((h) => !hostname || h.hostname === hostname)
      return new Response(
        JSON.stringify({
          success: true,
          errors: [],
          messages: [],
          result: list,
          result_info: { page: 1, per_page: 20, count: list.length, total_count: list.length },
        }),
        { headers: { 'Content-Type': 'application/json' } },
      )
    }
    if (id && (request.method === 'GET' || request.method === 'DELETE')) {
      const record = this.hostnames.get(id)
      if (!record) return failure(404, [{ code: 1436, message: 'The custom hostname was not found.' }])
      if (request.method === 'DELETE') {
        this.hostnames.delete(id)
        return envelope({ id })
      }
      return envelope(record)
    }
    return failure(405, [{ code: 10405, message: 'Method not allowed for this path' }])
  }

  private takeFailure(method: string) {
    const index = this.failures.findIndex((f) => !f.method || f.method === method)
    return index >= 0 ? this.failures.splice(index, 1)[0] : null
  }

  private create(body: unknown) {
    const input = (body ?? {}) as { hostname?: unknown; ssl?: { method?: unknown; type?: unknown } }
    const hostname = typeof input.hostname === 'string' ? input.hostname : ''
    if (!HOSTNAME.test(hostname)) {
      return failure(400, [{ code: 1411, message: 'Invalid custom hostname. Custom hostnames must be valid hostnames.' }])
    }
    const method = input.ssl?.method
    if (!['http', 'txt', 'email'].includes(String(method)) || input.ssl?.type !== 'dv') {
      return failure(400, [{ code: 1409, message: 'SSL validation method must be one of http, txt or email with type dv.' }])
    }
    const refusal = this.refused.get(hostname)
    if (refusal) return failure(400, [{ code: 1414, message: refusal }])
    if (this.has(hostname)) return failure(409, [{ code: 1406, message: 'Duplicate custom hostname found.' }])
    const token = hex(32)
    const record: StandInHostname = {
      id: newId(),
      hostname,
      status: 'pending',
      ssl: {
        id: newId(),
        type: 'dv',
        method: String(method),
        status: 'pending_validation',
        validation_records:
          method === 'txt'
            ? [{ txt_name: `_acme-challenge.${hostname}`, txt_value: hex(43) }]
            : [{ http_url: `http://${hostname}/.well-known/acme-challenge/${hex(16)}`, http_body: token }],
        validation_errors: [],
      },
      ownership_verification: { type: 'txt', name: `_cf-custom-hostname.${hostname}`, value: newId() },
      ownership_verification_http: {
        http_url: `http://${hostname}/.well-known/cf-custom-hostname-challenge/${newId()}`,
        http_body: newId(),
      },
      verification_errors: ['custom hostname does not CNAME to this zone.'],
      created_at: new Date().toISOString(),
    }
    this.hostnames.set(record.id, record)
    return envelope(record)
  }
}
