import type { Context } from 'hono'
// The API reference page (docs/api.md "The API document"): the OpenAPI document rendered
// as one readable HTML page for organizations that build on the API — every call grouped by what it
// is about, its parameters, its body and its answers as nested field lists. No script: each call is
// a <details> element, so the page works from the keyboard and on a phone as plain HTML.
//
// The page's own words (headings, introduction, table headings, type and limit words) are the
// reader's language's (`server.apiReference.*`, docs/languages.md); the document it shows — paths,
// field names, summaries — stays English: it is a machine contract.
import type { OpenAPIV3_1 } from 'openapi-types'
import type { Translate } from '../domain/i18n'
import { SOURCE_LANGUAGE } from '../domain/i18n'
import type { AppEnv } from '../env'
import { pageLanguage, requestLanguage } from '../lib/i18n'
import { escapeHtml } from './site-meta'

/** The page's words in one language. */
type T = Translate
const K = 'server.apiReference'

/** A catalog sentence as HTML: its text escaped, its values (HTML already) put in whole. */
function htmlOf(t: T, key: string, values: Record<string, string>): string {
  const names = Object.keys(values)
  const marks = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]))
  let out = escapeHtml(t(key, marks))
  names.forEach((name, i) => {
    out = out.replace(`\uE000${i}\uE001`, values[name] ?? '')
  })
  return out
}

/** `a or b or c`, each pair joined by the language's word. */
const either = (t: T, items: string[]) =>
  items.reduce((out, item, i) => (i === 0 ? item : t(`${K}.or`, { first: out, second: item })), '')

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject
const MAX_DEPTH = 8

const isRef = (s: Schema): s is OpenAPIV3_1.ReferenceObject => '$ref' in s

/** A schema's type in words: "integer", "text or null", "list of object". */
function typeWords(schema: Schema, t: T): string {
  if (isRef(schema)) return schema.$ref.split('/').pop() ?? t(`${K}.type.object`)
  if (schema.const !== undefined) return t(`${K}.exactly`, { value: JSON.stringify(schema.const) })
  if (schema.enum) return t(`${K}.oneOf`, { values: schema.enum.map((v) => JSON.stringify(v)).join(', ') })
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (options)
    return either(
      t,
      options.map((o) => typeWords(o, t)),
    )
  const type = schema.type
  const names = Array.isArray(type) ? type : type ? [type] : []
  if (names.includes('array') && 'items' in schema && schema.items)
    return t(`${K}.listOf`, { type: typeWords(schema.items as Schema, t) })
  return names.length > 0
    ? either(
        t,
        names.map((name) => t(`${K}.type.${name}`)),
      )
    : t(`${K}.anyValue`)
}

/** The limits a schema states, in words ("1–120 characters", "at least 1"). */
function limits(schema: OpenAPIV3_1.SchemaObject, t: T): string {
  const out: string[] = []
  // Numbers as the document writes them (`1000`, never grouped): they are values of the contract.
  const n = (value: number) => String(value)
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    out.push(
      escapeHtml(
        t(`${K}.characters`, { min: n(schema.minLength ?? 0), max: schema.maxLength === undefined ? '…' : n(schema.maxLength) }),
      ),
    )
  if (schema.pattern) out.push(htmlOf(t, `${K}.matches`, { pattern: `<code>${escapeHtml(schema.pattern)}</code>` }))
  if (schema.format) out.push(escapeHtml(schema.format))
  if (typeof schema.minimum === 'number') out.push(escapeHtml(t(`${K}.atLeast`, { value: n(schema.minimum) })))
  if (typeof schema.exclusiveMinimum === 'number') out.push(escapeHtml(t(`${K}.moreThan`, { value: n(schema.exclusiveMinimum) })))
  if (typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER)
    out.push(escapeHtml(t(`${K}.atMost`, { value: n(schema.maximum) })))
  if (schema.minItems !== undefined) out.push(escapeHtml(t(`${K}.atLeastItems`, { value: n(schema.minItems) })))
  if (schema.maxItems !== undefined) out.push(escapeHtml(t(`${K}.atMostItems`, { value: n(schema.maxItems) })))
  return out.join(', ')
}

/** The object (or list of objects, or choice of them) a schema holds, as a nested field list. */
function fields(schema: Schema | undefined, depth: number, t: T): string {
  if (!schema || isRef(schema) || depth > MAX_DEPTH) return ''
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (options) {
    const shown = options.map((o) => fields(o, depth, t)).filter(Boolean)
    if (shown.length === 1) return shown[0] ?? ''
    return shown
      .map((html, i) => `<p class="choice">${escapeHtml(t(i === 0 ? `${K}.choiceFirst` : `${K}.choiceNext`))}</p>${html}`)
      .join('')
  }
  if ('items' in schema && schema.items) return fields(schema.items as Schema, depth, t)
  const properties = schema.properties
  if (!properties || Object.keys(properties).length === 0) return ''
  const required = new Set(schema.required ?? [])
  const rows = Object.entries(properties).map(([name, property]) => {
    const p = property as Schema
    const detail = isRef(p) ? '' : [p.description ? escapeHtml(p.description) : '', limits(p, t)].filter(Boolean).join('; ')
    return (
      `<li><code>${escapeHtml(name)}</code> <span class="type">${escapeHtml(typeWords(p, t))}</span>` +
      `${required.has(name) ? '' : ` <span class="optional">${escapeHtml(t(`${K}.optional`))}</span>`}` +
      `${detail ? ` — ${detail}` : ''}${fields(p, depth + 1, t)}</li>`
    )
  })
  return `<ul>${rows.join('')}</ul>`
}

function parametersTable(parameters: OpenAPIV3_1.ParameterObject[], t: T): string {
  if (parameters.length === 0) return ''
  const rows = parameters.map((p) => {
    const schema = (p.schema ?? {}) as Schema
    const detail = isRef(schema) ? '' : limits(schema, t)
    return `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${escapeHtml(t(p.required ? `${K}.yes` : `${K}.no`))}</td><td>${escapeHtml(typeWords(schema, t))}${detail ? `; ${detail}` : ''}</td></tr>`
  })
  const th = (word: string) => `<th>${escapeHtml(t(`${K}.${word}`))}</th>`
  return `<h4>${escapeHtml(t(`${K}.parameters`))}</h4><div class="scroll"><table><thead><tr>${th('name')}${th('in')}${th('required')}${th('value')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`
}

function content(media: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined, t: T): string {
  if (!media) return ''
  return Object.entries(media)
    .map(([type, m]) => {
      const schema = m.schema as Schema | undefined
      const body = schema && !isRef(schema) && type === 'application/json' ? fields(schema, 0, t) : ''
      const kind = schema ? typeWords(schema, t) : t(`${K}.anyValue`)
      return `<p class="media"><code>${escapeHtml(type)}</code>${type === 'application/json' ? ` — ${escapeHtml(kind)}` : ''}</p>${body}`
    })
    .join('')
}

function operationHtml(path: string, method: string, op: OpenAPIV3_1.OperationObject, t: T): string {
  const anchor = escapeHtml(op.operationId ?? `${method}-${path}`)
  const request =
    op.requestBody && !('$ref' in op.requestBody)
      ? `<h4>${escapeHtml(t(`${K}.body`))}</h4>${content(op.requestBody.content, t)}`
      : ''
  const errorBody = htmlOf(t, `${K}.errorBody`, { message: '<code>message</code>', fields: '<code>fields</code>' })
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const response = r as OpenAPIV3_1.ResponseObject
      const isError = /^[45]/.test(status)
      return `<h5>${escapeHtml(status)} <span class="description">${escapeHtml(response.description ?? '')}</span></h5>${isError ? `<p class="media">${errorBody}</p>` : content(response.content, t)}`
    })
    .join('')
  return (
    `<details id="${anchor}"><summary><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code> <span class="summary">${escapeHtml(op.summary ?? '')}</span></summary>` +
    `<div class="body">${parametersTable((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[], t)}${request}<h4>${escapeHtml(t(`${K}.answers`))}</h4>${responses}</div></details>`
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

/** The whole reference page of the document, its own words in `language` (`t`: that language's server catalog). */
export function apiReferenceHtml(doc: OpenAPIV3_1.Document, language: string, t: T): string {
  const groups = new Map<string, string[]>()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue
      const operation = op as OpenAPIV3_1.OperationObject
      const tag = operation.tags?.[0] ?? 'other'
      groups.set(tag, [...(groups.get(tag) ?? []), operationHtml(path, method, operation, t)])
    }
  }
  const tags = [...groups.keys()].sort()
  const nav = tags
    .map((t) => `<li><a href="#group-${escapeHtml(t)}">${escapeHtml(t)}</a> (${groups.get(t)?.length ?? 0})</li>`)
    .join('')
  const sections = tags
    .map((t) => `<section><h2 id="group-${escapeHtml(t)}">${escapeHtml(t)}</h2>${(groups.get(t) ?? []).join('')}</section>`)
    .join('')
  const title = escapeHtml(t(`${K}.title`, { api: doc.info.title }))
  const intro = htmlOf(t, `${K}.intro`, {
    document: '<a href="/api/openapi.json"><code>/api/openapi.json</code></a>',
    slug: '<code>?slug=</code>',
    error: '<code>{ "message": "…" }</code>',
    fields: '<code>fields</code>',
  })
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1><p>${escapeHtml(doc.info.description ?? '')}</p><p>${intro}</p><nav aria-label="${escapeHtml(t(`${K}.groups`))}"><ul>${nav}</ul></nav>${sections}</main></body></html>`
}

/** The reference page's language: the one the reader chose on a site, else Accept-Language's, else English. */
export async function referenceLanguage(c: Context<AppEnv>): Promise<string> {
  const remembered = await pageLanguage(c, null)
  return remembered !== SOURCE_LANGUAGE ? remembered : await requestLanguage(c)
}
