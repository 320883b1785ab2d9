// The English messages the Worker can answer, read from its source (docs/decisions/2026-11-28-server-language.md):
// every `new ApiError(status, message, fields)`, `notFound(noun)`, `forbidden(message)`, and the
// zod messages of the request contract (worker/contract/**, worker/lib/validate.ts). Each becomes a
// template (`${what} not found` → `{what} not found`) that test/unit/server-messages.test.ts holds
// against the English `server` catalog, so no new English refusal ships without its translation.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

export type WorkerMessage = {
  /** Where it is written (file:line). */
  at: string
  /** The message as an ICU template: interpolations become `{name}`. */
  template: string
  /** A noun passed to notFound()/requiredText(): a phrase the catalog must hold on its own too. */
  noun?: boolean
}

const IMPORT = /^worker\/domain\/csv-import\.ts$/
const CONTRACT = /^worker\/(contract\/|lib\/validate\.ts$)/
/** zod calls whose string argument is the value itself, never a message. */
const NOT_MESSAGES = new Set([
  'default',
  'describe',
  'meta',
  'literal',
  'catch',
  'prefault',
  'includes',
  'startsWith',
  'endsWith',
  'join',
  'split',
  'replace',
  'test',
  'get',
  'set',
  'has',
  'push',
  'header',
  'query',
  'param',
  'json',
  'text',
  'startsWith',
])
/** Helpers of worker/contract/fields.ts whose first argument names the field (`Name` in `Name is required`). */
const NOUN_HELPERS = new Set(['requiredText', 'optionalName'])

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files(path, out)
    else if (path.endsWith('.ts')) out.push(path)
  }
  return out
}

function argName(expr: ts.Expression): string {
  let e: ts.Node = expr
  while (ts.isCallExpression(e) || ts.isPropertyAccessExpression(e) || ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) {
    if (ts.isCallExpression(e)) e = e.expression
    else if (ts.isPropertyAccessExpression(e))
      e = ts.isCallExpression(e.expression) ? e.expression : e.name.text === 'length' ? e.expression : e.name
    else e = e.expression
  }
  const text = ts.isIdentifier(e) ? e.text : 'value'
  if (/^[A-Z0-9_]+$/.test(text)) return text.toLowerCase().replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase())
  return text
}

/**
 * `plural(n, 'row has', 'rows have')` (worker/db/queries/shared.ts) as its two English forms: the
 * catalog holds one template for each (`1 row has`, `{count} rows have`).
 */
function pluralForms(expr: ts.Expression): string[] | null {
  if (!ts.isCallExpression(expr) || !ts.isIdentifier(expr.expression) || expr.expression.text !== 'plural') return null
  const [, one, many] = expr.arguments
  if (!one || !ts.isStringLiteral(one)) return null
  const other = many && ts.isStringLiteral(many) ? many.text : `${one.text}s`
  return [`1 ${one.text}`, `{count} ${other}`]
}

/** The English text of a message expression, as templates (both branches of a condition). */
function templatesOf(expr: ts.Expression, consts: Map<string, ts.Expression>, depth = 0): string[] {
  if (depth > 8) return []
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr)) return templatesOf(expr.expression, consts, depth + 1)
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text]
  if (ts.isTemplateExpression(expr)) {
    // A span that is itself one of a few literal phrases (`${why}`, `why = x ? ' without a forfeit' : ''`)
    // gives one template per phrase; any other value is an argument.
    let texts = [expr.head.text]
    for (const span of expr.templateSpans) {
      const phrases =
        ts.isIdentifier(span.expression) || ts.isConditionalExpression(span.expression)
          ? templatesOf(span.expression, consts, depth + 1)
          : []
      const parts = phrases.length > 0 ? phrases : (pluralForms(span.expression) ?? [`{${argName(span.expression)}}`])
      texts = texts.flatMap((text) => parts.map((part) => text + part + span.literal.text))
    }
    return texts
  }
  if (ts.isConditionalExpression(expr))
    return [...templatesOf(expr.whenTrue, consts, depth + 1), ...templatesOf(expr.whenFalse, consts, depth + 1)]
  if (
    ts.isBinaryExpression(expr) &&
    (expr.operatorToken.kind === ts.SyntaxKind.BarBarToken || expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
  )
    return [...templatesOf(expr.left, consts, depth + 1), ...templatesOf(expr.right, consts, depth + 1)]
  if (ts.isIdentifier(expr)) {
    const value = consts.get(expr.text)
    return value ? templatesOf(value, consts, depth + 1) : []
  }
  return []
}

const looksLikeSentence = (text: string) => /[A-Za-z]/.test(text) && (/\s/.test(text) || /^[A-Z]/.test(text))

/** Every English message the Worker can answer, as templates. */
export function workerMessages(root = 'worker'): WorkerMessage[] {
  const sources = files(root).map((path) => ({
    path: path.replaceAll('\\', '/'),
    file: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
  }))
  // Constants a message may be kept in (`const LOGIN_FAILED = '…'`), by name across the Worker.
  // UPPER_CASE ones by name across the Worker, others (`const why = …`) within their file.
  const shared = new Map<string, ts.Expression>()
  const local = new Map<ts.SourceFile, Map<string, ts.Expression>>()
  for (const { file } of sources) {
    const own = new Map<string, ts.Expression>()
    local.set(file, own)
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const init = node.initializer
        const name = node.name.text
        const upper = /^[A-Z][A-Z0-9_]+$/.test(name)
        if (
          ts.isStringLiteral(init) ||
          ts.isNoSubstitutionTemplateLiteral(init) ||
          ts.isTemplateExpression(init) ||
          (!upper && ts.isConditionalExpression(init))
        )
          (upper ? shared : own).set(name, init)
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  const out: WorkerMessage[] = []
  for (const { path, file } of sources) {
    const consts = new Map([...shared, ...(local.get(file) ?? [])])
    const contract = CONTRACT.test(path)
    const add = (node: ts.Node, expr: ts.Expression | undefined, filter = false, noun = false) => {
      if (!expr) return
      const at = `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
      for (const template of templatesOf(expr, consts)) {
        if (filter && !looksLikeSentence(template)) continue
        out.push(noun ? { at, template, noun } : { at, template })
      }
    }
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ApiError') {
        const [, message, fields] = node.arguments ?? []
        add(node, message)
        if (fields && ts.isObjectLiteralExpression(fields))
          for (const p of fields.properties) if (ts.isPropertyAssignment(p)) add(p, p.initializer)
      }
      // The CSV import's refusals (worker/domain/csv-import.ts, csv.ts): a whole import's, and each row's problems.
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        ['ImportInputError', 'CsvSyntaxError'].includes(node.expression.text)
      )
        add(node, node.arguments?.[0], true)
      // A route's own zod rule: `ctx.addIssue({ message })`.
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'addIssue'
      ) {
        const [issue] = node.arguments
        if (issue && ts.isObjectLiteralExpression(issue))
          for (const p of issue.properties)
            if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'message') add(p, p.initializer, true)
      }
      if (
        IMPORT.test(path) &&
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'push' &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'problems'
      )
        add(node, node.arguments[0], true)
      // The import's own words for a row's value (`{ problem: … }`) and for a header it cannot read.
      if (IMPORT.test(path)) {
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'problem')
          add(node, node.initializer, true)
        if (ts.isConditionalExpression(node) && !ts.isConditionalExpression(node.parent))
          for (const branch of [node.whenTrue, node.whenFalse])
            if (ts.isStringLiteral(branch) && /^[A-Z].* /.test(branch.text)) add(branch, branch, true)
      }
      // A function saying why an input is refused (`passwordProblem`, `dimensionProblem`): what it returns.
      if (ts.isReturnStatement(node) && node.expression) {
        const fn = ts.findAncestor(node, ts.isFunctionDeclaration)
        if (fn?.name && /Problem$/.test(fn.name.text)) add(node, node.expression, true)
      }
      // A refusal answered without throwing: `c.json({ message: '…' }, 404)`.
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'json') {
        const [body, status] = node.arguments
        if (body && status && ts.isObjectLiteralExpression(body))
          for (const p of body.properties)
            if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'message') add(p, p.initializer)
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text
        const [first] = node.arguments
        if (name === 'forbidden') add(node, first)
        if (name === 'idSaying') for (const arg of node.arguments) add(arg, arg)
        if (name === 'notFound' && first) {
          add(node, first, false, true)
          for (const noun of templatesOf(first, consts)) out.push({ at: `${path}`, template: `${noun} not found` })
        }
        if (contract && NOUN_HELPERS.has(name)) add(node, first, true, true)
      }
      if (contract) {
        if (ts.isCallExpression(node)) {
          const callee = node.expression
          const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : ''
          if (!NOT_MESSAGES.has(method) && !NOUN_HELPERS.has(method)) for (const arg of node.arguments) add(arg, arg, true)
        }
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['message', 'error'].includes(node.name.text))
          add(node, node.initializer, true)
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return out
}
