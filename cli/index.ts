import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { createBuildCommand } from './commands/build.ts';
import { configPath } from './commands/command-options.ts';
import { createCheckFormsCommand } from './commands/check-forms.ts';
import { createCheckLinksCommand } from './commands/check-links.ts';
import { createDevCommand } from './commands/dev.ts';
import { createImportCommand } from './commands/import.ts';
import { createInitCommand } from './commands/init.ts';
import { createNewPostCommand } from './commands/new-post.ts';
import { createPreviewCommand } from './commands/preview.ts';
import type { SiteDefinition } from './config/site-definition.ts';
import { collectSiteErrors, formatSiteErrors, type SiteError } from './errors.ts';
import { disableColour, red } from './output.ts';

/** Problems with the command line rather than the site: one line each, and exit code 2 like commander's. */
const usageErrorCodes: ReadonlySet<SiteError['code']> = new Set<SiteError['code']>([
  'output.protected-folder',
  'output.not-a-folder',
  'output.not-a-build',
  'content.no-folder',
  'import.no-source',
  'init.not-empty',
]);

/** The engine's version, from the package it ships in. */
function engineVersion(): string {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      return (JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { version: string }).version;
    } catch {
      // Compiled (lib/) or run from the sources (cli/): one of the two is the package's.
    }
  }
  return 'unknown';
}

/** Builds the `sitegen` program with every command registered; `site` gives `new-post` its archetype's options. */
export function createProgram(site?: SiteDefinition): Command {
  const program = new Command('sitegen')
    .description('Build, preview and check a static site: its definition (sitegen.config.ts), templates and content.')
    .version(engineVersion(), '-V, --version', 'print the version')
    .option('--verbose', 'print stack traces for unexpected errors, and every page in the build summary')
    .option('--no-color', 'print without colours (as does NO_COLOR=1)')
    .showHelpAfterError()
    .exitOverride()
    .hook('preAction', (command) => {
      if (command.opts<{ color: boolean }>().color === false) disableColour();
    });
  const verbose = () => program.opts<{ verbose?: boolean }>().verbose === true;
  program
    .addCommand(createInitCommand())
    .addCommand(createBuildCommand(verbose))
    .addCommand(createDevCommand())
    .addCommand(createNewPostCommand(site))
    .addCommand(createImportCommand())
    .addCommand(createCheckLinksCommand())
    .addCommand(createCheckFormsCommand())
    .addCommand(createPreviewCommand());
  // Usage errors in any command are thrown to main() (exit code 2) instead of exiting there.
  for (const command of program.commands) command.exitOverride();
  return program;
}

/** Runs the CLI; every failure ends here and becomes a non-zero exit code. */
export async function main(argv: string[]): Promise<void> {
  try {
    // new-post's options are those of the site's archetype: the site is read first.
    const name = commandName(argv);
    const builtIn =
      name === undefined || name === 'help' || createProgram().commands.some((command) => command.name() === name);
    // new-post's options are those of the site's archetype, and a command the engine does not have may be the site's.
    const loadDefinition = async () =>
      (
        await (
          await import('./config/load-site.ts')
        ).loadSite(process.cwd(), configPath(process.cwd(), configArgument(argv)))
      ).definition;
    // Without a site to read, an unknown command is what commander says it is: a usage error.
    const site =
      name === 'new-post'
        ? await loadDefinition()
        : builtIn
          ? undefined
          : await loadDefinition().catch((error: unknown) => {
              if ((error as SiteError).code === 'config.missing') return undefined;
              throw error;
            });
    const program = createProgram(site);
    const siteCommand = builtIn
      ? undefined
      : await (
          await import('./server/site-commands.ts')
        ).loadSiteCommand(process.cwd(), site?.server, name, process.env);
    if (siteCommand) program.addCommand(siteCommand.exitOverride());
    await program.parseAsync(argv);
  } catch (error) {
    process.exitCode = reportError(error, argv.includes('--verbose'));
  }
}

/** The command a command line names: its first argument that is not an option. */
function commandName(argv: string[]): string | undefined {
  return argv.slice(2).find((arg) => !arg.startsWith('-'));
}

/** The `--config` of a command line, read before it is parsed (new-post reads the site first). */
function configArgument(argv: string[]): string | undefined {
  const at = argv.indexOf('--config');
  if (at >= 0) return argv[at + 1];
  return argv.find((arg) => arg.startsWith('--config='))?.slice('--config='.length);
}

function isUsageError(error: SiteError): boolean {
  return usageErrorCodes.has(error.code);
}

function reportError(error: unknown, verbose: boolean): number {
  if (error instanceof CommanderError) {
    // Commander already printed the usage problem; help and version are not failures.
    return error.exitCode === 0 ? 0 : 2;
  }
  if (error instanceof Error && (error as Error & { usage?: boolean }).usage) {
    console.error(`error: ${error.message}`);
    return 2;
  }
  const siteErrors = collectSiteErrors(error);
  if (siteErrors && siteErrors.length > 0 && siteErrors.every(isUsageError)) {
    for (const e of siteErrors) console.error(`${red('error')}: ${e.message}  [${e.code}]`);
    return 2;
  }
  if (siteErrors) {
    console.error(formatSiteErrors(siteErrors));
    if (verbose) for (const e of siteErrors) if (e.cause) console.error(e.cause);
    return 1;
  }
  console.error(
    verbose && error instanceof Error
      ? error.stack
      : `${red('error')}: ${error instanceof Error ? error.message : String(error)}`,
  );
  return 1;
}
