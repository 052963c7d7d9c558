#!/usr/bin/env node
// The `sitegen` command. It runs the engine compiled from cli/ into lib/ (cli/compile.js,
// npm's `prepare` step), compiling it again first when a source changed since, or when lib/'s
// JavaScript is not what that compile wrote.
import module from 'node:module';
import { compileEngine } from './compile.js';

module.enableCompileCache?.();
// React's development build checks and tracks much more per element; rendering a site needs neither.
process.env.NODE_ENV ??= 'production';
await compileEngine({ ifStale: true });
const { main } = await import('../lib/index.js');
await main(process.argv);
