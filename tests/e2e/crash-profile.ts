/**
 * A Chromium that can be killed as a crash or a power cut would: a persistent profile directory,
 * SIGKILL to every browser process of that profile (no unload handler runs, nothing is flushed),
 * then a new browser on the same profile.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page, type TestInfo } from '@playwright/test'
import { openApp } from './helpers.ts'

/** The browser processes started for this profile directory (and only those). */
export function browserPids(profile: string): number[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
  return out
    .split('\n')
    .filter((line) => line.includes(`--user-data-dir=${profile}`))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter((pid) => pid > 0)
}

type Cookies = Parameters<BrowserContext['addCookies']>[0]

export class CrashProfile {
  readonly dir = mkdtempSync(join(tmpdir(), 'sendbox-crash-'))
  private context: BrowserContext | null = null
  private pids: number[] = []
  private readonly options: Parameters<typeof chromium.launchPersistentContext>[1]
  private readonly cookies: Cookies

  /** `serviceWorkers: 'allow'` installs the app as a user's browser does. */
  constructor(baseURL: string | undefined, testInfo: TestInfo, serviceWorkers: 'allow' | 'block' = 'block') {
    this.options = {
      executablePath: '/usr/bin/chromium',
      args: testInfo.project.use.launchOptions?.args ?? [],
      baseURL,
      serviceWorkers,
      viewport: { width: 1280, height: 800 },
    }
    // A persistent profile starts without the suite's shared session: it gets the same cookie.
    const session = JSON.parse(readFileSync(testInfo.project.use.storageState as string, 'utf8')) as {
      cookies: Cookies
    }
    this.cookies = session.cookies
  }

  private onShown: (() => void) | null = null

  /**
   * Starts the browser on the profile and opens the app (`open: false`: a blank page). `logIn`
   * gives it the suite's session cookie, as the login link would (`false`: only what the profile
   * kept). The workspace does not sync (`/sync` goes nowhere), so what a relaunch shows is what
   * this browser kept on its disk, not what the sync-server gives back.
   */
  async launch({ open = true, logIn = true }: { open?: boolean; logIn?: boolean } = {}): Promise<Page> {
    this.context = await chromium.launchPersistentContext(this.dir, this.options)
    if (logIn) await this.logIn()
    // E2E_COLLECTION_DOCS=1: the workspace opened as one doc per collection (docs/collection-docs.md).
    if (process.env.E2E_COLLECTION_DOCS === '1')
      await this.context.addInitScript(() => localStorage.setItem('sendbox-collection-docs', '1'))
    await this.context.routeWebSocket(/\/sync\//, () => {})
    await this.context.exposeFunction('sendboxShown', () => this.onShown?.())
    const page = this.context.pages()[0] ?? (await this.context.newPage())
    if (open) await openApp(page)
    this.pids = browserPids(this.dir)
    return page
  }

  /** The session cookie, as the login link sets it. */
  async logIn(): Promise<void> {
    await this.context?.addCookies(this.cookies)
  }

  /** SIGKILL to every process of the profile, those known at launch first (no time lost on `ps`). */
  async kill(): Promise<void> {
    for (const pid of this.pids) killQuietly(pid)
    for (const pid of browserPids(this.dir)) killQuietly(pid)
    await this.context?.close().catch(() => {})
    this.context = null
  }

  /**
   * Kills the browser `delay` ms after the app shows a change done, checked on every DOM change,
   * before the browser paints it: a delay of 0 kills as the change shows. Done is: no dialog or
   * rename field open, no `Saving…`, and for a `save` the active tab without its dot. `act` makes
   * the change (its errors from the dying browser are ignored); resolves once killed.
   */
  async crashAfterShown(
    page: Page,
    delay: number,
    act: () => Promise<void>,
    kind: 'save' | 'change' = 'save',
  ) {
    const killed = new Promise<void>((resolve) => {
      this.onShown = () => {
        this.onShown = null
        const kill = () => void this.kill().then(resolve)
        if (delay === 0) kill()
        else setTimeout(kill, delay)
      }
    })
    await page.evaluate((save) => {
      const done = (): boolean =>
        !document.querySelector('dialog[open]') &&
        !document.querySelector('input[aria-label="Umbenennen"]') &&
        (!save ||
          document.querySelector('[role="tab"][aria-selected="true"] button')?.getAttribute('data-dirty') !==
            'true') &&
        !document.body.innerText.includes('Saving…')
      const observer = new MutationObserver(() => {
        if (!done()) return
        observer.disconnect()
        void (window as unknown as { sendboxShown: () => Promise<void> }).sendboxShown()
      })
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      })
    }, kind === 'save')
    let failed: unknown
    await act().catch((error: unknown) => (failed = error))
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, failed ? 5_000 : 30_000)
    })
    await Promise.race([killed, late]).finally(() => clearTimeout(timer))
    if (this.onShown === null) return await killed
    if (failed) throw failed
    // What kept it from showing done, for the report.
    const state = await page.evaluate(() => ({
      dialog: document.querySelector('dialog[open]')?.getAttribute('aria-label') ?? null,
      renaming: document.querySelector('input[aria-label="Umbenennen"]') !== null,
      activeTabDirty: document
        .querySelector('[role="tab"][aria-selected="true"] button')
        ?.getAttribute('data-dirty'),
      saving: document.body.innerText.includes('Saving…'),
    }))
    throw new Error(`the app never showed the ${kind} done: ${JSON.stringify(state)}`)
  }

  /** A normal shutdown: everything written reaches the disk. */
  async close(): Promise<void> {
    await this.context?.close()
    this.context = null
  }

  async dispose(): Promise<void> {
    await this.kill()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // Gone already: its parent was killed first.
  }
}
