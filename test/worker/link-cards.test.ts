import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Canvas, type RgbaImage } from '../../worker/domain/cards/canvas'
import { CARD_HEIGHT, CARD_WIDTH, type CardData, PALETTES } from '../../worker/domain/cards/layout'
import { crc32, decodePng, encodePng } from '../../worker/domain/cards/png'
import { renderCard } from '../../worker/domain/cards/render'
import { Client, workerFetch } from '../helpers/client'
import { D1Counter } from '../helpers/d1-counter'
import { buildSeason, createTenant, unique, withBasketballDefaults } from '../helpers/factories'

async function fixture() {
  const tenant = await createTenant({ domain: `${unique('cards')}.example` })
  const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 3, playersPerTeam: 2 })
  const [a, b] = built.teams
  const game = (
    await tenant.staffClient.post('/api/games', {
      season_id: built.season.id,
      leagueId: built.league.id,
      team1_id: a.id,
      team2_id: b.id,
      date: '2025-11-02',
      time: '18:00',
    })
  ).body.game
  await tenant.staffClient.put(`/api/gamesv2/${game.id}/scores`, { score_home: 61, score_away: 57 })
  return { ...tenant, ...built, a, b, game }
}

/** A GET straight to the Worker, the body kept as bytes. */
async function fetchBytes(url: string) {
  const response = await workerFetch(new Request(url))
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
}

/** The og:image (and its declared size) of a page's HTML. */
function ogImage(html: string) {
  const meta = (property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)">`))?.[1]
  return {
    url: meta('og:image')?.replaceAll('&amp;', '&'),
    width: meta('og:image:width'),
    height: meta('og:image:height'),
    twitter: html.match(/<meta name="twitter:image" content="([^"]*)">/)?.[1],
    card: html.match(/<meta name="twitter:card" content="([^"]*)">/)?.[1],
  }
}

/** Checks the PNG's structure byte by byte (signature, IHDR, CRC of every chunk) and decodes it. */
async function expectCardPng(bytes: Uint8Array): Promise<RgbaImage> {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe('IHDR')
  expect([view.getUint32(16), view.getUint32(20)]).toEqual([CARD_WIDTH, CARD_HEIGHT])
  const types: string[] = []
  for (let offset = 8; offset < bytes.length; ) {
    const length = view.getUint32(offset)
    types.push(String.fromCharCode(...bytes.subarray(offset + 4, offset + 8)))
    expect(crc32(bytes.subarray(offset + 4, offset + 8 + length))).toBe(view.getUint32(offset + 8 + length))
    offset += 12 + length
  }
  expect(types[0]).toBe('IHDR')
  expect(types.at(-1)).toBe('IEND')
  const image = await decodePng(bytes)
  expect([image.width, image.height]).toEqual([CARD_WIDTH, CARD_HEIGHT])
  return image
}

const rgbAt = (image: RgbaImage, x: number, y: number) => {
  const i = (y * image.width + x) * 4
  return [...image.pixels.subarray(i, i + 3)]
}

describe('link cards', () => {
  it("a game page's og:image is a 1200×630 PNG the Worker draws, cached, and a saved score changes it", async () => {
    const { org, game, staffClient } = await fixture()
    const page = await new Client().get(`/${org.slug}/games/${game.id}`)
    const meta = ogImage(String(page.body))
    expect(meta.url).toMatch(new RegExp(`^http://localhost/${org.slug}/cards/games/${game.id}\\.png\\?v=\\d+-`))
    expect(meta.twitter).toBe(meta.url?.replaceAll('&', '&amp;'))
    expect(meta.card).toBe('summary_large_image')
    expect([meta.width, meta.height]).toEqual(['1200', '630'])

    const first = await fetchBytes(meta.url ?? '')
    expect(first.response.status).toBe(200)
    expect(first.response.headers.get('Content-Type')).toBe('image/png')
    expect(first.response.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+$/)
    expect(first.response.headers.get('X-Cache')).toBe('MISS')
    const image = await expectCardPng(first.bytes)
    // The organization's band (light theme) at the top, the page background below it.
    expect(rgbAt(image, CARD_WIDTH - 4, 4)).toEqual([...PALETTES.light.band])
    expect(rgbAt(image, CARD_WIDTH - 4, 160)).toEqual([...PALETTES.light.background])

    // The same card again comes from the edge cache, whatever the v parameter says.
    const again = await fetchBytes(meta.url ?? '')
    expect(again.response.headers.get('X-Cache')).toBe('HIT')
    expect(again.response.headers.get('Content-Type')).toBe('image/png')
    expect(again.response.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+$/)
    expect(again.bytes).toEqual(first.bytes)

    // A saved score is a new data version: a new address in the page, and a new picture.
    const saved = await staffClient.put(`/api/gamesv2/${game.id}/scores`, { score_home: 88, score_away: 57 })
    expect(saved.status).toBe(200)
    const after = ogImage(String((await new Client().get(`/${org.slug}/games/${game.id}`)).body))
    expect(after.url).not.toBe(meta.url)
    const redrawn = await fetchBytes(after.url ?? '')
    expect(redrawn.response.headers.get('X-Cache')).toBe('MISS')
    await expectCardPng(redrawn.bytes)
    expect(redrawn.bytes).not.toEqual(first.bytes)
    // An old address shows the current card too: the key is the data version, not the query.
    const old = await fetchBytes(meta.url ?? '')
    expect(old.bytes).toEqual(redrawn.bytes)
  })

  it('serves player, standings and record book cards, linked from their pages, on the platform host and the custom domain', async () => {
    const { org, a, game, staffClient } = await fixture()
    const player = a.players[0]
    if (!player) throw new Error('fixture has no player')
    // The record book card lists its holders once there is a box score (docs/records.md).
    const recordsCard = async () => expectCardPng((await fetchBytes(`http://localhost/${org.slug}/cards/records.png`)).bytes)
    const firstRow = (image: RgbaImage) => rgbAt(image, CARD_WIDTH / 2, 276)
    expect(firstRow(await recordsCard())).toEqual([...PALETTES.light.background])
    const { stat } = await withBasketballDefaults(org.id)
    const box = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [{ player_id: player.id, stat_id: stat('PTS'), value: 31 }],
    })
    expect(box.status).toBe(200)
    expect(firstRow(await recordsCard())).toEqual([...PALETTES.light.surface])
    const pages = [
      [`/players/${player.id}`, `/cards/players/${player.id}.png`],
      [`/player/${player.id}/stats`, `/cards/players/${player.id}.png`],
      ['/teamList', '/cards/standings.png'],
      ['/records', '/cards/records.png'],
      [`/games/${game.id}`, `/cards/games/${game.id}.png`],
    ] as const
    for (const [page, card] of pages) {
      for (const base of [`http://localhost/${org.slug}`, `http://${org.domain}`]) {
        const html = await workerFetch(new Request(`${base}${page}`)).then((r) => r.text())
        const meta = ogImage(html)
        expect(meta.url, `${base}${page}`).toMatch(
          new RegExp(`^${base.replaceAll('.', '\\.')}${card.replaceAll('.', '\\.')}\\?v=`),
        )
        const { response, bytes } = await fetchBytes(meta.url ?? '')
        expect(response.status, meta.url).toBe(200)
        expect(response.headers.get('Content-Type')).toBe('image/png')
        await expectCardPng(bytes)
      }
    }
  })

  it('reads D1 at most twice for a card it draws (the organization, then one batch), and not at all past the organization on a hit', async () => {
    const { org, a, game } = await fixture()
    const counter = new D1Counter()
    const bindings = counter.env()
    for (const path of [`games/${game.id}`, `players/${a.players[0]?.id}`, 'standings', 'records']) {
      const url = `http://localhost/${org.slug}/cards/${path}.png`
      counter.reset()
      const miss = await workerFetch(new Request(url), bindings)
      expect(miss.status, url).toBe(200)
      expect(counter.roundTrips, `${url}\n  ${counter.log.join('\n  ')}`).toBeLessThanOrEqual(2)
      counter.reset()
      const hit = await workerFetch(new Request(url), bindings)
      expect(hit.headers.get('X-Cache'), url).toBe('HIT')
      expect(counter.roundTrips, `${url}\n  ${counter.log.join('\n  ')}`).toBe(1)
    }
  })

  it("answers 404 for unknown ids, another organization's ids, and addresses outside a site", async () => {
    const { org, game, a } = await fixture()
    const other = await createTenant({ domain: `${unique('other')}.example` })
    const player = a.players[0]?.id
    const cases = [
      `http://localhost/${org.slug}/cards/games/999999999.png`,
      `http://localhost/${org.slug}/cards/players/999999999.png`,
      `http://localhost/${other.org.slug}/cards/games/${game.id}.png`,
      `http://localhost/${other.org.slug}/cards/players/${player}.png`,
      `http://${other.org.domain}/cards/games/${game.id}.png`,
      `http://localhost/cards/games/${game.id}.png`,
      `http://localhost/no-such-${unique('org')}/cards/standings.png`,
      `http://${org.domain}/${org.slug}/cards/games/${game.id}.png`,
    ]
    for (const url of cases) {
      const { response } = await fetchBytes(url)
      expect(response.status, url).toBe(404)
      expect(response.headers.get('Content-Type'), url).not.toBe('image/png')
    }
    // The other organization's own cards draw its own (empty) standings.
    const own = await fetchBytes(`http://localhost/${other.org.slug}/cards/standings.png`)
    expect(own.response.status).toBe(200)
  })

  it("draws the organization's PNG logo, and its initials badge when the logo is not a PNG it can read or R2 fails", async () => {
    const { org, game } = await fixture()
    const green = await encodePng(new Canvas(40, 40, [0, 200, 0]))
    const cases: [string, Uint8Array, 'logo' | 'badge'][] = [
      ['logo.png', green, 'logo'],
      ['damaged.png', Uint8Array.from([...green.subarray(0, 40), 1, 2, 3]), 'badge'],
      ['photo.jpg', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]), 'badge'],
      ['missing.png', new Uint8Array(0), 'badge'],
    ]
    for (const [name, bytes, expected] of cases) {
      const key = `org/${org.id}/${unique('card')}-${name}`
      if (bytes.length > 0) await env.LOGOS.put(key, bytes)
      // As the organization's own update does (db/queries/organizations.ts), the data version moves on.
      await env.DB.prepare('UPDATE organizations SET logo_key = ?, theme = ?, data_version = data_version + 1 WHERE id = ?')
        .bind(key, 'dark', org.id)
        .run()
      const { response, bytes: png } = await fetchBytes(`http://localhost/${org.slug}/cards/games/${game.id}.png`)
      expect(response.status, name).toBe(200)
      const image = await expectCardPng(png)
      // The logo box's middle is the logo; the badge's left edge is the theme's accent.
      if (expected === 'logo') expect(rgbAt(image, 104, 66), name).toEqual([0, 200, 0])
      else expect(rgbAt(image, 60, 66), name).toEqual([...PALETTES.dark.accent])
    }
    // R2 failing to answer: still a card, with the badge.
    const key = `org/${org.id}/${unique('card')}-unreadable.png`
    await env.LOGOS.put(key, green)
    await env.DB.prepare('UPDATE organizations SET logo_key = ?, data_version = data_version + 1 WHERE id = ?')
      .bind(key, org.id)
      .run()
    const failing = {
      ...env,
      LOGOS: { get: () => Promise.reject(new Error('R2 is unreachable')) } as unknown as R2Bucket,
    } as Cloudflare.Env
    const res = await workerFetch(new Request(`http://localhost/${org.slug}/cards/games/${game.id}.png`), failing)
    expect(res.status).toBe(200)
    const image = await expectCardPng(new Uint8Array(await res.arrayBuffer()))
    expect(rgbAt(image, 60, 66)).toEqual([...PALETTES.dark.accent])
  })

  it("renders each card at 1200×630 in the organization's theme, with its initials when there is no logo", async () => {
    const cards: CardData[] = [
      { kind: 'game', team1: 'A', team2: 'B', score1: 1, score2: 0, final: true, league: null, when: null, location: null },
      { kind: 'player', name: 'Ann Lee', team: null, league: null, stats: [{ label: 'PPG', value: '9.0' }] },
      { kind: 'standings', league: 'Men', season: null, rows: [{ rank: 1, team: 'A', wins: 1, losses: 0, pct: '1.000' }] },
      { kind: 'records', stat: null, rows: [] },
    ]
    for (const data of cards) {
      for (const theme of ['light', 'dark'] as const) {
        const image = await expectCardPng(await renderCard(data, { name: 'Hoops', theme, logo: null }))
        expect(rgbAt(image, CARD_WIDTH - 1, 0)).toEqual([...PALETTES[theme].band])
        expect(rgbAt(image, CARD_WIDTH - 1, 136)).toEqual([...PALETTES[theme].accent])
        expect(rgbAt(image, 60, 66)).toEqual([...PALETTES[theme].accent]) // the badge
      }
    }
  }, 30_000) // eight cards drawn

  it("draws the organization's WebP logo (the format the site-look screen uploads)", async () => {
    const { org, game } = await fixture()
    // A 40 × 40 lossless WebP, all rgb(0, 200, 0), as libwebp writes it.
    const webp = Uint8Array.from(atob('UklGRiIAAABXRUJQVlA4TBUAAAAvJ8AJAAdQ5Ij+B4CE8P+8GtH/1AAA'), (c) => c.charCodeAt(0))
    const key = `org/${org.id}/${unique('card')}-logo.webp`
    await env.LOGOS.put(key, webp)
    await env.DB.prepare('UPDATE organizations SET logo_key = ?, data_version = data_version + 1 WHERE id = ?')
      .bind(key, org.id)
      .run()
    const { response, bytes } = await fetchBytes(`http://localhost/${org.slug}/cards/games/${game.id}.png`)
    expect(response.status).toBe(200)
    const image = await expectCardPng(bytes)
    // The logo box's middle is the logo, not the initials badge's accent.
    expect(rgbAt(image, 104, 66)).toEqual([0, 200, 0])
    expect(rgbAt(image, 60, 66)).not.toEqual([...PALETTES.light.accent])
  })

  it('draws JPEG and GIF logos too: every format uploads accept', async () => {
    const { org, game } = await fixture()
    // 40 × 40 rgb(0, 200, 0) as Chromium's canvas writes a JPEG (lossy: within a few levels).
    const jpeg = Uint8Array.from(
      atob(
        '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/2wBDAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAARCAAoACgDAREAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAr/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCTp70r4AAAAAAAAAAAAAAAAAAAAAAAD//Z',
      ),
      (c) => c.charCodeAt(0),
    )
    // 1 × 1 GIF89a whose one colour is rgb(0, 200, 0).
    const gif = Uint8Array.from([
      0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 200, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44,
      1, 0, 0x3b,
    ])
    for (const [name, bytes] of [
      ['logo.jpg', jpeg],
      ['logo.gif', gif],
    ] as const) {
      const key = `org/${org.id}/${unique('card')}-${name}`
      await env.LOGOS.put(key, bytes)
      await env.DB.prepare('UPDATE organizations SET logo_key = ?, data_version = data_version + 1 WHERE id = ?')
        .bind(key, org.id)
        .run()
      const image = await expectCardPng((await fetchBytes(`http://localhost/${org.slug}/cards/games/${game.id}.png`)).bytes)
      const [r, g, b] = rgbAt(image, 104, 66)
      expect([r, b].every((v) => (v ?? 255) <= 4) && Math.abs((g ?? 0) - 200) <= 4, `${name}: ${[r, g, b]}`).toBe(true)
    }
  })

  it('writes Greek, Cyrillic, Chinese, Japanese and Korean names with their own letters, not ? or empty boxes', async () => {
    const { org, a } = await fixture()
    const player = a.players[0]
    if (!player) throw new Error('fixture has no player')
    const rename = async (first: string, last: string) => {
      await env.DB.prepare('UPDATE players SET first_name = ?, last_name = ? WHERE id = ?').bind(first, last, player.id).run()
      await env.DB.prepare('UPDATE organizations SET data_version = data_version + 1 WHERE id = ?').bind(org.id).run()
      return expectCardPng((await fetchBytes(`http://localhost/${org.slug}/cards/players/${player.id}.png`)).bytes)
    }
    /** The name's row of the player card: under the band, above the team line. */
    const nameRow = (image: RgbaImage) => {
      const rows: number[] = []
      for (let y = 180; y < 280; y++) for (let x = 56; x < 1144; x++) rows.push(...rgbAt(image, x, y))
      return rows
    }
    const ink = (row: number[]) => row.filter((v, i) => i % 3 === 0 && v < 128).length
    const names: [string, string][] = [
      ['Γιάννης', 'Αντετοκούνμπο'],
      ['Андрей', 'Кириленко'],
      ['姚', '明'],
      ['八村', '塁'],
      ['하승진', '서울'],
    ]
    for (const [first, last] of names) {
      const drawn = nameRow(await rename(first, last))
      // The same number of characters as question marks, and as characters no font has (U+E000, an empty box each).
      const length = [...`${first} ${last}`].length
      const asked = nameRow(await rename('?'.repeat([...first].length), '?'.repeat([...last].length)))
      const boxes = nameRow(await rename('\uE000'.repeat([...first].length), '\uE000'.repeat([...last].length)))
      expect(ink(drawn), `${first} ${last}: ${length} characters`).toBeGreaterThan(0)
      expect(drawn, `${first} ${last} drawn as ?`).not.toEqual(asked)
      expect(drawn, `${first} ${last} drawn as empty boxes`).not.toEqual(boxes)
    }
  }, 60_000) // fifteen cards drawn, on a machine other work shares

  it("writes a game's date and time as the game page does, in the organization's time zone", async () => {
    const { org, game, a, b, league } = await fixture()
    const { bytes } = await fetchBytes(`http://localhost/${org.slug}/cards/games/${game.id}.png`)
    // The card the route drew is the card of this data, the date written "November 2, 2025 · 6:00 PM".
    const expected = await renderCard(
      {
        kind: 'game',
        team1: a.name,
        team2: b.name,
        score1: 61,
        score2: 57,
        final: true,
        league: league.name,
        when: 'November 2, 2025 · 6:00 PM',
        location: null,
      },
      { name: org.name, theme: 'light', logo: null },
    )
    const [drawn, wanted] = [await expectCardPng(bytes), await expectCardPng(expected)]
    const differing = drawn.pixels.reduce((n, v, i) => (v === wanted.pixels[i] ? n : n + 1), 0)
    expect(differing).toBe(0)
  })
})
