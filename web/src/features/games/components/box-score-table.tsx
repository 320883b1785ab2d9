import type { ClipboardEvent, KeyboardEvent, ReactNode } from 'react'
import { Link } from 'react-router'
import { isDerived, type StatLine } from '../../../../../worker/domain/derived-stats'
import { TableScroll } from '../../../components/table-scroll'
import { currentLanguage, formatCount, useRichT, useT } from '../../../lib/i18n'
import type { RosterPlayer, StatDefinition } from '../api'
import { abbreviationsOf, type Drafts, displayLine, formatCell, hasValues, teamTotals } from '../box-score'

export interface BoxScoreTableProps {
  /** "Home" or "Away": names the table with the team. */
  side: string
  teamName: string
  /** The team's public page: the title's team name links there (docs/published-seasons.md). */
  teamHref?: string
  players: RosterPlayer[]
  stats: StatDefinition[]
  /** Each player's typed values (saved, or the editor's while editing). */
  lines: Map<number, StatLine>
  /** Present while editing: the text in each editable cell. */
  drafts?: Drafts
  /**
   * While editing, the input of an editable cell (components/stat-input.tsx, the admin page's only:
   * the public game page shares this table and does not download the editor's code).
   */
  cellInput?: (cell: { player: RosterPlayer; name: string; stat: StatDefinition; row: number; col: number }) => ReactNode
  playerHref: (playerId: number) => string
  /** docs/reference/league-admin.md §4: shown when the team's summed PTS differs from its saved final score. */
  mismatch?: { points: number; finalScore: number } | null
  /**
   * While editing: the grid's keyboard and paste handlers (features/games/box-score-grid.ts, the
   * admin page's only), listening on the table for its inputs' keys and pastes.
   */
  grid?: {
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
    onPaste: (event: ClipboardEvent<HTMLElement>) => void
  }
  /** A message about the grid (a refused paste), shown above the table. */
  notice?: string | null
}

const fullName = (player: RosterPlayer) => `${player.firstName} ${player.lastName}`.trim()

/** A cell as formatCell writes it in English (45.6), and with the user's decimal mark otherwise (45,6). */
function cellText(abbreviation: string, value: number | undefined): string {
  const english = formatCell(abbreviation, value)
  if (currentLanguage() === 'en' || !/^-?\d+(\.\d+)?$/.test(english)) return english
  const digits = english.split('.')[1]?.length ?? 0
  return formatCount(Number(english), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })
}

/**
 * One team's box score (docs/reference/league-admin.md Admin and Public game pages): a column per visible stat in the
 * organization's order, a row per player, and a totals row. Derived cells (percentages, and FGM/FGA
 * when 2P and 3P are kept) are never typed: they follow the typed cells as they change.
 */
export function BoxScoreTable({
  side,
  teamName,
  teamHref,
  players,
  stats,
  lines,
  drafts,
  cellInput,
  playerHref,
  mismatch,
  grid,
  notice,
}: BoxScoreTableProps) {
  const t = useT()
  const richT = useRichT()
  const abbreviations = abbreviationsOf(stats)
  const editing = drafts !== undefined
  const playedLines = players.map((p) => lines.get(p.id)).filter((line): line is StatLine => hasValues(line))
  const totals = teamTotals(playedLines, stats)
  const headingId = `box-score-${side.toLowerCase()}`

  let body: ReactNode
  if (players.length === 0) {
    body = (
      <tr>
        <td colSpan={stats.length + 1} className="box-score-empty">
          {t('admin.boxScore.noPlayers')}
        </td>
      </tr>
    )
  } else {
    body = players.map((player, row) => {
      const name = fullName(player)
      const line = lines.get(player.id)
      const played = editing || hasValues(line)
      const shown = displayLine(line ?? {}, stats)
      return (
        <tr key={player.id}>
          <th scope="row" className="box-score-player">
            <Link to={playerHref(player.id)}>{name}</Link>
          </th>
          {stats.map((stat, col) => {
            const derived = isDerived(stat.abbreviation, abbreviations)
            if (editing && !derived) {
              return (
                <td key={stat.id} data-stat={stat.abbreviation}>
                  {cellInput?.({ player, name, stat, row, col })}
                </td>
              )
            }
            return (
              <td key={stat.id} data-stat={stat.abbreviation} className={derived && editing ? 'cell-derived' : undefined}>
                {played ? cellText(stat.abbreviation, shown[stat.abbreviation]) : '–'}
              </td>
            )
          })}
        </tr>
      )
    })
  }

  return (
    <section className={editing ? 'box-score box-score-editing' : 'box-score'} aria-labelledby={headingId}>
      <h2 id={headingId} className="box-score-title">
        <span className="box-score-side">
          {side === 'Home' ? t('admin.game.sideHome') : side === 'Away' ? t('admin.game.sideAway') : side}
        </span>{' '}
        {teamHref ? <Link to={teamHref}>{teamName}</Link> : teamName}
      </h2>
      {mismatch ? (
        <p className="box-score-mismatch" role="status">
          {richT('admin.boxScore.mismatch', {
            points: mismatch.points,
            finalScore: mismatch.finalScore,
            b: (chunks) => <strong key="mismatch">{chunks}</strong>,
          })}
        </p>
      ) : null}
      {notice ? (
        <p className="box-score-notice" role="alert">
          {notice}
        </p>
      ) : null}
      <TableScroll label={t('admin.boxScore.label', { team: teamName })}>
        <table className="data-table box-score-table" onKeyDown={grid?.onKeyDown} onPaste={grid?.onPaste}>
          <caption className="visually-hidden">
            {t('admin.boxScore.caption', { team: teamName, side: side.toLowerCase() })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.common.player')}</th>
              {stats.map((stat) => (
                <th key={stat.id} scope="col" data-stat={stat.abbreviation}>
                  <abbr title={stat.name}>{stat.abbreviation}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
          {players.length > 0 ? (
            <tfoot>
              <tr className="box-score-totals">
                <th scope="row">{t('admin.boxScore.totals')}</th>
                {stats.map((stat) => (
                  <td key={stat.id} data-stat={stat.abbreviation}>
                    {cellText(stat.abbreviation, totals[stat.abbreviation])}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </TableScroll>
    </section>
  )
}
