/**
 * The raw-request limit: a bare undici loop of `count` sequential GETs, run in a fresh process
 * like `sendbox run` is, so both start equally cold. Prints the loop's own duration in ms.
 */
import { Agent, request } from 'undici'

const [url, countText] = process.argv.slice(2)
const count = Number(countText)
const agent = new Agent({ keepAliveTimeout: 10_000 })
const started = performance.now()
for (let i = 0; i < count; i++) {
  const res = await request(`${url}/get?i=${i}`, { dispatcher: agent, headers: { 'user-agent': 'raw/1.0' } })
  await res.body.arrayBuffer()
}
console.log(Math.round(performance.now() - started))
await agent.close()
