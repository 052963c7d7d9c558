import { checkExternalUrls } from './check-external.ts';
import { FindingCollector, type Occurrence } from './findings.ts';
import type { HrefJudge } from './href-verdict.ts';
import type { ScannedRef } from './html-scan.ts';
import type { CheckLinksOptions, LinkFinding } from './types.ts';

/** An external URL's users: where it is linked from, and as what. */
type ExternalUse = { at: Occurrence; kind: LinkFinding['kind'] };

/** What one check run has seen: counts, findings, and the external URLs still to request. */
export class LinkTally {
  readonly collector = new FindingCollector();
  readonly counts = { checked: 0, ignored: 0, externalSkipped: 0 };
  private readonly externals = new Map<string, ExternalUse[]>();

  constructor(private readonly external: boolean) {}

  /** Remembers one use of an external URL, to request it once however often it is linked. */
  addExternal(url: string, use: ExternalUse): void {
    const uses = this.externals.get(url);
    if (uses) uses.push(use);
    else this.externals.set(url, [use]);
  }

  /** Tallies a verdict; `locate` builds the occurrence only when there is something to report. */
  record(ref: ScannedRef, verdict: ReturnType<HrefJudge['judge']>, locate: (ref: ScannedRef) => Occurrence): void {
    switch (verdict.status) {
      case 'skip':
        return;
      case 'ignored':
        this.counts.ignored++;
        return;
      case 'ok':
        this.counts.checked++;
        return;
      case 'finding':
        this.counts.checked++;
        this.collector.add(verdict.kind, verdict.problem, locate(ref), verdict.target);
        return;
      case 'external':
        // Requesting a form's action could submit it (webhooks accept GET): only links and resources are probed.
        if (ref.attribute === 'form[action]') return;
        if (!this.external) return void this.counts.externalSkipped++;
        this.counts.checked++;
        this.addExternal(verdict.url, { at: locate(ref), kind: 'broken-link' });
    }
  }

  /** Requests every external URL once and reports each failure at every place it is used. */
  async checkExternals(options: CheckLinksOptions): Promise<void> {
    if (this.externals.size === 0) return;
    const results = await checkExternalUrls(this.externals.keys(), {
      timeoutMs: options.timeoutMs ?? 10_000,
      concurrency: options.concurrency ?? 8,
      allowPrivateHosts: options.allowPrivateHosts,
      lookup: options.lookup,
    });
    for (const [url, uses] of this.externals) {
      const result = results.get(url)!;
      if (!result.ok)
        for (const use of uses)
          this.collector.add(use.kind, { code: result.code!, reason: result.reason! }, use.at, url);
    }
  }
}
