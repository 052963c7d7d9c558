import path from 'node:path';
import { type DevSetup, requestPathOf } from 'sitegen/site';
import { createFormInbox } from './form-inbox.ts';

/** Where the dev server takes form posts when no webhook is configured. */
export const formsPath = '/__sitegen/forms';

/**
 * The site's part of `sitegen dev`: without a configured webhook, the forms post to the dev
 * server itself, which keeps each lead in `.sitegen/forms.jsonl` and prints it, so every form
 * can be tried end to end offline.
 */
export function siteDevSetup(options: {
  root: string;
  url: string;
  ownHosts: ReadonlySet<string>;
  log: (line: string) => void;
  env: Record<string, string | undefined>;
}): DevSetup {
  const { env } = options;
  if (env.FORM_WEBHOOK_URL) return { note: `forms: ${env.FORM_WEBHOOK_URL}` };
  const file = path.join(options.root, '.sitegen', 'forms.jsonl');
  const inbox = createFormInbox(file, options.ownHosts, (entry) =>
    options.log(`form received: ${JSON.stringify(entry.body)}`),
  );
  return {
    env: { FORM_WEBHOOK_URL: `${options.url}${formsPath}` },
    middleware: async (request, response) => {
      if (requestPathOf(request.url) !== formsPath) return false;
      await inbox(request, response);
      return true;
    },
    note: `forms: ${path.relative(process.cwd(), file)}`,
  };
}
