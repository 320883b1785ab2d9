// Answers and bodies of the business listings (docs/reference/league-admin.md §9, the Business page)
// and of the platform's directory of them (the /browse page).
import { z } from 'zod'
import { BUSINESS_OPTIONS } from '../domain/businesses'
import { rowId, version } from './common'
import { isCalendarDate, optionalText, requiredText, someChange, versionField } from './fields'

export { BUSINESS_OPTIONS }

export const signupStatuses = ['active', 'closed'] as const

/**
 * A multi-value field: a comma-separated string or a list, each value one of the options
 * (case-insensitive). Stored as the canonical spellings in option order, comma-separated without
 * spaces (docs/reference/league-admin.md §3), or null when empty.
 */
function multiValue(options: readonly string[]) {
  return z
    .union([z.string().max(500), z.array(z.string().max(60)).max(20)], `Choose from: ${options.join(', ')}`)
    .nullish()
    .transform((input, ctx) => {
      const values = (Array.isArray(input) ? input : (input ?? '').split(',')).map((v) => v.trim()).filter(Boolean)
      const chosen = new Set<string>()
      for (const value of values) {
        const option = options.find((o) => o.toLowerCase() === value.toLowerCase())
        if (!option) {
          ctx.addIssue({ code: 'custom', message: `Choose from: ${options.join(', ')}` })
          return z.NEVER
        }
        chosen.add(option)
      }
      return chosen.size > 0 ? options.filter((o) => chosen.has(o)).join(',') : null
    })
}

const urlField = optionalText(500).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), 'Must be an http(s) address')

/**
 * The Business page form's fields (POST /businesses; PUT sends any of them). No defaults here: PUT
 * applies only the fields sent, so a default would overwrite stored values.
 */
export const businessFields = z.object({
  name: requiredText('Name', 120),
  phone: optionalText(40),
  email: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, 'Not a valid e-mail address'),
  website: urlField,
  city: multiValue(BUSINESS_OPTIONS.city),
  state: multiValue(BUSINESS_OPTIONS.state),
  location: optionalText(200),
  facebook: urlField,
  instagram: urlField,
  sport: multiValue(BUSINESS_OPTIONS.sport),
  category: multiValue(BUSINESS_OPTIONS.category),
  season: optionalText(100),
  nextSeason: optionalText(100),
  signupDeadline: optionalText(40).refine((v) => v === null || isCalendarDate(v), 'Use a date as yyyy-MM-dd'),
  signupStatus: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
    z.enum(signupStatuses, 'Signup status must be active or closed').optional(),
  ),
  cost: optionalText(100),
  skillLevel: optionalText(100),
})

/** PUT /businesses/{id}: the fields it is sent (an absent field keeps its value, null or '' clears it). */
export const businessChanges = someChange(businessFields.partial().extend({ version: versionField }))

const filterValues = (options: readonly string[]) => multiValue(options).transform((v) => (v ? v.split(',') : undefined))

/** GET /businesses/directory: listings holding any of the values of each filter given. */
export const directoryQuery = z.object({
  sport: filterValues(BUSINESS_OPTIONS.sport),
  category: filterValues(BUSINESS_OPTIONS.category),
  state: filterValues(BUSINESS_OPTIONS.state),
  city: filterValues(BUSINESS_OPTIONS.city),
  signupStatus: businessFields.shape.signupStatus,
})

/**
 * Texts of a listing that may be empty (null). Multi-value fields (city, state, sport, category) are
 * comma-separated canonical options; `signupDeadline` is yyyy-MM-dd.
 */
const optionalTexts = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, z.string().nullable()])) as Record<K, z.ZodNullable<z.ZodString>>

/** A business listing: the Business page form's fields (docs/reference/league-admin.md). */
export const business = z.object({
  id: rowId,
  version,
  name: z.string(),
  ...optionalTexts('phone', 'email', 'website', 'city', 'state', 'location', 'facebook', 'instagram'),
  ...optionalTexts('sport', 'category', 'season', 'nextSeason', 'signupDeadline'),
  signupStatus: z.enum(signupStatuses),
  ...optionalTexts('cost', 'skillLevel'),
})
export type Business = z.output<typeof business>

/** A listing of the platform's directory, with the organization that lists it. */
export const directoryBusiness = business.extend({
  organization: z.object({ name: z.string(), slug: z.string(), domain: z.string().nullable() }),
})
export type DirectoryBusiness = z.output<typeof directoryBusiness>

export const oneBusiness = z.object({ business })
export const businessList = z.object({ businesses: z.array(business) })
export const directoryList = z.object({ businesses: z.array(directoryBusiness) })
