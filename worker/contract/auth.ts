// The sign-in calls (docs/reference/public-site.md §4, docs/reference/trust-and-security.md): answers and the login body.
import { z } from 'zod'
import { organization } from './organizations'
import { user } from './users'

/** The signed-in user as check-auth and login answer: with their organization. */
export const authUser = user.extend({
  /** Signed in with a temporary password: the server refuses everything until a new one is chosen. */
  mustChangePassword: z.boolean(),
  organization: organization
    .pick({ id: true, name: true, slug: true, domain: true, timeZone: true, language: true, languages: true })
    .nullable(),
})
export type AuthUser = z.output<typeof authUser>

export const authCheck = z.object({ authenticated: z.boolean(), user: authUser.nullable() })
export type AuthCheck = z.output<typeof authCheck>

export const signedIn = z.object({ user: authUser })

/** Where the client goes after signing out: the custom domain, else /{slug}, else / (both null). */
export const signedOutTo = z.object({ domain: z.string().nullable(), slug: z.string().nullable() })
export type SignedOutTo = z.output<typeof signedOutTo>

/** POST /auth/login: the door is the Host's custom domain, else the body's domain or slug, else the platform's. */
export const credentials = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(200),
  domain: z.string().trim().max(253).nullish(),
  slug: z.string().trim().max(100).nullish(),
})
