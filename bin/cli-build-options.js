// The esbuild options of the CLI's bundle (bin/build-cli.js), shared with the test that builds
// one to check what it loads at start (tests/cli/lazy-packages.test.ts).

/** Heavy packages only some commands need: the bundle loads them on first use (src/cli/lazy/). */
export const LAZY_PACKAGES = {
  '@usebruno/lang': './src/cli/lazy/bruno-lang.ts',
  '@scalar/openapi-parser': './src/cli/lazy/openapi-parser.ts',
  '@scalar/openapi-validator': './src/cli/lazy/openapi-validator.ts',
  yaml: './src/cli/lazy/yaml.ts',
  '@cfworker/json-schema': './src/cli/lazy/json-schema.ts',
}

/**
 * Options for a bundle at `outfile` (relative to `root`, the repository; it must end in `.mjs`).
 * Split: what `sendbox run` on an HTTP collection does not need (gRPC with its packages, the
 * import, export and codegen commands) is in chunks beside it (`chunks/`), each loaded by the
 * `import()` that needs it, so a run neither reads nor compiles it.
 */
export function cliBuildOptions(root, outfile) {
  const slash = outfile.lastIndexOf('/')
  return {
    absWorkingDir: root,
    entryPoints: { [outfile.slice(slash + 1).replace(/\.mjs$/, '')]: 'src/cli/main.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: LAZY_PACKAGES,
    outdir: slash < 0 ? '.' : outfile.slice(0, slash),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'warning',
  }
}
