import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './content.ts';

/** What a command wrote to its terminal, standard output and error together, and its exit code. */
export interface TerminalRun {
  code: number | null;
  output: string;
}

const shellQuote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the real `sitegen` binary on a pseudo-terminal (util-linux `script`), as a person at a
 * terminal runs it: standard output and error are a terminal, and colour is on unless `env`
 * turns it off (NO_COLOR is removed from the tests' own environment). The terminal turns each
 * `\n` into `\r\n`; a `\r` not followed by `\n` is the program's own.
 */
export function runInTerminal(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<TerminalRun> {
  const command = [process.execPath, path.join(projectRoot, 'cli', 'bin.js'), ...args].map(shellQuote).join(' ');
  const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color', ...options.env };
  if (!options.env || !('NO_COLOR' in options.env)) delete env.NO_COLOR;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
