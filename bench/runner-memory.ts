/**
 * The memory case of bench/runner.ts: `sendbox run` in this process (started with --expose-gc),
 * with the heap measured after a forced collection every second while the run goes on. RSS alone
 * says little (V8 collects lazily while memory is plentiful); the heap after a full collection
 * is what a leak would grow. The forced collections slow the run down: its rate is not reported.
 * Usage: node --expose-gc --import tsx bench/runner-memory.ts <collection> [report.json]
 * With a report file the json reporter runs (it keeps every execution for the report), else the
 * cli reporter (counts only; its output is dropped).
 * Prints one JSON line: { heapMb: number[], rssMb: number[] }.
 */
import { runCli } from '../src/cli/main.ts'

const [file, report] = process.argv.slice(2)
const gc = (globalThis as { gc?: () => void }).gc
if (!gc || !file)
  throw new Error('usage: node --expose-gc --import tsx bench/runner-memory.ts <collection> [report]')
const heapMb: number[] = []
const rssMb: number[] = []
const sample = () => {
  gc()
  const usage = process.memoryUsage()
  heapMb.push(usage.heapUsed / 1024 / 1024)
  rssMb.push(usage.rss / 1024 / 1024)
}
const timer = setInterval(sample, 1000)
const sink = { write: () => true } as unknown as NodeJS.WritableStream
const reporter = report ? ['-r', 'json', '--reporter-json-export', report] : ['-r', 'cli']
const code = await runCli(['run', file, ...reporter], {
  stdout: sink,
  stderr: process.stderr,
})
clearInterval(timer)
sample()
process.stdout.write(`${JSON.stringify({ heapMb, rssMb, code })}\n`)
process.exit(0)
