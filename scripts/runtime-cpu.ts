// The local runtime's CPU time, for the benchmarks (bench:live, bench:notify).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** CPU seconds used so far by the local runtime (this checkout's workerd processes). */
export function runtimeCpuSeconds(): number {
  let ticks = 0
  let pids: string[] = []
  try {
    // This checkout's runtime only: other work on the machine may run its own.
    pids = execFileSync('pgrep', ['-f', `${process.cwd()}/node_modules/@cloudflare/workerd`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
  } catch {
    return 0
  }
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12]) // utime + stime
    } catch {
      // gone
    }
  }
  return ticks / 100
}
