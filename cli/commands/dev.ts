import { Command } from 'commander';
import { SiteError } from '../errors.ts';

/** The `dev` command (not available yet: it fails clearly instead of pretending to work). */
export function createDevCommand(): Command {
  return new Command('dev')
    .description('dev (not yet available)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new SiteError({ code: 'cli.not-available', message: 'The dev command is not yet available in this version.' });
    });
}
