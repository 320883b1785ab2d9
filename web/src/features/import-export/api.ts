import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  Choice,
  GamePreviewRow,
  GameSummary,
  ImportKind,
  RosterPreviewRow,
  RosterSummary,
} from '../../../../worker/domain/csv-import'
import { api } from '../../lib/api-client'

// The spreadsheet import and CSV export calls (docs/csv-import-export.md).

export type {
  GamePreviewRow as GameRow,
  GameSummary,
  ImportKind,
  PlayerCandidate,
  RosterPreviewRow as RosterRow,
  RosterSummary,
  RowStatus,
} from '../../../../worker/domain/csv-import'

/** Per row number: the default existing match, a new one, or one of the matching players by id. */
export type ImportChoices = Record<number, Choice>

export type Preview =
  | {
      kind: 'rosters'
      token: string
      rows: RosterPreviewRow[]
      summary: RosterSummary
      ignoredColumns: string[]
      canCommit: boolean
    }
  | { kind: 'games'; token: string; rows: GamePreviewRow[]; summary: GameSummary; ignoredColumns: string[]; canCommit: boolean }

export interface ImportRequest {
  seasonId: number
  leagueId: number
  kind: ImportKind
  text: string
  token?: string
  choices?: ImportChoices
}

const leaguePath = (seasonId: number, leagueId: number) => `/api/csv/seasons/${seasonId}/leagues/${leagueId}`

export function useCommitImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ seasonId, leagueId, kind, text, token, choices }: ImportRequest) =>
      api.post<{ kind: ImportKind; summary: RosterSummary | GameSummary; written: boolean }>(
        `${leaguePath(seasonId, leagueId)}/import/commit`,
        { kind, text, token, choices },
      ),
    // Teams, rosters, players, standings and schedules all change.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'csv-preview' }),
  })
}

/** Where each export downloads from (a plain link: the browser saves the file). */
export const exportUrls = (seasonId: number, leagueId: number) => ({
  rosters: `${leaguePath(seasonId, leagueId)}/rosters.csv`,
  schedule: `${leaguePath(seasonId, leagueId)}/games.csv`,
  standings: `${leaguePath(seasonId, leagueId)}/standings.csv`,
  boxScores: `${leaguePath(seasonId, leagueId)}/box-scores.csv`,
  players: '/api/csv/players.csv',
})
