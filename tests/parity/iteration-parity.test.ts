/**
 * Data-driven runs against newman (`-d`, `-n`, `--export-environment`): each case runs through
 * newman and `sendbox run`, each against its own echo server, and the two are compared: what
 * arrived on the wire (method, URL, headers, body, order), each item's iteration, test names,
 * results and messages, script errors, and the environment exported at the end. Only the
 * allow-list's entries for every collection (Postman-Token, User-Agent) are allowed.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { postmanCollection, script } from '../helpers/postman.ts'
import { applyAllowList, diffRuns, type AllowEntry } from './parity-diff.ts'
import { newmanSide, sendboxSide, type IterationCase, type IterationSide } from './iteration-sides.ts'

const ALLOW = (
  JSON.parse(
    readFileSync(join(resolve(import.meta.dirname, '../fixtures/postman-parity'), 'allow-list.json'), 'utf8'),
  ) as { entries: AllowEntry[] }
).entries.filter((e) => e.collections === '*')

let forNewman: EchoServer
let forSendbox: EchoServer
beforeAll(async () => {
  ;[forNewman, forSendbox] = await Promise.all([startEchoServer(), startEchoServer()])
})
afterAll(async () => {
  await Promise.all([forNewman.close(), forSendbox.close()])
})

const post = (name: string, raw: string, events: unknown[] = [], query = '') => ({
  name,
  event: events,
  request: {
    method: 'POST',
    header: [{ key: 'Content-Type', value: 'text/plain' }],
    url: `{{baseUrl}}/anything/${name}${query}`,
    body: { mode: 'raw', raw },
  },
})

const environment = (values: Record<string, string>) => ({
  name: 'env',
  values: Object.entries(values).map(([key, value]) => ({ key, value, type: 'default', enabled: true })),
})

/** Checks every script sees of the iteration, as tests newman and Sendbox both report. */
const ROW_TESTS = script(
  'test',
  `pm.test('iteration ' + pm.info.iteration + ' of ' + pm.info.iterationCount, () => {})
pm.test('row', () => {
  const row = pm.iterationData.toObject()
  pm.expect(Object.keys(row).sort().join(',')).to.be.a('string')
  pm.test('keys ' + Object.keys(row).sort().join(','), () => {})
  pm.test('n is ' + typeof pm.iterationData.get('n') + ' ' + pm.iterationData.get('n'), () => {})
  pm.test('has note ' + pm.iterationData.has('note'), () => {})
  pm.test('variables.get user ' + pm.variables.get('user'), () => {})
})`,
)

const CASES: Record<string, IterationCase> = {
  'CSV: quotes, an embedded newline, a BOM, a row missing a column, numbers': {
    collection: postmanCollection('csv', [
      post(
        'row',
        'user={{user}}\nnote={{note}}\nn={{n}}\nenv={{only_env}}',
        [ROW_TESTS],
        '?u={{user}}&n={{n}}',
      ),
    ]),
    environment: environment({ user: 'env-user', note: 'env-note', only_env: 'e' }),
    data: {
      name: 'users.csv',
      text: '\uFEFFuser,note,n\nann,"a, b and ""c""",1\nbob,"two\nlines",2.5\ncy\n dee , plain ,007\neve,"x",-3\n',
    },
  },
  'JSON: typed values, -n past the rows repeats the last': {
    collection: postmanCollection('json', [
      post('row', 'user={{user}}\nn={{n}}\nflag={{flag}}\nmissing={{note}}', [ROW_TESTS]),
    ]),
    environment: environment({ note: 'env-note' }),
    data: {
      name: 'rows.json',
      text: '[{"user":"ann","n":1,"flag":true},{"user":"bob","n":"2","note":null}]',
    },
    iterationCount: 4,
  },
  '-n without data': {
    collection: postmanCollection('plain', [post('a', 'i={{i}}', [ROW_TESTS]), post('b', 'x')]),
    environment: environment({ i: 'env' }),
    iterationCount: 2,
  },
  'setNextRequest across iterations': {
    collection: postmanCollection('snr', [
      post('A', 'a', [
        script(
          'test',
          `if (pm.info.iteration === 0 && !pm.environment.get('looped')) { pm.environment.set('looped', '1'); postman.setNextRequest('A') }
if (pm.info.iteration === 2) pm.execution.setNextRequest('C')
pm.test('A in ' + pm.info.iteration, () => {})`,
        ),
      ]),
      post('B', 'b {{user}}', [
        script(
          'test',
          `if (pm.info.iteration === 1) postman.setNextRequest(null)
pm.test('B in ' + pm.info.iteration, () => {})`,
        ),
      ]),
      post('C', 'c', [
        script(
          'test',
          `if (pm.info.iteration === 3) postman.setNextRequest('nowhere')\npm.test('C', () => {})`,
        ),
      ]),
      post('D', 'd'),
    ]),
    data: { name: 'd.csv', text: 'user\nu0\nu1\nu2\nu3\n' },
  },
  '--export-environment: values scripts set, data over the environment': {
    collection: postmanCollection('export', [
      post('set', 'user={{user}}\ncount={{count}}', [
        script(
          'test',
          `pm.environment.set('count', String(Number(pm.environment.get('count')) + 1))
pm.environment.set('user', 'script-' + pm.info.iteration)
pm.environment.set('last', pm.iterationData.get('user'))
pm.globals.set('not_in_env', 'g')
pm.test('environment.get user is ' + pm.environment.get('user'), () => {})`,
        ),
      ]),
      post('after', 'user={{user}}\nlast={{last}}'),
    ]),
    environment: environment({ count: '0', keep: 'kept', user: 'env-user' }),
    data: { name: 'd.json', text: '[{"user":"ann"},{"user":"bob"}]' },
  },
}

function compare(newman: IterationSide, sendbox: IterationSide): string[] {
  const diffs = diffRuns(newman, sendbox)
  if (newman.iterations.join() !== sendbox.iterations.join())
    diffs.push(`iterations: newman [${newman.iterations.join()}], sendbox [${sendbox.iterations.join()}]`)
  const a = newman.exported.join('\n')
  const b = sendbox.exported.join('\n')
  if (a !== b) diffs.push(`exported environment: newman\n${a}\nsendbox\n${b}`)
  return diffs
}

describe('data-driven runs behave as under newman', () => {
  for (const [name, iterationCase] of Object.entries(CASES)) {
    it(name, { timeout: 60_000 }, async () => {
      const [newman, sendbox] = await Promise.all([
        newmanSide(iterationCase, forNewman),
        sendboxSide(iterationCase, forSendbox),
      ])
      const neutral = (side: IterationSide, url: string) => ({
        ...side,
        exported: side.exported.map((line) => line.split(url).join('{{baseUrl}}')),
      })
      expect(newman.items.length).toBeGreaterThan(0)
      const failures = applyAllowList(
        name,
        compare(neutral(newman, forNewman.url), neutral(sendbox, forSendbox.url)),
        ALLOW,
        new Set(),
      )
      if (failures.length > 0) throw new Error(`${failures.length} differences:\n${failures.join('\n')}`)
    })
  }
})
