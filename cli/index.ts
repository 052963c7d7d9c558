import { Command, CommanderError } from 'commander';
import { createBuildCommand } from './commands/build.ts';
import { createCheckLinksCommand } from './commands/check-links.ts';
import { createDevCommand } from './commands/dev.ts';
import { createNewPostCommand } from './commands/new-post.ts';
import { createPreviewCommand } from './commands/preview.ts';
import type { ErrorCode } from './error-catalogue.ts';
import { collectSiteErrors, formatSiteErrors, type SiteError } from './errors.ts';

/** Problems with the command line rather than the site: one line each, and exit code 2 like commander's. */
const usageErrorCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['output.protected-folder', 'output.not-a-folder', 'output.not-a-build']);

/** Builds the `sitegen` program with every command registered. */
export function createProgram(): Command {
  const program = new Command('sitegen')
    .description('Build, preview and check the static site from content/ and templates/.')
    .option('--verbose', 'print stack traces for unexpected errors')
    .showHelpAfterError()
    .exitOverride()
    .addCommand(createBuildCommand())
    .addCommand(createDevCommand())
    .addCommand(createNewPostCommand())
    .addCommand(createCheckLinksCommand())
    .addCommand(createPreviewCommand());
  // Usage errors in any command are thrown to main() (exit code 2) instead of exiting there.
  for (const command of program.commands) command.exitOverride();
  return program;
}

/** Runs the CLI; every failure ends here and becomes a non-zero exit code. */
export async function main(argv: string[]): Promise<void> {
  const program = createProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    process.exitCode = reportError(error, argv.includes('--verbose'));
  }
}

function isUsageError(error: SiteError): boolean {
  return usageErrorCodes.has(error.code);
}

function reportError(error: unknown, verbose: boolean): number {
  if (error instanceof CommanderError) {
    // Commander already printed the usage problem; help and version are not failures.
    return error.exitCode === 0 ? 0 : 2;
  }
  const siteErrors = collectSiteErrors(error);
  if (siteErrors && siteErrors.length > 0 && siteErrors.every(isUsageError)) {
    for (const e of siteErrors) console.error(`error: ${e.message}  [${e.code}]`);
    return 2;
  }
  if (siteErrors) {
    console.error(formatSiteErrors(siteErrors));
    if (verbose) for (const e of siteErrors) if (e.cause) console.error(e.cause);
    return 1;
  }
  console.error(verbose && error instanceof Error ? error.stack : `error: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
}
