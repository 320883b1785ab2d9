// Spreadsheet import and CSV export of a league's data (docs/csv-import-export.md). Staff of the
// organization only: every call reads and writes the signed-in user's own organization (a super
// admin names one with organization_id), and a season or league of another answers 404.
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { importBody, importDone, importPreview } from '../contract/csv'
import { inOneTrip, runBatch } from '../db/client'
import {
  boxScoreRows,
  fingerprintGuard,
  gameWrites,
  latestTeams,
  playerExportRows,
  readGameState,
  readRosterState,
  rosterExportRows,
  rosterWrites,
  seasonStats,
} from '../db/queries/csv'
import { listDivisions } from '../db/queries/divisions'
import { gamesQuery } from '../db/queries/games'
import { seasonLeagueRows, seasonRows } from '../db/queries/seasons'
import { plural } from '../db/queries/shared'
import { standings } from '../db/queries/teams'
import { at } from '../domain/at'
import { type Cell, fileName, headerKey, toCsv } from '../domain/csv'
import {
  type Choice,
  type Choices,
  type ColumnTitles,
  EMAIL_HEADER_KEY,
  GAMES_HEADER_KEYS,
  IMPORT_COLUMN_KEYS,
  ImportInputError,
  type ImportKind,
  planGames,
  planRosters,
  ROSTER_HEADER,
  ROSTER_HEADER_KEYS,
} from '../domain/csv-import'
import { completeLine, isPercentage } from '../domain/derived-stats'
import { SOURCE_LANGUAGE } from '../domain/i18n'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { availableLanguages, requestLanguage, serverWords, translator, type Words } from '../lib/i18n'
import { sha256Hex } from '../lib/ids'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import { instantOrRefuse, orgTimeZone } from '../lib/zone'
import { writerOrgId } from '../middleware/tenant'

const leagueParam = z.object({ seasonId: id, leagueId: id })
const choicesOf = (raw: Record<string, Choice> | null | undefined): Choices =>
  new Map(Object.entries(raw ?? {}).map(([row, choice]) => [Number(row), choice]))

/** The preview's token: the state it was made from, for this league, season and kind. */
const tokenOf = (kind: ImportKind, seasonId: number, leagueId: number, fp: string) =>
  sha256Hex(`${kind} ${seasonId} ${leagueId} ${fp}`).then((hex) => hex.slice(0, 40))

function inputError(error: unknown): never {
  if (error instanceof ImportInputError) throw new ApiError(400, error.message, { [error.field]: error.message })
  throw error
}

/**
 * A league's import read, checked (404 when the season or the league in it is missing), and its rows
 * decided by `plan` (a file the import cannot read is a 400).
 */
function decided<Result>(read: { season: unknown; link: { id: number } | null | undefined }, plan: () => Result) {
  if (!read.season) throw notFound('Season')
  if (!read.link) throw notFound('League')
  try {
    return { linkId: read.link.id, result: plan() }
  } catch (error) {
    inputError(error)
  }
}

/** Reads the league and decides every row; 404 when the league is not in the organization's season. */
async function plan(
  c: Context<AppEnv>,
  orgId: number,
  seasonId: number,
  leagueId: number,
  kind: ImportKind,
  text: string,
  choices: Choices,
) {
  if (kind === 'rosters') {
    const read = await readRosterState(c.var.db, orgId, seasonId, leagueId)
    const [titles, yes] = await Promise.all([columnTitles(c), yesWords(c)])
    const { linkId, result } = decided(read, () => planRosters(text, read.state, choices, titles, yes))
    // Namesakes are told apart by their latest team.
    const ids = [...new Set(result.rows.flatMap((r) => r.candidates.map((p) => p.id)))]
    const latest = await latestTeams(c.var.db, orgId, ids)
    for (const r of result.rows) for (const p of r.candidates) p.team = latest.get(p.id) ?? null
    const token = await tokenOf(kind, seasonId, leagueId, read.fp)
    const writes = () => (result.plan ? rosterWrites(c.var.db, orgId, seasonId, leagueId, linkId, result.plan) : [])
    return { ...result, token, read, writes }
  }
  const read = await readGameState(c.var.db, orgId, seasonId, leagueId)
  const [zone, titles] = await Promise.all([orgTimeZone(c, orgId), columnTitles(c)])
  const { linkId, result } = decided(read, () => planGames(text, read.state, choices, zone, titles))
  const token = await tokenOf(kind, seasonId, leagueId, read.fp)
  const maxBefore = read.state.games.reduce((max, g) => Math.max(max, g.id), 0)
  const writes = () =>
    result.plan
      ? gameWrites(c.var.db, orgId, seasonId, leagueId, linkId, result.plan, read.finalPeriodId, maxBefore, (d, t) =>
          instantOrRefuse(d, t, zone),
        )
      : []
  return { ...result, token, read, writes }
}

/** What an import call's body would do in its league (preview and commit plan alike). */
const planOfRequest = (
  c: Context<AppEnv>,
  { seasonId, leagueId }: z.output<typeof leagueParam>,
  body: z.output<typeof importBody>,
) => plan(c, writerOrgId(c), seasonId, leagueId, body.kind, body.text, choicesOf(body.choices))

/**
 * The column titles the import reads besides the English ones: each shipped language's
 * (`server.csv.<key>`), so an export written in Spanish or French comes back in as it went out.
 */
async function columnTitles(c: Context<AppEnv>): Promise<ColumnTitles> {
  const titles: Record<string, string[]> = {}
  for (const language of await availableLanguages(c)) {
    if (language === 'en') continue
    const t = await translator(c, language, 'server')
    for (const key of IMPORT_COLUMN_KEYS) titles[key] = [...(titles[key] ?? []), t(`server.csv.${key}`)]
  }
  return titles
}

/** Each shipped language's word for yes (`server.csv.yes`): a captain's cell may say `sí` or `oui`. */
async function yesWords(c: Context<AppEnv>): Promise<string[]> {
  const words: string[] = []
  for (const language of await availableLanguages(c)) {
    if (language !== SOURCE_LANGUAGE) words.push((await translator(c, language, 'server'))('server.csv.yes'))
  }
  return words
}

/**
 * A row's problems or notes in the answer's language: each problem read back from its English
 * template, and a matched game's changed fields (machine keys, `changes`) named in the language as a
 * list (docs/languages.md). English: the row's message as the import wrote it.
 */
function rowMessage(r: { message: string | null; status: string; changes?: string[] }, words: Words | null): string | null {
  if (!words || !r.message) return r.message
  if (r.status !== 'error' && r.changes && r.changes.length > 0) {
    const fields = new Intl.ListFormat(words.language, { type: 'conjunction' }).format(
      r.changes.map((change) => words.t(`server.csv.change.${change}`)),
    )
    return words.t('api.csv.updatesGame', { fields })
  }
  // One problem after another, as the language separates them (French puts a no-break space before the semicolon).
  return r.message.split('; ').map(words.say).join(words.t('server.csv.problemSeparator'))
}

/**
 * The words of an export (docs/decisions/2026-11-28-server-language.md): human column titles in the
 * signed-in user's language (null: the organization's); machine values (status, `yes`) as they are.
 */
async function exportTitles(c: Context<AppEnv>) {
  const user = c.var.user
  const { t } = await serverWords(c, user?.language ?? user?.orgLanguage ?? 'en')
  return (...keys: readonly string[]) => keys.map((key) => t(`server.csv.${key}`))
}

function csvFile(c: Context<AppEnv>, name: string, header: string[], rows: Cell[][]) {
  return c.body(toCsv(header, rows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'private, no-store',
  })
}

/**
 * The season and league of an export, as batchable reads that come with the export's own (one
 * round trip); `checked` answers 404 for either outside the organization, and names the file.
 */
function placeQueries(c: Context<AppEnv>, orgId: number, seasonId: number, leagueId: number) {
  return [seasonRows(c.var.db, orgId, seasonId), seasonLeagueRows(c.var.db, orgId, seasonId, leagueId)] as const
}
function checked([season]: { name: string }[], [league]: { name: string }[]) {
  if (!season) throw notFound('Season')
  if (!league) throw notFound('League')
  return (what: string) => fileName(season.name, league.name, what)
}

const leaguePath = '/seasons/:seasonId/leagues/:leagueId'
/** An export's answer: a CSV file to save. */
const csvAnswer = (summary: string) => answers(`${summary}, as CSV`, { 200: { description: 'The CSV file', media: 'text/csv' } })
/** What preview and commit read: the league, and the rows with the choices made on them. */
const importInput = [validate('param', leagueParam), validate('json', importBody)] as const

export const csvRoutes = new Hono<AppEnv>()
  .post(`${leaguePath}/import/preview`, answers('Preview an import', { 200: importPreview }), ...importInput, async (c) => {
    const body = c.req.valid('json')
    const result = await planOfRequest(c, c.req.valid('param'), body)
    // Each row's problems and notes in the language the screen asks for (docs/decisions/2026-11-28-server-language.md).
    const language = await requestLanguage(c)
    const words = language === SOURCE_LANGUAGE ? null : await serverWords(c, language)
    const rows = words ? result.rows.map((r) => (r.message ? { ...r, message: rowMessage(r, words) } : r)) : result.rows
    return c.json({
      kind: body.kind,
      token: result.token,
      rows,
      summary: result.summary,
      ignoredColumns: result.ignored,
      canCommit: result.plan !== null,
    })
  })
  .post(`${leaguePath}/import/commit`, answers('Import rosters or games', { 200: importDone }), ...importInput, async (c) => {
    const body = c.req.valid('json')
    const result = await planOfRequest(c, c.req.valid('param'), body)
    if (body.token && body.token !== result.token) {
      throw new ApiError(
        409,
        'The league changed since your preview (teams, players, rosters or games were added or edited). Nothing was imported: preview again to see what the import does now.',
        undefined,
        undefined,
        { token: result.token },
      )
    }
    if (!result.plan) {
      const bad = result.rows.filter((r) => r.status === 'error')
      // No plan means some row has an error.
      const firstBad = at(bad, 0)
      // In the request's language: each row's problems, and the message and field written whole around them.
      const language = await requestLanguage(c)
      const words = language === SOURCE_LANGUAGE ? null : await serverWords(c, language)
      const problem = rowMessage(firstBad, words) ?? ''
      const row = String(firstBad.row)
      throw new ApiError(
        400,
        `${plural(bad.length, 'row has', 'rows have')} errors, so nothing was imported. Row ${firstBad.row}: ${firstBad.message}`,
        { text: `Row ${firstBad.row}: ${firstBad.message}` },
        undefined,
        { rows: bad.map((r) => ({ row: r.row, message: rowMessage(r, words) })) },
      ).translated(
        {
          key: bad.length === 1 ? 'api.csv.rowErrorsOne' : 'api.csv.rowErrorsMany',
          values: { count: String(bad.length), row, problem },
        },
        { text: { key: 'api.csv.row', values: { row, problem } } },
      )
    }
    const items = result.writes()
    if (items.length > 0) {
      // The whole import is this one batch, written only while the league is as it was read.
      const guard = fingerprintGuard(result.read.fingerprint, result.read.fp)
      c.var.guards.add({
        ...guard,
        conflict: async () =>
          new ApiError(409, 'Someone changed this league while the import was being saved. Nothing was imported: preview again.'),
      })
      await runBatch(c.var.db, items)
    }
    return c.json({ kind: body.kind, summary: result.summary, written: items.length > 0 })
  })

  // ---- exports ----
  .get('/players.csv', csvAnswer('Every player with their attributes'), async (c) => {
    const orgId = writerOrgId(c)
    const { playerRows, attributes, values } = await playerExportRows(c.var.db, orgId)
    const byPlayer = Map.groupBy(values, (v) => v.playerId)
    const rows = playerRows.map((p) => {
      const own = byPlayer.get(p.id) ?? []
      return [
        p.firstName,
        p.lastName,
        p.email ?? '',
        ...attributes.map((a) => own.find((v) => v.attributeId === a.id)?.value ?? ''),
      ]
    })
    const title = await exportTitles(c)
    return csvFile(
      c,
      'players.csv',
      [...title('firstName', 'lastName', EMAIL_HEADER_KEY), ...attributes.map((a) => a.name)],
      rows,
    )
  })
  .get(`${leaguePath}/rosters.csv`, csvAnswer("A league's rosters"), validate('param', leagueParam), async (c) => {
    const orgId = writerOrgId(c)
    const { seasonId, leagueId } = c.req.valid('param')
    const data = await rosterExportRows(c.var.db, orgId, seasonId, leagueId)
    const name = checked(data.season, data.link)
    const division = new Map(data.divisions.map((d) => [d.id, d.name]))
    const byPlace = Map.groupBy(data.rosterRows, (r) => r.sltId)
    const value = new Map(data.values.map((v) => [`${v.playerId}:${v.attributeId}`, v.value]))
    // Player attributes (the Number a jersey carries, Position…) follow the roster's own columns.
    const attributes = data.attributes.filter((a) => !ROSTER_HEADER.some((h) => headerKey(h) === headerKey(a.name)))
    // The E-mail column only when a rostered player has an address: a league without any exports
    // as before (docs/decisions/2026-11-29-csv-email-column.md).
    const emails = data.rosterRows.some((p) => p.email) ? [EMAIL_HEADER_KEY] : []
    const rows: Cell[][] = []
    for (const team of data.leagueTeams) {
      const divisionName = team.divisionId ? (division.get(team.divisionId) ?? '') : ''
      const roster = byPlace.get(team.sltId) ?? []
      // A team without players still has its row, so the file brings the team back too.
      if (roster.length === 0) {
        rows.push([team.name, divisionName, '', '', '', ...emails.map(() => ''), ...attributes.map(() => '')])
      }
      for (const p of roster) {
        rows.push([
          team.name,
          divisionName,
          p.firstName,
          p.lastName,
          team.captainId === p.playerId ? 'yes' : '',
          ...emails.map(() => p.email ?? ''),
          ...attributes.map((a) => value.get(`${p.playerId}:${a.id}`) ?? ''),
        ])
      }
    }
    const title = await exportTitles(c)
    return csvFile(c, name('rosters'), [...title(...ROSTER_HEADER_KEYS, ...emails), ...attributes.map((a) => a.name)], rows)
  })
  .get(`${leaguePath}/games.csv`, csvAnswer("A league's schedule and results"), validate('param', leagueParam), async (c) => {
    const orgId = writerOrgId(c)
    const { seasonId, leagueId } = c.req.valid('param')
    const [season, league, games] = await c.var.db.batch([
      ...placeQueries(c, orgId, seasonId, leagueId),
      gamesQuery(c.var.db, orgId, { seasonId, leagueId }),
    ])
    const name = checked(season, league)
    const rows = games.map(({ game, team1Name, team2Name }) => {
      // An unplayed game has no score (empty cells), so the file reads as a schedule.
      const unscored = game.status === 'scheduled' && game.scoreTeam1 === 0 && game.scoreTeam2 === 0
      return [
        game.date,
        game.time,
        team1Name,
        team2Name,
        unscored ? null : game.scoreTeam1,
        unscored ? null : game.scoreTeam2,
        game.status,
        game.location,
      ]
    })
    return csvFile(c, name('schedule'), (await exportTitles(c))(...GAMES_HEADER_KEYS), rows)
  })
  .get(`${leaguePath}/standings.csv`, csvAnswer("A league's standings"), validate('param', leagueParam), async (c) => {
    const orgId = writerOrgId(c)
    const { seasonId, leagueId } = c.req.valid('param')
    const [[season, league, divisions], rows] = await inOneTrip(c.var.db, (db) =>
      Promise.all([
        db.batch([...placeQueries(c, orgId, seasonId, leagueId), listDivisions(db, orgId, seasonId)]),
        standings(db, orgId, seasonId, leagueId),
      ]),
    )
    const name = checked(season, league)
    const division = new Map(divisions.map((d) => [d.id, d.name]))
    const title = await exportTitles(c)
    return csvFile(
      c,
      name('standings'),
      [...title('rank', 'team', 'division', 'wins', 'losses', 'pct'), 'FT%', '3PM', ...title('players')],
      [...rows]
        .sort((a, b) => a.rank - b.rank)
        .map((t) => [
          t.rank,
          t.name,
          t.division_id ? (division.get(t.division_id) ?? '') : '',
          t.wins,
          t.losses,
          Number(t.winPercentage.toFixed(3)),
          Number(t.ftPercentage.toFixed(3)),
          t.total3PM,
          t.playersCount,
        ]),
    )
  })
  .get(`${leaguePath}/box-scores.csv`, csvAnswer("A league's box scores"), validate('param', leagueParam), async (c) => {
    const orgId = writerOrgId(c)
    const { seasonId, leagueId } = c.req.valid('param')
    const [season, league, stats, rows] = await c.var.db.batch([
      ...placeQueries(c, orgId, seasonId, leagueId),
      seasonStats(c.var.db, orgId, seasonId),
      boxScoreRows(c.var.db, orgId, seasonId, leagueId),
    ])
    const name = checked(season, league)
    const abbreviations = stats.map((s) => s.abbreviation)
    const abbreviationOf = new Map(stats.map((s) => [s.id, s.abbreviation]))
    const lines = Map.groupBy(rows, (r) => `${r.gameId}:${r.playerId}`)
    const out: Cell[][] = []
    for (const line of lines.values()) {
      const first = at(line, 0)
      const values: Record<string, number> = {}
      for (const r of line) {
        const abbreviation = abbreviationOf.get(r.statId)
        if (abbreviation) values[abbreviation] = r.value
      }
      const complete = completeLine(values, abbreviations)
      out.push([
        first.date,
        first.time,
        first.home,
        first.away,
        first.team,
        first.firstName,
        first.lastName,
        ...abbreviations.map((a) => (isPercentage(a) ? Number((complete[a] ?? 0).toFixed(3)) : (complete[a] ?? 0))),
      ])
    }
    return csvFile(
      c,
      name('box-scores'),
      [...(await exportTitles(c))('date', 'time', 'home', 'away', 'team', 'firstName', 'lastName'), ...abbreviations],
      out,
    )
  })
