import { Command } from 'commander';
import { SiteError } from '../errors.ts';

/** The `check-links` command (not available yet: it fails clearly instead of pretending to work). */
export function createCheckLinksCommand(): Command {
  return new Command('check-links')
    .description('check-links (not yet available)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new SiteError({ code: 'cli.not-available', message: 'The check-links command is not yet available in this version.' });
    });
}
