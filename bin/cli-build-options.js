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

/** Options for a bundle at `outfile` (relative to `root`, the repository). */
export function cliBuildOptions(root, outfile) {
  return {
    absWorkingDir: root,
    entryPoints: ['src/cli/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: LAZY_PACKAGES,
    outfile,
    metafile: true,
    logLevel: 'warning',
  }
}
