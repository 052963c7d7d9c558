import type { LinkFinding, LinkReport } from '../check/index.ts';
import type { SiteFacts } from '../check/site-facts.ts';
import type { Writer } from '../write/writers.ts';

/** A writer that stages its files in a folder on disk (the in-memory writer has none to check). */
export type FolderWriter = Writer & { folder(): Promise<string>; destination(): string };

/** Whether a writer stages its files in a folder on disk, whose links a build checks. */
export function hasStagingFolder(writer: Writer): writer is FolderWriter {
  return (
    typeof (writer as Partial<FolderWriter>).folder === 'function' &&
    typeof (writer as Partial<FolderWriter>).destination === 'function'
  );
}

/**
 * Check: the link checker on the staged output, before it replaces the last one. It works
 * from what the build recorded of each file as it wrote it (`facts`), and finds what
 * `sitegen check-links` would find in the staged folder. Its findings name the files where
 * they will be (`dist/…`), not the staging folder that is gone when the build ends.
 */
export async function checkStep(writer: FolderWriter, facts: SiteFacts): Promise<LinkReport> {
  const folder = await writer.folder();
  const { checkSiteSource } = await import('../check/check-site.ts');
  const report = await checkSiteSource(folder, facts.source(folder));
  return { ...report, siteDir: writer.destination() };
}

/** True when the check found a broken link, which keeps the output from being committed. */
export function hasBrokenLinks(report: LinkReport | undefined): boolean {
  return report?.findings.some((finding) => finding.severity === 'error') ?? false;
}

/** The findings that do not fail a build (a link to a redirect, say). */
export function linkWarnings(report: LinkReport | undefined): LinkFinding[] {
  return report?.findings.filter((finding) => finding.severity === 'warning') ?? [];
}
