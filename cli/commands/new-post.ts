import { Command } from 'commander';
import { SiteError } from '../errors.ts';

/** The `new-post` command (not available yet: it fails clearly instead of pretending to work). */
export function createNewPostCommand(): Command {
  return new Command('new-post')
    .description('new-post (not yet available)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new SiteError({ code: 'cli.not-available', message: 'The new-post command is not yet available in this version.' });
    });
}
