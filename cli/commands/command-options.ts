// Argument parsers and checks shared by the commands.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';

/** `--port`: a whole number from 0 (a free port) to 65535. */
export function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return n;
}

/** `--config <file>`: the site definition a command reads, `sitegen.config.ts` by default. */
export const configFlag = ['--config <file>', 'site definition', 'sitegen.config.ts'] as const;

/** The site definition a command reads, from its `--config` flag, at or under the project root it runs in. */
export function configPath(root: string, config: string | undefined): string {
  return resolve(root, config ?? configFlag[2]);
}

/** `--allowed-host`, repeatable: each name is added to the list. */
export function collectHostName(name: string, names: string[]): string[] {
  return [...names, name];
}

/**
 * The absolute path of a built site folder given on the command line, or `undefined` after a
 * one-line message and exit code 2 (a usage error) when it is not a folder.
 */
export async function requireSiteFolder(dir: string, purpose: string): Promise<string | undefined> {
  const folder = resolve(dir);
  if ((await stat(folder).catch(() => undefined))?.isDirectory()) return folder;
  console.error(`error: site folder "${dir}" not found; run \`sitegen build\` first or pass the folder to ${purpose}`);
  process.exitCode = 2;
  return undefined;
}
