// Answers of the organization and sport calls (docs/reference/public-site.md §3, §7, docs/custom-domains.md).
import { z } from 'zod'
import { imageUrl, rowId, version } from './common'

/** A site's (and a user's) colour theme. */
export const theme = z.enum(['light', 'dark'])

/** A sport the platform offers. */
export const sport = z.object({ id: rowId, type: z.string(), name: z.string() })
export type Sport = z.output<typeof sport>
export const sportList = z.object({ sports: z.array(sport) })

/** An http(s) address the organization links to, or null. */
const link = z.string().nullable()

/** The organization as its public site reads it. */
export const organization = z.object({
  id: rowId,
  version,
  name: z.string(),
  /** The first path segment of its site on the platform host. */
  slug: z.string(),
  /** Its custom domain (without www.), or null. */
  domain: z.string().nullable(),
  theme,
  logo_url: imageUrl,
  facebook_url: link,
  instagram_url: link,
  youtube_url: link,
  customPageUrl: link,
  customSite: z.boolean(),
  /** Which navigation bar the public site shows (docs/reference/public-site.md §2.4). */
  navigation: z.enum(['full', 'small']),
  /** Which home the public site renders (docs/reference/public-site.md §2.6). */
  homeVariant: z.enum(['history', 'stat_leaders', 'empty']),
  /** The IANA time zone its dates and times are read and shown in (docs/decisions/2026-11-28-time-zones.md). */
  timeZone: z.string(),
  /** The ISO 4217 code every amount of the organization is in, in its minor units (docs/registration.md "Money"). */
  currency: z.string(),
  /** Brand colours `#rrggbb` drawn as fills with their own text colour, or null: the theme's own (docs/site-look.md). */
  brandPrimary: z.string().nullable(),
  brandAccent: z.string().nullable(),
  /** Its public site's language, and every language visitors may switch to (the site's first; docs/decisions/2026-11-28-languages.md). */
  language: z.string(),
  languages: z.array(z.string()),
  sports: z.array(sport),
})
export type Organization = z.output<typeof organization>

/** A DNS record the operator creates for a custom domain (CNAME to the fallback origin, TXTs). */
export const customHostnameRecord = z.object({
  type: z.enum(['CNAME', 'TXT']),
  name: z.string(),
  value: z.string(),
  /** What the record is for: routing, hostname ownership, or certificate validation. */
  purpose: z.enum(['routing', 'ownership', 'certificate']),
})
export type CustomHostnameRecord = z.output<typeof customHostnameRecord>

/** The domain's Cloudflare custom hostname as the super admin's screen reads it (docs/custom-domains.md). */
export const customHostname = z.object({
  id: z.string().nullable(),
  hostname: z.string(),
  status: z.enum(['pending', 'active', 'failed']),
  /** Cloudflare's own statuses, as the API reports them (null before registration). */
  hostnameStatus: z.string().nullable(),
  sslStatus: z.string().nullable(),
  /** DNS records to create: the CNAME to the fallback origin, then the TXTs the API asks for. */
  records: z.array(customHostnameRecord),
  cnameTarget: z.string().nullable(),
  /** The API's message: why it is not active yet, or why the last call failed. */
  error: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  /** Work the scheduled trigger still owes the API: register the hostname or refresh its status. */
  pendingAction: z.enum(['register', 'refresh']).nullable(),
  /** When a failed call is tried again (null: at the next scheduled run). */
  retryAt: z.string().nullable(),
})
export type CustomHostname = z.output<typeof customHostname>

/** The organization as the admin calls answer it: a super admin also gets its custom hostname (null: no domain, or not connected to Cloudflare). */
export const adminOrganization = organization.extend({ customHostname: customHostname.nullable().optional() })
export type AdminOrganization = z.output<typeof adminOrganization>

export const oneOrganization = z.object({ organization })
export const oneAdminOrganization = z.object({ organization: adminOrganization })

/** GET /organizations: the caller's organization, or every one for a super admin (with the custom domain settings). */
export const organizationList = z.object({
  organizations: z.array(adminOrganization),
  /** Super admin only: false when the Worker has no Cloudflare credentials (domains saved, not registered). */
  customHostnamesEnabled: z.boolean().optional(),
  /** Super admin only: where a custom domain's CNAME points (null: not connected). */
  cnameTarget: z.string().nullable().optional(),
  /** Super admin, with `limit`: the cursor of the next page (null: the last page). docs/scaling.md "Super admin lists". */
  nextCursor: z.string().nullable().optional(),
})
export type OrganizationList = z.output<typeof organizationList>

/** An organization of the root "All Listings" page (docs/reference/public-site.md §2.6). */
export const listing = organization.pick({ id: true, name: true, slug: true, domain: true, logo_url: true })
export type Listing = z.output<typeof listing>
export const listings = z.object({ organizations: z.array(listing) })
