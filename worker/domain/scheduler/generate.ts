// The season: nights solved in date order against running fairness tallies, then a local search
// over the whole season for the slot spread (and a short repair search for the spreads of 2 it
// leaves), then home and away balanced; drawn again while the slot spread is above 1 and the work
// budget lasts.

import { add, at } from '../at.ts'
import { type PairQueue, pairQueue } from './berger.ts'
import { spreadBounds } from './bounds.ts'
import { measure } from './measure.ts'
import {
  addSlot,
  byNumber,
  type Fixture,
  type League,
  type NightPlan,
  type NightTarget,
  type Problem,
  pairName,
  type Tally,
} from './model.ts'
import { arrangeNight, canPlayAt, capacity, fillNight, freeRuns, type Pair } from './night.ts'
import { diagnose, failure, label, name, problem } from './problems.ts'
import { type Random, seededRandom, shuffled } from './random.ts'
import { openSlots, seasonGames } from './season-games.ts'
import { improveSlots } from './slot-search.ts'
import { slotCost } from './slot-terms.ts'
import type { FixedGame, ScheduleInput, ScheduleResult, ScheduleWeek } from './types.ts'
import { dayWord, say, teamWord, timesWord } from './words.ts'

/** Local-search work (moves × slots a night, plus repair nodes) one schedule may spend over its restarts. */
const WORK_BUDGET = 360_000
const MAX_DRAWS = 8

export function generateSchedule(input: ScheduleInput): ScheduleResult {
  // A season short of a target (a spread above 1, or above what unavailability forces) is drawn
  // again (another Berger numbering, another search) while the work budget lasts; the fairest draw
  // is kept. Same input and seed, same draws.
  const seed = input.seed ?? 1
  const targets = nightTargets(input)
  let best = generateOnce(input, seed, targets)
  let spent = best.work
  for (let k = 1; k < MAX_DRAWS && best.result.ok && spent < WORK_BUDGET && !meetsTargets(rank(best.result)); k++) {
    const next = generateOnce(input, (Math.imul(seed, 0x9e3779b1) + k * 0x85ebca6b) >>> 0, targets)
    spent += Math.max(next.work, WORK_BUDGET / MAX_DRAWS)
    if (ranksBefore(rank(next.result), rank(best.result))) best = next
  }
  return best.result
}

const ranksBefore = (x: number[], y: number[]) => {
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return at(x, i) < at(y, i)
  return false
}

const meetsTargets = ([hard, over, slot]: number[]) => hard === 0 && over === 0 && slot !== undefined && slot <= 1

/**
 * Hard violations first, then how far games, byes and double-headers are above their targets
 * (within 1, or the spread unavailability forces: measure's bestPossible), then the worst slot
 * spread.
 */
function rank(result: ScheduleResult): number[] {
  if (!result.ok) return [Number.POSITIVE_INFINITY]
  const { spreads, hardViolations, bestPossible } = result.fairness
  const over = (spread: number, bound: number) => Math.max(0, spread - Math.max(1, bound))
  return [
    hardViolations.length,
    over(spreads.games, bestPossible.games) +
      over(spreads.byes, bestPossible.byes) +
      over(spreads.doubleHeaders, bestPossible.doubleHeaders) +
      (spreads.consecutiveByes > 0 ? 1 : 0),
    spreads.slot.value,
    spreads.homeAwayImbalance,
  ]
}

/**
 * How many generated games each playing night holds, by week index. A night fills every slot its
 * teams can fill, except the extra double-header games beyond its round-robin pairs (⌊able / 2⌋):
 * those are placed only while the season's games and double-header spreads can stay within 1 (and
 * the bye spread within what a full season allows), as proven by bounds.ts on the nights' game
 * counts. When unavailability would force a spread above 1 with every slot filled, the last extra
 * games of the season (taken a night at a time, latest first) are left out and their slots stay
 * open. Decision: a league would rather leave a double-header slot open than give one team two more
 * games than another; round-robin games are never left out.
 */
export function nightTargets(input: ScheduleInput): Map<number, NightTarget> {
  const playing = input.weeks.filter((w) => !w.off).sort((a, b) => a.index - b.index)
  const nights = playing.map((week) => {
    const slots = [...new Set(week.slots)].sort()
    const kept = (input.fixed ?? []).filter((g) => g.weekIndex === week.index)
    const anchored = new Set(kept.flatMap((g) => [g.homeId, g.awayId]))
    const free = slots.map((s) => !kept.some((g) => g.time === s))
    const able = input.teams.filter(
      (team) => !anchored.has(team.id) && slots.some((s, p) => free[p] && !team.unavailableSlots.includes(s)),
    ).length
    const freeCount = free.filter(Boolean).length
    const full = Math.min(freeCount, capacity(able, freeRuns(free)))
    return { index: week.index, kept: kept.length, full, base: Math.min(full, Math.floor(able / 2)) }
  })
  const targets = new Map(nights.map((night) => [night.index, { full: night.full, target: night.full }]))
  // The extra games, first of each night in date order, then second, …: keeping the first k.
  const extras: number[] = []
  for (let k = 0; nights.some((night) => night.full - night.base > k); k++) {
    for (const night of nights) if (night.full - night.base > k) extras.push(night.index)
  }
  if (extras.length === 0) return targets
  const boundsWith = (count: number) => {
    const held = new Map(nights.map((night) => [night.index, night.kept + night.base]))
    for (const index of extras.slice(0, count)) held.set(index, (held.get(index) ?? 0) + 1)
    const games = [...held].flatMap(([weekIndex, c]) => Array.from({ length: c }, () => ({ weekIndex })))
    return spreadBounds(input, games)
  }
  const filled = boundsWith(extras.length)
  if (filled.games <= 1 && filled.doubleHeaders <= 1) return targets
  const fits = (count: number) => {
    const b = boundsWith(count)
    return b.games <= 1 && b.doubleHeaders <= 1 && b.byes <= Math.max(1, filled.byes)
  }
  // Leaving slots open only helps when some count of extra games allows spreads within 1.
  if (!fits(0)) return targets
  let lo = 0
  let hi = extras.length
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (fits(mid)) lo = mid
    else hi = mid
  }
  for (const night of nights) {
    const kept = extras.slice(0, lo).filter((index) => index === night.index).length
    targets.set(night.index, { full: night.full, target: night.base + kept })
  }
  return targets
}

function generateOnce(
  input: ScheduleInput,
  seed: number,
  targets: Map<number, NightTarget>,
): { result: ScheduleResult; work: number } {
  const random = seededRandom(seed)
  const playing = input.weeks.filter((w) => !w.off).sort((a, b) => a.index - b.index)
  const league = prepareLeague(input, playing, random)
  if (league.n < 2) {
    return {
      result: {
        ok: false,
        message: 'A schedule needs at least two teams.',
        conflicts: [],
        words: { message: say('fewTeams'), conflicts: [] },
      },
      work: 0,
    }
  }
  const problems: Problem[] = []
  const fixtures = readFixed(input, league, problems)
  for (const week of playing) {
    if (week.slots.length === 0)
      problems.push(
        problem(
          'no-slots',
          [],
          [week.date],
          [],
          `${week.date} is a playing week with no time slots.`,
          say('noSlots', { date: { localDate: week.date } }),
        ),
      )
  }
  for (const [t, team] of league.teams.entries()) {
    const canEverPlay = at(league.available, t).some(Boolean) || fixtures.some((f) => f.home === t || f.away === t)
    if (!canEverPlay && league.times.length > 0) {
      problems.push(
        problem(
          'never-plays',
          [team.id],
          playing.map((w) => w.date),
          league.times,
          `${label(team)} is unavailable at every slot of the season (${league.times.join(', ')}).`,
          say('neverPlays', { team: teamWord(team, team.id), times: timesWord(league.times) }),
        ),
      )
    }
  }
  if (problems.length) return { result: failure(problems), work: 0 }

  const tally: Tally = {
    games: new Int32Array(league.n),
    byes: new Int32Array(league.n),
    doubleHeaders: new Int32Array(league.n),
    lastBye: new Int32Array(league.n).fill(-9),
    slots: league.teams.map(() => new Int32Array(league.times.length)),
  }
  const gamesNeeded = fixtures.length + playing.reduce((sum, w) => sum + Math.min(w.slots.length, league.n - 1), 0)
  const queue = pairQueue(league.n, gamesNeeded)
  // Played and locked games use up their meeting in the stream wherever they fall.
  for (const f of fixtures) queue.take(f.home, f.away)

  const nights: NightPlan[] = []
  playing.forEach((week, ordinal) => {
    const plan = planNight(league, week, ordinal, fixtures, queue)
    plan.limit = targets.get(week.index) ?? null
    plan.games = solveNight(league, plan, tally, queue, random, problems)
    record(league, plan, tally, queue)
    nights.push(plan)
  })
  if (problems.length) return { result: failure(problems), work: 0 }

  const moves = improveSlots(league, nights, tally, random)
  const work = moves * Math.max(1, ...nights.map((plan) => plan.night.size))
  const games = seasonGames(league, nights, fixtures)
  const byes = nights.map((plan) => {
    const playingTeams = new Set(games.filter((g) => g.weekIndex === plan.week.index).flatMap((g) => [g.homeId, g.awayId]))
    return {
      weekIndex: plan.week.index,
      date: plan.week.date,
      teamIds: input.teams.map((t) => t.id).filter((id) => !playingTeams.has(id)),
    }
  })
  return { result: { ok: true, games, byes, openSlots: openSlots(nights), fairness: measure(input, games) }, work }
}

function prepareLeague(input: ScheduleInput, playing: ScheduleWeek[], random: Random): League {
  // The seed picks each team's number in the Berger table, so another seed gives another draw.
  const teams = shuffled(input.teams, random)
  const times = [...new Set(playing.flatMap((w) => w.slots))].sort()
  const available = teams.map((team) => times.map((time) => !team.unavailableSlots.includes(time)))
  const byKey = new Map<string, number[]>()
  available.forEach((row, t) => {
    const key = row.map((a) => (a ? 1 : 0)).join('')
    byKey.set(key, [...(byKey.get(key) ?? []), t])
  })
  const groups = [...byKey.values()]
  return { teams, n: teams.length, times, available, groups, groupTimes: groups.map((g) => at(available, at(g, 0))) }
}

function readFixed(input: ScheduleInput, league: League, problems: Problem[]): Fixture[] {
  const numberOf = new Map(league.teams.map((t, i) => [t.id, i]))
  const weeks = new Map(input.weeks.map((w) => [w.index, w]))
  const fixtures: Fixture[] = []
  const seen = new Map<string, FixedGame>()
  for (const game of input.fixed ?? []) {
    const home = numberOf.get(game.homeId)
    const away = numberOf.get(game.awayId)
    const week = weeks.get(game.weekIndex)
    const names = `${name(league, game.homeId)} v ${name(league, game.awayId)}`
    const date = week?.date ?? `week ${game.weekIndex}`
    const team = (id: number) =>
      teamWord(
        league.teams.find((t) => t.id === id),
        id,
      )
    const day = dayWord(week?.date, game.weekIndex)
    const time = { localTime: game.time }
    const pair = { home: team(game.homeId), away: team(game.awayId) }
    if (home === undefined || away === undefined || home === away) {
      problems.push(
        problem(
          'fixed-team',
          [game.homeId, game.awayId],
          [date],
          [game.time],
          `The kept game ${names} does not name two teams of this league.`,
          say('fixedTeam', pair),
        ),
      )
      continue
    }
    if (!week || week.off) {
      problems.push(
        problem(
          'fixed-off',
          [game.homeId, game.awayId],
          [date],
          [game.time],
          `The kept game ${names} falls on ${date}, which is not a playing week.`,
          say('fixedOff', { ...pair, date: day }),
        ),
      )
      continue
    }
    for (const id of [game.homeId, game.awayId]) {
      if (at(league.teams, numberOf.get(id) ?? 0).unavailableSlots.includes(game.time)) {
        problems.push(
          problem(
            'fixed-unavailable',
            [id],
            [date],
            [game.time],
            `${name(league, id)} is unavailable at ${game.time} but has a kept game then on ${date}.`,
            say('fixedUnavailable', { team: team(id), time, date: day }),
          ),
        )
      }
      const other = seen.get(`${game.weekIndex}|${game.time}|${id}`)
      if (other) {
        problems.push(
          problem(
            'fixed-clash',
            [id],
            [date],
            [game.time],
            `${name(league, id)} has two kept games at ${game.time} on ${date}.`,
            say('fixedClash', { team: team(id), time, date: day }),
          ),
        )
      }
      seen.set(`${game.weekIndex}|${game.time}|${id}`, game)
    }
    const slotTaken = seen.get(`${game.weekIndex}|${game.time}|slot`)
    if (slotTaken) {
      problems.push(
        problem(
          'fixed-slot',
          [slotTaken.homeId, slotTaken.awayId, game.homeId, game.awayId],
          [date],
          [game.time],
          `Two kept games share the ${game.time} slot on ${date}.`,
          say('fixedSlot', { time, date: day }),
        ),
      )
    }
    seen.set(`${game.weekIndex}|${game.time}|slot`, game)
    const [low, high] = game.homeId < game.awayId ? [game.homeId, game.awayId] : [game.awayId, game.homeId]
    if (seen.get(`${game.weekIndex}|pair|${low}|${high}`)) {
      problems.push(
        problem(
          'fixed-rematch',
          [low, high],
          [date],
          [game.time],
          `${name(league, low)} and ${name(league, high)} have two kept games on ${date}.`,
          say('fixedRematch', { team1: team(low), team2: team(high), date: day }),
        ),
      )
    }
    seen.set(`${game.weekIndex}|pair|${low}|${high}`, game)
    fixtures.push({ week, home, away, game })
  }
  return fixtures
}

function planNight(league: League, week: ScheduleWeek, ordinal: number, fixtures: Fixture[], queue: PairQueue): NightPlan {
  const slots = [...new Set(week.slots)].sort()
  const times = slots.map((s) => league.times.indexOf(s))
  const mine = fixtures.filter((f) => f.week === week)
  // Decision: a team with a kept game that night gets no other game that night.
  const anchored = new Set(mine.flatMap((f) => [f.home, f.away]))
  const free = slots.map((s) => !mine.some((f) => f.game.time === s))
  const canPlay = slots.map((_, p) =>
    league.teams.map((_, t) => at(free, p) && !anchored.has(t) && at(at(league.available, t), at(times, p))),
  )
  return {
    week,
    ordinal,
    times,
    fixtures: mine,
    night: { n: league.n, size: slots.length, free, canPlay, preference: (a, b) => queue.rank(a, b) },
    games: slots.map(() => null),
    sides: new Map(),
    limit: null,
  }
}

function solveNight(
  league: League,
  plan: NightPlan,
  tally: Tally,
  queue: PairQueue,
  random: Random,
  problems: Problem[],
): (Pair | null)[] {
  const { night } = plan
  const empty = plan.games
  const able = league.teams.map((_, t) => t).filter((t) => night.canPlay.some((row) => row[t]))
  const freeSlots = night.free.filter(Boolean).length
  // Every slot is used when the teams can fill it: at most n - 1 games in one back-to-back chain.
  const full = Math.min(freeSlots, capacity(able.length, freeRuns(night.free)))
  // Fewer when extra double-headers would unbalance the season (nightTargets).
  const target = Math.min(full, plan.limit?.target ?? full)
  if (target === 0) return empty
  // Pairs within one night's worth of the stream are equally due: the slot's fairness picks among them.
  const cost = slotCost(league, plan, tally)
  night.preference = (a, b, p) => Math.floor(queue.rank(a, b) / target) * 1e6 + cost(a, b, p)
  let games: (Pair | null)[] | null = null
  for (const degrees of degreePlans(league, plan, able, target, tally, queue, random)) {
    games = fillNight(night, degrees, target, 4000).games
    if (games) break
  }
  // No fair plan fits the teams' availability: any valid night will do.
  games ??= fillNight(night, null, target, 200_000).games
  if (!games) {
    problems.push(diagnose(league, plan, able, target))
    return empty
  }
  return arrangeNight(night, games, cost).games
}

/**
 * Who sits out and who plays twice tonight, best first: byes go to teams with fewer byes (never two
 * weeks running when avoidable) and more games; double-headers to teams with fewer of them.
 * Ties go to the team the Berger table rests (its next pairing is furthest away) or needs twice.
 */
function degreePlans(
  league: League,
  plan: NightPlan,
  able: number[],
  target: number,
  tally: Tally,
  queue: PairQueue,
  random: Random,
): Int8Array[] {
  const spots = 2 * target
  const noise = new Map(able.map((t) => [t, random()]))
  const ranks = new Map(
    able.map((t) => [
      t,
      able
        .filter((x) => x !== t)
        .map((x) => queue.rank(t, x))
        .sort(byNumber),
    ]),
  )
  const next = (t: number, k: number) => ranks.get(t)?.[k] ?? Number.POSITIVE_INFINITY
  const plans: Int8Array[] = []
  if (spots <= able.length) {
    const ranked = sortByKeys(able, (t) => [
      tally.lastBye[t] === plan.ordinal - 1 ? 1 : 0,
      at(tally.byes, t),
      -at(tally.games, t),
      -next(t, 0),
      noise.get(t) ?? 0,
    ])
    for (const resting of alternatives(ranked, able.length - spots)) {
      const degrees = new Int8Array(league.n)
      for (const t of able) degrees[t] = 1
      for (const t of resting) degrees[t] = 0
      plans.push(degrees)
    }
  } else {
    const { canPlay, size } = plan.night
    const twice = able.filter((t) => canPlay.some((row, p) => p + 1 < size && row[t] && canPlayAt(plan.night, p + 1, t)))
    if (twice.length < spots - able.length) return []
    const ranked = sortByKeys(twice, (t) => [at(tally.doubleHeaders, t), at(tally.games, t), next(t, 1), noise.get(t) ?? 0])
    for (const doubling of alternatives(ranked, spots - able.length)) {
      const degrees = new Int8Array(league.n)
      for (const t of able) degrees[t] = 1
      for (const t of doubling) degrees[t] = 2
      plans.push(degrees)
    }
  }
  return plans
}

function sortByKeys(items: number[], keys: (t: number) => number[]): number[] {
  const cache = new Map(items.map((t) => [t, keys(t)]))
  return [...items].sort((x, y) => {
    const a = cache.get(x) ?? []
    const b = cache.get(y) ?? []
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return at(a, k) < at(b, k) ? -1 : 1
    return 0
  })
}

/** The best k of a ranking, then the sets one swap away from it, nearest ranks first. */
function alternatives(ranked: number[], k: number, limit = 12): number[][] {
  const base = ranked.slice(0, k)
  const swaps: [number, number][] = []
  for (let i = 0; i < k; i++) for (let j = k; j < ranked.length; j++) swaps.push([i, j])
  swaps.sort((x, y) => x[1] - x[0] - (y[1] - y[0]) || x[1] - y[1])
  const sets = [base]
  for (const [i, j] of swaps.slice(0, limit - 1)) sets.push(base.map((t, k) => (k === i ? at(ranked, j) : t)))
  return sets
}

function record(league: League, plan: NightPlan, tally: Tally, queue: PairQueue) {
  const count = new Int32Array(league.n)
  plan.games.forEach((game, p) => {
    if (!game) return
    plan.sides.set(pairName(game), queue.take(game[0], game[1]))
    for (const t of game) {
      add(count, t)
      addSlot(tally, t, at(plan.times, p), 1)
    }
  })
  for (const f of plan.fixtures) {
    const time = league.times.indexOf(f.game.time)
    for (const t of [f.home, f.away]) {
      add(count, t)
      if (time >= 0) addSlot(tally, t, time, 1)
    }
  }
  for (const [t, games] of count.entries()) {
    add(tally.games, t, games)
    if (games === 0) {
      add(tally.byes, t)
      tally.lastBye[t] = plan.ordinal
    }
    if (games >= 2) add(tally.doubleHeaders, t)
  }
}
