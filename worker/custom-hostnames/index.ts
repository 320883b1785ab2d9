// Custom domains through Cloudflare for SaaS (docs/custom-domains.md).
import type { Bindings } from '../env'
import { runPendingHostnameWork } from './work'

export { customHostnameSettings, overrideCustomHostnamesForTests } from './config'
export { customHostnameJson } from './state'
export { domainChangeColumns, processOrganization, releaseHostnames, runPendingHostnameWork } from './work'

/**
 * The cron trigger (`*\/5 * * * *`): registrations and status checks the API did not finish when an
 * organization was saved. Errors are recorded on the rows; one thrown here would only be logged.
 */
export async function scheduled(_controller: ScheduledController, env: Bindings, _ctx: ExecutionContext): Promise<void> {
  const summary = await runPendingHostnameWork(env)
  if (summary.enabled && (summary.organizations > 0 || summary.orphansDeleted > 0 || summary.stoppedEarly)) {
    console.log(
      `[custom-hostnames] scheduled run: ${summary.organizations} organization(s), ${summary.orphansDeleted} old hostname(s) deleted${summary.stoppedEarly ? ', stopped early' : ''}`,
    )
  }
}
