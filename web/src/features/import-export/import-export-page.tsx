import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Flash, useFlash } from '../../components/flash'
import { FieldError, FormError } from '../../components/form-modal'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { ApiError, api, errorMessage } from '../../lib/api-client'
import { useAddLeague, useSeasonLeagues, useSeasons } from '../../lib/seasons-api'
import { useDebounced } from '../../lib/use-debounced'
import {
  exportUrls,
  type GameRow,
  type ImportChoices,
  type ImportKind,
  type Preview,
  type RosterRow,
  type RowStatus,
  useCommitImport,
} from './api'
import './import-export.css'
import { NameOptions, SelectField } from '../../components/select-field'
import { useAdminTitle } from '../../lib/use-admin-title'

const MAX_CHARS = 1_000_000
type KindInfo = { kind: ImportKind; label: string; columns: string; example: string }
const KINDS: [KindInfo, ...KindInfo[]] = [
  {
    kind: 'rosters',
    label: 'Teams and players',
    columns: 'Team, First name, Last name — and if you like Division, Captain (yes) and your player attributes (Number…)',
    example: 'Team\tFirst name\tLast name\tCaptain\nHawks\tAnn\tLee\tyes\nHawks\tBo\tDiaz\t\nOwls\tCy\tPark\tyes',
  },
  {
    kind: 'games',
    label: 'Games',
    columns: 'Date, Time, Home, Away — and if you like Home score, Away score, Status, Location',
    example:
      'Date\tTime\tHome\tAway\tHome score\tAway score\n2026-01-05\t19:00\tHawks\tOwls\t\t\n2026-01-05\t20:00\tOwls\tHawks\t61\t58',
  },
]
const STATUS_LABEL: Record<RowStatus, string> = { new: 'New', match: 'Match', error: 'Error' }
const TEAM_NOTE = { new: 'new team', existing: 'returning team', inLeague: 'in this league' } as const

/** A file as text: UTF-8 (the BOM is dropped by the server), else the Windows encoding spreadsheets save in. */
async function readFileText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer()
  const text = new TextDecoder('utf-8').decode(bytes)
  return text.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : text
}

function StatusCell({ status }: { status: RowStatus }) {
  return <span className={`import-status import-status-${status}`}>{STATUS_LABEL[status]}</span>
}

function summaryText(preview: Preview): string {
  const s = preview.summary
  const parts: string[] = [`${s.rows} ${s.rows === 1 ? 'row' : 'rows'}`]
  if ('newTeams' in s) {
    if (s.newTeams) parts.push(`${s.newTeams} new ${s.newTeams === 1 ? 'team' : 'teams'}`)
    if (s.addedTeams) parts.push(`${s.addedTeams} returning ${s.addedTeams === 1 ? 'team' : 'teams'}`)
    if (s.newPlayers) parts.push(`${s.newPlayers} new ${s.newPlayers === 1 ? 'player' : 'players'}`)
    if (s.existingPlayers) parts.push(`${s.existingPlayers} existing ${s.existingPlayers === 1 ? 'player' : 'players'} added`)
  } else {
    if (s.newGames) parts.push(`${s.newGames} new ${s.newGames === 1 ? 'game' : 'games'}`)
    if (s.updatedGames) parts.push(`${s.updatedGames} updated`)
  }
  if (s.unchanged) parts.push(`${s.unchanged} already there`)
  if (s.errors) parts.push(`${s.errors} with errors`)
  return parts.join(' · ')
}

/**
 * Import and export (docs/csv-import-export.md): paste rows from a spreadsheet or upload a CSV for a
 * league of a season, see what each row would do, commit them all at once; download the league's
 * rosters, schedule, standings and box scores, and every player.
 */
export function ImportExportPage() {
  const id = useId()
  const flash = useFlash(6000)
  const [params, setParams] = useSearchParams()
  const seasons = useSeasons()
  const requestedSeason = Number(params.get('seasonId')) || null
  const seasonId = requestedSeason ?? seasons.data?.find((s) => s.active)?.id ?? seasons.data?.[0]?.id ?? null
  const leagues = useSeasonLeagues(seasonId)
  const requestedLeague = Number(params.get('leagueId')) || null
  const leagueId =
    requestedLeague && leagues.data?.some((l) => l.id === requestedLeague) ? requestedLeague : (leagues.data?.[0]?.id ?? null)
  const season = seasons.data?.find((s) => s.id === seasonId)
  const league = leagues.data?.find((l) => l.id === leagueId)
  const [kind, setKind] = useState<ImportKind>(params.get('kind') === 'games' ? 'games' : 'rosters')
  const [text, setText] = useState('')
  const [fileNote, setFileNote] = useState<string | null>(null)
  const [choiceState, setChoiceState] = useState<{ token: string | null; values: ImportChoices }>({ token: null, values: {} })
  const [done, setDone] = useState<ReactNode>(null)
  const doneBox = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!done) return
    doneBox.current?.scrollIntoView({ block: 'center' })
    doneBox.current?.focus({ preventScroll: true })
  }, [done])
  const fileInput = useRef<HTMLInputElement>(null)
  const commit = useCommitImport()
  // A league made here for the rows about to be pasted (the season page's Add League, inline).
  const [newLeague, setNewLeague] = useState<string | null>(null)
  const addLeague = useAddLeague(seasonId ?? 0)

  useAdminTitle('Import and export')

  // The preview follows the paste, the file and the choices above it (a read: nothing is written).
  const input = useDebounced({ seasonId, leagueId, kind, text }, 350)
  const ready = input.seasonId !== null && input.leagueId !== null && input.text.trim() !== ''
  const preview = useQuery<Preview>({
    queryKey: ['csv-preview', input.seasonId, input.leagueId, input.kind, input.text],
    queryFn: ({ signal }) =>
      api
        .post<Preview>(`/api/csv/seasons/${input.seasonId}/leagues/${input.leagueId}/import/preview`, {
          kind: input.kind,
          text: input.text,
        })
        .then((body) => {
          signal.throwIfAborted()
          return body
        }),
    enabled: ready,
    retry: false,
    gcTime: 0,
    placeholderData: keepPreviousData,
  })
  const settled =
    ready &&
    !preview.isFetching &&
    input.text === text &&
    input.kind === kind &&
    input.seasonId === seasonId &&
    input.leagueId === leagueId
  const shown = text.trim() !== '' && preview.data?.kind === kind ? preview.data : null

  // Choices belong to the preview they were made on: a new preview starts with its own defaults.
  const choices = choiceState.token !== null && choiceState.token === shown?.token ? choiceState.values : {}
  const choose = (next: Partial<Record<string, string>>) => {
    const merged: ImportChoices = { ...choices }
    for (const [row, value] of Object.entries(next)) {
      if (value === undefined) continue
      merged[Number(row)] = value === 'new' || value === 'existing' ? value : Number(value)
    }
    setChoiceState({ token: shown?.token ?? null, values: merged })
  }

  const selectSeason = (value: string) => {
    const next = new URLSearchParams(params)
    next.set('seasonId', value)
    next.delete('leagueId')
    setParams(next, { replace: true })
  }
  const selectLeague = (value: string) => {
    const next = new URLSearchParams(params)
    if (seasonId) next.set('seasonId', String(seasonId))
    next.set('leagueId', value)
    setParams(next, { replace: true })
  }

  const submitLeague = (event: FormEvent) => {
    event.preventDefault()
    const name = newLeague?.trim()
    if (!name || seasonId === null) return
    addLeague.mutate(
      { name },
      {
        onSuccess: (created) => {
          setNewLeague(null)
          selectLeague(String(created.id))
          flash.show(`${created.name} added to ${season?.name ?? 'the season'}.`)
        },
      },
    )
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    if (file.size > MAX_CHARS * 2) {
      setFileNote(`${file.name} is too large: split it into files of at most 2,000 rows.`)
      return
    }
    setText(await readFileText(file))
    setFileNote(`Read ${file.name}.`)
    setDone(null)
  }

  const clear = () => {
    setText('')
    setFileNote(null)
    if (fileInput.current) fileInput.current.value = ''
  }

  const submit = () => {
    if (!shown || !settled || !shown.canCommit || seasonId === null || leagueId === null) return
    commit.mutate(
      { seasonId, leagueId, kind, text, token: shown.token, choices },
      {
        onSuccess: () => {
          const what = kind === 'rosters' ? 'Teams and players imported' : 'Games imported'
          flash.show(`${what} into ${league?.name ?? 'the league'}.`)
          setDone(
            <p className="import-done" role="status">
              {what}: {summaryText(shown)}.{' '}
              {kind === 'rosters' ? (
                <>
                  <Link to={`/dashboard/seasons/${seasonId}/leagues/${leagueId}`}>See the teams of {league?.name}</Link>
                  {' · '}
                  <Link to={`/scheduleBuilder?season=${seasonId}&league=${leagueId}`}>Build its schedule</Link>
                </>
              ) : (
                <Link to="/schedule">See the schedule</Link>
              )}
            </p>,
          )
          clear()
        },
        // The league changed since the preview: show what the import does now.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) preview.refetch()
        },
      },
    )
  }

  if (seasons.isPending) return <Loading text="Loading seasons..." />
  if (seasons.isError) return <ErrorState message={errorMessage(seasons.error, 'Seasons could not be loaded.')} />

  const kindInfo = KINDS.find((k) => k.kind === kind) ?? KINDS[0]
  const files = seasonId && leagueId ? exportUrls(seasonId, leagueId) : null
  const attributeNames =
    shown?.kind === 'rosters' ? [...new Set(shown.rows.flatMap((r) => Object.keys(r.attributes)))] : ([] as string[])

  return (
    <section className="admin-page import-export">
      <div className="page-heading">
        <h1 className="page-title">Import and export</h1>
      </div>
      <p className="muted">
        Paste rows copied from a spreadsheet, or upload a CSV file, for one league of a season. Nothing is saved until you press
        Import; the file exports below open in any spreadsheet and import back unchanged.
      </p>
      <Flash message={flash.message} />
      {/* After an import the form below is cleared: focus moves here, to the result and its next steps. */}
      <div ref={doneBox} tabIndex={-1} className="import-done-box">
        {done}
      </div>

      {!seasons.data?.length ? (
        <EmptyState>
          There are no seasons yet. <Link to="/dashboard/seasons">Create a season</Link> first.
        </EmptyState>
      ) : (
        <div className="form-grid import-where">
          <SelectField
            id={`${id}-season`}
            label="Season"
            value={seasonId ?? ''}
            onChange={(event) => selectSeason(event.target.value)}
          >
            <NameOptions items={seasons.data} markActive />
          </SelectField>
          <SelectField
            id={`${id}-league`}
            label="League"
            value={leagueId ?? ''}
            disabled={!leagues.data?.length}
            onChange={(event) => selectLeague(event.target.value)}
          >
            {leagues.isPending ? <option value="">Loading leagues...</option> : null}
            {leagues.data?.length === 0 ? <option value="">No leagues in this season</option> : null}
            <NameOptions items={leagues.data} />
          </SelectField>
          {seasonId && newLeague === null ? (
            <div className="field import-new-league">
              <button
                type="button"
                className="button"
                onClick={() => {
                  addLeague.reset()
                  setNewLeague('')
                }}
              >
                New league
              </button>
            </div>
          ) : null}
        </div>
      )}
      {seasonId && newLeague !== null ? (
        <form className="import-league-form" onSubmit={submitLeague} noValidate aria-label="New league">
          <div className="field">
            <label htmlFor={`${id}-new-league`}>New league in {season?.name ?? 'this season'}</label>
            <input
              id={`${id}-new-league`}
              value={newLeague}
              maxLength={120}
              required
              // biome-ignore lint/a11y/noAutofocus: the field the button just opened
              autoFocus
              aria-invalid={addLeague.isError ? true : undefined}
              aria-describedby={addLeague.isError ? `${id}-new-league-error` : undefined}
              onChange={(event) => setNewLeague(event.target.value)}
            />
            <FieldError id={`${id}-new-league-error`}>
              {addLeague.isError && errorMessage(addLeague.error, 'Failed to add league')}
            </FieldError>
          </div>
          <button type="submit" className="button button-primary" disabled={addLeague.isPending || !newLeague.trim()}>
            {addLeague.isPending ? 'Adding...' : 'Add league'}
          </button>
          <button type="button" className="button" onClick={() => setNewLeague(null)}>
            Cancel
          </button>
        </form>
      ) : null}
      {leagues.isError ? (
        <ErrorState message={errorMessage(leagues.error, 'Leagues could not be loaded.')} onRetry={() => leagues.refetch()} />
      ) : null}
      {seasonId && leagues.data?.length === 0 && newLeague === null ? (
        <EmptyState>{season?.name ?? 'This season'} has no leagues yet: add one with New league.</EmptyState>
      ) : null}

      {league ? (
        <>
          <h2 className="import-heading">Import into {league.name}</h2>
          <fieldset className="import-kind">
            <legend>What the rows are</legend>
            {KINDS.map((k) => (
              <label key={k.kind} className="checkbox">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={k.kind}
                  checked={kind === k.kind}
                  onChange={() => {
                    setKind(k.kind)
                    setDone(null)
                  }}
                />
                {k.label}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-text`}>Paste from a spreadsheet</label>
            <textarea
              id={`${id}-text`}
              className="import-text"
              rows={8}
              spellCheck={false}
              value={text}
              placeholder={kindInfo.example}
              aria-describedby={`${id}-columns`}
              onChange={(event) => {
                setText(event.target.value)
                setFileNote(null)
                setDone(null)
              }}
            />
            <span className="field-hint" id={`${id}-columns`}>
              First row: the column names. Columns: {kindInfo.columns}. Names match existing teams and players without regard to
              capitals.
            </span>
          </div>
          <div className="import-file">
            <div className="field">
              <label htmlFor={`${id}-file`}>Or upload a CSV file</label>
              <input
                id={`${id}-file`}
                ref={fileInput}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
                onChange={onFile}
              />
            </div>
            {text ? (
              <button type="button" className="button" onClick={clear}>
                Clear
              </button>
            ) : null}
          </div>
          {fileNote ? (
            <p className="field-hint" role="status">
              {fileNote}
            </p>
          ) : null}

          <div className="import-preview">
            {text.trim() === '' ? null : preview.isError && settled ? (
              <p className="form-error" role="alert">
                {errorMessage(preview.error, 'The rows could not be read.')}
              </p>
            ) : !shown ? (
              <Loading text="Reading the rows..." />
            ) : (
              <>
                <h2 className="import-heading">
                  Preview {preview.isFetching ? <span className="muted">(updating...)</span> : null}
                </h2>
                <p className="import-summary" role="status">
                  {summaryText(shown)}
                </p>
                {shown.ignoredColumns.length > 0 ? (
                  <p className="field-hint">Columns left out (not known): {shown.ignoredColumns.join(', ')}.</p>
                ) : null}
                {shown.kind === 'rosters' ? (
                  <RosterTable rows={shown.rows} attributeNames={attributeNames} choices={choices} onChoose={choose} />
                ) : (
                  <GameTable rows={shown.rows} choices={choices} onChoose={choose} />
                )}
                <FormError>
                  {!shown.canCommit &&
                    'Fix the rows marked Error in your spreadsheet, then paste or upload again. Nothing is imported while a row is in error.'}
                </FormError>
                <FormError>{commit.isError && errorMessage(commit.error, 'The rows could not be imported.')}</FormError>
                <div className="form-actions import-actions">
                  <button type="button" className="button" onClick={() => preview.refetch()} disabled={preview.isFetching}>
                    Preview again
                  </button>
                  <button
                    type="button"
                    className="button button-primary"
                    onClick={submit}
                    disabled={!shown.canCommit || !settled || commit.isPending}
                  >
                    {commit.isPending
                      ? 'Importing...'
                      : `Import ${shown.summary.rows} ${shown.summary.rows === 1 ? 'row' : 'rows'}`}
                  </button>
                  {commit.isPending ? <progress className="import-progress" aria-label="Importing" /> : null}
                </div>
              </>
            )}
          </div>

          <h2 className="import-heading">Export {league.name}</h2>
          <p className="muted">
            CSV files (UTF-8) of {league.name} in {season?.name}. Rosters and the schedule import back as they are: use them as
            templates.
          </p>
          {files ? (
            <div className="import-exports">
              <a className="button" href={files.rosters} download>
                Rosters (teams and players)
              </a>
              <a className="button" href={files.schedule} download>
                Schedule
              </a>
              <a className="button" href={files.standings} download>
                Standings
              </a>
              <a className="button" href={files.boxScores} download>
                Box scores
              </a>
            </div>
          ) : null}
        </>
      ) : null}
      <h2 className="import-heading">Export every player</h2>
      <div className="import-exports">
        <a className="button" href={exportUrls(0, 0).players} download>
          All players
        </a>
      </div>
    </section>
  )
}

type Choose = (next: Partial<Record<string, string>>) => void

/** An import's preview: a line a row, its number and status first, the note on it last. */
function PreviewTable<Row extends { row: number; status: RowStatus; message: string | null }>({
  rows,
  columns,
  cells,
}: {
  rows: Row[]
  columns: ReactNode
  cells: (row: Row) => ReactNode
}) {
  return (
    <div className="table-scroll">
      <table className="data-table import-table">
        <caption className="visually-hidden">What each row does</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Status</th>
            {columns}
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className={`import-row-${r.status}`}>
              <td className="cell-number">{r.row}</td>
              <td>
                <StatusCell status={r.status} />
              </td>
              {cells(r)}
              <td>{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function RosterTable({
  rows,
  attributeNames,
  choices,
  onChoose,
}: {
  rows: RosterRow[]
  attributeNames: string[]
  choices: ImportChoices
  onChoose: Choose
}) {
  return (
    <PreviewTable
      rows={rows}
      columns={
        <>
          <th scope="col">Team</th>
          <th scope="col">Division</th>
          <th scope="col">First name</th>
          <th scope="col">Last name</th>
          <th scope="col">Captain</th>
          {attributeNames.map((name) => (
            <th scope="col" key={name}>
              {name}
            </th>
          ))}
          <th scope="col">Player</th>
        </>
      }
      cells={(r) => (
        <>
          <td>
            {r.team}
            {r.teamStatus ? <span className="import-team-note"> ({TEAM_NOTE[r.teamStatus]})</span> : null}
          </td>
          <td>{r.division}</td>
          <td>{r.firstName}</td>
          <td>{r.lastName}</td>
          <td>{r.captain ? 'Yes' : ''}</td>
          {attributeNames.map((name) => (
            <td key={name}>{r.attributes[name] ?? ''}</td>
          ))}
          <td>
            {r.status === 'match' && r.candidates.length > 0 ? (
              <select
                aria-label={`Player for row ${r.row}`}
                value={String(choices[r.row] === 'new' ? 'new' : (choices[r.row] ?? r.playerId ?? 'new'))}
                onChange={(event) => onChoose({ [r.row]: event.target.value })}
              >
                {r.candidates.map((p) => (
                  <option key={p.id} value={p.id}>
                    Use {p.firstName} {p.lastName} ({p.team ?? 'no team yet'})
                  </option>
                ))}
                <option value="new">Create a new player</option>
              </select>
            ) : r.firstName && r.status === 'new' ? (
              'New player'
            ) : (
              ''
            )}
          </td>
        </>
      )}
    />
  )
}

function GameTable({ rows, choices, onChoose }: { rows: GameRow[]; choices: ImportChoices; onChoose: Choose }) {
  return (
    <PreviewTable
      rows={rows}
      columns={
        <>
          <th scope="col">Date</th>
          <th scope="col">Time</th>
          <th scope="col">Home</th>
          <th scope="col">Away</th>
          <th scope="col">Score</th>
          <th scope="col">Game status</th>
          <th scope="col">Location</th>
          <th scope="col">Game</th>
        </>
      }
      cells={(r) => (
        <>
          <td>{r.date ?? (r.status === 'error' ? '' : 'TBD')}</td>
          <td>{r.time ?? ''}</td>
          <td>{r.home}</td>
          <td>{r.away}</td>
          <td>{r.homeScore !== null && r.awayScore !== null ? `${r.homeScore}–${r.awayScore}` : ''}</td>
          <td>{r.gameStatus ?? ''}</td>
          <td>{r.location ?? ''}</td>
          <td>
            {r.status === 'match' ? (
              <select
                aria-label={`Game for row ${r.row}`}
                value={choices[r.row] === 'new' ? 'new' : 'existing'}
                onChange={(event) => onChoose({ [r.row]: event.target.value })}
              >
                <option value="existing">Update the existing game</option>
                <option value="new">Add as another game</option>
              </select>
            ) : r.status === 'new' ? (
              'New game'
            ) : (
              ''
            )}
          </td>
        </>
      )}
    />
  )
}
