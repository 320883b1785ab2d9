// An organization's page decides its language once (docs/languages.md): serveApp (worker/index.ts)
// works it out for <html lang> and the cache key, and hands it to the page's meta and first-paint
// bootstrap (worker/routes/site-meta.ts), which must not work it out again from the cookie.
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

function calls(path: string, name: string) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1
      found.push(`${path}:${line}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the language of an organization’s page', () => {
  it('is worked out once per page: site-meta is given it, never computes it', () => {
    expect(calls('worker/routes/site-meta.ts', 'pageLanguage')).toEqual([])
    const served = calls('worker/index.ts', 'pageLanguage')
    // One for an organization's page, one for the unknown-domain page (an exclusive branch).
    expect(served).toHaveLength(2)
  })
})
