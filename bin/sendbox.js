#!/usr/bin/env node
// The `sendbox` command: runs the TypeScript sources through tsx's loader.
import { register } from 'tsx/esm/api'

register()
const { runCli } = await import('../src/cli/main.ts')
const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
// Writes to pipes and files are synchronous on Linux and macOS, so nothing printed is lost here;
// exiting now does not wait for idle keep-alive sockets to time out.
process.exit(code)
