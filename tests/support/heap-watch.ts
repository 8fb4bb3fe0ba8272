/**
 * The most heap a piece of work keeps alive while it runs, in MB above where it started. The heap
 * is sampled every millisecond; a sample more than 64 MB up is taken again after a full garbage
 * collection, so garbage the collector had not reached yet (a big test heap lets it pile up, a
 * production heap of 256 MB would not) does not count, and what the work really holds does.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

export async function heapKeptMB(work: () => Promise<unknown>): Promise<number> {
  gc()
  const before = process.memoryUsage().heapUsed
  let peak = before
  const measure = () => {
    let used = process.memoryUsage().heapUsed
    if (used - before > 64 * 1024 * 1024) {
      gc()
      used = process.memoryUsage().heapUsed
    }
    peak = Math.max(peak, used)
  }
  const sample = setInterval(measure, 1)
  try {
    await work()
  } finally {
    clearInterval(sample)
  }
  measure()
  return (peak - before) / 1024 / 1024
}
