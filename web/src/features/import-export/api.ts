import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ImportDone, importBody } from '../../../../worker/contract/csv'
import type { Choice } from '../../../../worker/domain/csv-import'
import { apiHref } from '../../lib/acting-org'
import { api } from '../../lib/api-client'

// The spreadsheet import and CSV export calls (docs/csv-import-export.md); the answers are the
// API's (worker/contract/csv.ts).

export type {
  GamePreviewRow as GameRow,
  GameSummary,
  ImportKind,
  ImportPreview as Preview,
  PlayerCandidate,
  RosterPreviewRow as RosterRow,
  RosterSummary,
} from '../../../../worker/contract/csv'
export type { RowStatus } from '../../../../worker/domain/csv-import'

/** Per row number: the default existing match, a new one, or one of the matching players by id. */
export type ImportChoices = Record<number, Choice>

/** The import calls' body, and the league they import into. */
export type ImportRequest = { seasonId: number; leagueId: number } & z.input<typeof importBody>

const leaguePath = (seasonId: number, leagueId: number) => `/api/csv/seasons/${seasonId}/leagues/${leagueId}`

export function useCommitImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ seasonId, leagueId, kind, text, token, choices }: ImportRequest) =>
      api.post<ImportDone>(`${leaguePath(seasonId, leagueId)}/import/commit`, { kind, text, token, choices }),
    // Teams, rosters, players, standings and schedules all change.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'csv-preview' }),
  })
}

/** Where each export downloads from (a plain link: the browser saves the file). */
export const exportUrls = (seasonId: number, leagueId: number) => ({
  rosters: apiHref(`${leaguePath(seasonId, leagueId)}/rosters.csv`),
  schedule: apiHref(`${leaguePath(seasonId, leagueId)}/games.csv`),
  standings: apiHref(`${leaguePath(seasonId, leagueId)}/standings.csv`),
  boxScores: apiHref(`${leaguePath(seasonId, leagueId)}/box-scores.csv`),
  players: apiHref('/api/csv/players.csv'),
})
