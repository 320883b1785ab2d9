import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CsvSyntaxError,
  csvField,
  detectDelimiter,
  escapeFormula,
  fileName,
  mapHeader,
  parseDelimited,
  parseSheetDate,
  parseSheetTime,
  toCsv,
  unescapeFormula,
} from '../../worker/domain/csv'
import { planGames, planRosters } from '../../worker/domain/csv-import'

describe('parseDelimited', () => {
  it('reads quoted cells with delimiters, doubled quotes and embedded line breaks', () => {
    const text = 'Team,Name\n"Hawks, East","Ann ""The Rocket"" Lee"\n"Multi\nLine",x\n'
    expect(parseDelimited(text)).toEqual([
      ['Team', 'Name'],
      ['Hawks, East', 'Ann "The Rocket" Lee'],
      ['Multi\nLine', 'x'],
    ])
  })

  it('takes CRLF, LF and lone CR record ends, and CRLF inside quotes as one LF', () => {
    expect(parseDelimited('a,b\r\nc,d\re,f\ng,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ])
    expect(parseDelimited('"x\r\ny",z\r\n')).toEqual([['x\ny', 'z']])
  })

  it('drops a leading UTF-8 BOM and reads tab-separated spreadsheet pastes', () => {
    expect(parseDelimited('\uFEFFTeam\tFirst name\tLast name\r\nHawks\tAnn\tLee\r\n')).toEqual([
      ['Team', 'First name', 'Last name'],
      ['Hawks', 'Ann', 'Lee'],
    ])
    // A spreadsheet quotes a cell holding a tab or a line break when it copies it.
    expect(parseDelimited('a\t"b\tc"\t"d\ne"\n')).toEqual([['a', 'b\tc', 'd\ne']])
  })

  it('keeps empty cells, an empty last cell and an empty quoted last row', () => {
    expect(parseDelimited('a,,c,\n,,,')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ])
    expect(parseDelimited('a\n""')).toEqual([['a'], ['']])
    expect(parseDelimited('')).toEqual([])
  })

  it('reads a quote inside an unquoted cell as an ordinary character', () => {
    expect(parseDelimited('O"Neil,5" 11\n')).toEqual([['O"Neil', '5" 11']])
  })

  it('refuses an unclosed quote, naming the row it starts on', () => {
    expect(() => parseDelimited('a,b\nc,"open\nd,e')).toThrow(CsvSyntaxError)
    try {
      parseDelimited('a,b\nc,"open\nd,e')
    } catch (error) {
      expect((error as CsvSyntaxError).row).toBe(2)
      expect((error as Error).message).toBe('The quoted cell that starts on row 2 is never closed')
    }
  })

  it('detects the delimiter from the first record (tab, comma, semicolon), ignoring quoted ones', () => {
    expect(detectDelimiter('a\tb,c\n')).toBe('\t')
    expect(detectDelimiter('"a\tb",c\n')).toBe(',')
    expect(detectDelimiter('\uFEFFa;b;c\n1,5;2\n')).toBe(';')
    expect(detectDelimiter('single\n')).toBe(',')
  })
})

describe('formula-injection escaping', () => {
  it('prefixes an apostrophe to cells that start with = + - @, a tab or a CR, and only those', () => {
    for (const value of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx']) expect(escapeFormula(value)).toBe(`'${value}`)
    for (const value of ['Hawks', "'quoted", ' =space first', '1+1', 'a=b', '']) expect(escapeFormula(value)).toBe(value)
    // Text that looks escaped already gets one more apostrophe, so it reads back as it was.
    expect(escapeFormula("'=x")).toBe("''=x")
    expect(unescapeFormula("''=x")).toBe("'=x")
    expect(unescapeFormula("'=x")).toBe('=x')
    expect(unescapeFormula("'quoted")).toBe("'quoted")
  })

  it('quotes the escaped text when it holds a comma, a quote, a line break or edge spaces', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csvField('Line, Two')).toBe('"Line, Two"')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(' padded ')).toBe('" padded "')
    expect(csvField(-5)).toBe('-5')
    expect(csvField(null)).toBe('')
    expect(csvField(Number.NaN)).toBe('')
  })

  it('writes a BOM, CRLF after every record, and reads back to the same cells', () => {
    const csv = toCsv(
      ['A', 'B'],
      [
        ['=1+1', 'x,y'],
        [3, null],
      ],
    )
    expect(csv).toBe(`\uFEFFA,B\r\n'=1+1,"x,y"\r\n3,\r\n`)
    expect(parseDelimited(csv).map((r) => r.map(unescapeFormula))).toEqual([
      ['A', 'B'],
      ['=1+1', 'x,y'],
      ['3', ''],
    ])
  })

  it('round-trips any text cell: parse(toCsv(cells)) then unescape gives the cells back', () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', 'Z', ',', '"', '\n', '\r', '\t', ' ', '=', '+', '-', '@', "'", 'é', ';'),
    })
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const width = rows[0].length
        const table = rows.map((r) => [...r, ...Array(width).fill('')].slice(0, width))
        const read = parseDelimited(toCsv(['h1', ...Array(width - 1).fill('h')], table), ',').slice(1)
        // Line breaks inside a cell come back as LF (CRLF and a lone CR alike).
        expect(read.map((r) => r.map(unescapeFormula))).toEqual(table.map((r) => r.map((c) => c.replace(/\r\n?/g, '\n'))))
      }),
      { seed: 20261125, numRuns: 300 },
    )
  })
})

describe('headers, dates and times as spreadsheets write them', () => {
  it('maps headers regardless of case, spaces and punctuation, and reports unknown or repeated ones', () => {
    const specs = [
      { key: 'first', label: 'First name', aliases: ['given'] },
      { key: 'last', label: 'Last name', aliases: [] },
    ]
    expect(mapHeader(['FIRST_NAME', ' last name ', 'Notes', ''], specs)).toEqual({
      index: { first: 0, last: 1 },
      ignored: ['Notes'],
      repeated: [],
    })
    expect(mapHeader(['Given', 'First Name'], specs).repeated).toEqual(['First name'])
  })

  it('reads ISO and US dates and 24- or 12-hour times, refusing impossible ones', () => {
    expect(parseSheetDate('2026-01-05')).toBe('2026-01-05')
    expect(parseSheetDate('2026/1/5')).toBe('2026-01-05')
    expect(parseSheetDate('1/5/2026')).toBe('2026-01-05')
    expect(parseSheetDate('12/31/25')).toBe('2025-12-31')
    for (const bad of ['2026-02-30', '13/1/2026', 'Jan 5', '']) expect(parseSheetDate(bad)).toBeNull()
    expect(parseSheetTime('19:00')).toBe('19:00')
    expect(parseSheetTime('7:05 pm')).toBe('19:05')
    expect(parseSheetTime('12 AM')).toBe('00:00')
    expect(parseSheetTime('12:30PM')).toBe('12:30')
    expect(parseSheetTime('7:00:00')).toBe('07:00')
    for (const bad of ['25:00', '7', '13 pm', 'noon']) expect(parseSheetTime(bad)).toBeNull()
  })

  it('names files safely', () => {
    expect(fileName('Fall 2025', 'Men’s "A" League', 'rosters')).toBe('fall-2025-mens-a-league-rosters.csv')
  })
})

describe('import planning', () => {
  const state = {
    leagueTeams: [{ teamId: 1, sltId: 11, name: 'Hawks', divisionId: null }],
    historyTeams: [{ id: 2, name: 'Owls' }],
    rosters: [{ sltId: 11, playerId: 100 }],
    players: [
      { id: 100, firstName: 'Ann', lastName: 'Lee' },
      { id: 101, firstName: 'Bo', lastName: 'Diaz' },
      { id: 102, firstName: 'bo', lastName: 'DIAZ' },
    ],
    divisions: [],
    attributes: [{ id: 5, name: 'Number', type: 'number' as const }],
    values: [{ playerId: 100, attributeId: 5, value: '7' }],
  }

  it('plans one new player per name, reuses matches and leaves rostered players alone', () => {
    const text = 'Team\tPlayer\tJersey\nhawks\tAnn Lee\t8\nOwls\tBo Diaz\t\nOwls\tNew Kid\t3\nComets\tNew Kid\t'
    const { rows, plan } = planRosters(text, state, new Map([[3, 101]]))
    expect(rows.map((r) => [r.status, r.teamStatus, r.playerId, r.message])).toEqual([
      ['match', 'inLeague', 100, 'Already on this team; Updates Number'],
      ['match', 'existing', 101, null],
      ['new', 'existing', null, null],
      ['new', 'new', null, null],
    ])
    expect(plan).toEqual({
      newDivisions: [],
      places: [
        { team: { id: 2 }, division: null },
        { team: { name: 'Comets' }, division: null },
      ],
      newTeams: ['Comets'],
      divisionChanges: [],
      newPlayers: [{ firstName: 'New', lastName: 'Kid' }],
      rosterAdds: [
        { team: { id: 2 }, player: { id: 101 } },
        { team: { id: 2 }, player: { firstName: 'New', lastName: 'Kid' } },
        { team: { name: 'Comets' }, player: { firstName: 'New', lastName: 'Kid' } },
      ],
      captains: [],
      values: [
        { player: { id: 100 }, attributeId: 5, value: '8' },
        { player: { firstName: 'New', lastName: 'Kid' }, attributeId: 5, value: '3' },
      ],
    })
  })

  it('marks a game already in the schedule as a match and plans only what changes', () => {
    const games = {
      leagueTeams: [
        { teamId: 1, name: 'Hawks' },
        { teamId: 2, name: 'Owls' },
      ],
      games: [
        {
          id: 9,
          date: '2026-01-05',
          time: '19:00',
          team1Id: 1,
          team2Id: 2,
          scoreTeam1: 0,
          scoreTeam2: 0,
          status: 'scheduled' as const,
          location: null,
        },
      ],
    }
    const text = 'Date,Time,Home,Away,Home score,Away score\n2026-01-05,19:00,Hawks,Owls,50,40\n2026-01-05,19:00,Hawks,Owls,,'
    const { rows, plan } = planGames(text, games)
    expect(rows.map((r) => [r.status, r.message])).toEqual([
      ['match', 'Updates the score, status of the existing game'],
      ['error', 'The same game as row 2'],
    ])
    expect(plan).toBeNull()
  })
})
