// A member call names the site's organization as every public call does (?slug= on the platform
// host; a custom domain names itself).
import { withQuery } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export { type Tenant, tenantKey, tenantQuery }

export const withTenant = (path: string, tenant: Tenant) => withQuery(path, tenantQuery(tenant))
