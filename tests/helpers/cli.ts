import { spawn } from 'node:child_process';
import path from 'node:path';
import { format } from 'node:util';
import { projectRoot } from './content.ts';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `sitegen` binary and collects its output and exit code: this project's, or with
 * `project` the one of a copy (tests/helpers/project-copy.ts), run in that copy.
 */
export function runCli(
  args: string[],
  options: { cwd?: string; input?: string; env?: Record<string, string>; project?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(options.project ?? projectRoot, 'cli', 'bin.js'), ...args], {
      cwd: options.cwd ?? options.project ?? projectRoot,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // A command that should have stopped at once (a server, say) is ended, and reports no exit code.
    const timer =
      options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/**
 * Runs `sitegen` in this process, as `cli/bin.js` would in `cwd`, and collects what it prints
 * and its exit code: a build costs no new Node process, no compile of the engine, and keeps this
 * process's identity as the generator (cli/cache/engine-identity.ts), so the pages one run
 * stores, the next run takes. Runs must not overlap: each changes the working directory and the
 * environment it is given, and sets them back after. Commander's own usage messages are written
 * straight to standard error and are collected with the rest.
 */
export async function runCliHere(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): Promise<CliRun> {
  const { main } = await import('../../cli/index.ts');
  const saved = {
    cwd: process.cwd(),
    env: Object.fromEntries(Object.keys(options.env ?? {}).map((name) => [name, process.env[name]])),
    log: console.log,
    error: console.error,
    warn: console.warn,
    write: process.stderr.write,
  };
  let stdout = '';
  let stderr = '';
  const text = (values: unknown[]) => `${format(...values)}\n`;
  console.log = (...values: unknown[]) => void (stdout += text(values));
  console.warn = (...values: unknown[]) => void (stderr += text(values));
  console.error = (...values: unknown[]) => void (stderr += text(values));
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  process.chdir(options.cwd);
  process.exitCode = undefined;
  try {
    await main(['node', 'sitegen', ...args]);
    return { code: Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    process.exitCode = undefined;
    process.chdir(saved.cwd);
    for (const [name, value] of Object.entries(saved.env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    Object.assign(console, { log: saved.log, error: saved.error, warn: saved.warn });
    process.stderr.write = saved.write;
  }
}
