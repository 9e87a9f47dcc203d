/** Prints bench:relay's numbers: per client, then the targets, each against a peer of the same run. */
import type { Client } from './clients.ts'

export interface Tally {
  latencies: number[]
  /** Requests per second of each concurrent round. */
  rates: number[]
  /** MB/s of each streamed body. */
  streamRates: number[]
  /** CPU ms of the client (own, Node clients only) and of the process in between, for requests and MB. */
  cpu: { own: number; via: number; ownMb: number; viaMb: number }
}

export interface Run {
  clients: Client[]
  tallies: Map<Client, Tally>
  load: [number[], number[]]
  requests: { sequential: number; concurrent: number; concurrency: number }
  megabytes: number
  memory: { before: number; peak: number; passedMb: number }
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!
const ms = (value: number) => `${value.toFixed(3)} ms`
const pad = (text: string, width: number) => text.padEnd(width)

export function report(run: Run) {
  const { clients, tallies, requests, megabytes } = run
  const perRequest = requests.sequential + requests.concurrent
  const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(' ')
  console.log(
    `relay bench, same run, every server its own process; load average ${load(run.load[0])} before, ` +
      `${load(run.load[1])} after (1/5/15 min)`,
  )
  console.log(
    `${requests.sequential} sequential + ${requests.concurrent} concurrent (${requests.concurrency} in ` +
      `flight) small GETs and ${megabytes} MB streamed per client\n`,
  )
  const width = Math.max(...clients.map((c) => c.name.length)) + 2
  console.log(
    `${pad('client', width)}median    p90       req/s   MB/s   cpu/request (client | between)  cpu/MB (client | between)`,
  )
  const stats = new Map<
    Client,
    { median: number; p90: number; rate: number; mbs: number; cpu: number; cpuMb: number }
  >()
  for (const client of clients) {
    const tally = tallies.get(client)!
    const s = {
      median: quantile(tally.latencies, 0.5),
      p90: quantile(tally.latencies, 0.9),
      rate: quantile(tally.rates, 0.5),
      mbs: quantile(tally.streamRates, 0.5),
      cpu: (tally.cpu.own + tally.cpu.via) / perRequest,
      cpuMb: (tally.cpu.ownMb + tally.cpu.viaMb) / megabytes,
    }
    stats.set(client, s)
    const own = (value: number, per: number) => (client.inProcess ? ms(value / per) : '   –    ')
    const via = (value: number, per: number) => (client.via === 'none' ? '   –    ' : ms(value / per))
    console.log(
      `${pad(client.name, width)}${pad(ms(s.median), 10)}${pad(ms(s.p90), 10)}${pad(s.rate.toFixed(0), 8)}` +
        `${pad(s.mbs.toFixed(0), 7)}${own(tally.cpu.own, perRequest)} | ${via(tally.cpu.via, perRequest)}` +
        `          ${own(tally.cpu.ownMb, megabytes)} | ${via(tally.cpu.viaMb, megabytes)}`,
    )
  }
  console.log('(req/s and MB/s: median of the rounds; "between": the sync-server or the forwarder)\n')

  const compare = (label: string, client: Client | undefined, peer: Client | undefined, targets: boolean) => {
    if (!client || !peer) return
    const s = stats.get(client)!
    const p = stats.get(peer)!
    const added = s.median - p.median
    const rate = s.rate / p.rate
    const mbs = s.mbs / p.mbs
    const verdict = (ok: boolean) => (targets ? (ok ? ' met' : ' NOT met') : '')
    console.log(`${label}: ${client.name} vs ${peer.name}`)
    console.log(
      `  added at the median ${ms(added)}${targets ? ' (target ≤ 1 ms)' : ''}${verdict(added <= 1)}; ` +
        `requests/s ${(rate * 100).toFixed(0)}%, MB/s ${(mbs * 100).toFixed(0)}%` +
        `${targets ? ' (target ≥ 70%)' : ''}${verdict(rate >= 0.7 && mbs >= 0.7)}`,
    )
    if (client.inProcess && peer.inProcess) {
      console.log(
        `  cpu (client + between, load-independent): ${ms(s.cpu)} vs ${ms(p.cpu)} per request ` +
          `(×${(s.cpu / p.cpu).toFixed(2)}), ${ms(s.cpuMb)} vs ${ms(p.cpuMb)} per MB (×${(s.cpuMb / p.cpuMb).toFixed(2)})`,
      )
    }
  }
  const named = (part: string) => clients.find((c) => c.name.includes(part))
  compare('target', named('Node fetch, relay'), clients[0], true)
  compare('target', named('Chromium, relay'), clients[0], true)
  compare('the hop alone (floor)', named('Node transport → floor'), clients[0], false)
  compare('relay vs the floor, same client', named('Node fetch, relay'), named('Node fetch → floor'), false)
  compare('relay vs the floor, same client', named('Chromium, relay'), named('Chromium fetch → floor'), false)
  compare('HTTP/2 (h2c upstream)', named('relay transport → h2c'), named('Node transport → h2c'), true)
  const { before, peak, passedMb } = run.memory
  console.log(
    `\nmemory: sync-server resident ${before.toFixed(0)} MB before, at most ${peak.toFixed(0)} MB during a ` +
      `${passedMb} MB pass-through (+${(peak - before).toFixed(0)} MB)`,
  )
}
