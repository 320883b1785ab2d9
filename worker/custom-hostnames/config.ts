import type { Bindings } from '../env'
import { type CloudflareApiConfig, createCloudflareClient } from './cloudflare-client'

export interface CustomHostnameSettings {
  api: CloudflareApiConfig
  /** The fallback origin custom domains CNAME to; null when not configured (records then lack it). */
  cnameTarget: string | null
}

type Override = { env?: Partial<Bindings>; fetch?: typeof fetch; timeoutMs?: number }
let override: Override | null = null

/**
 * Tests only. Worker tests run inside workerd, where a Node stand-in server is out of reach and
 * the miniflare bindings carry no Cloudflare credentials: this routes the client to an in-isolate
 * stand-in with test credentials. `null` restores the real configuration.
 */
export function overrideCustomHostnamesForTests(next: Override | null) {
  override = next
}

/** The feature's settings, or null when the zone id or API token is missing (feature off). */
export function customHostnameSettings(env: Bindings): CustomHostnameSettings | null {
  const source = { ...env, ...override?.env }
  const zoneId = source.CF_ZONE_ID?.trim()
  const token = source.CF_API_TOKEN?.trim()
  if (!zoneId || !token) return null
  return {
    api: { zoneId, token, apiBase: source.CF_API_BASE, fetch: override?.fetch, timeoutMs: override?.timeoutMs },
    cnameTarget: source.CUSTOM_HOSTNAME_CNAME_TARGET?.trim().toLowerCase() || null,
  }
}

export const clientFor = (settings: CustomHostnameSettings) => createCloudflareClient(settings.api)
