import { forwardLead, type ForwardSettings } from './forward-lead.ts';
import type { LeadStore } from './lead-store.ts';

/** What a replay did: each lead forwarded once, and the ones another worker held. */
export interface ReplayReport {
  delivered: string[];
  failed: { submissionId: string; error: string | null }[];
  held: string[];
}

/**
 * Forwards each pending or failed lead once (one try: a lead that fails again stays failed with
 * its error, for the next replay), claiming it first: a lead the server is forwarding, or
 * another replay is, is left alone.
 */
export async function replayLeads(store: LeadStore, settings: ForwardSettings): Promise<ReplayReport> {
  const report: ReplayReport = { delivered: [], failed: [], held: [] };
  const due = [...(await store.list('pending')), ...(await store.list('failed'))];
  for (const lead of due) {
    const outcome = await forwardLead(store, lead.submissionId, { ...settings, retryDelaysMs: [] });
    if (outcome === 'delivered') report.delivered.push(lead.submissionId);
    else if (outcome === 'failed')
      report.failed.push({
        submissionId: lead.submissionId,
        error: (await store.get(lead.submissionId))?.lastError ?? null,
      });
    else report.held.push(lead.submissionId);
  }
  return report;
}
