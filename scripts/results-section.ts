import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

export const RESULTS_FILE = fileURLToPath(new URL('../bench/RESULTS.md', import.meta.url))

/**
 * Replaces the text between `<!-- name -->` and `<!-- /name -->` in bench/RESULTS.md (appending
 * the pair when absent, creating the file when missing). Several scripts write the same file,
 * each its own section: nothing outside the markers is touched.
 */
export function writeResultsSection(name: string, body: string, file = RESULTS_FILE) {
  const open = `<!-- ${name} -->`
  const close = `<!-- /${name} -->`
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, '# Benchmark results\n\nEach section is written by its script; rerun the script to refresh it.\n')
  }
  const text = readFileSync(file, 'utf8')
  const section = `${open}\n${body.trim()}\n${close}`
  const start = text.indexOf(open)
  const end = text.indexOf(close, start)
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + close.length)}`
      : `${text.replace(/\n*$/, '\n\n')}${section}\n`
  writeFileSync(file, next)
}
