import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react'
import type { AdminOrganization as OrganizationAnswer } from '../../../../worker/contract/organizations'
import { BrandColourFields, brandColoursRefused } from '../../components/brand-colour-fields'
import { useFieldConflict } from '../../components/conflict-dialog'
import { CurrencyField } from '../../components/currency-field'
import { Flash, useFlash } from '../../components/flash'
import { ImageField } from '../../components/image-field'
import { ErrorState, Loading } from '../../components/status'
import { TimeZoneField } from '../../components/time-zone-field'
import { ApiError, api, errorMessage, staleConflict } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { useDashboard } from '../../lib/dashboard-api'
import { type Translate, useRichT, useT } from '../../lib/i18n'
import { languageName, useShippedLanguages } from '../../lib/languages'
import { useAdminTitle } from '../../lib/use-admin-title'
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
  /** The site's language, and every language visitors may switch to (docs/decisions/2026-11-28-languages.md). */
  language: string
  languages: string[]
  /** ISO 4217: every fee and payment is in its minor units (docs/registration.md "Money"). */
  currency: string
}

/** Each field's catalog key (i18n/<language>/admin.json), for its label and the conflict dialog. */
const LABEL_KEYS: Record<keyof SiteLook, string> = {
  name: 'admin.siteLook.name',
  theme: 'admin.siteLook.theme',
  facebook_url: 'admin.siteLook.facebook',
  instagram_url: 'admin.siteLook.instagram',
  youtube_url: 'admin.siteLook.youtube',
  customPageUrl: 'admin.siteLook.customPage',
  timeZone: 'admin.siteLook.timeZone',
  brandPrimary: 'admin.siteLook.brandPrimary',
  brandAccent: 'admin.siteLook.brandAccent',
  language: 'admin.siteLook.language',
  languages: 'admin.siteLook.languages',
  currency: 'admin.currency.label',
}
const labelsIn = (t: Translate) =>
  Object.fromEntries(Object.entries(LABEL_KEYS).map(([field, key]) => [field, t(key)])) as Record<keyof SiteLook, string>

const LINKS: {
  key: 'facebook_url' | 'instagram_url' | 'youtube_url' | 'customPageUrl'
  placeholder: string
}[] = [
  { key: 'facebook_url', placeholder: 'admin.siteLook.facebookPlaceholder' },
  { key: 'instagram_url', placeholder: 'admin.siteLook.instagramPlaceholder' },
  { key: 'youtube_url', placeholder: 'admin.siteLook.youtubePlaceholder' },
  { key: 'customPageUrl', placeholder: 'admin.siteLook.customPagePlaceholder' },
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
  language: org.language,
  languages: org.languages,
  currency: org.currency,
})

function siteForm(look: SiteLook, version: number, logo: File | null): FormData {
  const form = new FormData()
  for (const key of Object.keys(LABEL_KEYS) as (keyof SiteLook)[]) {
    const value = look[key]
    // The enabled languages travel as one comma-separated field, the site's own first.
    form.set(key, Array.isArray(value) ? [look.language, ...value].join(',') : value.trim())
  }
  form.set('version', String(version))
  if (logo) form.set('logo', logo)
  return form
}

const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>

/** The public address of the organization's site, as a visitor opens it. */
const siteAddress = (org: OrganizationAnswer) => (org.domain ? `https://${org.domain}` : `${window.location.origin}/${org.slug}`)

/**
 * An owner's own site look: name, theme, logo, social links and the custom page. Saves with the
 * version it read; a change saved meanwhile by someone else opens the per-field conflict dialog.
 */
export function SiteLookPage() {
  const t = useT()
  const rich = useRichT()
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
      flash.show(t('admin.siteLook.updated'))
    },
  })

  const shipped = useShippedLanguages(look ? [look.language, ...look.languages] : [])
  useAdminTitle(t('admin.siteLook.title'))
  useEffect(() => {
    if (org.data && look === null) setLook(lookOf(org.data))
  }, [org.data, look])

  if (org.isPending || (org.data && look === null)) return <Loading text={t('signedIn.loading')} />
  if (org.isError || !org.data || !look)
    return <ErrorState message={errorMessage(org.error, t('admin.siteLook.loadFailed'))} onRetry={() => org.refetch()} />
  const current = org.data
  const fields = save.error instanceof ApiError ? save.error.fields : undefined
  const pending = domains.data?.pendingDomains.find((d) => d.organizationId === current.id)

  const send = (input: SiteLook, version: number) =>
    save.mutate(
      { input, version },
      {
        onError: (error) => {
          conflict.offer(
            error,
            input,
            labelsIn(t),
            (merged, fresh) => {
              setLook(merged)
              send(merged, fresh)
            },
            (key, value) =>
              key === 'language' && typeof value === 'string'
                ? languageName(value)
                : key === 'languages' && Array.isArray(value)
                  ? value.map((code) => languageName(String(code))).join(', ')
                  : String(value ?? ''),
          )
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
  const fieldProblem = (key: string) => (key === 'name' && !look.name.trim() ? t('admin.siteLook.nameRequired') : fields?.[key])
  const chooseSiteLanguage = (language: string) =>
    // The site's language is always one visitors may choose.
    setLook({ ...look, language, languages: look.languages.includes(language) ? look.languages : [...look.languages, language] })
  const toggleLanguage = (code: string, on: boolean) =>
    set('languages', on ? [...look.languages, code] : look.languages.filter((other) => other !== code))

  return (
    <section className="admin-page site-look">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.siteLook.title')}</h1>
        <a className="button" href={siteAddress(current)} target="_blank" rel="noreferrer">
          {t('admin.siteLook.viewSite')}
        </a>
      </div>
      <p className="muted">{rich('admin.siteLook.intro', { address: siteAddress(current), strong: bold })}</p>
      {pending ? (
        <p className="site-look-domain" role="status">
          {rich('admin.siteLook.domainPending', { domain: pending.domain, status: pending.status, strong: bold })}
        </p>
      ) : null}
      <Flash message={flash.message} />
      <form className="site-look-form" onSubmit={submit} noValidate>
        {save.isError && !staleConflict(save.error) ? (
          <p className="form-error" role="alert">
            {errorMessage(save.error, t('admin.siteLook.saveFailed'))}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-name`}>{t(LABEL_KEYS.name)}</label>
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
          <legend>{t(LABEL_KEYS.theme)}</legend>
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
              {theme === 'light' ? t('admin.siteLook.light') : t('admin.siteLook.dark')}
            </label>
          ))}
        </fieldset>
        <TimeZoneField
          id={`${id}-timeZone`}
          value={look.timeZone}
          onChange={(zone) => set('timeZone', zone)}
          error={fieldProblem('timeZone')}
        />
        <CurrencyField
          id={`${id}-currency`}
          value={look.currency}
          onChange={(currency) => set('currency', currency)}
          error={fieldProblem('currency')}
        />
        <div className="field">
          <label htmlFor={`${id}-language`}>{t(LABEL_KEYS.language)}</label>
          <select
            id={`${id}-language`}
            value={look.language}
            aria-invalid={fieldProblem('language') ? true : undefined}
            aria-describedby={fieldProblem('language') ? `${id}-language-error` : undefined}
            onChange={(event) => chooseSiteLanguage(event.target.value)}
          >
            {shipped.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
          {fieldProblem('language') ? (
            <span className="field-error" id={`${id}-language-error`}>
              {fieldProblem('language')}
            </span>
          ) : null}
        </div>
        <fieldset className="field site-look-languages" aria-describedby={`${id}-languages-hint`}>
          <legend>{t(LABEL_KEYS.languages)}</legend>
          <p className="muted" id={`${id}-languages-hint`}>
            {t('admin.siteLook.languagesHint')}
          </p>
          <div className="site-look-language-list">
            {shipped.map((code) => (
              <label key={code} className="checkbox site-look-language" lang={code}>
                <input
                  type="checkbox"
                  checked={code === look.language || look.languages.includes(code)}
                  disabled={code === look.language}
                  onChange={(event) => toggleLanguage(code, event.target.checked)}
                />
                {languageName(code)}
              </label>
            ))}
          </div>
          {fieldProblem('languages') ? <span className="field-error">{fieldProblem('languages')}</span> : null}
        </fieldset>
        <BrandColourFields
          id={`${id}-brand`}
          value={{ brandPrimary: look.brandPrimary, brandAccent: look.brandAccent }}
          onChange={(colours) => setLook({ ...look, ...colours })}
          errors={fields}
        />
        <ImageField
          key={logoKey}
          id={`${id}-logo`}
          label={t('admin.siteLook.logo')}
          current={current.logo_url}
          onChange={setLogo}
          onBusyChange={setLogoBusy}
        />
        {fields?.logo ? <span className="field-error">{fields.logo}</span> : null}
        {LINKS.map(({ key, placeholder }) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>{t(LABEL_KEYS[key])}</label>
            <input
              id={`${id}-${key}`}
              type="url"
              inputMode="url"
              placeholder={t(placeholder)}
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
            {t('admin.siteLook.discard')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={!changed || save.isPending || logoBusy || brandColoursRefused(look)}
          >
            {save.isPending ? t('admin.siteLook.saving') : t('admin.siteLook.save')}
          </button>
        </div>
      </form>
      {conflict.dialog}
    </section>
  )
}
