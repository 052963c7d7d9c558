import type { Problem } from './resolve-target.ts';
import type { FindingCode, Landmark, LinkFinding, LinkOrigin } from './types.ts';

/** One place a problem was seen: a reference in a page (or sitemap, or redirect declaration). */
export interface Occurrence {
  page: string;
  file: string;
  attribute: string;
  href: string;
  line: number;
  column: number;
  landmark?: Landmark;
  origin?: LinkOrigin;
}

/**
 * Findings that are warnings whatever their kind: what a host would cut or refuse is worth knowing,
 * but breaks no link here.
 */
const warningCodes: ReadonlySet<FindingCode> = new Set(['links.redirects-over-host-limit']);

/**
 * Collects findings, merging those that share one source: the same origin (a layout or dataset
 * field rendered on many pages, a body's link on its page and in the page's Markdown copy, where
 * it is written absolute) with the same problem at the same target or, without a manifest, the
 * same href in the same landmark.
 */
export class FindingCollector {
  private readonly merged = new Map<string, { finding: LinkFinding; pages?: Set<string> }>();

  /** Records a problem at an occurrence. */
  add(kind: LinkFinding['kind'], problem: Problem, at: Occurrence, target?: string): void {
    const severity = kind === 'redirect-hint' || warningCodes.has(problem.code) ? 'warning' : 'error';
    const key = mergeKey(kind, problem.code, problem.reason, at, target);
    const existing = this.merged.get(key);
    if (existing) {
      existing.pages?.add(at.page);
      return;
    }
    const finding: LinkFinding = {
      kind,
      code: problem.code,
      severity,
      page: at.page,
      file: at.file,
      line: at.line,
      column: at.column,
      attribute: at.attribute,
      href: at.href,
      reason: problem.reason,
    };
    if (target !== undefined) finding.target = target;
    if (problem.suggestion !== undefined) finding.suggestion = problem.suggestion;
    if (at.origin) finding.origin = at.origin;
    if (at.landmark && !at.origin) finding.landmark = at.landmark;
    this.merged.set(key, { finding, pages: at.origin || at.landmark ? new Set([at.page]) : undefined });
  }

  /** The findings sorted by source group, then position in the source; page lists settled. */
  list(): LinkFinding[] {
    const findings: LinkFinding[] = [];
    for (const { finding, pages } of this.merged.values()) {
      if (pages && (finding.origin || pages.size > 1)) finding.affectedPages = pages.size;
      // A landmark link seen on a single page is an ordinary finding.
      if (pages && pages.size > 1) finding.pages = [...pages];
      findings.push(finding);
    }
    return findings.sort(compareFindings);
  }
}

function mergeKey(kind: string, code: FindingCode, reason: string, at: Occurrence, target: string | undefined): string {
  const { origin } = at;
  if (origin)
    return [
      'o',
      kind,
      code,
      reason,
      target ?? at.href,
      origin.kind,
      origin.file,
      origin.line,
      origin.column,
      origin.field,
    ].join('\u0000');
  if (at.landmark) return ['l', kind, code, reason, at.href, at.landmark, at.attribute].join('\u0000');
  return ['p', kind, code, at.file, at.line, at.column, at.href].join('\u0000');
}

/** The file a finding is grouped under: where to fix it when known, else the built file. */
export const sourceOf = (finding: LinkFinding): string => finding.origin?.file ?? finding.file;

function compareFindings(a: LinkFinding, b: LinkFinding): number {
  const groupA = a.origin ? `0${a.origin.file}` : `1${a.file}`;
  const groupB = b.origin ? `0${b.origin.file}` : `1${b.file}`;
  if (groupA !== groupB) return groupA < groupB ? -1 : 1;
  const lineA = a.origin?.line ?? 0;
  const lineB = b.origin?.line ?? 0;
  if (lineA !== lineB) return lineA - lineB;
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column;
}
