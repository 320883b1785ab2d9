// RobinX export and validator (docs/robinx.md): a hand-made instance with known violations, the
// generator's schedules re-checked for several league sizes, and — where the published RobinX
// samples are on disk (ROBINX_SAMPLES: a folder holding the ITC2021 instances and solutions of
// github.com/Robin-X/RobinX, Repository/ITC2021) — the published solutions.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportRobinx, type RobinxSchedule } from '../../worker/domain/robinx'
import { parseXml, validateRobinx } from '../../worker/domain/robinx-validate'
import { generateSchedule, type ScheduleInput, scheduleWeeks } from '../../worker/domain/scheduler/index.ts'

const SMALL = `<?xml version="1.0" encoding="UTF-8"?>
<Instance>
  <MetaData><InstanceName>Four &amp; one</InstanceName></MetaData>
  <Structure><Format leagueIds="0"><numberRoundRobin>1</numberRoundRobin><compactness>C</compactness></Format></Structure>
  <Resources>
    <Leagues><league id="0" name="L"/></Leagues>
    <TeamGroups><teamGroup id="0" name="early"/></TeamGroups>
    <Teams>
      <team id="0" league="0" name="Ants" teamGroups="0"/>
      <team id="1" league="0" name="Bees" teamGroups=""/>
      <team id="2" league="0" name="Cats" teamGroups="0"/>
      <team id="3" league="0" name="Dogs" teamGroups=""/>
    </Teams>
    <Slots><slot id="0" name="s0"/><slot id="1" name="s1"/><slot id="2" name="s2"/></Slots>
  </Resources>
  <Constraints>
    <CapacityConstraints>
      <!-- Ants not at home in slot 0 (hard); the early group plays no away game in slot 2 (soft, 5 each) -->
      <CA1 teams="0" slots="0" min="0" max="0" mode="H" type="HARD" penalty="1"/>
      <CA1 teamGroups="0" slots="2" min="0" max="0" mode="A" type="SOFT" penalty="5"/>
    </CapacityConstraints>
    <BreakConstraints><BR1 teams="0" slots="1" intp="0" mode2="HA" type="SOFT" penalty="1"/></BreakConstraints>
  </Constraints>
</Instance>`

const solution = (games: [number, number, number][]) =>
  `<Solution><Games>${games.map(([h, a, s]) => `<ScheduledMatch home="${h}" away="${a}" slot="${s}"/>`).join('')}</Games></Solution>`

// A valid single round robin of four teams in three slots.
const GOOD: [number, number, number][] = [
  [1, 0, 0],
  [3, 2, 0],
  [0, 2, 1],
  [1, 3, 1],
  [0, 3, 2],
  [2, 1, 2],
]

describe('RobinX validator on a hand-made instance', () => {
  it('finds nothing wrong with a valid round robin, and scores nothing soft', () => {
    const report = validateRobinx(SMALL, solution(GOOD))
    expect(report.violations).toEqual([])
    expect(report.objective).toBe(0)
    expect(report.notChecked).toEqual({ BR1: 1 })
    expect(report.games).toBe(6)
  })

  it('names a broken CA1: Ants at home in slot 0', () => {
    const games = GOOD.map((g, i): [number, number, number] => (i === 0 ? [0, 1, 0] : g))
    const report = validateRobinx(SMALL, solution(games))
    expect(report.violations).toEqual([expect.objectContaining({ rule: 'CA1', type: 'HARD', penalty: 1 })])
    expect(report.violations[0]?.message).toContain('Ants plays 1 home games in slots 0')
  })

  it('scores a soft CA1 by its penalty times the deviation (team groups included)', () => {
    // Cats away in slot 2 instead of at home: the early group's soft CA1 costs 5.
    const games = GOOD.map((g, i): [number, number, number] => (i === 5 ? [1, 2, 2] : g))
    const report = validateRobinx(SMALL, solution(games))
    expect(report.violations).toEqual([])
    expect(report.objective).toBe(5)
  })

  it('names a pair that meets twice, a pair that never meets, and a team with two games in one slot', () => {
    const games = GOOD.map((g, i): [number, number, number] => (i === 3 ? [1, 0, 1] : g))
    const rules = validateRobinx(SMALL, solution(games)).violations.map((v) => `${v.rule}: ${v.message}`)
    expect(rules).toContain('structure: Ants and Bees meet 2 times; the format wants 1')
    expect(rules).toContain('structure: Bees and Dogs meet 0 times; the format wants 1')
    const clash = validateRobinx(SMALL, solution([...GOOD, [2, 3, 0]])).violations.map((v) => v.message)
    expect(clash).toContain('Cats plays more than one game in slot 0')
  })

  it('refuses games of unknown teams or slots, and malformed XML', () => {
    expect(validateRobinx(SMALL, solution([...GOOD, [0, 9, 1]])).violations[0]?.rule).toBe('game')
    expect(validateRobinx(SMALL, solution([...GOOD, [0, 1, 7]])).violations[0]?.rule).toBe('game')
    expect(() => parseXml('<Instance><Teams></Instance>')).toThrow(/closes/)
    expect(parseXml('<a x="1 &lt; 2">t&amp;t</a>')).toMatchObject({ name: 'a', attrs: { x: '1 < 2' }, text: 't&t' })
  })
})

const TIMES = ['18:00', '19:00', '20:00', '21:00', '22:00']

function league(teams: number, weeks: number, slots: number, unavailable: Record<number, string[]> = {}): ScheduleInput {
  return {
    teams: Array.from({ length: teams }, (_, i) => ({
      id: i + 1,
      name: `Team ${i + 1}`,
      unavailableSlots: unavailable[i + 1] ?? [],
    })),
    weeks: scheduleWeeks({ startDate: '2026-01-05', numWeeks: weeks, slots: TIMES.slice(0, slots) }),
  }
}

function exported(input: ScheduleInput, name: string) {
  const result = generateSchedule(input)
  if (!result.ok) throw new Error(result.message)
  const schedule: RobinxSchedule = {
    name,
    teams: input.teams.map((t) => ({ ...t, name: t.name ?? '' })),
    weeks: input.weeks,
    games: result.games,
  }
  return { ...exportRobinx(schedule), games: result.games.length }
}

describe('the generator, re-checked as RobinX', () => {
  const cases: [string, ScheduleInput, number][] = [
    ['4 teams, one round robin', league(4, 3, 2), 1],
    ['6 teams, two round robins', league(6, 10, 3), 2],
    ['8 teams, one round robin', league(8, 7, 4), 1],
    ['5 teams (a bye a night), two round robins', league(5, 10, 2), 2],
    ['7 teams, a partial season', league(7, 5, 3), 0],
    ['6 teams with unavailable times', league(6, 5, 3, { 1: ['18:00'], 4: ['20:00'] }), 1],
    ['4 teams with double-headers', league(4, 3, 3), 1],
  ]
  for (const [name, input, rounds] of cases)
    it(`${name}: 0 violations`, () => {
      const { instance, solution: xml, games } = exported(input, name)
      expect(instance).toContain(`<numberRoundRobin>${rounds}</numberRoundRobin>`)
      const report = validateRobinx(instance, xml)
      expect(report.violations).toEqual([])
      expect(report.games).toBe(games)
      expect(report.notChecked).toEqual({})
    })

  it('catches a generated schedule edited into a clash and into an unavailable time', () => {
    const input = league(6, 5, 3, { 1: ['18:00'] })
    const result = generateSchedule(input)
    if (!result.ok) throw new Error(result.message)
    const [first, second] = result.games
    if (!first || !second) throw new Error('no games')
    // Team 1 moved into 18:00 of its first night: its unavailable time.
    const moved = result.games.map((g) =>
      g.weekIndex === 0 && (g.homeId === 1 || g.awayId === 1)
        ? { ...g, time: '18:00' }
        : g.weekIndex === 0 && g.time === '18:00'
          ? { ...g, time: 'x' }
          : g,
    )
    const kept = moved.filter((g) => g.time !== 'x')
    const { instance, solution: xml } = exportRobinx({
      name: 'edited',
      teams: input.teams.map((t) => ({ ...t, name: t.name ?? '' })),
      weeks: input.weeks,
      games: kept,
    })
    const rules = validateRobinx(instance, xml).violations.map((v) => v.rule)
    expect(rules).toContain('CA1')
  })
})

const SAMPLES = process.env.ROBINX_SAMPLES ?? ''
const samples: [string, string][] = [
  ['ITC2021_Test1.xml', 'ITC2021_Test1_SolIP.xml'],
  ['ITC2021_Test4.xml', 'ITC2021_Test4_SolIP.xml'],
  ['ITC2021_Middle_2.xml', 'ITC2021_Middle2_0_7115.xml'],
]

describe.skipIf(!SAMPLES || !existsSync(SAMPLES))('the published RobinX samples (ROBINX_SAMPLES)', () => {
  for (const [instanceFile, solutionFile] of samples)
    it(`${solutionFile}, published as feasible: no violation of the checked types; a swapped game is caught`, () => {
      const instance = readFileSync(join(SAMPLES, instanceFile), 'utf8')
      const xml = readFileSync(join(SAMPLES, solutionFile), 'utf8')
      expect(xml).toMatch(/infeasibility="0"/)
      const report = validateRobinx(instance, xml)
      expect(report.violations).toEqual([])
      expect(report.games).toBeGreaterThan(0)
      // Two games' home teams swapped: the double round robin's home rule breaks.
      const swapped = xml.replace(/home="(\d+)" away="(\d+)"/, 'home="$2" away="$1"')
      expect(validateRobinx(instance, swapped).violations.length).toBeGreaterThan(0)
    })
})
