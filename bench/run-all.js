// `npm run bench`: every `bench:*` script of package.json, one after another, each in its own process
// group. A benchmark that hangs is stopped with its whole group (servers, browsers) after
// BENCH_TIMEOUT_MINUTES (default 20) and reported, so the others still run.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MINUTES ?? 20) * 60_000
const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts).filter((name) =>
  name.startsWith('bench:'),
)

function run(name) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: 'inherit', detached: true })
    let hung = false
    const timer = setTimeout(() => {
      hung = true
      process.kill(-child.pid, 'SIGKILL')
    }, TIMEOUT_MS)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      resolve(hung ? 'hung' : code === 0 ? 'ok' : `exited ${code ?? signal}`)
    })
  })
}

const outcomes = []
for (const name of scripts) {
  console.log(`\n=== ${name}`)
  const started = Date.now()
  const outcome = await run(name)
  const seconds = Math.round((Date.now() - started) / 1000)
  outcomes.push({
    name,
    outcome,
    line: `${name}: ${outcome === 'hung' ? 'stopped, hung' : outcome} after ${seconds} s`,
  })
}
console.log(`\n=== summary\n${outcomes.map((o) => o.line).join('\n')}`)
process.exitCode = outcomes.every((o) => o.outcome === 'ok') ? 0 : 1
