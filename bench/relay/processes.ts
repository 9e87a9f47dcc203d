/** The servers bench:relay measures, each in its own process, and what /proc says about them. */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export interface ChildProcessServer {
  url: string
  pid: number
  close: () => Promise<void>
}

const children = new Set<ChildProcess>()
process.on('exit', () => children.forEach((child) => child.kill()))

/** Stops the child when this process ends, even by a crash, so no server is left holding its port. */
export function killOnExit(child: ChildProcess): void {
  children.add(child)
  child.once('exit', () => children.delete(child))
}

/** `script` is run with tsx and must print its URL as the first line of stdout. */
export async function startProcess(script: string, args: string[] = []): Promise<ChildProcessServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  killOnExit(child)
  const url = await new Promise<string>((done, fail) => {
    child.stdout.once('data', (chunk: Buffer) => done(chunk.toString().trim()))
    child.once('exit', (code) => fail(new Error(`${script} exited ${code}`)))
  })
  return {
    url,
    pid: child.pid!,
    close: () =>
      new Promise((done) => {
        child.once('exit', () => done())
        child.kill()
      }),
  }
}

/** CPU time a process has used, in ms (utime + stime from /proc, in 10 ms ticks). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export function ownCpuMs(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

/** Resident memory of a process now, in MB. */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
}
