// The API reference page (docs/api.md "The API document"): the OpenAPI document rendered
// as one readable HTML page for organizations that build on the API — every call grouped by what it
// is about, its parameters, its body and its answers as nested field lists. No script: each call is
// a <details> element, so the page works from the keyboard and on a phone as plain HTML.
import type { OpenAPIV3_1 } from 'openapi-types'
import { escapeHtml } from './site-meta'

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject
const MAX_DEPTH = 8

const isRef = (s: Schema): s is OpenAPIV3_1.ReferenceObject => '$ref' in s

/** A schema's type in words: "integer", "text or null", "list of object". */
function typeWords(schema: Schema): string {
  if (isRef(schema)) return schema.$ref.split('/').pop() ?? 'object'
  if (schema.const !== undefined) return `exactly ${JSON.stringify(schema.const)}`
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (options) return options.map(typeWords).join(' or ')
  const type = schema.type
  const names = (Array.isArray(type) ? type : type ? [type] : []).map((t) => (t === 'string' ? 'text' : t))
  if (names.includes('array') && 'items' in schema && schema.items) return `list of ${typeWords(schema.items as Schema)}`
  return names.length > 0 ? names.join(' or ') : 'any value'
}

/** The limits a schema states, in words ("1–120 characters", "at least 1"). */
function limits(schema: OpenAPIV3_1.SchemaObject): string {
  const out: string[] = []
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    out.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '…'} characters`)
  if (schema.pattern) out.push(`matches <code>${escapeHtml(schema.pattern)}</code>`)
  if (schema.format) out.push(escapeHtml(schema.format))
  if (typeof schema.minimum === 'number') out.push(`at least ${schema.minimum}`)
  if (typeof schema.exclusiveMinimum === 'number') out.push(`more than ${schema.exclusiveMinimum}`)
  if (typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER) out.push(`at most ${schema.maximum}`)
  if (schema.minItems !== undefined) out.push(`at least ${schema.minItems} items`)
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`)
  return out.join(', ')
}

/** The object (or list of objects, or choice of them) a schema holds, as a nested field list. */
function fields(schema: Schema | undefined, depth: number): string {
  if (!schema || isRef(schema) || depth > MAX_DEPTH) return ''
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (options) {
    const shown = options.map((o) => fields(o, depth)).filter(Boolean)
    if (shown.length === 1) return shown[0] ?? ''
    return shown.map((html, i) => `<p class="choice">${i === 0 ? 'Either' : 'or'}:</p>${html}`).join('')
  }
  if ('items' in schema && schema.items) return fields(schema.items as Schema, depth)
  const properties = schema.properties
  if (!properties || Object.keys(properties).length === 0) return ''
  const required = new Set(schema.required ?? [])
  const rows = Object.entries(properties).map(([name, property]) => {
    const p = property as Schema
    const detail = isRef(p) ? '' : [p.description ? escapeHtml(p.description) : '', limits(p)].filter(Boolean).join('; ')
    return (
      `<li><code>${escapeHtml(name)}</code> <span class="type">${escapeHtml(typeWords(p))}</span>` +
      `${required.has(name) ? '' : ' <span class="optional">optional</span>'}` +
      `${detail ? ` — ${detail}` : ''}${fields(p, depth + 1)}</li>`
    )
  })
  return `<ul>${rows.join('')}</ul>`
}

function parametersTable(parameters: OpenAPIV3_1.ParameterObject[]): string {
  if (parameters.length === 0) return ''
  const rows = parameters.map((p) => {
    const schema = (p.schema ?? {}) as Schema
    const detail = isRef(schema) ? '' : limits(schema)
    return `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escapeHtml(typeWords(schema))}${detail ? `; ${detail}` : ''}</td></tr>`
  })
  return `<h4>Parameters</h4><div class="scroll"><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Value</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`
}

function content(media: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined): string {
  if (!media) return ''
  return Object.entries(media)
    .map(([type, m]) => {
      const schema = m.schema as Schema | undefined
      const body = schema && !isRef(schema) && type === 'application/json' ? fields(schema, 0) : ''
      const kind = schema ? typeWords(schema) : 'any value'
      return `<p class="media"><code>${escapeHtml(type)}</code>${type === 'application/json' ? ` — ${escapeHtml(kind)}` : ''}</p>${body}`
    })
    .join('')
}

function operationHtml(path: string, method: string, op: OpenAPIV3_1.OperationObject): string {
  const anchor = escapeHtml(op.operationId ?? `${method}-${path}`)
  const request = op.requestBody && !('$ref' in op.requestBody) ? `<h4>Body</h4>${content(op.requestBody.content)}` : ''
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const response = r as OpenAPIV3_1.ResponseObject
      const isError = /^[45]/.test(status)
      return `<h5>${escapeHtml(status)} <span class="description">${escapeHtml(response.description ?? '')}</span></h5>${isError ? '<p class="media">JSON: <code>message</code> (text), and for a 400 <code>fields</code> (the problem of each failing field)</p>' : content(response.content)}`
    })
    .join('')
  return (
    `<details id="${anchor}"><summary><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code> <span class="summary">${escapeHtml(op.summary ?? '')}</span></summary>` +
    `<div class="body">${parametersTable((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[])}${request}<h4>Answers</h4>${responses}</div></details>`
  )
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:.5rem 0}h2{margin-top:2rem;border-bottom:2px solid #ddd;text-transform:capitalize}
h4{margin:.75rem 0 .25rem}h5{margin:.5rem 0 .25rem;font-size:1rem}
details{border:1px solid #ddd;border-radius:6px;margin:.4rem 0}
summary{cursor:pointer;padding:.5rem;overflow-wrap:anywhere}summary:focus-visible{outline:3px solid #1565c0}
.body{padding:0 .75rem .75rem}
.method{display:inline-block;min-width:4.2em;font-weight:700;font-family:monospace}
.get{color:#1b5e20}.post{color:#0d47a1}.put{color:#6a1b9a}.patch{color:#6a1b9a}.delete{color:#b71c1c}
.summary{color:#444}.type{color:#555}.optional{color:#8a4b00;font-size:.85em}.description{font-weight:400;color:#444}
code{font-family:ui-monospace,monospace;font-size:.92em;overflow-wrap:anywhere}
ul{margin:.2rem 0;padding-left:1.2rem}.choice{margin:.3rem 0 0;font-style:italic}
.scroll{overflow-x:auto}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
nav ul{columns:2 12rem;padding-left:1rem}a{color:#0d47a1}
`

/** The whole reference page of the document. */
export function apiReferenceHtml(doc: OpenAPIV3_1.Document): string {
  const groups = new Map<string, string[]>()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue
      const operation = op as OpenAPIV3_1.OperationObject
      const tag = operation.tags?.[0] ?? 'other'
      groups.set(tag, [...(groups.get(tag) ?? []), operationHtml(path, method, operation)])
    }
  }
  const tags = [...groups.keys()].sort()
  const nav = tags
    .map((t) => `<li><a href="#group-${escapeHtml(t)}">${escapeHtml(t)}</a> (${groups.get(t)?.length ?? 0})</li>`)
    .join('')
  const sections = tags
    .map((t) => `<section><h2 id="group-${escapeHtml(t)}">${escapeHtml(t)}</h2>${(groups.get(t) ?? []).join('')}</section>`)
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(doc.info.title)} reference</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(doc.info.title)} reference</h1><p>${escapeHtml(doc.info.description ?? '')}</p><p>Every call below is also described, machine-readably, in the OpenAPI 3.1 document at <a href="/api/openapi.json"><code>/api/openapi.json</code></a>. Public reads name the organization with <code>?slug=</code> on the platform host (a custom domain names it by itself). Errors answer JSON <code>{ "message": "…" }</code>, with <code>fields</code> on a 400.</p><nav aria-label="Groups"><ul>${nav}</ul></nav>${sections}</main></body></html>`
}
