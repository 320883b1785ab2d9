import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import type { AdminOrganization as OrganizationAnswer } from '../../../../worker/contract/organizations'
import { BrandColourFields, brandColoursRefused } from '../../components/brand-colour-fields'
import { useFieldConflict } from '../../components/conflict-dialog'
import { Flash, useFlash } from '../../components/flash'
import { ImageField } from '../../components/image-field'
import { ErrorState, Loading } from '../../components/status'
import { TimeZoneField } from '../../components/time-zone-field'
import { ApiError, api, errorMessage, staleConflict } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { useDashboard } from '../../lib/dashboard-api'
import './site-look.css'

/** What an owner may change of their site (docs/site-look.md); the address and sports stay with the platform. */
export interface SiteLook {
  name: string
  theme: 'light' | 'dark'
  facebook_url: string
  instagram_url: string
  youtube_url: string
  customPageUrl: string
  timeZone: string
  brandPrimary: string
  brandAccent: string
}

const LABELS: Record<keyof SiteLook, string> = {
  name: 'Name',
  theme: 'Theme',
  facebook_url: 'Facebook URL',
  instagram_url: 'Instagram URL',
  youtube_url: 'YouTube URL',
  customPageUrl: 'Custom page URL',
  timeZone: 'Time zone',
  brandPrimary: 'Primary colour',
  brandAccent: 'Accent colour',
}
const LINKS: {
  key: Exclude<keyof SiteLook, 'name' | 'theme' | 'timeZone' | 'brandPrimary' | 'brandAccent'>
  placeholder: string
}[] = [
  { key: 'facebook_url', placeholder: 'https://facebook.com/your-league' },
  { key: 'instagram_url', placeholder: 'https://instagram.com/your-league' },
  { key: 'youtube_url', placeholder: 'https://youtube.com/@your-league' },
  { key: 'customPageUrl', placeholder: 'https://your-league.example.com/register' },
]

const lookOf = (org: OrganizationAnswer): SiteLook => ({
  name: org.name,
  theme: org.theme,
  facebook_url: org.facebook_url ?? '',
  instagram_url: org.instagram_url ?? '',
  youtube_url: org.youtube_url ?? '',
  customPageUrl: org.customPageUrl ?? '',
  timeZone: org.timeZone,
  brandPrimary: org.brandPrimary ?? '',
  brandAccent: org.brandAccent ?? '',
})

function siteForm(look: SiteLook, version: number, logo: File | null): FormData {
  const form = new FormData()
  for (const key of Object.keys(LABELS) as (keyof SiteLook)[]) form.set(key, look[key].trim())
  form.set('version', String(version))
  if (logo) form.set('logo', logo)
  return form
}

/** The public address of the organization's site, as a visitor opens it. */
const siteAddress = (org: OrganizationAnswer) => (org.domain ? `https://${org.domain}` : `${window.location.origin}/${org.slug}`)

/**
 * An owner's own site look: name, theme, logo, social links and the custom page. Saves with the
 * version it read; a change saved meanwhile by someone else opens the per-field conflict dialog.
 */
export function SiteLookPage() {
  const { user } = useAuth()
  const orgId = user?.organization_id ?? 0
  const id = useId()
  const flash = useFlash()
  const queryClient = useQueryClient()
  const org = useQuery({
    queryKey: ['site-look', orgId],
    queryFn: () => api.get<{ organization: OrganizationAnswer }>(`/api/organizations/${orgId}`).then((body) => body.organization),
    enabled: orgId > 0,
  })
  const domains = useDashboard()
  const [look, setLook] = useState<SiteLook | null>(null)
  const [logo, setLogo] = useState<File | null>(null)
  const [logoBusy, setLogoBusy] = useState(false)
  const [logoKey, setLogoKey] = useState(0)
  const conflict = useFieldConflict<SiteLook>()
  const save = useMutation({
    mutationFn: ({ input, version }: { input: SiteLook; version: number }) =>
      api.putForm<{ organization: OrganizationAnswer }>(`/api/organizations/${orgId}`, siteForm(input, version, logo)),
    onSuccess: ({ organization }) => {
      queryClient.setQueryData(['site-look', orgId], organization)
      queryClient.invalidateQueries({ queryKey: ['organizations'] })
      queryClient.invalidateQueries({ queryKey: ['site'] })
      queryClient.invalidateQueries({ queryKey: ['auth'] })
      setLook(lookOf(organization))
      setLogo(null)
      setLogoKey((k) => k + 1)
      flash.show('Your site is updated.')
    },
  })

  useEffect(() => {
    document.title = 'Site look · Courtside'
  }, [])
  useEffect(() => {
    if (org.data && look === null) setLook(lookOf(org.data))
  }, [org.data, look])

  if (org.isPending || (org.data && look === null)) return <Loading />
  if (org.isError || !org.data || !look)
    return (
      <ErrorState message={errorMessage(org.error, 'Your organization could not be loaded.')} onRetry={() => org.refetch()} />
    )
  const current = org.data
  const fields = save.error instanceof ApiError ? save.error.fields : undefined
  const pending = domains.data?.pendingDomains.find((d) => d.organizationId === current.id)

  const send = (input: SiteLook, version: number) =>
    save.mutate(
      { input, version },
      {
        onError: (error) => {
          conflict.offer(error, input, LABELS, (merged, fresh) => {
            setLook(merged)
            send(merged, fresh)
          })
        },
      },
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!look.name.trim() || brandColoursRefused(look)) return
    send(look, current.version)
  }
  const set = <K extends keyof SiteLook>(key: K, value: SiteLook[K]) => setLook({ ...look, [key]: value })
  const changed = JSON.stringify(look) !== JSON.stringify(lookOf(current)) || logo !== null
  const fieldProblem = (key: string) => (key === 'name' && !look.name.trim() ? 'Name is required' : fields?.[key])

  return (
    <section className="admin-page site-look">
      <div className="page-heading">
        <h1 className="page-title">Site look</h1>
        <a className="button" href={siteAddress(current)} target="_blank" rel="noreferrer">
          View site
        </a>
      </div>
      <p className="muted">
        How your public site looks to visitors at <strong>{siteAddress(current)}</strong>. The address itself and your sports are
        set by the platform team.
      </p>
      {pending ? (
        <p className="site-look-domain" role="status">
          Your domain <strong>{pending.domain}</strong> is not live yet:{' '}
          {pending.status === 'failed'
            ? 'setting it up failed; the platform team has been told.'
            : 'waiting for its DNS records and certificate.'}
        </p>
      ) : null}
      <Flash message={flash.message} />
      <form className="site-look-form" onSubmit={submit} noValidate>
        {save.isError && !staleConflict(save.error) ? (
          <p className="form-error" role="alert">
            {errorMessage(save.error, 'Your changes could not be saved.')}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-name`}>{LABELS.name}</label>
          <input
            id={`${id}-name`}
            value={look.name}
            required
            maxLength={200}
            aria-invalid={fieldProblem('name') ? true : undefined}
            aria-describedby={fieldProblem('name') ? `${id}-name-error` : undefined}
            onChange={(event) => set('name', event.target.value)}
          />
          {fieldProblem('name') ? (
            <span className="field-error" id={`${id}-name-error`}>
              {fieldProblem('name')}
            </span>
          ) : null}
        </div>
        <fieldset className="field theme-choice">
          <legend>{LABELS.theme}</legend>
          {(['light', 'dark'] as const).map((theme) => (
            <label key={theme} className={`theme-swatch theme-swatch-${theme}`}>
              <input
                type="radio"
                name={`${id}-theme`}
                value={theme}
                checked={look.theme === theme}
                onChange={() => set('theme', theme)}
              />
              <span className="theme-sample" aria-hidden="true">
                <span className="theme-sample-bar" />
                <span className="theme-sample-text" />
              </span>
              {theme === 'light' ? 'Light' : 'Dark'}
            </label>
          ))}
        </fieldset>
        <TimeZoneField
          id={`${id}-timeZone`}
          value={look.timeZone}
          onChange={(zone) => set('timeZone', zone)}
          error={fieldProblem('timeZone')}
        />
        <BrandColourFields
          id={`${id}-brand`}
          value={{ brandPrimary: look.brandPrimary, brandAccent: look.brandAccent }}
          onChange={(colours) => setLook({ ...look, ...colours })}
          errors={fields}
        />
        <ImageField
          key={logoKey}
          id={`${id}-logo`}
          label="Logo"
          current={current.logo_url}
          onChange={setLogo}
          onBusyChange={setLogoBusy}
        />
        {fields?.logo ? <span className="field-error">{fields.logo}</span> : null}
        {LINKS.map(({ key, placeholder }) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>{LABELS[key]}</label>
            <input
              id={`${id}-${key}`}
              type="url"
              inputMode="url"
              placeholder={placeholder}
              value={look[key]}
              aria-invalid={fieldProblem(key) ? true : undefined}
              aria-describedby={fieldProblem(key) ? `${id}-${key}-error` : undefined}
              onChange={(event) => set(key, event.target.value)}
            />
            {fieldProblem(key) ? (
              <span className="field-error" id={`${id}-${key}-error`}>
                {fieldProblem(key)}
              </span>
            ) : null}
          </div>
        ))}
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={!changed || save.isPending}
            onClick={() => {
              setLook(lookOf(current))
              setLogo(null)
              setLogoKey((k) => k + 1)
              save.reset()
            }}
          >
            Discard changes
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={!changed || save.isPending || logoBusy || brandColoursRefused(look)}
          >
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      {conflict.dialog}
    </section>
  )
}
