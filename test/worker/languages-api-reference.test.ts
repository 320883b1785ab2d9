// The API reference page's own words in the reader's language (docs/languages.md): its headings,
// introduction, table headings and type words follow the remembered language or Accept-Language;
// the OpenAPI document it shows — paths, field names, summaries — stays English, a machine contract.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import worker from '../../worker/index'

// The page is HTML beside the API, not an operation of its document: fetched from the Worker directly.
const page = async (headers: Record<string, string> = {}, language?: string) => {
  const ctx = createExecutionContext()
  const request = new Request('http://localhost/api/reference', {
    headers: { ...headers, ...(language ? { Cookie: `courtside_lang=${language}` } : {}) },
  })
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx)
  await waitOnExecutionContext(ctx)
  expect(res.status).toBe(200)
  return res.text()
}

describe('the API reference page in the reader’s language', () => {
  it('is English, exactly as before, when no language is asked for', async () => {
    const html = await page()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<title>Courtside API reference</title>')
    expect(html).toContain('<h4>Parameters</h4>')
    expect(html).toContain('<span class="optional">optional</span>')
    expect(html).toContain('Every call below is also described, machine-readably, in the OpenAPI 3.1 document at')
  })

  it('speaks Spanish to a reader who asks for it, the document itself unchanged', async () => {
    const html = await page({ 'Accept-Language': 'es-ES,es;q=0.9' })
    expect(html).toContain('<html lang="es">')
    expect(html).toContain('<title>Referencia de Courtside API</title>')
    expect(html).toContain('<h1>Referencia de Courtside API</h1>')
    expect(html).toContain('<h4>Parámetros</h4>')
    expect(html).toContain('<h4>Respuestas</h4>')
    expect(html).toContain('<span class="optional">opcional</span>')
    expect(html).toContain('<nav aria-label="Grupos">')
    expect(html).toContain('Cada llamada de abajo se describe también')
    for (const english of ['<h4>Parameters</h4>', '<h4>Answers</h4>', '>optional<', 'Every call below', 'aria-label="Groups"'])
      expect(html).not.toContain(english)
    // The machine contract: paths and field names as the document writes them.
    expect(html).toContain('<code>/api/teams/{id}</code>')
    expect(html).toContain('<code>unavailableSlots</code>')
  })

  it('speaks French to a reader who chose French on the site (the remembered language)', async () => {
    const html = await page({}, 'fr')
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('<h4>Paramètres</h4>')
    expect(html).toContain('<span class="optional">facultatif</span>')
  })
})
