/**
 * Runs a language's snippets with its real toolchain, one process per language (plus its
 * compiler), in order, so the echo server sees them in the order written.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { LanguageId } from '../../src/model/codegen/options.ts'

const exec = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../..')

async function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  try {
    return await exec(command, args, {
      cwd,
      env: { ...process.env, ...env },
      timeout: 240_000,
      maxBuffer: 64 << 20,
    })
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(
      `${command} ${args.slice(0, 3).join(' ')} failed: ${failed.message}\n${failed.stderr ?? ''}\n${failed.stdout ?? ''}`,
    )
  }
}

/** Debian's python3 has Requests; a pyenv one on PATH may not. */
function python(): string {
  return existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3'
}

type Runner = (dir: string, snippets: string[]) => Promise<unknown>

const write = (dir: string, name: string, text: string) => {
  writeFileSync(join(dir, name), text)
  return join(dir, name)
}

export const RUNNERS: Record<Exclude<LanguageId, 'swift'>, Runner> = {
  curl: async (dir, snippets) => {
    const files = snippets.map((text, i) => write(dir, `case${i}.sh`, text))
    const script = ['set -e', ...files.map((file) => `bash '${file}'`)].join('\n')
    return run('bash', ['-c', script], dir)
  },
  python: async (dir, snippets) => {
    const files = snippets.map((text, i) => write(dir, `case${i}.py`, text))
    const driver = write(
      dir,
      'driver.py',
      "import runpy, sys\nfor f in sys.argv[1:]:\n    runpy.run_path(f, run_name='__main__')\n",
    )
    return run(python(), [driver, ...files], dir)
  },
  typescript: async (dir, snippets) => {
    const files = snippets.map((text, i) => write(dir, `case${i}.ts`, text))
    write(dir, 'package.json', '{ "type": "module" }')
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
    await run(
      process.execPath,
      [
        tsc,
        '--strict',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--types',
        'node',
        '--typeRoots',
        join(ROOT, 'node_modules/@types'),
        '--skipLibCheck',
        '--outDir',
        join(dir, 'out'),
        ...files,
      ],
      dir,
    )
    const driver = write(
      dir,
      'out/driver.mjs',
      `for (let i = 0; i < ${files.length}; i++) await import(\`./case\${i}.js\`)\n`,
    )
    return run(process.execPath, [driver], dir)
  },
  go: async (dir, snippets) => {
    write(dir, 'go.mod', 'module matrix\n\ngo 1.19\n')
    const calls: string[] = []
    snippets.forEach((text, i) => {
      mkdirSync(join(dir, `case${i}`))
      write(
        dir,
        `case${i}/main.go`,
        text.replace('package main', `package case${i}`).replace('func main()', 'func Main()'),
      )
      calls.push(`\tcase${i}.Main()`)
    })
    const imports = snippets.map((_, i) => `\t"matrix/case${i}"`).join('\n')
    write(
      dir,
      'main.go',
      `package main\n\nimport (\n${imports}\n)\n\nfunc main() {\n${calls.join('\n')}\n}\n`,
    )
    await run('go', ['build', '-o', 'matrix', '.'], dir, { GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' })
    return run(join(dir, 'matrix'), [], dir)
  },
  java: async (dir, snippets) => {
    // The first snippet exactly as a user runs it: a single-file launch.
    await run('java', [write(dir, 'Main.java', snippets[0]!)], dir)
    const files = snippets.map((text, i) =>
      write(dir, `Case${i}.java`, text.replace('public class Main', `public class Case${i}`)),
    )
    const calls = snippets.map((_, i) => `Case${i}.main(args);`).join(' ')
    files.push(
      write(
        dir,
        'Driver.java',
        `public class Driver { public static void main(String[] args) throws Exception { ${calls} } }\n`,
      ),
    )
    await run('javac', ['-encoding', 'UTF-8', '-d', join(dir, 'classes'), ...files], dir)
    return run('java', ['-cp', join(dir, 'classes'), 'Driver'], dir)
  },
  csharp: async (dir, snippets) => {
    const files = snippets.map((text, i) =>
      write(
        dir,
        `Case${i}.cs`,
        text
          .replace('class Program', `class Case${i}`)
          .replace('static async Task Main()', 'public static async Task Main()'),
      ),
    )
    const calls = snippets.map((_, i) => `Case${i}.Main().Wait();`).join(' ')
    files.push(write(dir, 'Driver.cs', `class Driver { static void Main() { ${calls} } }\n`))
    await run(
      'mcs',
      ['-r:System.Net.Http.dll', '-main:Driver', `-out:${join(dir, 'matrix.exe')}`, ...files],
      dir,
    )
    return run('mono', [join(dir, 'matrix.exe')], dir)
  },
  php: async (dir, snippets) => {
    const files = snippets.map((text, i) => write(dir, `case${i}.php`, text))
    const driver = write(
      dir,
      'driver.php',
      '<?php foreach (array_slice($argv, 1) as $file) { include $file; }\n',
    )
    return run('php', [driver, ...files], dir)
  },
  ruby: async (dir, snippets) => {
    const files = snippets.map((text, i) => write(dir, `case${i}.rb`, text))
    const driver = write(dir, 'driver.rb', 'ARGV.each { |file| load file }\n')
    return run('ruby', [driver, ...files], dir)
  },
}
