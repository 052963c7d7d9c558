import { spawn } from 'node:child_process';
import path from 'node:path';
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
export function runCli(args: string[], options: { cwd?: string; input?: string; env?: Record<string, string>; project?: string } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(options.project ?? projectRoot, 'cli', 'bin.js'), ...args], {
      cwd: options.cwd ?? options.project ?? projectRoot,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
