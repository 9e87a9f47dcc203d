#!/usr/bin/env node
// The `sendbox` command: the CLI's bundle when it is current, else its sources (see entry.js).
import { setFlagsFromString } from 'node:v8'
import { loadCli } from './entry.js'

// WebAssembly (the QuickJS script sandbox, undici's HTTP parser) is compiled by V8's baseline
// compiler only. By default V8 also recompiles hot wasm functions with its optimising compiler,
// which cost about 0.25 s of CPU in every `sendbox run` (QuickJS's interpreter loop is one huge
// function) and did not pay for itself even over 500 requests (bench/runner.ts). It must be set
// before any wasm module is compiled.
setFlagsFromString('--liftoff-only')
// JavaScript: V8 optimises a function (TurboFan, on a second thread) once it has run about 66 KB
// of its bytecode. A run of a few hundred requests ends before most of that work pays off: eight
// times that budget cut the 500-request bench's CPU by about a fifth (src/cli/README.md). Hot
// loops still get optimised, later, so long runs keep their speed.
setFlagsFromString('--interrupt-budget=540672')

const runCli = await loadCli(new URL('../', import.meta.url))
const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
// Writes to pipes and files are synchronous on Linux and macOS, so nothing printed is lost here;
// exiting now does not wait for idle keep-alive sockets to time out.
process.exit(code)
