/**
 * The script shapes `npm run bench:runner` measures besides its own (issue 32: "speed on more
 * than one shape of script"). Each is a collection of `count` requests against the echo server,
 * written for `sendbox run` and for the peer that runs the same work: newman for the Postman
 * shapes, `bru run` for the Bruno one (and newman on the Postman shape doing the same checks).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { postmanCollection, script } from '../tests/helpers/postman.ts'

export interface Shape {
  name: string
  /** What one request's scripts do, for the printout. */
  about: string
  /** HTTP requests per collection item (sendRequest adds one): the raw loop does as many. */
  perItem: number
  tests: number
  /** Writes the shape's collection for `sendbox run` (a file or a folder); answers its path. */
  write(dir: string, url: string, count: number): string
  /** The Postman collection newman runs for the same work. */
  newman(dir: string, url: string, count: number): string
  /** The folder `bru run` runs, for the Bruno shape. */
  bruno?(dir: string, url: string, count: number): string
}

const STATUS_AND_JSON = (n: string) => `pm.test('status', function () { pm.response.to.have.status(200) })
pm.test('content type', function () { pm.response.to.have.header('Content-Type') })
pm.test('echoes n', function () { const j = pm.response.json(); pm.expect(j.args.n).to.equal(${n}) })
pm.test('method', function () { pm.expect(pm.response.json().method).to.be.oneOf(['GET', 'POST']) })
pm.test('fast', function () { pm.expect(pm.response.responseTime).to.be.below(5000) })`

function postman(
  dir: string,
  file: string,
  url: string,
  count: number,
  pre: (i: number) => string,
  tests: string,
) {
  const doc = postmanCollection(
    file,
    Array.from({ length: count }, (_, i) => ({
      name: `r${i}`,
      request: { method: 'GET', url: `${url}/get?n={{n}}&i=${i}` },
      event: [script('prerequest', pre(i)), script('test', tests)],
    })),
  )
  const path = join(dir, `${file}.json`)
  writeFileSync(path, JSON.stringify(doc))
  return path
}

/** The second shape: two variable writes, then status, header, JSON body and oneOf checks. */
const variables: Shape = {
  name: 'variables and JSON checks',
  about:
    "pm.environment.set('n', i), pm.variables.set('stamp', Date.now()); 5 tests: status, header, json(), oneOf, responseTime",
  perItem: 1,
  tests: 5,
  write: (dir, url, count) =>
    postman(
      dir,
      'shape-variables',
      url,
      count,
      (i) => `pm.environment.set('n', '${i}')
pm.variables.set('stamp', String(Date.now()))`,
      STATUS_AND_JSON("pm.environment.get('n')"),
    ),
  newman: (dir, url, count) => variables.write(dir, url, count),
}

/** A token fetched with pm.sendRequest before each request. */
const sendRequest: Shape = {
  name: 'pm.sendRequest',
  about: 'pre-request pm.sendRequest (GET, JSON answer) and pm.environment.set from it; the same 5 tests',
  perItem: 2,
  tests: 5,
  write: (dir, url, count) =>
    postman(
      dir,
      'shape-send-request',
      url,
      count,
      (i) => `pm.sendRequest('${url}/get?token=t${i}', function (err, res) {
  if (err) throw err
  pm.environment.set('n', res.json().args.token)
})`,
      STATUS_AND_JSON("pm.environment.get('n')"),
    ),
  newman: (dir, url, count) => sendRequest.write(dir, url, count),
}

const BRU_PRE = (i: number) => `bru.setVar('n', '${i}');
  bru.setVar('stamp', String(Date.now()));`
const BRU_TESTS = `test('status', function () { expect(res.getStatus()).to.equal(200) });
test('content type', function () { expect(res.getHeader('content-type')).to.be.a('string') });
test('echoes n', function () { expect(res.getBody().args.n).to.equal(bru.getVar('n')) });
test('method', function () { expect(res.getBody().method).to.be.oneOf(['GET', 'POST']) });
test('fast', function () { expect(res.getResponseTime()).to.be.below(5000) });`

/** The same work as the variables shape, written as a Bruno collection (bru.*, res.*, test). */
const bruno: Shape = {
  name: 'Bruno script',
  about:
    "bru.setVar('n', i), bru.setVar('stamp', ...); 5 tests on res.getStatus/getHeader/getBody/getResponseTime",
  perItem: 1,
  tests: 5,
  write: (dir, url, count) => {
    const folder = join(dir, `bruno-${count}`)
    mkdirSync(folder, { recursive: true })
    writeFileSync(
      join(folder, 'bruno.json'),
      JSON.stringify({ version: '1', name: 'bench', type: 'collection' }),
    )
    for (let i = 0; i < count; i++) {
      const bru = [
        `meta {\n  name: r${i}\n  type: http\n  seq: ${i + 1}\n}`,
        `get {\n  url: ${url}/get?n={{n}}&i=${i}\n  body: none\n  auth: none\n}`,
        `script:pre-request {\n  ${BRU_PRE(i)}\n}`,
        `tests {\n  ${BRU_TESTS.split('\n').join('\n  ')}\n}`,
      ].join('\n\n')
      writeFileSync(join(folder, `r${String(i).padStart(4, '0')}.bru`), bru + '\n')
    }
    return folder
  },
  newman: (dir, url, count) => variables.write(dir, url, count),
  bruno: (dir, url, count) => bruno.write(dir, url, count),
}

export const SHAPES: Shape[] = [variables, sendRequest, bruno]
