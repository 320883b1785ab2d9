import { createContext, useContext } from 'react'
import type { SiteOrganization } from '../lib/site-api'
import type { Tenant } from '../lib/tenant'

export interface Site {
  tenant: Tenant
  organization: SiteOrganization
}

export const SiteContext = createContext<Site | null>(null)

/** The organization whose public site is showing; set by the public layout. */
export function useSite(): Site {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite() outside the public layout')
  return site
}
