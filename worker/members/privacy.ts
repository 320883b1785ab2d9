// Privacy on the public site (docs/members.md "Privacy"): the neutral word a public answer shows in
// place of the name of a player who asked staff to hide it.
import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { organizationLanguage, serverWords } from '../lib/i18n'
import { namesTenant, publicOrg } from '../middleware/tenant'

/** "Hidden player" in the organization's language (or the one the address names): a catalog word. */
export async function hiddenPlayerName(c: Context<AppEnv>): Promise<string> {
  const org = await publicOrg(c)
  const { t } = await serverWords(c, organizationLanguage(c, org))
  return t('server.player.hidden')
}

/**
 * The neutral word when the request is a public one (the site names the organization, or nobody is
 * signed in), else undefined: staff answers keep the real name (docs/members.md "Privacy").
 */
export async function publicHiddenName(c: Context<AppEnv>): Promise<string | undefined> {
  return namesTenant(c) || !c.var.user ? hiddenPlayerName(c) : undefined
}
