// Schedule Builder swaps (docs/reference/league-admin.md: click a game cell, then another, to swap matchups).

import { hardViolations } from './measure.ts'
import type { GameCell, ScheduledGame, ScheduleInput } from './types.ts'

type Game = Pick<ScheduledGame, 'weekIndex' | 'time' | 'homeId' | 'awayId'> & { fixed?: boolean }

/** Whether swapping the matchups of two cells keeps every hard rule; the reason when it does not. */
export function validateSwap(
  input: ScheduleInput,
  games: Game[],
  a: GameCell,
  b: GameCell,
): { ok: true } | { ok: false; reason: string } {
  const at = (cell: GameCell) => games.findIndex((g) => g.weekIndex === cell.weekIndex && g.time === cell.time)
  const i = at(a)
  const j = at(b)
  const first = games[i]
  const second = games[j]
  if (!first || !second) return { ok: false, reason: 'Both cells must hold a game.' }
  if (i === j) return { ok: false, reason: 'Pick two different games.' }
  const locked = (g: Game) =>
    g.fixed ||
    (input.fixed ?? []).some(
      (f) => f.weekIndex === g.weekIndex && f.time === g.time && f.homeId === g.homeId && f.awayId === g.awayId,
    )
  if (locked(first) || locked(second)) return { ok: false, reason: 'A played or locked game cannot be swapped.' }
  const weeks = new Set([first.weekIndex, second.weekIndex])
  const nights = (list: Game[]) => list.filter((g) => weeks.has(g.weekIndex))
  const swapped = games.map((g, k) => {
    if (k === i) return { ...g, homeId: second.homeId, awayId: second.awayId }
    if (k === j) return { ...g, homeId: first.homeId, awayId: first.awayId }
    return g
  })
  const inputWithoutFixed = { ...input, fixed: [] }
  const before = new Set(hardViolations(inputWithoutFixed, nights(games)).map((v) => v.message))
  const added = hardViolations(inputWithoutFixed, nights(swapped)).find((v) => !before.has(v.message))
  return added ? { ok: false, reason: added.message } : { ok: true }
}
