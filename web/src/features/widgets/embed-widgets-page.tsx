import { useEffect, useId, useState } from 'react'
import { WIDGET_KINDS, WIDGETS, type WidgetKind, widgetSnippet, widgetUrl } from '../../../../worker/domain/widgets'
import { Flash, useFlash } from '../../components/flash'
import { namedOption as named, OptionsField } from '../../components/select-field'
import { ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useSeasonBrackets } from '../../lib/playoffs-api'
import { useLeaguesWithTeams, useSeasons } from '../../lib/seasons-api'
import { isCustomDomain } from '../../lib/tenant'
import { useWorkingOrganization } from '../../lib/use-acting-org'
import './embed-widgets.css'

/**
 * "Embed widgets" (docs/widgets.md): staff and owners choose a widget and what it shows, copy the
 * iframe snippet for another site, and see the widget live in a preview.
 */
export function EmbedWidgetsPage() {
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

  useEffect(() => {
    document.title = 'Embed widgets · Courtside'
  }, [])

  if (seasons.isPending) return <Loading />
  if (seasons.isError || !organization)
    return (
      <ErrorState
        message={errorMessage(seasons.error, 'Your organization could not be loaded.')}
        onRetry={() => void seasons.refetch()}
      />
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
  const title = `${info.label} · ${subject}`
  const snippet = url ? widgetSnippet(url, title, info.height) : ''
  const missing =
    info.needs === 'bracket'
      ? 'This season has no playoff bracket yet.'
      : !season
        ? 'There is no active or published season yet.'
        : 'This season has no leagues yet.'

  const pickLeague = (next: number) => {
    setLeagueId(next)
    setTeamId(null)
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet)
      flash.show('Snippet copied.')
    } catch {
      const field = document.getElementById(`${id}-snippet`) as HTMLTextAreaElement | null
      field?.select()
      flash.show('Press Ctrl+C (⌘C) to copy the selected snippet.')
    }
  }

  return (
    <section className="admin-page embed-widgets">
      <div className="page-heading">
        <h1 className="page-title">Embed widgets</h1>
      </div>
      <p className="muted">
        Show your standings, schedule, scores, leaders or bracket on another website: choose a widget, copy the snippet and paste
        it into that site&apos;s HTML. The widget follows your site&apos;s theme and updates by itself when a score is saved.
      </p>
      <p className="muted">
        Building something of your own? Every call of the API, with its fields and answers, is in the{' '}
        <a href="/api/reference">API reference</a>.
      </p>
      <div className="embed-widgets-form">
        <OptionsField
          id={`${id}-kind`}
          label="Widget"
          value={kind}
          options={WIDGET_KINDS.map((k) => ({ value: k, label: WIDGETS[k].label }))}
          onChange={(value) => setKind(value as WidgetKind)}
        />
        {info.needs !== null && publicSeasons.length > 1 ? (
          <OptionsField
            id={`${id}-season`}
            label="Season"
            value={season?.id ?? ''}
            options={publicSeasons.map((s) => ({ value: s.id, label: `${s.name} ${s.active ? '(current)' : '(upcoming)'}` }))}
            onChange={(value) => {
              setSeasonId(Number(value))
              setLeagueId(null)
              setTeamId(null)
              setBracketId(null)
            }}
          />
        ) : null}
        {info.needs === 'league' || info.needs === 'league-or-team' ? (
          <RecordSelect id={`${id}-league`} label="League" rows={leagueList} value={league?.id} onPick={pickLeague} />
        ) : null}
        {info.needs === 'league-or-team' ? (
          <OptionsField
            id={`${id}-team`}
            label="Team"
            value={team?.id ?? ''}
            emptyOption="Whole league"
            options={teams.map(named)}
            onChange={(value) => setTeamId(value ? Number(value) : null)}
          />
        ) : null}
        {info.needs === 'bracket' ? (
          <RecordSelect id={`${id}-bracket`} label="Bracket" rows={bracketList} value={bracket?.id} onPick={setBracketId} />
        ) : null}
      </div>
      {leagues.isLoading || brackets.isLoading ? <Loading /> : null}
      {url ? (
        <>
          <div className="field embed-widgets-snippet">
            <label htmlFor={`${id}-snippet`}>Snippet</label>
            <textarea id={`${id}-snippet`} readOnly rows={4} value={snippet} onFocus={(event) => event.target.select()} />
            <div className="embed-widgets-actions">
              <button type="button" className="button button-primary" onClick={copy}>
                Copy snippet
              </button>
              <a className="button" href={url} target="_blank" rel="noreferrer">
                Open widget
              </a>
            </div>
            <Flash message={flash.message} />
          </div>
          <h2 className="embed-widgets-preview-title">Preview</h2>
          <iframe
            key={url}
            className="embed-widgets-preview"
            src={url}
            title={`Preview: ${title}`}
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
