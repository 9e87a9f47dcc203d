// `npm run build:libs`, also run by `npm ci` and `npm install` (prepare): bundles each sandbox
// library that ships no one-file build (src/runtime/script/libraries/catalogue.ts) for QuickJS
// into dist-libs/: CommonJS, minified, the modules it shares with others left to the guest's
// `require`. Fails when a bundle would require a module its catalogue entry does not declare.
// Usage: tsx bin/build-libs.ts [name...]
import { mkdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { bundleFileName, LIBRARIES } from '../src/runtime/script/libraries/catalogue.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const entries = fileURLToPath(new URL('../src/runtime/script/libraries/entries/', import.meta.url))

/** Builds one library; the bundle's text. */
export async function buildLibrary(name: string): Promise<string> {
  const esbuild = await import('esbuild')
  const shims = (await readFile(entries + 'shims.js', 'utf8')).replace(/^\/\/.*\n/gm, '')
  const lib = LIBRARIES[name]
  if (!lib?.entry) throw new Error(`build:libs: ${name} is not a bundled library`)
  const deps = lib.deps ?? []
  const stubs = lib.stub ?? []
  const aliases = lib.alias ?? {}
  const spec = lib.entry.startsWith('./') ? entries + lib.entry.slice(2) : lib.entry
  const result = await esbuild.build({
    absWorkingDir: root,
    // The files of ./entries/ are ES modules with a default export; packages are taken whole.
    stdin: {
      contents: `module.exports = require(${JSON.stringify(spec)})${spec === lib.entry ? '' : '.default'}`,
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    external: deps,
    banner: {
      js: `${shims}${deps.includes('buffer') ? "var Buffer = require('buffer').Buffer;\n" : ''}${lib.banner ?? ''}`,
    },
    metafile: true,
    logLevel: 'error',
    plugins: [
      {
        name: 'sandbox-stubs',
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (stubs.includes(args.path)) return { path: args.path, namespace: 'stub' }
            // `require('string_decoder/')` names the package, as readable-stream writes it.
            const bare = args.path.replace(/\/$/, '')
            if (bare !== args.path && deps.includes(bare)) return { path: bare, external: true }
            const alias = aliases[args.path]
            return alias ? { path: entries + alias.slice(2) } : undefined
          })
          build.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'module.exports = {}' }))
          const move = lib.moveToEnd
          if (move) {
            build.onLoad({ filter: /\.js$/ }, async (args) => {
              if (!args.path.endsWith(move.file)) return undefined
              const text = await readFile(args.path, 'utf8')
              if (!text.includes(move.statement)) throw new Error(`build:libs: ${move.file} changed`)
              return { contents: `${text.replace(move.statement, '')}\n${move.statement}\n`, loader: 'js' }
            })
          }
        },
      },
    ],
  })
  const required = new Set<string>()
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) if (imported.external) required.add(imported.path)
  }
  const undeclared = [...required].filter((dep) => !deps.includes(dep))
  if (undeclared.length > 0)
    throw new Error(`build:libs: ${name} requires undeclared ${undeclared.join(', ')}`)
  return result.outputFiles[0]!.text
}

async function hasEsbuild(): Promise<boolean> {
  try {
    await import('esbuild')
    return true
  } catch {
    console.log('build:libs: esbuild is not installed; the bundled sandbox libraries are not available.')
    return false
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && (await hasEsbuild())) {
  const asked = process.argv.slice(2)
  const names = asked.length > 0 ? asked : Object.keys(LIBRARIES).filter((name) => LIBRARIES[name]!.entry)
  mkdirSync(new URL('../dist-libs/', import.meta.url), { recursive: true })
  for (const name of names) {
    const text = await buildLibrary(name)
    writeFileSync(new URL(`../dist-libs/${bundleFileName(name)}`, import.meta.url), text)
    console.log(`${name.padEnd(20)} ${(text.length / 1024).toFixed(1).padStart(7)} KB`)
  }
}
