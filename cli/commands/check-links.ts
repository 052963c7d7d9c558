import { Command, InvalidArgumentError, Option } from 'commander';
import { validateIgnore } from '../check/ignore.ts';
import { reportFormats, type ReportFormat } from '../check/report.ts';
import { requireSiteFolder } from './command-options.ts';

interface CheckLinksFlags {
  external?: boolean;
  ignore?: string[];
  format: ReportFormat;
  timeout: number;
  concurrency: number;
  siteUrl?: string;
  allowPrivateHosts?: boolean;
}

const positiveInteger =
  (name: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`${name} must be a positive whole number.`);
    return n;
  };

const collectIgnore = (value: string, previous: string[] = []): string[] => {
  const problem = validateIgnore(value);
  if (problem) throw new InvalidArgumentError(problem);
  return [...previous, value];
};

/** The `check-links` command: checks every reference in a built site and prints a report. */
export function createCheckLinksCommand(): Command {
  return (
    new Command('check-links')
      .description(
        'check every link, image, script and redirect in a built site (internal links offline; --external for http(s))',
      )
      .argument('[dir]', 'built site folder', 'dist')
      .option('--external', 'also request external http(s) links (HEAD, GET fallback, one retry on 429/5xx)')
      .option(
        '--ignore <pattern>',
        'skip hrefs starting with pattern, matching a * glob or a /regex/ (repeatable)',
        collectIgnore,
      )
      .addOption(new Option('--format <format>', 'report format').choices(reportFormats).default('text'))
      .option('--timeout <ms>', 'timeout per external request in milliseconds', positiveInteger('--timeout'), 10_000)
      .option('--concurrency <n>', 'external requests in flight at once', positiveInteger('--concurrency'), 8)
      .option(
        '--allow-private-hosts',
        'let --external request loopback, link-local and private addresses (refused by default)',
      )
      .option(
        '--site-url <url>',
        'origin whose absolute links count as internal (default: from the route manifest or sitemap)',
      )
      // Usage problems become a CommanderError, which the program turns into exit code 2; one line,
      // without the help text.
      .exitOverride()
      .showHelpAfterError(false)
      .action(async (dir: string, flags: CheckLinksFlags) => {
        const folder = await requireSiteFolder(dir, 'check');
        if (!folder) return;
        // The checker loads only when it runs, not with every command of the CLI.
        const { checkSite, formatReport } = await import('../check/index.ts');
        const report = await checkSite(folder, {
          external: flags.external,
          ignore: flags.ignore ?? [],
          timeoutMs: flags.timeout,
          concurrency: flags.concurrency,
          siteUrl: flags.siteUrl,
          allowPrivateHosts: flags.allowPrivateHosts ?? false,
        });
        console.log(formatReport(report, flags.format));
        process.exitCode = report.findings.some((f) => f.severity === 'error') ? 1 : 0;
      })
  );
}
