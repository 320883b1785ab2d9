import { useId, useState } from 'react'
import { WIDGET_KINDS, WIDGETS, type WidgetKind, widgetSnippet, widgetUrl } from '../../../../worker/domain/widgets'
import { Flash, useFlash } from '../../components/flash'
import { namedOption as named, OptionsField } from '../../components/select-field'
import { ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useRichT, useT } from '../../lib/i18n'
import { useSeasonBrackets } from '../../lib/playoffs-api'
import { useLeaguesWithTeams, useSeasons } from '../../lib/seasons-api'
import { isCustomDomain } from '../../lib/tenant'
import { useWorkingOrganization } from '../../lib/use-acting-org'
import { useAdminTitle } from '../../lib/use-admin-title'
import './embed-widgets.css'

/**
 * "Embed widgets" (docs/widgets.md): staff and owners choose a widget and what it shows, copy the
 * iframe snippet for another site, and see the widget live in a preview.
 */
export function EmbedWidgetsPage() {
  const t = useT()
  const rich = useRichT()
  // The signed-in user's organization (name and slug) comes with the sign-in check; a super admin's is the one chosen.
  const working = useWorkingOrganization()
  const organization = working?.slug ? { ...working, slug: working.slug } : null
  const id = useId()
  const flash = useFlash()
  const seasons = useSeasons()
  // The widgets show what the public site shows: the active season and those published ahead.
  const publicSeasons = (seasons.data ?? []).filter((s) => s.active || s.published)
  const [kind, setKind] = useState<WidgetKind>('standings')
  const [seasonId, setSeasonId] = useState<number | null>(null)
  const [leagueId, setLeagueId] = useState<number | null>(null)
  const [teamId, setTeamId] = useState<number | null>(null)
  const [bracketId, setBracketId] = useState<number | null>(null)
  const season = publicSeasons.find((s) => s.id === seasonId) ?? publicSeasons.find((s) => s.active) ?? publicSeasons[0]
  const leagues = useLeaguesWithTeams(season?.id ?? null)
  const brackets = useSeasonBrackets(null, kind === 'bracket' ? season?.id : undefined)

  useAdminTitle(t('admin.widgets.title'))

  if (seasons.isPending) return <Loading text={t('admin.widgets.loading')} />
  if (seasons.isError || !organization)
    return (
      <ErrorState message={errorMessage(seasons.error, t('admin.widgets.loadFailed'))} onRetry={() => void seasons.refetch()} />
    )

  const info = WIDGETS[kind]
  const leagueList = leagues.data?.leagues ?? []
  const league = leagueList.find((l) => l.id === leagueId) ?? leagueList[0]
  const teams = league?.teams ?? []
  const team = teams.find((t) => t.id === teamId)
  const bracketList = brackets.data ?? []
  const bracket = bracketList.find((b) => b.id === bracketId) ?? bracketList[0]
  // The organization's own site on this host: the slug on the platform host, the root on its domain.
  const site = isCustomDomain() ? window.location.origin : `${window.location.origin}/${encodeURIComponent(organization.slug)}`
  const seasonParam = season && !season.active ? season.id : undefined
  let params: Record<string, number | undefined> | null = {}
  let subject = organization.name
  if (info.needs === 'league' || info.needs === 'league-or-team') {
    if (team && info.needs === 'league-or-team') {
      params = { team: team.id, season: seasonParam }
      subject = team.name
    } else if (league) {
      params = { league: league.id, season: seasonParam }
      subject = league.name
    } else params = null
  } else if (info.needs === 'bracket') {
    params = bracket ? { bracket: bracket.id } : null
    subject = bracket?.name ?? subject
  }
  const url = params ? widgetUrl(site, kind, params) : null
  const title = t('admin.widgets.snippetTitle', { widget: t('admin.widgets.kind', { kind }), subject })
  const snippet = url ? widgetSnippet(url, title, info.height) : ''
  const missing =
    info.needs === 'bracket' ? t('admin.widgets.noBracket') : !season ? t('admin.widgets.noSeason') : t('admin.widgets.noLeagues')

  const pickLeague = (next: number) => {
    setLeagueId(next)
    setTeamId(null)
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet)
      flash.show(t('admin.widgets.copied'))
    } catch {
      const field = document.getElementById(`${id}-snippet`) as HTMLTextAreaElement | null
      field?.select()
      flash.show(t('admin.widgets.pressCopy'))
    }
  }

  return (
    <section className="admin-page embed-widgets">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.widgets.title')}</h1>
      </div>
      <p className="muted">{t('admin.widgets.intro')}</p>
      <p className="muted">{rich('admin.widgets.api', { link: (chunks) => <a href="/api/reference">{chunks}</a> })}</p>
      <div className="embed-widgets-form">
        <OptionsField
          id={`${id}-kind`}
          label={t('admin.widgets.widget')}
          value={kind}
          options={WIDGET_KINDS.map((k) => ({ value: k, label: t('admin.widgets.kind', { kind: k }) }))}
          onChange={(value) => setKind(value as WidgetKind)}
        />
        {info.needs !== null && publicSeasons.length > 1 ? (
          <OptionsField
            id={`${id}-season`}
            label={t('admin.widgets.season')}
            value={season?.id ?? ''}
            options={publicSeasons.map((s) => ({
              value: s.id,
              label: t('admin.widgets.seasonOption', { name: s.name, current: s.active ? 'yes' : 'no' }),
            }))}
            onChange={(value) => {
              setSeasonId(Number(value))
              setLeagueId(null)
              setTeamId(null)
              setBracketId(null)
            }}
          />
        ) : null}
        {info.needs === 'league' || info.needs === 'league-or-team' ? (
          <RecordSelect
            id={`${id}-league`}
            label={t('admin.widgets.league')}
            rows={leagueList}
            value={league?.id}
            onPick={pickLeague}
          />
        ) : null}
        {info.needs === 'league-or-team' ? (
          <OptionsField
            id={`${id}-team`}
            label={t('admin.widgets.team')}
            value={team?.id ?? ''}
            emptyOption={t('admin.widgets.wholeLeague')}
            options={teams.map(named)}
            onChange={(value) => setTeamId(value ? Number(value) : null)}
          />
        ) : null}
        {info.needs === 'bracket' ? (
          <RecordSelect
            id={`${id}-bracket`}
            label={t('admin.widgets.bracket')}
            rows={bracketList}
            value={bracket?.id}
            onPick={setBracketId}
          />
        ) : null}
      </div>
      {leagues.isLoading || brackets.isLoading ? <Loading text={t('admin.widgets.loading')} /> : null}
      {url ? (
        <>
          <div className="field embed-widgets-snippet">
            <label htmlFor={`${id}-snippet`}>{t('admin.widgets.snippet')}</label>
            <textarea id={`${id}-snippet`} readOnly rows={4} value={snippet} onFocus={(event) => event.target.select()} />
            <div className="embed-widgets-actions">
              <button type="button" className="button button-primary" onClick={copy}>
                {t('admin.widgets.copy')}
              </button>
              <a className="button" href={url} target="_blank" rel="noreferrer">
                {t('admin.widgets.open')}
              </a>
            </div>
            <Flash message={flash.message} />
          </div>
          <h2 className="embed-widgets-preview-title">{t('admin.widgets.preview')}</h2>
          <iframe
            key={url}
            className="embed-widgets-preview"
            src={url}
            title={t('admin.widgets.previewTitle', { title })}
            height={info.height}
            loading="lazy"
          />
        </>
      ) : leagues.isLoading || brackets.isLoading ? null : (
        <p className="muted" role="status">
          {missing}
        </p>
      )}
    </section>
  )
}

interface RecordSelectProps {
  id: string
  label: string
  rows: { id: number; name: string }[]
  value: number | undefined
  onPick: (id: number) => void
}

/** A choice among the season's leagues or brackets; none yet leaves it disabled. */
function RecordSelect({ id, label, rows, value, onPick }: RecordSelectProps) {
  return (
    <OptionsField
      id={id}
      label={label}
      value={value ?? ''}
      disabled={rows.length === 0}
      options={rows.map(named)}
      onChange={(picked) => onPick(Number(picked))}
    />
  )
}
