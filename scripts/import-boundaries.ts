// The import rules of docs/architecture.md ("Boundaries"), checked over the source tree by
// test/unit/import-boundaries.test.ts (so `npm test` fails on a violation) or by hand:
//   node scripts/import-boundaries.ts
// Each rule names who may not import what, and why; a relative import is resolved to a path from
// the repository's root before the rules see it.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface ImportEdge {
  /** The importing file, from the repository's root (`web/src/features/teams/api.ts`). */
  from: string
  /** What it imports: a root-relative path without extension for relative imports, else the package. */
  to: string
  /** `import type` / `export type`: erased at build time. */
  typeOnly: boolean
}

interface Rule {
  name: string
  why: string
  broken(edge: ImportEdge): boolean
}

const featureOf = (file: string) => /^web\/src\/features\/([^/]+)\//.exec(file)?.[1]
const isHttp = (to: string) =>
  to === 'hono' || to.startsWith('hono/') || to.startsWith('@hono/') || /^worker\/(routes|middleware)\//.test(to)

export const RULES: Rule[] = [
  {
    name: 'feature → feature',
    why: 'a screen area stands alone; what two features share lives in web/src/app, lib or components',
    broken: (e) => {
      const from = featureOf(e.from)
      const to = featureOf(`${e.to}/`)
      return from !== undefined && to !== undefined && from !== to
    },
  },
  {
    name: 'data layer → HTTP',
    why: 'worker/db is queries and their guards: it never reads a request or answers one',
    broken: (e) => e.from.startsWith('worker/db/') && isHttp(e.to),
  },
  {
    name: 'domain → data or HTTP',
    why: 'worker/domain is pure rules, testable without a database or a request',
    broken: (e) =>
      e.from.startsWith('worker/domain/') && (isHttp(e.to) || e.to.startsWith('worker/db/') || e.to === 'drizzle-orm'),
  },
  {
    name: 'worker → web',
    why: 'the Worker never bundles the SPA',
    broken: (e) => e.from.startsWith('worker/') && e.to.startsWith('web/'),
  },
  {
    name: 'web → worker internals',
    why: 'the SPA may run the pure rules of worker/domain and read any type; never the data layer or routes',
    broken: (e) => e.from.startsWith('web/') && e.to.startsWith('worker/') && !e.typeOnly && !e.to.startsWith('worker/domain/'),
  },
]

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm

/** The imports of one file's source, resolved against its path. */
export function importsOf(file: string, source: string): ImportEdge[] {
  const edges: ImportEdge[] = []
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4]
    if (!specifier) continue
    const to = specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.(tsx?|js)$/, '')
      : specifier
    edges.push({ from: file, to, typeOnly: match[2] !== undefined })
  }
  return edges
}

export interface Violation {
  rule: string
  why: string
  from: string
  to: string
}

export function violations(edges: ImportEdge[]): Violation[] {
  return edges.flatMap((edge) =>
    RULES.filter((rule) => rule.broken(edge)).map((rule) => ({ rule: rule.name, why: rule.why, from: edge.from, to: edge.to })),
  )
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
}

/** Every import of worker/ and web/src, checked. */
export function repositoryViolations(): Violation[] {
  const files = [...sourceFiles('worker'), ...sourceFiles('web/src')]
  return violations(files.flatMap((file) => importsOf(file, readFileSync(path.join(ROOT, file), 'utf8'))))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = repositoryViolations()
  for (const v of found) console.log(`${v.from} → ${v.to}: ${v.rule} (${v.why})`)
  console.log(found.length === 0 ? 'Import boundaries hold.' : `${found.length} import(s) cross a boundary.`)
  process.exitCode = found.length === 0 ? 0 : 1
}
