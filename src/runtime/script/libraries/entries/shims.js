// Put before every bundle (bin/build-libs.ts, as esbuild's banner): the Node and browser globals
// libraries read that QuickJS lacks, local to the module. Randomness is Math.random, as in
// Postman's sandbox (its uuid does the same).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
var process = {
  env: {},
  argv: [],
  version: '',
  versions: {},
  platform: 'browser',
  browser: true,
  cwd: () => '/',
  nextTick: (fn, ...args) => void Promise.resolve().then(() => fn(...args)),
  emitWarning: () => {},
}
// eslint-disable-next-line @typescript-eslint/no-unused-vars
var crypto = {
  getRandomValues(array) {
    for (let i = 0; i < array.length; i++) array[i] = Math.floor(Math.random() * 256)
    return array
  },
}
