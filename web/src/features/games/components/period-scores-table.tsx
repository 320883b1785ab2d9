import { useLayoutEffect, useRef } from 'react'
import { useT } from '../../../lib/i18n'
import type { Game, GamePeriod, PeriodScore } from '../api'
import { MAX_SCORE, periodKey, periodScoreOf, type ScoreDrafts } from '../box-score'

export interface PeriodScoresTableProps {
  game: Game
  /** The visible periods other than Final, in order (see scorePeriods). */
  periods: GamePeriod[]
  periodScores: PeriodScore[]
  /** Present while editing the final scores. */
  drafts?: ScoreDrafts
  invalidField?: string | null
  onChange?: (key: string, text: string) => void
}

/**
 * docs/reference/league-admin.md game pages: the score by period, then Final. Final is the game's final score — the period
 * named Final mirrors it, so it is never typed separately.
 */
export function PeriodScoresTable({ game, periods, periodScores, drafts, invalidField, onChange }: PeriodScoresTableProps) {
  const t = useT()
  const editing = drafts !== undefined
  const box = useRef<HTMLElement>(null)
  // "Edit Final Scores" on a phone (docs/phone-tables.md): the Final column is the last one, so the
  // box scrolls to it when editing starts; the team names stay put beside it (games.css).
  useLayoutEffect(() => {
    const element = box.current
    if (editing && element) element.scrollLeft = element.scrollWidth
  }, [editing])
  const sides = [
    { team: game.homeTeam, finalKey: 'home', final: game.score_home },
    { team: game.awayTeam, finalKey: 'away', final: game.score_away },
  ]

  const cell = (key: string, label: string, saved: number | null) =>
    editing ? (
      <input
        type="number"
        className="stat-input"
        inputMode="numeric"
        min={0}
        max={MAX_SCORE}
        step={1}
        aria-label={label}
        aria-invalid={invalidField === key ? true : undefined}
        value={drafts[key] ?? ''}
        onChange={(event) => onChange?.(key, event.target.value)}
      />
    ) : saved === null ? (
      '–'
    ) : (
      saved
    )

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls on a phone must be reachable by keyboard (axe scrollable-region-focusable)
    <section ref={box} className="table-scroll period-scores" aria-label={t('periods.label')} tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{t('periods.label')}</caption>
        <thead>
          <tr>
            <th scope="col" className="period-team">
              {t('periods.team')}
            </th>
            {periods.map((period) => (
              <th key={period.id} scope="col">
                {period.name}
              </th>
            ))}
            <th scope="col">{t('periods.final')}</th>
          </tr>
        </thead>
        <tbody>
          {sides.map(({ team, finalKey, final }) => (
            <tr key={finalKey}>
              <th scope="row" className="period-team">
                {team.name}
              </th>
              {periods.map((period) => (
                <td key={period.id}>
                  {cell(
                    periodKey(period.id, team.id),
                    t('periods.cellLabel', { team: team.name, period: period.name }),
                    periodScoreOf(periodScores, period.id, team.id),
                  )}
                </td>
              ))}
              <td className="period-final">{cell(finalKey, t('periods.finalLabel', { team: team.name }), final)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
