// Commands a site adds to `sitegen` (the `commands` of its definition's `server`): its owner's tools,
// written by the site, run by the engine's CLI with what a command needs of the engine (the
// project folder, the environment, the site's databases opened as `dev` and `preview` open them).
import path from 'node:path';
import type { Command } from 'commander';
import { importCompiled } from '../config/load-site.ts';
import type { ServerSpec, SiteCommandFactory, SiteCommandTools } from '../config/server-spec.ts';
import { SiteError } from '../errors.ts';
import { openSiteDatabases } from './node-runtime.ts';

/** The command `name` of the site, built by its module; undefined when the site has none by that name. */
export async function loadSiteCommand(
  root: string,
  spec: ServerSpec<never> | undefined,
  name: string,
  env: Record<string, string | undefined>,
): Promise<Command | undefined> {
  const file = spec?.commands && Object.hasOwn(spec.commands, name) ? spec.commands[name] : undefined;
  if (!spec || !file) return undefined;
  const { exports } = await importCompiled(root, path.resolve(root, file));
  if (typeof exports.default !== 'function') {
    throw new SiteError({
      code: 'server.no-handler',
      message: `${file} (the module of the command ${name}) has no default export that builds the command`,
      file: path.resolve(root, file),
    });
  }
  const tools: SiteCommandTools = {
    root,
    env,
    openDatabase: (database) => {
      if (!spec.databases || !Object.hasOwn(spec.databases, database)) {
        throw new SiteError({
          code: 'server.unknown-database',
          message: `the command ${name} asks for the database ${database}, which the site definition does not declare`,
          hint: `Declare it under server.databases, or ask for one of: ${Object.keys(spec.databases ?? {}).join(', ') || 'none'}.`,
        });
      }
      return openSiteDatabases(root, { ...spec, databases: { [database]: spec.databases[database]! } }, env)[database]!;
    },
  };
  return (exports.default as SiteCommandFactory)(tools);
}
