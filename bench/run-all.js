// `npm run bench`: every `bench:*` script of package.json, one after another, each in its own process.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts).filter((name) =>
  name.startsWith('bench:'),
)
let failed = 0
for (const name of scripts) {
  console.log(`\n=== ${name}`)
  const result = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' })
  if (result.status !== 0) {
    failed++
    console.log(`${name} exited ${result.status}`)
  }
}
process.exitCode = failed > 0 ? 1 : 0
