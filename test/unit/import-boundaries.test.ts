// The import rules of docs/architecture.md ("Boundaries"), enforced in `npm test`: the repository
// holds them, and each rule catches a deliberate violation.
import { describe, expect, it } from 'vitest'
import { importsOf, repositoryViolations, violations } from '../../scripts/import-boundaries'

const check = (file: string, source: string) => violations(importsOf(file, source)).map((v) => `${v.rule}: ${v.from} → ${v.to}`)

describe('import boundaries', () => {
  it('hold across worker/ and web/src', () => {
    expect(repositoryViolations()).toEqual([])
  })

  it('refuse a feature importing another feature, and let it use its own files, app, lib and components', () => {
    expect(check('web/src/features/teams/api.ts', "import type { StandingRow } from '../seasons/season-detail-page'")).toEqual([
      'feature → feature: web/src/features/teams/api.ts → web/src/features/seasons/season-detail-page',
    ])
    expect(
      check(
        'web/src/features/schedule-builder/components/card.tsx',
        [
          "import { useBuilder } from '../api'",
          "import { useSite } from '../../../app/site-context'",
          "import { useSeasons } from '../../../lib/seasons-api'",
          "import { Modal } from '../../../components/modal'",
        ].join('\n'),
      ),
    ).toEqual([])
  })

  it('refuse HTTP in the data layer, data or HTTP in the domain, and the SPA in the Worker', () => {
    expect(check('worker/db/guards.ts', "import type { Context } from 'hono'")).toEqual([
      'data layer → HTTP: worker/db/guards.ts → hono',
    ])
    expect(check('worker/db/queries/teams.ts', "import { session } from '../../middleware/session'")).toEqual([
      'data layer → HTTP: worker/db/queries/teams.ts → worker/middleware/session',
    ])
    expect(check('worker/domain/standings.ts', "import { standings } from '../db/queries/teams'")).toEqual([
      'domain → data or HTTP: worker/domain/standings.ts → worker/db/queries/teams',
    ])
    expect(check('worker/routes/teams.ts', "import { formatDay } from '../../web/src/lib/format'")).toEqual([
      'worker → web: worker/routes/teams.ts → web/src/lib/format',
    ])
  })

  it('let the SPA run worker/domain and read any worker type, never the data layer itself', () => {
    const file = 'web/src/features/games/api.ts'
    expect(check(file, "import { formatGameDate } from '../../../../worker/domain/time'")).toEqual([])
    expect(check(file, "import type { GameJson } from '../../../../worker/db/queries/games'")).toEqual([])
    expect(check(file, "import { gameJson } from '../../../../worker/db/queries/games'")).toEqual([
      'web → worker internals: web/src/features/games/api.ts → worker/db/queries/games',
    ])
  })

  it('read multi-line, re-exported and lazily imported modules', () => {
    const source = [
      'import {',
      '  a,',
      '  b,',
      "} from '../players/api'",
      "export { c } from '../games/api'",
      "const page = lazy(() => import('../leaderboard/leaderboard-page'))",
    ].join('\n')
    expect(check('web/src/features/teams/x.tsx', source)).toHaveLength(3)
  })
})
