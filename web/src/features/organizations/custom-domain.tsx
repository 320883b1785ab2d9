import { useState } from 'react'
import { CaptionedTable } from '../../components/captioned-table'
import { useLanguage, useT } from '../../lib/i18n'
import type { CustomHostname, CustomHostnameRecord } from './api'
import './custom-domain.css'

// Catalog keys (i18n/<language>/admin.json).
const D = 'admin.organizations.domainPanel'
const STATUS_LABELS: Record<CustomHostname['status'], string> = {
  pending: `${D}.pending`,
  active: `${D}.active`,
  failed: `${D}.failed`,
}

const RECORD_HEADERS = [`${D}.type`, `${D}.name`, `${D}.value`, `${D}.purpose`]

const PURPOSES: Record<CustomHostnameRecord['purpose'], string> = {
  routing: `${D}.routing`,
  ownership: `${D}.ownership`,
  certificate: `${D}.certificate`,
}

/** A moment in the page's language (the viewer's own clock: when Cloudflare was asked). */
const formatTime = (language: string, iso: string | null) =>
  iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : null

/** The custom hostname's status as a pill; the text says it, the colour only repeats it. */
export function CustomHostnameBadge({ customHostname }: { customHostname: CustomHostname }) {
  const t = useT()
  return (
    <span className={`domain-badge domain-badge-${customHostname.status}`} title={customHostname.error ?? undefined}>
      {t(STATUS_LABELS[customHostname.status])}
    </span>
  )
}

/** Shown once on the screen when the Worker has no Cloudflare credentials. */
export function CustomDomainsOffNote() {
  const t = useT()
  return (
    <p className="domain-note" role="note">
      {t(`${D}.off`)}
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
  const t = useT()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = () => {
    copyText(text)
      .then(() => setState('copied'))
      .catch(() => setState('failed'))
      .finally(() => setTimeout(() => setState('idle'), 2000))
  }
  return (
    <button type="button" className="button button-small domain-copy" aria-label={label} onClick={copy}>
      {state === 'copied' ? t(`${D}.copied`) : state === 'failed' ? t(`${D}.selectAndCopy`) : t(`${D}.copy`)}
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
  const t = useT()
  const language = useLanguage()
  if (!domain) return null
  const heading = (
    <h2 className="section-title" id={`domain-${domain}`}>
      {t(`${D}.title`, { domain })}
    </h2>
  )
  if (!enabled || !customHostname) {
    return (
      <section className="domain-panel" aria-labelledby={`domain-${domain}`}>
        {heading}
        <p className="muted">{t(`${D}.unregistered`, { domain })}</p>
      </section>
    )
  }
  const retrying = customHostname.pendingAction === 'register' && customHostname.error
  const checkedAt = formatTime(language, customHostname.lastCheckedAt)
  const retryAt = formatTime(language, customHostname.retryAt)
  const { hostnameStatus, sslStatus } = customHostname
  // Whole sentences, one after another.
  const hints = [
    t(`${D}.apexHint`, { domain }),
    checkedAt ? t(`${D}.lastChecked`, { time: checkedAt }) : null,
    hostnameStatus
      ? sslStatus
        ? t(`${D}.cloudflareStatusCertificate`, { hostname: hostnameStatus, certificate: sslStatus })
        : t(`${D}.cloudflareStatus`, { hostname: hostnameStatus })
      : sslStatus
        ? t(`${D}.certificateStatus`, { certificate: sslStatus })
        : null,
  ]
  return (
    <section className="domain-panel" aria-labelledby={`domain-${domain}`}>
      <div className="page-heading">
        {heading}
        <div className="domain-status">
          <CustomHostnameBadge customHostname={customHostname} />
          <button type="button" className="button button-small" onClick={onCheck} disabled={checking}>
            {checking ? t(`${D}.checking`) : t(`${D}.checkNow`)}
          </button>
        </div>
      </div>
      {retrying ? (
        <p className="domain-message domain-message-warning" role="status">
          {retryAt
            ? t(`${D}.retryingAt`, { time: retryAt, error: customHostname.error })
            : t(`${D}.retrying`, { error: customHostname.error })}
        </p>
      ) : customHostname.error ? (
        <p className={`domain-message ${customHostname.status === 'failed' ? 'domain-message-error' : ''}`} role="status">
          {customHostname.status === 'failed'
            ? t(`${D}.failedBecause`, { error: customHostname.error })
            : t(`${D}.cloudflareSays`, { error: customHostname.error })}
        </p>
      ) : null}
      {checkError ? (
        <p className="domain-message domain-message-error" role="alert">
          {checkError}
        </p>
      ) : null}
      {customHostname.status === 'active' ? (
        <p className="muted">{t(`${D}.live`, { domain })}</p>
      ) : (
        <p className="muted">{t(`${D}.createRecords`)}</p>
      )}
      {customHostname.records.length > 0 ? (
        <CaptionedTable
          className="domain-records"
          caption={t(`${D}.recordsCaption`, { domain })}
          headers={RECORD_HEADERS.map((header) => t(header))}
        >
          {customHostname.records.map((record) => (
            <tr key={`${record.type}-${record.name}-${record.value}`}>
              <td>{record.type}</td>
              <td>
                <code>{record.name}</code>{' '}
                <CopyButton text={record.name} label={t(`${D}.copyName`, { type: record.type, name: record.name })} />
              </td>
              <td>
                <code>{record.value}</code>{' '}
                <CopyButton text={record.value} label={t(`${D}.copyValue`, { type: record.type, value: record.value })} />
              </td>
              <td>{t(PURPOSES[record.purpose])}</td>
            </tr>
          ))}
        </CaptionedTable>
      ) : null}
      {!customHostname.cnameTarget ? <p className="domain-message domain-message-warning">{t(`${D}.noTarget`)}</p> : null}
      <p className="muted domain-hints">{hints.filter(Boolean).join(' ')}</p>
    </section>
  )
}
