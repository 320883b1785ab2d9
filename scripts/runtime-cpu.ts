// The local runtime's CPU time, for the benchmarks (bench:live, bench:notify).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * CPU seconds used so far by the local runtime: this checkout's workerd processes, or — with
 * `parent` — only the workerd this process started itself (other checkouts on the machine may run
 * their own from the same node_modules).
 */
export function runtimeCpuSeconds(parent?: number): number {
  let ticks = 0
  let pids: string[] = []
  try {
    const args = parent ? ['-P', String(parent), 'workerd'] : ['-f', `${process.cwd()}/node_modules/@cloudflare/workerd`]
    pids = execFileSync('pgrep', args, { encoding: 'utf8' }).trim().split('\n').filter(Boolean)
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
