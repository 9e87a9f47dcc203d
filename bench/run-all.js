// `npm run bench`: every `bench:*` script of package.json, one after another, each in its own process.
// A benchmark that hangs is stopped after BENCH_TIMEOUT_MINUTES (default 20) and reported, so the
// others still run. Closing lines list every benchmark with its outcome.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MINUTES ?? 20) * 60_000
const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts).filter((name) =>
  name.startsWith('bench:'),
)
const outcomes = []
for (const name of scripts) {
  console.log(`\n=== ${name}`)
  const started = Date.now()
  const result = spawnSync('npm', ['run', '--silent', name], {
    stdio: 'inherit',
    timeout: TIMEOUT_MS,
    killSignal: 'SIGKILL',
  })
  const seconds = Math.round((Date.now() - started) / 1000)
  const outcome =
    result.error?.code === 'ETIMEDOUT'
      ? `stopped after ${seconds} s (hung)`
      : result.status === 0
        ? `ok in ${seconds} s`
        : `exited ${result.status ?? result.signal} after ${seconds} s`
  outcomes.push(`${name}: ${outcome}`)
}
console.log(`\n=== summary\n${outcomes.join('\n')}`)
process.exitCode = outcomes.some((line) => !line.includes(': ok in')) ? 1 : 0
