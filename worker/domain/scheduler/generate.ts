// The season: nights solved in date order against running fairness tallies, then a local search
// over the whole season for the slot spread (and a short repair search for the spreads of 2 it
// leaves), then home and away balanced; drawn again while the slot spread is above 1 and the work
// budget lasts.

import { add, at } from '../at.ts'
import { type PairQueue, pairQueue } from './berger.ts'
import { spreadBounds } from './bounds.ts'
import { assign, BLOCKED } from './hungarian.ts'
import { measure } from './measure.ts'
import {
  arrangeNight,
  canPlayAt,
  capacity,
  chainsOf,
  fillNight,
  freeRuns,
  type Night,
  type Pair,
  placeChains,
  shareTeam,
} from './night.ts'
import { type Random, seededRandom, shuffled } from './random.ts'
import type {
  Conflict,
  FixedGame,
  OpenSlot,
  ScheduledGame,
  ScheduleInput,
  ScheduleResult,
  ScheduleTeam,
  ScheduleWeek,
} from './types.ts'

interface League {
  teams: ScheduleTeam[] // index = the team's number in the Berger table
  n: number
  times: string[] // every slot time of the season, early to late
  available: boolean[][] // [team][time]
  groups: number[][] // teams sharing the same available times
  groupTimes: boolean[][] // [group][time]
}

interface Fixture {
  week: ScheduleWeek
  home: number
  away: number
  game: FixedGame
}

interface NightPlan {
  week: ScheduleWeek
  ordinal: number // among playing weeks
  times: number[] // time index of each slot of the night
  fixtures: Fixture[]
  night: Night
  games: (Pair | null)[] // generated games by slot
  sides: Map<string, { home: number; away: number }> // pair → sides from the stream
  limit: NightTarget | null // generated games the night holds (nightTargets)
}

interface NightTarget {
  /** Every slot the teams can fill. */
  full: number
  /** What the night holds: `full`, or fewer when extra double-headers would unbalance the season. */
  target: number
}

interface Tally {
  games: Int32Array
  byes: Int32Array
  doubleHeaders: Int32Array
  lastBye: Int32Array // ordinal of the last playing week with a bye
  slots: Int32Array[] // [team][time]
}

/** Games team t has played at the season's time `time` (an index of `league.times`) so far. */
const slotCount = (tally: Tally, t: number, time: number) => at(at(tally.slots, t), time)
const addSlot = (tally: Tally, t: number, time: number, by: number) => add(at(tally.slots, t), time, by)

interface Problem {
  kind: string
  teamIds: number[]
  dates: string[]
  slots: string[]
  detail: string
}

const byNumber = (a: number, b: number) => a - b

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
    return { result: { ok: false, message: 'A schedule needs at least two teams.', conflicts: [] }, work: 0 }
  }
  const problems: Problem[] = []
  const fixtures = readFixed(input, league, problems)
  for (const week of playing) {
    if (week.slots.length === 0)
      problems.push(problem('no-slots', [], [week.date], [], `${week.date} is a playing week with no time slots.`))
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
    if (home === undefined || away === undefined || home === away) {
      problems.push(
        problem(
          'fixed-team',
          [game.homeId, game.awayId],
          [date],
          [game.time],
          `The kept game ${names} does not name two teams of this league.`,
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
          ),
        )
      }
      const other = seen.get(`${game.weekIndex}|${game.time}|${id}`)
      if (other) {
        problems.push(
          problem('fixed-clash', [id], [date], [game.time], `${name(league, id)} has two kept games at ${game.time} on ${date}.`),
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

/**
 * Cost of one more game for each team in a slot: the change in the spread of its availability
 * group's counts there (the squared deviation from the group's mean, linearised).
 */
function slotCost(league: League, plan: NightPlan, tally: Tally): (a: number, b: number, p: number) => number {
  const groupOf = new Int32Array(league.n)
  league.groups.forEach((members, g) => {
    for (const t of members) groupOf[t] = g
  })
  const means = plan.times.map((time) =>
    league.groups.map((members) => members.reduce((s, t) => s + slotCount(tally, t, time), 0) / members.length),
  )
  const one = (t: number, p: number) => {
    const group = at(groupOf, t)
    const members = at(league.groups, group).length
    return 2 * (slotCount(tally, t, at(plan.times, p)) - at(at(means, p), group)) + 1 - 1 / members
  }
  return (a, b, p) => one(a, p) + one(b, p)
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

/**
 * Slot unfairness of one availability group at one time: a spread above 1 weighs most, then the
 * squared deviations of the teams' counts from the group's mean.
 */
function slotTerm(league: League, tally: Tally, g: number, time: number): number {
  if (!at(at(league.groupTimes, g), time)) return 0
  let max = Number.NEGATIVE_INFINITY
  let min = Number.POSITIVE_INFINITY
  let sum = 0
  let squares = 0
  const members = at(league.groups, g)
  for (const t of members) {
    const c = slotCount(tally, t, time)
    if (c > max) max = c
    if (c < min) min = c
    sum += c
    squares += c * c
  }
  if (max - min <= 1) return (squares - (sum * sum) / members.length) * 0.1
  // Outside [⌊mean⌋, ⌈mean⌉] a team is what keeps the spread above 1: count how far.
  const low = Math.floor(sum / members.length)
  const high = Math.ceil(sum / members.length)
  let outside = 0
  for (const t of members) {
    const c = slotCount(tally, t, time)
    outside += c > high ? c - high : c < low ? low - c : 0
  }
  return SPREAD_WEIGHT * (max - min - 1) + outside + (squares - (sum * sum) / members.length) * 0.1
}

const SPREAD_WEIGHT = 8
/** Leaves of the exact placement search tried per exchange or re-pairing move (cheapest first). */
const LEAVES = 3

/**
 * Local search over the season. First each night's placement is re-solved exactly against all the
 * other nights (kept when the season improves); then simulated annealing, its moves aimed at the
 * games of teams at the top or bottom of a slot whose spread is above 1 most of the time:
 * - within a night: swap the slots of two games (or a game and an empty slot), turn a double-header
 *   chain around, or swap a block with the next;
 * - exchange an alternating cycle of games between two nights (every team keeps its number of games
 *   on both nights, and the season its meetings), both nights re-placed exactly;
 * - re-pair two games of a night when the season's meeting counts stay within their range.
 * Keeps the best season seen; returns the moves tried (the work spent).
 */
function improveSlots(league: League, nights: NightPlan[], tally: Tally, random: Random): number {
  const groupOf = new Int32Array(league.n)
  league.groups.forEach((members, g) => {
    for (const t of members) groupOf[t] = g
  })
  const move = (plan: NightPlan, games: (Pair | null)[], sign: number) => {
    games.forEach((g, p) => {
      if (!g) return
      addSlot(tally, g[0], at(plan.times, p), sign)
      addSlot(tally, g[1], at(plan.times, p), sign)
    })
  }
  const total = () => {
    let sum = 0
    for (let g = 0; g < league.groups.length; g++)
      for (let time = 0; time < league.times.length; time++) sum += slotTerm(league, tally, g, time)
    return sum
  }
  let score = total()
  for (let round = 0; round < 3 && score > 1e-9; round++) {
    const before = score
    for (const plan of nights) {
      move(plan, plan.games, -1)
      const arranged = arrangeNight(plan.night, plan.games, slotCost(league, plan, tally), 1500).games
      move(plan, arranged, 1)
      const next = total()
      if (next <= score + 1e-9) {
        score = next
        plan.games = arranged
      } else {
        move(plan, arranged, -1)
        move(plan, plan.games, 1)
      }
    }
    if (score >= before - 1e-9) break
  }

  const movable = nights.filter((plan) => plan.night.free.filter(Boolean).length >= 2 && plan.games.some(Boolean))
  if (score <= 1e-9 || movable.length === 0) return nights.length
  let best = score
  let bestGames = nights.map((plan) => [...plan.games])
  let bestSides = nights.map((plan) => new Map(plan.sides))
  const exchangeable = nights.filter((plan) => plan.games.some(Boolean))
  const meetings = seasonMeetings(league, nights)
  // Games worth moving: a team at the top of a slot whose spread is above 1 plays in it, or a team
  // at the bottom of one plays elsewhere on a night that has that slot.
  const hotGames = () => {
    const hot: { plan: NightPlan; p: number }[] = []
    const high = new Uint8Array(league.n * league.times.length)
    const low = new Uint8Array(league.n * league.times.length)
    let any = false
    league.groups.forEach((members, g) => {
      for (let time = 0; time < league.times.length; time++) {
        if (!at(at(league.groupTimes, g), time)) continue
        let max = Number.NEGATIVE_INFINITY
        let min = Number.POSITIVE_INFINITY
        for (const t of members) {
          max = Math.max(max, slotCount(tally, t, time))
          min = Math.min(min, slotCount(tally, t, time))
        }
        if (max - min <= 1) continue
        any = true
        for (const t of members) {
          if (slotCount(tally, t, time) === max) high[t * league.times.length + time] = 1
          if (slotCount(tally, t, time) === min) low[t * league.times.length + time] = 1
        }
      }
    })
    if (!any) return hot
    for (const plan of exchangeable) {
      plan.games.forEach((g, p) => {
        if (!g) return
        const here = at(plan.times, p)
        const wanted = g.some(
          (t) =>
            high[t * league.times.length + here] ||
            plan.times.some((time) => time !== here && low[t * league.times.length + time]),
        )
        if (wanted) hot.push({ plan, p })
      })
    }
    return hot
  }
  let hot: { plan: NightPlan; p: number }[] = []
  const iterations = Math.min(20_000, 1600 * nights.reduce((sum, plan) => sum + plan.night.size, 0))
  // Hot enough early that a move costing a spread step above 1 is taken now and then (bench-tuned).
  const start = 3
  const affected = new Set<number>()
  const termOf = () => {
    let sum = 0
    for (const key of affected) sum += slotTerm(league, tally, key >> 8, key & 255)
    return sum
  }
  const touch = (plan: NightPlan, g: Pair | null | undefined, positions: number[]) => {
    if (!g) return
    for (const p of positions) for (const t of g) affected.add((at(groupOf, t) << 8) | at(plan.times, p))
  }
  const level = () => {
    for (let g = 0; g < league.groups.length; g++) {
      for (let time = 0; time < league.times.length; time++) if (slotTerm(league, tally, g, time) >= SPREAD_WEIGHT) return false
    }
    return true
  }
  // A new best season is kept; one with every slot spread within 1 ends the search there.
  let reached = false
  const keepIfBest = () => {
    if (score >= best - 1e-9) return
    best = score
    bestGames = nights.map((n) => [...n.games])
    bestSides = nights.map((n) => new Map(n.sides))
    reached = level()
  }
  let moves = nights.length
  for (let it = 0; it < iterations && !reached; it++) {
    moves++
    // Every slot spread within 1 is the target: stop there rather than polish.
    if (it % 1000 === 0 && level()) {
      bestGames = nights.map((n) => [...n.games])
      bestSides = nights.map((n) => new Map(n.sides))
      break
    }
    const temperature = start * (1 - it / iterations) + 0.05
    if (it % 50 === 0) hot = hotGames()
    const focus = hot.length && random() < 0.7 ? hot[Math.floor(random() * hot.length)] : null
    const kind0 = random()
    if (kind0 < 0.2 && meetings.hi > meetings.lo) {
      // Re-pair two games of a night (ab, cd → ac, bd) when the season's meetings stay as level.
      const plan = focus?.plan ?? at(exchangeable, Math.floor(random() * exchangeable.length))
      const { games } = plan
      const p = focus?.p ?? Math.floor(random() * games.length)
      const q = Math.floor(random() * games.length)
      const [x, y] = [games[p], games[q]]
      if (!x || !y || p === q || shareTeam(x, y)) continue
      const flip = random() < 0.5
      const added: Pair[] = [
        [x[0], flip ? y[0] : y[1]],
        [x[1], flip ? y[1] : y[0]],
      ]
      const count = (g: Pair) => meetings.count.get(pairName(g)) ?? 0
      if (added.some((g) => count(g) + 1 > meetings.hi) || [x, y].some((g) => count(g) - 1 < meetings.lo)) continue
      const next = [...games.filter((g, k): g is Pair => g !== null && k !== p && k !== q), ...added]
      if (new Set(next.map(pairName)).size !== next.length) continue
      const chains = chainsOf(next)
      if (!chains) continue
      move(plan, games, -1)
      const placed = placeChains(plan.night, chains, slotCost(league, plan, tally), LEAVES)
      if (!placed) {
        move(plan, games, 1)
        continue
      }
      move(plan, placed.games, 1)
      const after = total()
      const delta = after - score
      if (delta <= 0 || random() < Math.exp(-delta / temperature)) {
        plan.games = placed.games
        for (const g of [x, y]) {
          meetings.count.set(pairName(g), count(g) - 1)
          plan.sides.delete(pairName(g))
        }
        for (const g of added) meetings.count.set(pairName(g), count(g) + 1)
        score = after
        keepIfBest()
      } else {
        move(plan, placed.games, -1)
        move(plan, games, 1)
      }
      continue
    }
    if (exchangeable.length >= 2 && kind0 < 0.6) {
      const a = focus?.plan ?? at(exchangeable, Math.floor(random() * exchangeable.length))
      const b = at(exchangeable, Math.floor(random() * exchangeable.length))
      if (a === b) continue
      const cycle = alternatingCycle(a.games, b.games, random, focus?.p)
      if (!cycle) continue
      const oldA = a.games
      const oldB = b.games
      move(a, oldA, -1)
      move(b, oldB, -1)
      const swapped = exchangeGames(league, a, b, cycle, tally, move)
      if (!swapped) {
        move(a, oldA, 1)
        move(b, oldB, 1)
        continue
      }
      const next = total()
      const delta = next - score
      if (delta <= 0 || random() < Math.exp(-delta / temperature)) {
        a.games = swapped.a
        b.games = swapped.b
        moveSides(
          a,
          b,
          cycle.fromA.map((p) => oldA[p]!),
          cycle.fromB.map((p) => oldB[p]!),
        )
        score = next
        keepIfBest()
      } else {
        move(a, swapped.a, -1)
        move(b, swapped.b, -1)
        move(a, oldA, 1)
        move(b, oldB, 1)
      }
      continue
    }
    const plan = focus?.plan ?? at(movable, Math.floor(random() * movable.length))
    const { night, games } = plan
    const next = [...games]
    affected.clear()
    const p = focus?.p ?? Math.floor(random() * night.size)
    const chain = chainAt(games, p)
    const kind = random()
    if (chain && kind < 0.3) {
      // Turn the double-header chain around in place.
      const [from, to] = chain
      for (let k = from; k <= to; k++) next[k] = at(games, to - (k - from))
    } else if (kind < 0.6) {
      // Swap a block (a chain, a game or an empty slot) with the block right after it.
      const [from, mid] = chain ?? [p, p]
      if (mid + 1 >= night.size) continue
      const [, to] = chainAt(games, mid + 1) ?? [mid + 1, mid + 1]
      let open = true
      for (let k = from; k <= to; k++) if (!night.free[k]) open = false
      if (!open || (!games[from] && !games[to])) continue
      const moved = [...games.slice(mid + 1, to + 1), ...games.slice(from, mid + 1)]
      for (const [k, game] of moved.entries()) next[from + k] = game
    } else {
      const q = Math.floor(random() * night.size)
      const [x, y] = [at(games, p), at(games, q)]
      if (p === q || !night.free[p] || !night.free[q] || (!x && !y) || chain || chainAt(games, q)) continue
      next[p] = y
      next[q] = x
    }
    let open = true
    for (let k = 0; k < night.size; k++) {
      if (next[k] === games[k]) continue
      const g = next[k]
      if (g && (!canPlayAt(night, k, g[0]) || !canPlayAt(night, k, g[1]))) open = false
      touch(plan, g, [k])
      touch(plan, games[k], [k])
    }
    if (!open) continue
    const old = termOf()
    move(plan, games, -1)
    move(plan, next, 1)
    const delta = termOf() - old
    if (delta <= 0 || random() < Math.exp(-delta / temperature)) {
      plan.games = next
      score += delta
      keepIfBest()
    } else {
      move(plan, next, -1)
      move(plan, games, 1)
    }
  }
  nights.forEach((plan, i) => {
    move(plan, plan.games, -1)
    plan.games = at(bestGames, i)
    plan.sides = at(bestSides, i)
    move(plan, plan.games, 1)
  })
  // The repair's nodes count as work one for one (a move counts once per slot of a night).
  const repaired = level() ? 0 : repairSlots(league, nights, tally, groupOf)
  return moves + Math.ceil(repaired / Math.max(1, ...nights.map((plan) => plan.night.size)))
}

/** Counts of a group at a time outside [⌊mean⌋, ⌈mean⌉]: 0 for every group and time ⟺ every slot spread ≤ 1. */
function outsideAt(league: League, tally: Tally, g: number, time: number): number {
  if (!at(at(league.groupTimes, g), time)) return 0
  const members = at(league.groups, g)
  let sum = 0
  for (const t of members) sum += slotCount(tally, t, time)
  const low = Math.floor(sum / members.length)
  const high = Math.ceil(sum / members.length)
  let outside = 0
  for (const t of members) {
    const c = slotCount(tally, t, time)
    outside += c > high ? c - high : c < low ? low - c : 0
  }
  return outside
}

/**
 * The repair search below (bench-tuned): nodes it may visit, steps it keeps open at each level, its
 * depth, and how much worse than before a step may leave the season (counts outside the level).
 */
const REPAIR_NODES = 8000
const REPAIR_BEAM = 4
const REPAIR_DEPTH = 8
const REPAIR_SLACK = 8

/**
 * The last few slot spreads of 2 the annealing leaves are often a short cycle (team a one game too
 * many at 17:00 and one short at 20:00, team b one too many at 20:00 …) that only a sequence of
 * swaps, each worse on its own, can close. A depth-first search over swaps of two single games
 * (or a game and an empty slot) of one night, each step moving a team out of a slot where it is
 * above its group's level, the best few steps first, looks for a sequence that levels every slot;
 * the season is changed only when one is found. Returns the nodes visited (the work spent).
 */
function repairSlots(league: League, nights: NightPlan[], tally: Tally, groupOf: Int32Array): number {
  const terms = () => {
    let sum = 0
    for (let g = 0; g < league.groups.length; g++)
      for (let time = 0; time < league.times.length; time++) sum += outsideAt(league, tally, g, time)
    return sum
  }
  const apply = (plan: NightPlan, next: (Pair | null)[]) => {
    for (let p = 0; p < next.length; p++) {
      if (next[p] === plan.games[p]) continue
      for (const t of plan.games[p] ?? []) addSlot(tally, t, at(plan.times, p), -1)
      for (const t of next[p] ?? []) addSlot(tally, t, at(plan.times, p), 1)
    }
    plan.games = next
  }
  const fits = (plan: NightPlan, next: (Pair | null)[]) =>
    next.every((g, p) => g === plan.games[p] || !g || (canPlayAt(plan.night, p, g[0]) && canPlayAt(plan.night, p, g[1])))
  const open = (plan: NightPlan, from: number, to: number) => {
    for (let k = from; k <= to; k++) if (!plan.night.free[k]) return false
    return true
  }
  /** The night's block holding slot p: its double-header chain, else the slot alone. */
  const block = (plan: NightPlan, p: number): [number, number] => (plan.games[p] ? (chainAt(plan.games, p) ?? [p, p]) : [p, p])
  let nodes = 0
  const search = (depth: number, outside: number, last: string): boolean => {
    if (outside === 0) return true
    if (depth === 0 || nodes > REPAIR_NODES) return false
    const options: { plan: NightPlan; next: (Pair | null)[]; key: string; after: number }[] = []
    const consider = (plan: NightPlan, next: (Pair | null)[], key: string) => {
      if (key === last || !fits(plan, next)) return
      nodes++
      const old = plan.games
      apply(plan, next)
      options.push({ plan, next, key, after: terms() })
      apply(plan, old)
    }
    for (const plan of nights) {
      const { games } = plan
      games.forEach((game, p) => {
        if (!game || !plan.night.free[p]) return
        // Only games of a team above its group's level in this slot move.
        const time = at(plan.times, p)
        const above = game.some((t) => {
          const members = at(league.groups, at(groupOf, t))
          let sum = 0
          for (const m of members) sum += slotCount(tally, m, time)
          return slotCount(tally, t, time) > Math.ceil(sum / members.length)
        })
        if (!above) return
        const [from, to] = block(plan, p)
        if (from !== to && from === p) {
          // Turn the double-header chain around.
          const next = [...games]
          for (let k = from; k <= to; k++) next[k] = at(games, to - (k - from))
          consider(plan, next, `${plan.week.index}|r${from}`)
        }
        if (from === to ? false : from !== p) return
        // Exchange the block with another block (or run of empty slots) of the same length.
        const length = to - from + 1
        for (let start = 0; start + length <= games.length; start++) {
          if (start + length > from && start <= to) continue
          if (!open(plan, start, start + length - 1)) continue
          const [bFrom, bTo] = block(plan, start)
          if (bFrom !== start || (games[start] && bTo !== start + length - 1)) continue
          if (!games[start] && games.slice(start, start + length).some((g, k) => g && block(plan, start + k)[0] !== start + k))
            continue
          const next = [...games]
          for (let k = 0; k < length; k++) {
            next[start + k] = at(games, from + k)
            next[from + k] = at(games, start + k)
          }
          if (!chainsIntact(next)) continue
          consider(plan, next, `${plan.week.index}|${Math.min(from, start)}|${Math.max(from, start)}`)
        }
      })
    }
    options.sort((x, y) => x.after - y.after)
    for (const { plan, next, key, after } of options.slice(0, REPAIR_BEAM)) {
      if (after > outside + REPAIR_SLACK) break
      const old = plan.games
      apply(plan, next)
      if (search(depth - 1, after, key)) return true
      apply(plan, old)
      if (nodes > REPAIR_NODES) return false
    }
    return false
  }
  search(REPAIR_DEPTH, terms(), '')
  return nodes
}

/** A night's games still valid: no team in two games that are not back to back, nor in three. */
function chainsIntact(games: (Pair | null)[]): boolean {
  const seen = new Map<number, number[]>()
  games.forEach((g, p) => {
    for (const t of g ?? []) seen.set(t, [...(seen.get(t) ?? []), p])
  })
  for (const slots of seen.values())
    if (slots.length > 2 || (slots.length === 2 && at(slots, 1) - at(slots, 0) !== 1)) return false
  return true
}

/** The free slots of each night left without a game, and why (nightTargets). */
function openSlots(nights: NightPlan[]): OpenSlot[] {
  const open: OpenSlot[] = []
  for (const plan of nights) {
    const slots = [...new Set(plan.week.slots)].sort()
    const empty = slots.filter((_, p) => plan.night.free[p] && !plan.games[p])
    const heldBack = plan.limit ? plan.limit.full - plan.limit.target : 0
    empty.forEach((time, k) => {
      const reason =
        k < heldBack
          ? 'Left open: another double-header this night would put some teams more than one game or double-header ahead of others over the season (the others cannot play two slots back to back).'
          : 'Left open: not enough teams can play this night to fill it (a team plays at most twice, back to back).'
      open.push({ weekIndex: plan.week.index, date: plan.week.date, time, reason })
    })
  }
  return open
}

/** How often each pair meets over the season (kept games included), and the least and most. */
function seasonMeetings(league: League, nights: NightPlan[]) {
  const count = new Map<string, number>()
  const add = (g: Pair) => count.set(pairName(g), (count.get(pairName(g)) ?? 0) + 1)
  for (const plan of nights) {
    for (const g of plan.games) if (g) add(g)
    for (const f of plan.fixtures) add([f.home, f.away])
  }
  let lo = Number.POSITIVE_INFINITY
  let hi = 0
  for (let a = 0; a < league.n; a++) {
    for (let b = a + 1; b < league.n; b++) {
      const c = count.get(pairName([a, b])) ?? 0
      lo = Math.min(lo, c)
      hi = Math.max(hi, c)
    }
  }
  return { count, lo, hi }
}

interface Cycle {
  fromA: number[] // slots of night a's games that move to night b
  fromB: number[] // and of night b's games that move to night a
}

/**
 * A random alternating cycle between two nights: a game of night a, a game of night b sharing a
 * team with it, a game of night a sharing the next team, … back to the first team. Exchanging its
 * games keeps every team's number of games in both nights (so games, byes and double-headers) and
 * the season's meetings as they are.
 */
function alternatingCycle(a: (Pair | null)[], b: (Pair | null)[], random: Random, from?: number, maxGames = 10): Cycle | null {
  const pick = (games: (Pair | null)[], team: number, used: number[]) => {
    const options: number[] = []
    games.forEach((g, p) => {
      if (g && (g[0] === team || g[1] === team) && !used.includes(p)) options.push(p)
    })
    return options.length ? at(options, Math.floor(random() * options.length)) : -1
  }
  const starts: number[] = []
  a.forEach((g, p) => {
    if (g) starts.push(p)
  })
  const p0 = from !== undefined && a[from] ? from : at(starts, Math.floor(random() * starts.length))
  const first = a[p0]!
  const side = random() < 0.5 ? 0 : 1
  const origin = first[side]
  let team = side === 0 ? first[1] : first[0]
  const cycle: Cycle = { fromA: [p0], fromB: [] }
  while (cycle.fromA.length <= maxGames) {
    const q = pick(b, team, cycle.fromB)
    if (q === -1) return null
    cycle.fromB.push(q)
    team = b[q]![0] === team ? b[q]![1] : b[q]![0]
    if (team === origin) return cycle
    const p = pick(a, team, cycle.fromA)
    if (p === -1) return null
    cycle.fromA.push(p)
    team = a[p]![0] === team ? a[p]![1] : a[p]![0]
  }
  return null
}

/**
 * Nights a and b with the cycle's games exchanged, each re-placed exactly against the season's
 * other nights (their games are out of the tally on entry; on success both new nights are in it).
 */
function exchangeGames(
  league: League,
  a: NightPlan,
  b: NightPlan,
  cycle: Cycle,
  tally: Tally,
  move: (plan: NightPlan, games: (Pair | null)[], sign: number) => void,
): { a: (Pair | null)[]; b: (Pair | null)[] } | null {
  const gamesA = [
    ...a.games.filter((g, p): g is Pair => g !== null && !cycle.fromA.includes(p)),
    ...cycle.fromB.map((p) => b.games[p]!),
  ]
  const gamesB = [
    ...b.games.filter((g, p): g is Pair => g !== null && !cycle.fromB.includes(p)),
    ...cycle.fromA.map((p) => a.games[p]!),
  ]
  const distinct = (games: Pair[]) => new Set(games.map(pairName)).size === games.length
  if (!distinct(gamesA) || !distinct(gamesB)) return null
  const incomingA = cycle.fromB.map((p) => b.games[p]!)
  const incomingB = cycle.fromA.map((p) => a.games[p]!)
  const once = (games: Pair[], moved: Pair[]) => {
    const seen = new Set<number>()
    for (const g of games) for (const t of g) seen.add(t * 2 + (seen.has(t * 2) ? 1 : 0))
    return moved.every((g) => g.every((t) => !seen.has(t * 2 + 1)))
  }
  if (once(gamesA, incomingA) && once(gamesB, incomingB)) {
    // No double-header among the moved games: they take the slots the others left, exactly.
    const into = (plan: NightPlan, vacated: number[], incoming: Pair[]) => {
      const cost = slotCost(league, plan, tally)
      const result = assign(
        incoming.map((g) =>
          vacated.map((p) => (canPlayAt(plan.night, p, g[0]) && canPlayAt(plan.night, p, g[1]) ? cost(g[0], g[1], p) : BLOCKED)),
        ),
        vacated.length,
      )
      if (!result) return null
      const games = [...plan.games]
      incoming.forEach((g, k) => {
        games[at(vacated, at(result.columnOf, k))] = g
      })
      return games
    }
    const nextA = into(a, cycle.fromA, incomingA)
    if (!nextA) return null
    move(a, nextA, 1)
    const nextB = into(b, cycle.fromB, incomingB)
    if (!nextB) {
      move(a, nextA, -1)
      return null
    }
    move(b, nextB, 1)
    return { a: nextA, b: nextB }
  }
  const chainsA = chainsOf(gamesA)
  const chainsB = chainsOf(gamesB)
  if (!chainsA || !chainsB) return null
  const placedA = placeChains(a.night, chainsA, slotCost(league, a, tally), LEAVES)
  if (!placedA) return null
  move(a, placedA.games, 1)
  const placedB = placeChains(b.night, chainsB, slotCost(league, b, tally), LEAVES)
  if (!placedB) {
    move(a, placedA.games, -1)
    return null
  }
  move(b, placedB.games, 1)
  return { a: placedA.games, b: placedB.games }
}

/** The stream's home and away of the exchanged games go with them. */
function moveSides(a: NightPlan, b: NightPlan, toB: Pair[], toA: Pair[]) {
  const fromA = toB.map((g) => a.sides.get(pairName(g)))
  const fromB = toA.map((g) => b.sides.get(pairName(g)))
  for (const g of toB) a.sides.delete(pairName(g))
  for (const g of toA) b.sides.delete(pairName(g))
  toB.forEach((g, i) => {
    const sides = fromA[i]
    if (sides) b.sides.set(pairName(g), sides)
  })
  toA.forEach((g, i) => {
    const sides = fromB[i]
    if (sides) a.sides.set(pairName(g), sides)
  })
}

/** The slots [from, to] of the double-header chain holding slot p, or null for a single game. */
function chainAt(games: (Pair | null)[], p: number): [number, number] | null {
  const g = games[p]
  if (!g) return null
  let from = p
  let to = p
  while (from > 0 && games[from - 1] && shareTeam(games[from - 1]!, games[from]!)) from--
  while (to + 1 < games.length && games[to + 1] && shareTeam(games[to + 1]!, games[to]!)) to++
  return from === to ? null : [from, to]
}

const pairName = (g: Pair) => (g[0] < g[1] ? `${g[0]}|${g[1]}` : `${g[1]}|${g[0]}`)

function seasonGames(league: League, nights: NightPlan[], fixtures: Fixture[]): ScheduledGame[] {
  const edges: { home: number; away: number; fixed: boolean; week: ScheduleWeek; time: string }[] = []
  for (const f of fixtures) edges.push({ home: f.home, away: f.away, fixed: true, week: f.week, time: f.game.time })
  for (const plan of nights) {
    const slots = [...new Set(plan.week.slots)].sort()
    plan.games.forEach((g, p) => {
      if (!g) return
      const sides = plan.sides.get(pairName(g)) ?? { home: g[0], away: g[1] }
      edges.push({ ...sides, fixed: false, week: plan.week, time: at(slots, p) })
    })
  }
  balanceHomeAway(league.n, edges)
  return edges
    .map((e) => ({
      weekIndex: e.week.index,
      date: e.week.date,
      time: e.time,
      homeId: at(league.teams, e.home).id,
      awayId: at(league.teams, e.away).id,
      fixed: e.fixed,
    }))
    .sort((a, b) => a.weekIndex - b.weekIndex || a.time.localeCompare(b.time))
}

/**
 * Home minus away within 1 for every team when the kept games allow it: while a team is 2 or
 * more up, flip a path of generated games from it to a team that is down (augmenting path).
 */
export function balanceHomeAway(n: number, edges: { home: number; away: number; fixed: boolean }[]) {
  const lead = new Int32Array(n)
  const touching: number[][] = Array.from({ length: n }, () => [])
  edges.forEach((e, i) => {
    add(lead, e.home)
    add(lead, e.away, -1)
    if (!e.fixed) {
      at(touching, e.home).push(i)
      at(touching, e.away).push(i)
    }
  })
  const stuck = new Uint8Array(n)
  for (let guard = 0; guard < edges.length * 4 + n; guard++) {
    let from = -1
    for (let t = 0; t < n; t++)
      if (!stuck[t] && Math.abs(at(lead, t)) >= 2 && (from === -1 || Math.abs(at(lead, t)) > Math.abs(at(lead, from)))) from = t
    if (from === -1) return
    const up = at(lead, from) > 0
    // Walk edges where the current team has the side to give away (home when up, away when down).
    const via = new Int32Array(n).fill(-1)
    const seen = new Uint8Array(n)
    seen[from] = 1
    const queue = [from]
    let to = -1
    while (queue.length && to === -1) {
      const t = queue.shift()!
      for (const i of at(touching, t)) {
        const e = at(edges, i)
        if ((up ? e.home : e.away) !== t) continue
        const other = up ? e.away : e.home
        if (seen[other]) continue
        seen[other] = 1
        via[other] = i
        if (up ? at(lead, other) <= -1 : at(lead, other) >= 1) {
          to = other
          break
        }
        queue.push(other)
      }
    }
    if (to === -1) {
      stuck[from] = 1
      continue
    }
    for (let t = to; t !== from; ) {
      const e = at(edges, at(via, t))
      const back = t === e.home ? e.away : e.home
      ;[e.home, e.away] = [e.away, e.home]
      t = back
    }
    add(lead, from, up ? -2 : 2)
    add(lead, to, up ? 2 : -2)
  }
}

/** The smallest set of the night's slots that cannot all be filled, and the teams keeping them empty. */
function diagnose(league: League, plan: NightPlan, able: number[], target: number): Problem {
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
  return problem(
    'unfillable',
    teams.map((t) => t.id).sort(byNumber),
    [plan.week.date],
    blockingTimes,
    `${plural(blockingTimes, 'slot')} cannot all be filled (one game a slot, a team at most twice back to back): ${why}.`,
  )
}

function problem(kind: string, teamIds: number[], dates: string[], slots: string[], detail: string): Problem {
  return { kind, teamIds, dates, slots, detail }
}

function failure(problems: Problem[]): ScheduleResult {
  const merged = new Map<string, Problem>()
  for (const p of problems) {
    const key = `${p.kind}|${p.teamIds.join(',')}|${p.slots.join(',')}|${p.detail}`
    const same = merged.get(key)
    if (same) same.dates = [...new Set([...same.dates, ...p.dates])]
    else merged.set(key, { ...p, dates: [...p.dates] })
  }
  const conflicts: Conflict[] = [...merged.values()].map((p) => ({
    teamIds: p.teamIds,
    dates: p.dates,
    slots: p.slots,
    message: p.kind === 'unfillable' ? `On ${p.dates.join(', ')}: ${p.detail}` : p.detail,
  }))
  return { ok: false, message: `No schedule meets every rule. ${conflicts.map((c) => c.message).join(' ')}`, conflicts }
}

const label = (team: ScheduleTeam) => team.name ?? `team ${team.id}`
const name = (league: League, id: number) => {
  const team = league.teams.find((t) => t.id === id)
  return team ? label(team) : `team ${id}`
}
const plural = (times: string[], noun: string) =>
  times.length === 1 ? `the ${times[0]} ${noun}` : `the ${times.slice(0, -1).join(', ')} and ${times[times.length - 1]} ${noun}s`
