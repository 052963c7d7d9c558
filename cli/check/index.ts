// The internal link checker: `checkSite` reads a built site, `formatReport` renders what it found.
import { formatGithub } from './format-github.ts';
import { formatJson } from './format-json.ts';
import { formatJunit } from './format-junit.ts';
import { formatText } from './format-text.ts';

export { formatLinkWarnings } from './format-text.ts';
import type { ReportFormat } from './report.ts';
import type { LinkReport } from './types.ts';

export { checkSite } from './check-site.ts';
export { manifestFileName } from './types.ts';
export { reportFormats, summarize, summaryLine, type ReportFormat } from './report.ts';
export type {
  CheckLinksOptions,
  FindingCode,
  Landmark,
  LinkFinding,
  LinkOrigin,
  LinkReport,
  SiteManifest,
} from './types.ts';

/** Renders a report as `text` (grouped rows and a summary), `json`, `github` annotations or `junit` XML. */
export function formatReport(report: LinkReport, format: ReportFormat, cwd: string = process.cwd()): string {
  switch (format) {
    case 'text':
      return formatText(report, cwd);
    case 'json':
      return formatJson(report, cwd);
    case 'github':
      return formatGithub(report, cwd);
    case 'junit':
      return formatJunit(report, cwd);
    default:
      throw new Error(`Unknown report format "${String(format)}"; use one of text, json, github, junit.`);
  }
}
