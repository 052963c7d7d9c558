// Argument parsers and checks shared by the commands.
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { SiteError } from '../errors.ts';
import { absoluteUrlProblem } from '../validate/url-fields.ts';

/** `--port`: a whole number from 0 (a free port) to 65535. */
export function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return n;
}

/**
 * `--site-url <url>`: the site's origin, http(s) with nothing after the host but an optional "/"; a
 * usage error (exit 2, one line) otherwise.
 */
export function siteOrigin(value: string): string {
  const problem = absoluteUrlProblem(value, { http: true, originOnly: true });
  if (problem) throw new InvalidArgumentError(`${problem}.`);
  return value;
}

/**
 * `--content <dir>`: the content folder a command reads, as an absolute path; a usage error
 * (`content.no-folder`: exit 2, one line) when it is not a folder, rather than one error for
 * every file the site expects in it.
 */
export function contentFolder(root: string, dir: string): string {
  const folder = resolve(root, dir);
  let isFolder = false;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    // Missing or unreadable: not a folder to read content from.
  }
  if (!isFolder)
    throw new SiteError({
      code: 'content.no-folder',
      message: `content folder "${dir}" not found; pass the folder that holds the site's content with --content`,
    });
  return folder;
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
