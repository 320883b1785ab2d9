// Each organization's languages and each user's (docs/decisions/2026-11-28-languages.md): the API's
// refusals in the language Accept-Language asks for when the organization offers it, English — the
// specification's wire contract — otherwise; pages written in the site's or visitor's language.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { createSuperAdmin, createTenant } from '../helpers/factories'

const spanish = { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5' }

describe('languages', () => {
  it('answers a refusal in English when no language is asked for, exactly as the specification writes it', async () => {
    const { staffClient } = await createTenant({ languages: 'es,en', language: 'es' })
    const res = await staffClient.get('/api/seasonsv2/987654')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Season not found' })
  })

  it('answers in Spanish when asked and the organization offers Spanish, the noun too', async () => {
    const { staffClient } = await createTenant({ languages: 'es,en', language: 'es' })
    const res = await staffClient.get('/api/seasonsv2/987654', { headers: spanish })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Temporada: no encontrado')
  })

  it('stays English when the organization does not offer the language asked for', async () => {
    const { staffClient } = await createTenant()
    const res = await staffClient.get('/api/seasonsv2/987654', { headers: spanish })
    expect(res.body.message).toBe('Season not found')
  })

  it('lets the owner offer languages the product ships, the site language first, and refuses others', async () => {
    const { org, ownerClient } = await createTenant()
    const current = (await ownerClient.get(`/api/organizations/current?slug=${org.slug}`)).body.organization
    expect(current).toMatchObject({ language: 'en', languages: ['en'] })
    const saved = await ownerClient.put(`/api/organizations/${org.id}`, {
      version: current.version,
      language: 'fr',
      languages: ['en', 'es'],
    })
    expect(saved.status).toBe(200)
    expect(saved.body.organization).toMatchObject({ language: 'fr', languages: ['fr', 'en', 'es'] })
    const before = await env.DB.prepare('SELECT language, languages FROM organizations WHERE id = ?').bind(org.id).first()
    const refused = await ownerClient.put(`/api/organizations/${org.id}`, {
      version: saved.body.organization.version,
      languages: ['en', 'de'],
    })
    expect(refused.status).toBe(400)
    expect(refused.body.fields.languages).toBe('de is not offered')
    const malformed = await ownerClient.put(`/api/organizations/${org.id}`, {
      version: saved.body.organization.version,
      language: 'Spanish',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.fields.language).toBe('Not a language: choose one from the list')
    expect(await env.DB.prepare('SELECT language, languages FROM organizations WHERE id = ?').bind(org.id).first()).toEqual(
      before,
    )
  })

  it('lets the super admin create an organization in Spanish', async () => {
    const { client } = await createSuperAdmin()
    const res = await client.post('/api/admin/organizations', { name: 'Liga de Madrid', language: 'es' })
    expect(res.status).toBe(201)
    expect(res.body.organization).toMatchObject({ language: 'es', languages: ['es'] })
  })

  it('keeps a user’s own language, or none to follow the organization’s', async () => {
    const { staffClient } = await createTenant({ languages: 'en,fr' })
    const me = (await staffClient.get('/api/auth/check-auth')).body.user
    expect(me.language).toBeNull()
    expect(me.organization).toMatchObject({ language: 'en', languages: ['en', 'fr'] })
    const saved = await staffClient.put(`/api/usersv2/${me.id}`, { version: me.version, language: 'fr' })
    expect(saved.status).toBe(200)
    expect(saved.body.user.language).toBe('fr')
    const refused = await staffClient.put(`/api/usersv2/${me.id}`, { version: saved.body.user.version, language: 'xx' })
    expect(refused.status).toBe(400)
  })

  it('writes a page in the site’s language, or the visitor’s remembered one when the site offers it', async () => {
    const { org } = await createTenant({ languages: 'es,fr', language: 'es' })
    const page = await new Client().get(`/${org.slug}`)
    expect(page.body).toContain('<html lang="es"')
    const words = String(page.body).match(/<meta name="courtside-words" data-language="es" content="([^"]*)">/)?.[1]
    expect(
      JSON.parse(
        (words ?? 'null').replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
      ),
    ).toMatchObject({ 'nav.main': 'Principal' })
    const visitor = new Client()
    visitor.cookies.set('courtside_lang', 'fr')
    expect((await visitor.get(`/${org.slug}`)).body).toContain('<html lang="fr"')
    visitor.cookies.set('courtside_lang', 'de')
    expect((await visitor.get(`/${org.slug}`)).body).toContain('<html lang="es"')
  })
})
