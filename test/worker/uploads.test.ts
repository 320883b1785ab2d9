import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { Client } from '../helpers/client'
import { buildSeason, createSuperAdmin, createTenant, unique } from '../helpers/factories'
import {
  GIF_1X1,
  gifHeader,
  JPEG_2X3,
  jpegHeader,
  PNG_1X1,
  pngHeader,
  SVG_WITH_SCRIPT,
  WEBP_LOSSY_2X3,
  webpExtendedHeader,
  webpLosslessHeader,
  webpLossyHeader,
} from '../helpers/images'

function imageForm(
  fields: Record<string, string>,
  field: string,
  bytes: Uint8Array<ArrayBuffer>,
  name = 'upload.png',
  type = 'image/png',
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append(field, new File([bytes], name, { type }))
  return form
}

const keyOf = (url: string) => url.replace(/^\/media\//, '')
const objectsUnder = async (orgId: number) => (await env.LOGOS.list({ prefix: `org/${orgId}/` })).objects.map((o) => o.key)
const playerRow = (id: number) => env.DB.prepare('SELECT first_name, image_key FROM players WHERE id = ?').bind(id).first()

async function newPlayer(client: Client, bytes = PNG_1X1, name = 'photo.png') {
  const res = await client.postForm(
    '/api/playersv2',
    imageForm({ firstName: 'Ada', lastName: unique('L') }, 'image', bytes, name),
  )
  expect(res.status).toBe(201)
  return res.body.player as { id: number; image: string }
}

describe('what an upload must be', { timeout: 60_000 }, () => {
  it('refuses SVG by name with 415, even disguised as a PNG, for logos and photos alike', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 1 })
    const before = await objectsUnder(org.id)
    for (const [path, field, method] of [
      ['/api/playersv2', 'image', 'POST'],
      [`/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${teams[0].id}`, 'logo', 'PUT'],
    ] as const) {
      for (const [name, type] of [
        ['logo.svg', 'image/svg+xml'],
        ['logo.png', 'image/png'],
      ]) {
        const form = imageForm({ firstName: 'Svg', lastName: 'Svg' }, field, SVG_WITH_SCRIPT, name, type)
        const res = await staffClient.request(method, path, { form })
        expect(res.status).toBe(415)
        expect(res.body.message).toMatch(/^SVG images are not accepted/)
        expect(res.body.fields[field]).toMatch(/PNG, JPEG, GIF or WebP/)
      }
    }
    expect(await objectsUnder(org.id)).toEqual(before)
  })

  it.each([
    ['PNG', pngHeader(20_000, 20_000)],
    ['PNG (one side too long)', pngHeader(10_001, 10)],
    ['GIF', gifHeader(12_000, 200)],
    ['JPEG', jpegHeader(7_000, 7_000)],
    ['lossy WebP', webpLossyHeader(16_000, 100)],
    ['lossless WebP', webpLosslessHeader(7_000, 7_000)],
    ['extended WebP', webpExtendedHeader(1_000_000, 1_000_000)],
  ])('refuses a %s declaring too many pixels (decompression bomb) with 413 and writes nothing', async (_kind, bytes) => {
    const { org, staffClient } = await createTenant()
    const res = await staffClient.postForm('/api/playersv2', imageForm({ firstName: 'Bomb', lastName: 'Bomb' }, 'image', bytes))
    expect(res.status).toBe(413)
    expect(res.body.message).toMatch(/at most 10,000 pixels a side and 40 megapixels/)
    expect(res.body.fields.image).toBe(res.body.message)
    expect(await objectsUnder(org.id)).toEqual([])
    const players = await env.DB.prepare('SELECT COUNT(*) AS n FROM players WHERE organization_id = ?').bind(org.id).first()
    expect(players?.n).toBe(0)
  })

  it('refuses an organization logo bomb too, and a header too damaged to measure with 415', async () => {
    const { client } = await createSuperAdmin()
    const bomb = await client.postForm(
      '/api/organizations',
      imageForm({ name: 'Bomb League', slug: unique('bomb') }, 'logo', pngHeader(50_000, 50_000)),
    )
    expect(bomb.status).toBe(413)
    const damaged = await client.postForm(
      '/api/organizations',
      imageForm({ name: 'Damaged League', slug: unique('dmg') }, 'logo', JPEG_2X3.slice(0, 40)),
    )
    expect(damaged.status).toBe(415)
    expect(damaged.body.message).toMatch(/could not be read/)
  })

  it('accepts large but sane images: 10,000 × 4,000 is allowed', async () => {
    const { staffClient } = await createTenant()
    const res = await staffClient.postForm(
      '/api/playersv2',
      imageForm({ firstName: 'Wide', lastName: 'Shot' }, 'image', pngHeader(10_000, 4_000)),
    )
    expect(res.status).toBe(201)
  })
})

describe('where uploads are kept', { timeout: 60_000 }, () => {
  it("stores under the organization's prefix with a server-made key, whatever the client names the file", async () => {
    const { org, staffClient } = await createTenant()
    for (const name of ['../../org/1/evil.png', 'org/1/x.html', 'photo.svg', '']) {
      const player = await newPlayer(staffClient, WEBP_LOSSY_2X3, name || 'blank')
      const key = keyOf(player.image)
      expect(key.startsWith(`org/${org.id}/player-`)).toBe(true)
      expect(key).toMatch(new RegExp(`^org/${org.id}/player-[A-Za-z0-9_-]+\\.webp$`))
      expect(key).not.toMatch(/evil|html|svg|blank|\.\./)
      const object = await env.LOGOS.head(key)
      expect(object?.httpMetadata?.contentType).toBe('image/webp')
      expect((await playerRow(player.id))?.image_key).toBe(key)
    }
  })

  it("deletes a replaced player photo's and team logo's old object", async () => {
    const { org, staffClient } = await createTenant()
    const player = await newPlayer(staffClient)
    const oldPhoto = keyOf(player.image)
    const replaced = await staffClient.putForm(`/api/playersv2/${player.id}`, imageForm({}, 'image', GIF_1X1, 'new.gif'))
    expect(replaced.status).toBe(200)
    const newPhoto = keyOf(replaced.body.player.image)
    expect(newPhoto).not.toBe(oldPhoto)
    expect(await env.LOGOS.head(oldPhoto)).toBeNull()
    expect(await env.LOGOS.head(newPhoto)).not.toBeNull()

    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 1 })
    const path = `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${teams[0].id}`
    const first = keyOf((await staffClient.putForm(path, imageForm({}, 'logo', PNG_1X1))).body.team.logo)
    const second = keyOf((await staffClient.putForm(path, imageForm({}, 'logo', JPEG_2X3, 'l.jpg'))).body.team.logo)
    expect(second).toMatch(/\.jpg$/)
    expect(await env.LOGOS.head(first)).toBeNull()
    expect(await env.LOGOS.head(second)).not.toBeNull()
    // Only what a row points at is left in storage.
    expect((await objectsUnder(org.id)).sort()).toEqual([newPhoto, second].sort())
  })

  it('deletes the image objects of deleted players and teams, one at a time and in bulk', async () => {
    const { org, staffClient } = await createTenant()
    const one = await newPlayer(staffClient)
    const two = await newPlayer(staffClient)
    const three = await newPlayer(staffClient)
    expect((await staffClient.delete(`/api/playersv2/${one.id}`)).status).toBe(204)
    expect(await env.LOGOS.head(keyOf(one.image))).toBeNull()
    expect((await staffClient.post('/api/playersv2/delete', { ids: [two.id, three.id] })).status).toBe(204)
    expect(await env.LOGOS.head(keyOf(two.image))).toBeNull()
    expect(await env.LOGOS.head(keyOf(three.image))).toBeNull()

    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 3 })
    const logos: string[] = []
    for (const team of teams) {
      const res = await staffClient.putForm(
        `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${team.id}`,
        imageForm({}, 'logo', PNG_1X1),
      )
      logos.push(keyOf(res.body.team.logo))
    }
    expect((await staffClient.delete(`/api/teams/${teams[0].id}`)).status).toBe(204)
    expect(await env.LOGOS.head(logos[0])).toBeNull()
    expect((await staffClient.post('/api/teams/delete', { ids: [teams[1].id, teams[2].id] })).status).toBe(204)
    expect(await objectsUnder(org.id)).toEqual([])
  })

  it("deletes every object under a deleted organization's prefix, and no other organization's", async () => {
    const { client } = await createSuperAdmin()
    const doomed = await createTenant()
    const neighbour = await createTenant()
    await newPlayer(doomed.staffClient)
    const { season, league, teams } = await buildSeason(doomed.staffClient, doomed.org.id, { teamCount: 1 })
    await doomed.staffClient.putForm(
      `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${teams[0].id}`,
      imageForm({}, 'logo', PNG_1X1),
    )
    await client.putForm(`/api/organizations/${doomed.org.id}`, imageForm({}, 'logo', GIF_1X1, 'logo.gif'))
    const kept = await newPlayer(neighbour.staffClient)
    expect(await objectsUnder(doomed.org.id)).toHaveLength(3)
    expect((await client.delete(`/api/organizations/${doomed.org.id}`)).status).toBe(204)
    expect(await objectsUnder(doomed.org.id)).toEqual([])
    expect(await env.LOGOS.head(keyOf(kept.image))).not.toBeNull()
  })

  it("refuses to replace another organization's player photo", async () => {
    const victim = await createTenant()
    const attacker = await createTenant()
    const player = await newPlayer(victim.staffClient)
    const res = await attacker.staffClient.putForm(`/api/playersv2/${player.id}`, imageForm({}, 'image', PNG_1X1))
    expect(res.status).toBe(404)
    expect((await playerRow(player.id))?.image_key).toBe(keyOf(player.image))
    expect(await objectsUnder(attacker.org.id)).toEqual([])
  })
})
