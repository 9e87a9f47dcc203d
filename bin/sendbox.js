#!/usr/bin/env node
// The `sendbox` command: the CLI's bundle when it is current, else its sources (see entry.js).
import { loadCli } from './entry.js'

const runCli = await loadCli(new URL('../', import.meta.url))
const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
// Writes to pipes and files are synchronous on Linux and macOS, so nothing printed is lost here;
// exiting now does not wait for idle keep-alive sockets to time out.
process.exit(code)
