import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { businesses } from '../../worker/db/schema'
import { Client } from '../helpers/client'
import { createSuperAdmin, createTenant, db, unique } from '../helpers/factories'

type Business = Record<string, unknown> & { id: number; name: string; version: number }

const storedBusinesses = (orgId: number) =>
  db().select().from(businesses).where(eq(businesses.organizationId, orgId)).orderBy(asc(businesses.id))

async function addBusiness(client: Client, fields: Record<string, unknown>) {
  const res = await client.post('/api/businesses', { name: unique('Gym'), ...fields })
  expect(res.status).toBe(201)
  return res.body.business as Business
}

describe('businesses: list', () => {
  it('lists the organization’s businesses by name, for staff and owner alike', async () => {
    const { ownerClient, staffClient } = await createTenant()
    const zebra = await addBusiness(ownerClient, { name: 'Zebra Courts' })
    const alpha = await addBusiness(staffClient, { name: 'alpha Hoops' })
    const res = await staffClient.get('/api/businesses')
    expect(res.status).toBe(200)
    expect(res.body.businesses).toEqual([alpha, zebra])
  })

  it('shows a signed-in user only their own organization’s businesses', async () => {
    const mine = await createTenant()
    const theirs = await createTenant()
    await addBusiness(mine.ownerClient, {})
    const res = await theirs.ownerClient.get(`/api/businesses?organization_id=${mine.org.id}`)
    expect(res.body.businesses).toEqual([])
  })

  it('lets a super admin list another organization’s businesses with organization_id', async () => {
    const { ownerClient, org } = await createTenant()
    const listed = await addBusiness(ownerClient, {})
    const { client } = await createSuperAdmin()
    expect((await client.get(`/api/businesses?organization_id=${org.id}`)).body.businesses).toEqual([listed])
  })

  it('refuses anonymous visitors, even with a slug', async () => {
    const { org } = await createTenant()
    expect((await new Client().get('/api/businesses')).status).toBe(401)
    expect((await new Client().get(`/api/businesses?slug=${org.slug}`)).status).toBe(401)
  })
})

describe('businesses: create', () => {
  it('creates a listing with every form field, multi-values in their canonical spelling', async () => {
    const { ownerClient } = await createTenant()
    const res = await ownerClient.post('/api/businesses', {
      name: '  Downtown Hoops ',
      phone: '555-0100',
      email: 'play@downtown.example',
      website: 'https://downtown.example',
      city: 'los angeles, HOUSTON',
      state: ['texas', 'California'],
      location: '1 Main St',
      facebook: 'https://facebook.com/downtown',
      instagram: '',
      sport: 'Tennis, BASKETBALL, tennis',
      category: ['Co-Ed', 'men'],
      season: 'Spring 2026',
      nextSeason: 'Summer 2026',
      signupDeadline: '2026-03-01',
      cost: '$120',
      skillLevel: 'Intermediate',
    })
    expect(res.status).toBe(201)
    expect(res.body.business).toEqual({
      id: expect.any(Number),
      // A new row's optimistic-concurrency version (docs/api-concurrency.md).
      version: 1,
      name: 'Downtown Hoops',
      phone: '555-0100',
      email: 'play@downtown.example',
      website: 'https://downtown.example',
      city: 'Los Angeles,Houston',
      state: 'California,Texas',
      location: '1 Main St',
      facebook: 'https://facebook.com/downtown',
      instagram: null,
      sport: 'basketball,tennis',
      category: 'men,co-ed',
      season: 'Spring 2026',
      nextSeason: 'Summer 2026',
      signupDeadline: '2026-03-01',
      signupStatus: 'active',
      cost: '$120',
      skillLevel: 'Intermediate',
    })
    expect((await ownerClient.get('/api/businesses')).body.businesses).toEqual([res.body.business])
  })

  it('validates each field with its own message', async () => {
    const { ownerClient, org } = await createTenant()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', 'Name is required'],
      [{ email: 'not-mail' }, 'email', 'Not a valid e-mail address'],
      [{ website: 'ftp://files.example' }, 'website', 'Must be an http(s) address'],
      [{ facebook: 'facebook.com/x' }, 'facebook', 'Must be an http(s) address'],
      [{ instagram: 'javascript:alert(1)' }, 'instagram', 'Must be an http(s) address'],
      [{ sport: 'basketball,hockey' }, 'sport', 'Choose from: basketball, baseball, tennis, volleyball'],
      [{ category: ['kids'] }, 'category', 'Choose from: men, women, adult, youth, co-ed'],
      [{ state: 'Ohio' }, 'state', 'Choose from: California, New York, Texas'],
      [{ city: 'Boston' }, 'city', 'Choose from: Los Angeles, Buffalo, New York City, Houston'],
      [{ signupStatus: 'open' }, 'signupStatus', 'Signup status must be active or closed'],
      [{ signupDeadline: '2026-02-30' }, 'signupDeadline', 'Use a date as yyyy-MM-dd'],
      [{ signupDeadline: '03/01/2026' }, 'signupDeadline', 'Use a date as yyyy-MM-dd'],
    ]
    for (const [fields, field, message] of cases) {
      const res = await ownerClient.post('/api/businesses', { name: 'Gym', ...fields })
      expect(res.status, field).toBe(400)
      expect(res.body.fields[field], field).toBe(message)
    }
    expect(await storedBusinesses(org.id)).toEqual([])
  })

  it('creates in the caller’s own organization only', async () => {
    const mine = await createTenant()
    const theirs = await createTenant()
    const res = await mine.ownerClient.post(`/api/businesses?organization_id=${theirs.org.id}`, { name: 'Sneaky Gym' })
    expect(res.status).toBe(201)
    expect(await storedBusinesses(theirs.org.id)).toEqual([])
    expect((await storedBusinesses(mine.org.id)).map((b) => b.name)).toEqual(['Sneaky Gym'])
  })

  it('answers a super admin’s unknown organization with 404', async () => {
    const { client } = await createSuperAdmin()
    const res = await client.post('/api/businesses?organization_id=999999', { name: 'Nowhere Gym' })
    expect(res.status).toBe(404)
  })

  it('refuses anonymous visitors', async () => {
    expect((await new Client().post('/api/businesses', { name: 'Gym' })).status).toBe(401)
  })
})

describe('businesses: update', () => {
  it('changes the fields sent and keeps the others', async () => {
    const { ownerClient, staffClient } = await createTenant()
    const created = await addBusiness(ownerClient, { phone: '555-0100', city: 'Buffalo', sport: 'baseball' })
    const res = await staffClient.put(`/api/businesses/${created.id}`, {
      city: ['New York City'],
      phone: '',
      signupStatus: 'Closed',
    })
    expect(res.status).toBe(200)
    // The edit raised the version (docs/api-concurrency.md).
    expect(res.body.business).toEqual({
      ...created,
      city: 'New York City',
      phone: null,
      signupStatus: 'closed',
      version: created.version + 1,
    })
    expect((await ownerClient.get('/api/businesses')).body.businesses).toEqual([res.body.business])
  })

  it('validates the fields sent', async () => {
    const { ownerClient, org } = await createTenant()
    const created = await addBusiness(ownerClient, {})
    const before = await storedBusinesses(org.id)
    const blank = await ownerClient.put(`/api/businesses/${created.id}`, { name: '' })
    expect(blank.status).toBe(400)
    expect(blank.body.fields.name).toBe('Name is required')
    const state = await ownerClient.put(`/api/businesses/${created.id}`, { state: 'Nevada' })
    expect(state.body.fields.state).toBe('Choose from: California, New York, Texas')
    expect(await storedBusinesses(org.id)).toEqual(before)
  })

  it('answers an unknown business with 404', async () => {
    const { ownerClient } = await createTenant()
    const res = await ownerClient.put('/api/businesses/999999', { name: 'Ghost Gym' })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Business not found')
  })

  it('refuses another organization’s owner with 404 and changes nothing', async () => {
    const mine = await createTenant()
    const theirs = await createTenant()
    const created = await addBusiness(mine.ownerClient, {})
    const before = await storedBusinesses(mine.org.id)
    expect((await theirs.ownerClient.put(`/api/businesses/${created.id}`, { name: 'Pwned' })).status).toBe(404)
    expect(await storedBusinesses(mine.org.id)).toEqual(before)
  })

  it('refuses anonymous visitors', async () => {
    const { ownerClient, org } = await createTenant()
    const created = await addBusiness(ownerClient, {})
    const before = await storedBusinesses(org.id)
    expect((await new Client().put(`/api/businesses/${created.id}`, { name: 'Pwned' })).status).toBe(401)
    expect(await storedBusinesses(org.id)).toEqual(before)
  })
})

describe('businesses: delete', () => {
  it('deletes a listing', async () => {
    const { ownerClient, staffClient } = await createTenant()
    const kept = await addBusiness(ownerClient, {})
    const gone = await addBusiness(ownerClient, {})
    const res = await staffClient.delete(`/api/businesses/${gone.id}`)
    expect(res.status).toBe(204)
    expect((await ownerClient.get('/api/businesses')).body.businesses).toEqual([kept])
  })

  it('answers an unknown business with 404, and a malformed id with 400', async () => {
    const { ownerClient } = await createTenant()
    expect((await ownerClient.delete('/api/businesses/999999')).status).toBe(404)
    const bad = await ownerClient.delete('/api/businesses/99999999999999999999')
    expect(bad.status).toBe(400)
    expect(bad.body.fields.id).toBeDefined()
  })

  it('refuses another organization’s owner with 404 and deletes nothing', async () => {
    const mine = await createTenant()
    const theirs = await createTenant()
    const created = await addBusiness(mine.ownerClient, {})
    expect((await theirs.ownerClient.delete(`/api/businesses/${created.id}`)).status).toBe(404)
    expect(await storedBusinesses(mine.org.id)).toHaveLength(1)
  })

  it('refuses anonymous visitors', async () => {
    const { ownerClient, org } = await createTenant()
    const created = await addBusiness(ownerClient, {})
    expect((await new Client().delete(`/api/businesses/${created.id}`)).status).toBe(401)
    expect(await storedBusinesses(org.id)).toHaveLength(1)
  })
})

describe('businesses: public directory', () => {
  /** Two organizations' listings, told apart from other tests' by a shared unique tag in the name. */
  async function directoryFixture() {
    const tag = unique('dir')
    const east = await createTenant()
    const west = await createTenant()
    const listings = {
      buffalo: await addBusiness(east.ownerClient, {
        name: `${tag} Buffalo Ballers`,
        sport: 'basketball,tennis',
        category: 'men,adult',
        state: 'New York',
        city: 'Buffalo',
      }),
      nyc: await addBusiness(east.ownerClient, {
        name: `${tag} NYC Women`,
        sport: 'volleyball',
        category: 'women',
        state: 'New York',
        city: 'New York City',
        signupStatus: 'closed',
      }),
      la: await addBusiness(west.ownerClient, {
        name: `${tag} LA Diamonds`,
        sport: 'baseball',
        category: 'youth,co-ed',
        state: 'California',
        city: 'Los Angeles',
      }),
    }
    const search = async (query: string) => {
      const res = await new Client().get(`/api/businesses/directory${query}`)
      expect(res.status).toBe(200)
      return (res.body.businesses as Business[]).filter((b) => b.name.startsWith(tag)).map((b) => b.name.slice(tag.length + 1))
    }
    return { east, west, listings, search }
  }

  it('lists every organization’s businesses by name, each with its organization, without sign-in', async () => {
    const { east, west, listings, search } = await directoryFixture()
    expect(await search('')).toEqual(['Buffalo Ballers', 'LA Diamonds', 'NYC Women'])
    const res = await new Client().get('/api/businesses/directory')
    const la = res.body.businesses.find((b: Business) => b.id === listings.la.id)
    expect(la).toEqual({ ...listings.la, organization: { name: west.org.name, slug: west.org.slug, domain: null } })
    const buffalo = res.body.businesses.find((b: Business) => b.id === listings.buffalo.id)
    expect(buffalo.organization.slug).toBe(east.org.slug)
  })

  it('filters each multi-value field by whole values', async () => {
    const { search } = await directoryFixture()
    expect(await search('?sport=tennis')).toEqual(['Buffalo Ballers'])
    expect(await search('?sport=Basketball')).toEqual(['Buffalo Ballers'])
    expect(await search('?sport=baseball,volleyball')).toEqual(['LA Diamonds', 'NYC Women'])
    // "men" is inside "women" as text, but not as a value.
    expect(await search('?category=men')).toEqual(['Buffalo Ballers'])
    expect(await search('?category=co-ed')).toEqual(['LA Diamonds'])
    expect(await search('?state=New%20York')).toEqual(['Buffalo Ballers', 'NYC Women'])
    expect(await search('?city=New%20York%20City')).toEqual(['NYC Women'])
    expect(await search('?signupStatus=closed')).toEqual(['NYC Women'])
    expect(await search('?signupStatus=active&state=new%20york')).toEqual(['Buffalo Ballers'])
    expect(await search('?sport=tennis&city=Houston')).toEqual([])
  })

  it('refuses an unknown filter value with 400', async () => {
    const res = await new Client().get('/api/businesses/directory?sport=hockey')
    expect(res.status).toBe(400)
    expect(res.body.fields.sport).toBe('Choose from: basketball, baseball, tennis, volleyball')
  })
})
