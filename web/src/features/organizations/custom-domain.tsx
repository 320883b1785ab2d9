import { useState } from 'react'
import { CaptionedTable } from '../../components/captioned-table'
import type { CustomHostname, CustomHostnameRecord } from './api'
import './custom-domain.css'

const STATUS_LABELS: Record<CustomHostname['status'], string> = {
  pending: 'Pending',
  active: 'Active',
  failed: 'Failed',
}

const RECORD_HEADERS = ['Type', 'Name', 'Value', 'Purpose']

const PURPOSES: Record<CustomHostnameRecord['purpose'], string> = {
  routing: 'Sends the domain to Courtside',
  ownership: 'Proves the domain is yours',
  certificate: 'Lets the certificate be issued',
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const formatTime = (iso: string | null) => (iso ? timeFormat.format(new Date(iso)) : null)

/** The custom hostname's status as a pill; the text says it, the colour only repeats it. */
export function CustomHostnameBadge({ customHostname }: { customHostname: CustomHostname }) {
  return (
    <span className={`domain-badge domain-badge-${customHostname.status}`} title={customHostname.error ?? undefined}>
      {STATUS_LABELS[customHostname.status]}
    </span>
  )
}

/** Shown once on the screen when the Worker has no Cloudflare credentials. */
export function CustomDomainsOffNote() {
  return (
    <p className="domain-note" role="note">
      Custom domains are not connected to Cloudflare here: domains are saved and served as before, but no hostname or certificate
      is registered. Set the CF_ZONE_ID and CF_API_TOKEN secrets to turn it on.
    </p>
  )
}

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  // Older browsers and insecure origins have no async clipboard.
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy refused')
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = () => {
    copyText(text)
      .then(() => setState('copied'))
      .catch(() => setState('failed'))
      .finally(() => setTimeout(() => setState('idle'), 2000))
  }
  return (
    <button type="button" className="button button-small domain-copy" aria-label={label} onClick={copy}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and copy' : 'Copy'}
    </button>
  )
}

interface CustomDomainPanelProps {
  domain: string | null
  customHostname: CustomHostname | null | undefined
  enabled: boolean
  checking: boolean
  /** The last "Check now" failure, as the server said it. */
  checkError: string | null
  onCheck: () => void
}

/**
 * docs/custom-domains.md: what the operator must do for the organization's domain — the DNS
 * records with copy buttons, the status, the API's reason when it is not active — and "Check now".
 */
export function CustomDomainPanel({ domain, customHostname, enabled, checking, checkError, onCheck }: CustomDomainPanelProps) {
  if (!domain) return null
  const heading = (
    <h2 className="section-title" id={`domain-${domain}`}>
      Custom domain {domain}
    </h2>
  )
  if (!enabled || !customHostname) {
    return (
      <section className="domain-panel" aria-labelledby={`domain-${domain}`}>
        {heading}
        <p className="muted">Served at {domain} once its DNS points here; not registered with Cloudflare.</p>
      </section>
    )
  }
  const retrying = customHostname.pendingAction === 'register' && customHostname.error
  const checkedAt = formatTime(customHostname.lastCheckedAt)
  const retryAt = formatTime(customHostname.retryAt)
  return (
    <section className="domain-panel" aria-labelledby={`domain-${domain}`}>
      <div className="page-heading">
        {heading}
        <div className="domain-status">
          <CustomHostnameBadge customHostname={customHostname} />
          <button type="button" className="button button-small" onClick={onCheck} disabled={checking}>
            {checking ? 'Checking...' : 'Check now'}
          </button>
        </div>
      </div>
      {retrying ? (
        <p className="domain-message domain-message-warning" role="status">
          The domain is saved. Cloudflare could not register it yet and it will be retried automatically
          {retryAt ? ` (next attempt after ${retryAt})` : ''}: {customHostname.error}
        </p>
      ) : customHostname.error ? (
        <p className={`domain-message ${customHostname.status === 'failed' ? 'domain-message-error' : ''}`} role="status">
          {customHostname.status === 'failed' ? 'Failed: ' : 'Cloudflare says: '}
          {customHostname.error}
        </p>
      ) : null}
      {checkError ? (
        <p className="domain-message domain-message-error" role="alert">
          {checkError}
        </p>
      ) : null}
      {customHostname.status === 'active' ? (
        <p className="muted">{domain} is live on Cloudflare with its certificate. Keep these records in place.</p>
      ) : (
        <p className="muted">Create these DNS records at the domain's DNS provider:</p>
      )}
      {customHostname.records.length > 0 ? (
        <CaptionedTable className="domain-records" caption={`DNS records for ${domain}`} headers={RECORD_HEADERS}>
          {customHostname.records.map((record) => (
            <tr key={`${record.type}-${record.name}-${record.value}`}>
              <td>{record.type}</td>
              <td>
                <code>{record.name}</code> <CopyButton text={record.name} label={`Copy ${record.type} name ${record.name}`} />
              </td>
              <td>
                <code>{record.value}</code> <CopyButton text={record.value} label={`Copy ${record.type} value ${record.value}`} />
              </td>
              <td>{PURPOSES[record.purpose]}</td>
            </tr>
          ))}
        </CaptionedTable>
      ) : null}
      {!customHostname.cnameTarget ? (
        <p className="domain-message domain-message-warning">
          The CNAME target is not configured (CUSTOM_HOSTNAME_CNAME_TARGET): ask the platform operator for it.
        </p>
      ) : null}
      <p className="muted domain-hints">
        At the top of a domain (no subdomain), use the DNS provider's ALIAS, ANAME or CNAME flattening for the CNAME. www.{domain}{' '}
        is not registered: forward it to https://{domain} at the DNS provider.
        {checkedAt ? ` Last checked with Cloudflare ${checkedAt}.` : ''}
        {customHostname.hostnameStatus ? ` Cloudflare: hostname ${customHostname.hostnameStatus}` : ''}
        {customHostname.sslStatus ? `, certificate ${customHostname.sslStatus}.` : ''}
      </p>
    </section>
  )
}
