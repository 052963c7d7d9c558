import type { LinkFinding, LinkReport } from '../check/index.ts';
import type { Writer } from '../write/writers.ts';

/** A writer that stages its files in a folder on disk (the in-memory writer has none to check). */
type FolderWriter = Writer & { folder(): Promise<string> };

/** Check: the link checker on the staged output, before it replaces the last one; undefined when there is no folder to check. */
export async function checkStagedOutput(writer: Writer): Promise<LinkReport | undefined> {
  if (!hasFolder(writer)) return undefined;
  const { checkSite } = await import('../check/index.ts');
  return checkSite(await writer.folder());
}

/** True when the check found a broken link, which keeps the output from being committed. */
export function hasBrokenLinks(report: LinkReport | undefined): boolean {
  return report?.findings.some((finding) => finding.severity === 'error') ?? false;
}

/** The findings that do not fail a build (a link to a redirect, say). */
export function linkWarnings(report: LinkReport | undefined): LinkFinding[] {
  return report?.findings.filter((finding) => finding.severity === 'warning') ?? [];
}

function hasFolder(writer: Writer): writer is FolderWriter {
  return typeof (writer as Partial<FolderWriter>).folder === 'function';
}
