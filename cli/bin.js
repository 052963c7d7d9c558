#!/usr/bin/env node
// Entry point for the `sitegen` binary: registers the TypeScript loader, then runs the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./index.ts');
await main(process.argv);
