// Why a season cannot be generated, in words naming the teams, dates and slots (docs/reference/schedule-builder.md).

import { at } from '../at.ts'
import type { Translation, TranslationValue } from '../i18n.ts'
import { byNumber, type League, type NightPlan, type Problem } from './model.ts'
import { capacity, fillNight, freeRuns } from './night.ts'
import type { Conflict, ScheduleResult, ScheduleTeam } from './types.ts'
import { datesWord, say, teamWord, timesWord } from './words.ts'

/** The smallest set of the night's slots that cannot all be filled, and the teams keeping them empty. */
export function diagnose(league: League, plan: NightPlan, able: number[], target: number): Problem {
  const { night } = plan
  const slots = [...new Set(plan.week.slots)].sort()
  const positions = night.free.map((f, p) => (f ? p : -1)).filter((p) => p >= 0)
  const fillable = (keep: number[]) => {
    const free = night.free.map((f, p) => f && keep.includes(p))
    if (capacity(able.length, freeRuns(free)) < keep.length) return true
    const canPlay = night.canPlay.map((row, p) => (keep.includes(p) ? row : row.map(() => false)))
    const fill = fillNight({ ...night, free, canPlay }, null, keep.length, 20_000)
    return fill.games !== null || fill.gaveUp
  }
  let blocking = positions
  if (target === positions.length) {
    for (const p of positions) {
      const trial = blocking.filter((q) => q !== p)
      if (trial.length && !fillable(trial)) blocking = trial
    }
  }
  const blockingTimes = blocking.map((p) => at(slots, p))
  const anchored = new Set(plan.fixtures.flatMap((f) => [f.home, f.away]))
  const blockers = league.teams
    .map((team, t) => ({ team, t, times: blockingTimes.filter((s) => team.unavailableSlots.includes(s)) }))
    .filter((b) => !anchored.has(b.t) && b.times.length > 0)
  const teams = blockers.length ? blockers.map((b) => b.team) : [...anchored].map((t) => at(league.teams, t))
  const why = blockers.length
    ? blockers.map((b) => `${label(b.team)} is unavailable at ${b.times.join(', ')}`).join('; ')
    : `the teams free that night cannot play them back to back (${teams.map(label).join(', ')} have kept games)`
  const whyWords: TranslationValue = blockers.length
    ? { list: blockers.map((b) => say('unavailableAt', { team: teamWord(b.team, b.team.id), times: timesWord(b.times) })) }
    : say('backToBack', { teams: { list: teams.map((t) => teamWord(t, t.id)) } })
  return problem(
    'unfillable',
    teams.map((t) => t.id).sort(byNumber),
    [plan.week.date],
    blockingTimes,
    `${plural(blockingTimes, 'slot')} cannot all be filled (one game a slot, a team at most twice back to back): ${why}.`,
    say('unfillable', { count: blockingTimes.length, slots: timesWord(blockingTimes), why: whyWords }),
  )
}

/** `words`: the same explanation as a catalog sentence (worker/domain/scheduler/words.ts). */
export function problem(
  kind: string,
  teamIds: number[],
  dates: string[],
  slots: string[],
  detail: string,
  words: Translation,
): Problem {
  return { kind, teamIds, dates, slots, detail, words }
}

export function failure(problems: Problem[]): ScheduleResult {
  const merged = new Map<string, Problem>()
  for (const p of problems) {
    const key = `${p.kind}|${p.teamIds.join(',')}|${p.slots.join(',')}|${p.detail}`
    const same = merged.get(key)
    if (same) same.dates = [...new Set([...same.dates, ...p.dates])]
    else merged.set(key, { ...p, dates: [...p.dates] })
  }
  const kept = [...merged.values()]
  const conflicts: Conflict[] = kept.map((p) => ({
    teamIds: p.teamIds,
    dates: p.dates,
    slots: p.slots,
    message: p.kind === 'unfillable' ? `On ${p.dates.join(', ')}: ${p.detail}` : p.detail,
  }))
  const conflictWords = kept.map((p) =>
    p.kind === 'unfillable' ? say('onDates', { count: p.dates.length, dates: datesWord(p.dates), problem: p.words }) : p.words,
  )
  return {
    ok: false,
    message: `No schedule meets every rule. ${conflicts.map((c) => c.message).join(' ')}`,
    conflicts,
    words: { message: say('noSchedule', { problems: { list: conflictWords, as: 'sentences' } }), conflicts: conflictWords },
  }
}

export const label = (team: ScheduleTeam) => team.name ?? `team ${team.id}`
export const name = (league: League, id: number) => {
  const team = league.teams.find((t) => t.id === id)
  return team ? label(team) : `team ${id}`
}
export const plural = (times: string[], noun: string) =>
  times.length === 1 ? `the ${times[0]} ${noun}` : `the ${times.slice(0, -1).join(', ')} and ${times[times.length - 1]} ${noun}s`
