// Every answer a worker test receives from /api is checked against the API document
// (worker/lib/openapi.ts, docs/decisions/2026-11-26-openapi-from-zod.md): its status must be one the
// operation declares (or a 4XX/5XX error) and its JSON body must match that status's schema. A
// mismatch throws inside the test that made the call, so the document cannot drift from the code.
import { Validator } from '@cfworker/json-schema'
import type { OpenAPIV3_1 } from 'openapi-types'
import { api } from '../../worker/index'
import { apiDocument } from '../../worker/lib/openapi'

const DOC_ID = 'https://courtside.test/openapi.json'

interface Operation {
  method: string
  template: string
  pattern: RegExp
  /** Literal segments first: /games/schedule wins over /games/{id}. */
  params: number
  responses: Record<string, OpenAPIV3_1.ResponseObject>
}

let operations: Promise<{ list: Operation[]; doc: OpenAPIV3_1.Document }> | undefined

function load() {
  operations ??= apiDocument(api as never).then((doc) => {
    const list: Operation[] = []
    for (const [template, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item ?? {})) {
        if (!op || typeof op !== 'object' || !('responses' in op)) continue
        const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')
        list.push({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${source}/?$`),
          params: (template.match(/\{/g) ?? []).length,
          responses: (op as OpenAPIV3_1.OperationObject).responses as Record<string, OpenAPIV3_1.ResponseObject>,
        })
      }
    }
    list.sort((a, b) => a.params - b.params)
    return { list, doc }
  })
  return operations
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')
const validators = new Map<string, Validator>()

/** Throws when `response` (with its already-read body) does not match the document. */
export async function checkAnswer(request: Request, response: Response, body: ArrayBuffer): Promise<void> {
  const url = new URL(request.url)
  if (!url.pathname.startsWith('/api/')) return
  const path = url.pathname.slice(4)
  if (path === '/openapi.json') return
  const method = request.method === 'HEAD' ? 'GET' : request.method
  const { list, doc } = await load()
  const operation = list.find((o) => o.method === method && o.pattern.test(path))
  // An unknown route answers the JSON 404 of /api/* (worker/index.ts), an error like any other.
  const status = String(response.status)
  if (!operation) {
    if (response.status === 404 || response.status === 405) return
    throw new Error(`API document: no operation describes ${method} ${url.pathname} (answered ${response.status})`)
  }
  const key = [status, `${status[0]}XX`, 'default'].find((k) => k in operation.responses)
  const label = `${method} ${url.pathname} → ${status}`
  if (!key) throw new Error(`API document: ${operation.template} ${method} declares no ${status} answer (${label})`)
  if (response.status === 204 || response.status === 304 || request.method === 'HEAD') return
  const media = operation.responses[key]?.content
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0]?.trim() ?? ''
  if (!media) {
    if (body.byteLength > 0) throw new Error(`API document: ${label} has a body but the document declares none`)
    return
  }
  if (!(type in media))
    throw new Error(`API document: ${label} answered ${type}, the document declares ${Object.keys(media).join(', ')}`)
  if (type !== 'application/json') return
  const ref = `${DOC_ID}#/${pointer('paths', operation.template, method.toLowerCase(), 'responses', key, 'content', type, 'schema')}`
  let validator = validators.get(ref)
  if (!validator) {
    validator = new Validator({ $ref: ref }, '2020-12', false)
    validator.addSchema(doc as never, DOC_ID)
    validators.set(ref, validator)
  }
  const text = new TextDecoder().decode(body)
  const result = validator.validate(text ? JSON.parse(text) : null)
  if (!result.valid) {
    const errors = result.errors
      .filter((e) => e.keyword !== '$ref' && e.keyword !== 'properties' && e.keyword !== 'items')
      .slice(0, 6)
      .map((e) => `${e.instanceLocation}: ${e.error}`)
    throw new Error(`API document: ${label} does not match its schema:\n  ${errors.join('\n  ')}\n  body: ${text.slice(0, 400)}`)
  }
}
