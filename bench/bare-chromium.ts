/**
 * The app in a Chromium that no test driver instruments. Playwright enables the DevTools Network
 * domain on every page and worker it drives, so each request of a run also costs DevTools events
 * in the renderer, the browser process and the driver (about 3 ms of CPU per request here): a
 * user's browser does none of that. This starts Debian's Chromium with a DevTools port and
 * speaks bare CDP over one WebSocket: it sets the login cookie, imports the collection through
 * the import dialog's file input and clicks buttons found by their accessible text, and enables
 * no domain that watches the page.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { ARGS } from './runner-app-setup.ts'
import { loginLink } from './login.ts'

interface Reply {
  id?: number
  result?: Record<string, unknown>
  error?: { message: string }
  sessionId?: string
}

export interface BarePage {
  /** Evaluates an expression in the page (awaiting a promise) and hands back its value. */
  evaluate<T>(expression: string): Promise<T>
  /** Waits until the expression is truthy in the page. */
  waitFor(expression: string, timeoutMs?: number): Promise<void>
  setFiles(selector: string, files: string[]): Promise<void>
}

export interface BareBrowser {
  process: ChildProcess
  open(url: string): Promise<BarePage>
  close(): Promise<void>
}

export async function launchBare(): Promise<BareBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'sendbox-bare-chromium-'))
  const child = spawn(
    '/usr/bin/chromium',
    [
      ...ARGS,
      '--headless',
      '--lang=en-US',
      '--window-size=1280,800',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LANG: 'en_US.UTF-8', LANGUAGE: 'en' } },
  )
  const endpoint = await new Promise<string>((done, fail) => {
    let text = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const found = /DevTools listening on (ws:\S+)/.exec(text)
      if (found) done(found[1]!)
    })
    child.once('exit', (code) => fail(new Error(`chromium exited ${code}: ${text}`)))
  })
  const socket = new WebSocket(endpoint, { perMessageDeflate: false })
  await new Promise((done, fail) => socket.once('open', done).once('error', fail))
  let next = 1
  const waiting = new Map<number, { done: (r: Record<string, unknown>) => void; fail: (e: Error) => void }>()
  socket.on('message', (data: Buffer) => {
    const reply = JSON.parse(data.toString()) as Reply
    if (reply.id === undefined) return
    const call = waiting.get(reply.id)
    waiting.delete(reply.id)
    if (reply.error) call?.fail(new Error(reply.error.message))
    else call?.done(reply.result ?? {})
  })
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((done, fail) => {
      const id = next++
      waiting.set(id, { done, fail })
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }))
    })

  async function open(url: string): Promise<BarePage> {
    const { targetId } = await send('Target.createTarget', { url: 'about:blank' })
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string
    }
    const evaluate = async <T>(expression: string): Promise<T> => {
      const { result, exceptionDetails } = (await send(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
      )) as { result: { value: T }; exceptionDetails?: { exception?: { description?: string } } }
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? 'evaluate failed')
      return result.value
    }
    // The app speaks the browser's language; the clicks below look for English labels.
    await send('Emulation.setLocaleOverride', { locale: 'en-US' }, sessionId)
    await send('Page.navigate', { url }, sessionId)
    const page: BarePage = {
      evaluate,
      async waitFor(expression, timeoutMs = 60_000) {
        const until = Date.now() + timeoutMs
        for (;;) {
          if (await evaluate<boolean>(`!!(${expression})`).catch(() => false)) return
          if (Date.now() > until) throw new Error(`timed out waiting for ${expression}`)
          await new Promise((r) => setTimeout(r, 250))
        }
      },
      async setFiles(selector, files) {
        const { root } = (await send('DOM.getDocument', {}, sessionId)) as { root: { nodeId: number } }
        const { nodeId } = (await send(
          'DOM.querySelector',
          { nodeId: root.nodeId, selector },
          sessionId,
        )) as {
          nodeId: number
        }
        await send('DOM.setFileInputFiles', { nodeId, files }, sessionId)
      },
    }
    return page
  }

  return {
    process: child,
    open,
    async close() {
      socket.close()
      child.kill()
      await new Promise((done) => child.once('exit', done))
      // Chromium's helpers may still be writing for a moment after it exits.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
      } catch {
        // Left in the temporary directory: a measurement is not lost over it.
      }
    },
  }
}

/** In the page: the first element matching `selector` whose accessible text is `name`. */
const find = (selector: string, name: string) =>
  `[...document.querySelectorAll(${JSON.stringify(selector)})].find((el) => [el.getAttribute('aria-label'), el.textContent].some((t) => t?.trim() === ${JSON.stringify(name)}))`

async function click(page: BarePage, selector: string, name: string) {
  await page.waitFor(`${find(selector, name)} && !${find(selector, name)}.disabled`)
  await page.evaluate(`${find(selector, name)}.click()`)
}

/** Logs in with the sync-server's one-time link, imports `file` and opens its collection's runner. */
export async function openRunnerBare(browser: BareBrowser, base: string, data: string, file: string) {
  const link = await loginLink(data)
  if (!link.startsWith(base)) throw new Error(`${link}: not a login link of ${base}`)
  const page = await browser.open(link)
  await click(page, 'button', 'Import')
  await page.waitFor(`document.querySelector('input[type=file][multiple]')`)
  await page.setFiles('input[type=file][multiple]', [file])
  await click(page, 'dialog button', 'Import')
  await click(page, 'button', 'More actions for Bench')
  await click(page, '[role=menuitem]', 'Run')
  await page.waitFor(find('button', 'Run collection'))
  // A first visit installs the service worker, which precaches the whole build: let that finish
  // (as on a user's later visits), or its downloads are measured with the run.
  await page.evaluate(
    `Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 60000))]).then(() => new Promise((r) => setTimeout(r, 1000)))`,
  )
  return page
}

/**
 * Finds `Run collection` (a walk over every button of the tab, in the page) and returns what
 * clicks it and waits for the run's end (the `sendbox-runner-run` measure): the walk stays out of
 * what is measured after.
 */
export async function prepareRunBare(page: BarePage): Promise<() => Promise<void>> {
  const before = await page.evaluate<number>(`performance.getEntriesByName('sendbox-runner-run').length`)
  await page.waitFor(`${find('button', 'Run collection')} && !${find('button', 'Run collection')}.disabled`)
  await page.evaluate(`void (window.__sendboxRun = ${find('button', 'Run collection')})`)
  return async () => {
    await page.evaluate(`window.__sendboxRun.click()`)
    await page.waitFor(`performance.getEntriesByName('sendbox-runner-run').length > ${before}`, 600_000)
  }
}

/** Clicks `Run collection` and waits for the run's end (the `sendbox-runner-run` measure). */
export async function runAndWaitBare(page: BarePage): Promise<void> {
  await (
    await prepareRunBare(page)
  )()
}
