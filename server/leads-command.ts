// `sitegen leads`: the owner's tools for the leads the endpoint keeps in the SQLite file LEADS_DB
// (what `dev` and `preview` write). The site adds it to sitegen (`server.commands` in
// sitegen.config.ts); docs/receiving-leads.md says how to do the same against D1 and Netlify.
import { Command, InvalidArgumentError, Option } from 'commander';
import type { SiteCommandFactory } from 'sitegen/site';
import { leadSettings } from './leads/lead-handler.ts';
import { leadStatuses, type LeadRecord, type LeadStatus, type RetentionRule } from './leads/lead-store.ts';
import { forwardLead } from './leads/forward-lead.ts';
import { replayLeads } from './leads/replay-leads.ts';
import { sqlLeadStore } from './leads/sql-lead-store.ts';

/**
 * How long leads are kept, by form and status; `prune` removes older ones. Accepted leads are
 * prospects kept three years; spam and unverified ones, never forwarded, a month.
 */
export const retention: readonly RetentionRule[] = [
  ...(['delivered', 'pending', 'failed'] as const).map((status) => ({ status, days: 3 * 365 })),
  { status: 'spam', days: 30 },
  { status: 'unverified', days: 30 },
];

/** One lead as `list --json` and `export` print it. */
export function leadRow(lead: LeadRecord) {
  return {
    submissionId: lead.submissionId,
    form: lead.form,
    email: lead.email,
    status: lead.status,
    reason: lead.reason,
    attempts: lead.attempts,
    lastError: lead.lastError,
    test: lead.test,
    createdAt: new Date(lead.createdAt).toISOString(),
    /** Until when a request or a forward holds it (a forward cut short holds it until then). */
    claimedUntil: lead.claimedUntil === null ? null : new Date(lead.claimedUntil).toISOString(),
    deliveredAt: lead.deliveredAt === null ? null : new Date(lead.deliveredAt).toISOString(),
    fields: lead.fields,
  };
}

/** The columns of `export --format csv`: the row's facts, then every field any lead has. */
function csvOf(leads: LeadRecord[]): string {
  const head = [
    'submissionId',
    'form',
    'email',
    'status',
    'reason',
    'attempts',
    'lastError',
    'test',
    'createdAt',
    'deliveredAt',
  ];
  const fieldNames = [...new Set(leads.flatMap((lead) => Object.keys(lead.fields)))].filter(
    (name) => !head.includes(name),
  );
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    // A cell a spreadsheet would run as a formula is written as text (OWASP's CSV injection advice).
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const rows = leads.map((lead) => {
    const row = leadRow(lead);
    return [...head.map((name) => row[name as keyof typeof row]), ...fieldNames.map((name) => lead.fields[name])]
      .map(cell)
      .join(',');
  });
  return [[...head, ...fieldNames].map(cell).join(','), ...rows].join('\n');
}

const statusOption = () => new Option('--status <status>', 'only leads of this status').choices(leadStatuses);

const createLeadsCommand: SiteCommandFactory = (tools) => {
  const open = () => {
    const db = tools.openDatabase('LEADS');
    return { db, store: sqlLeadStore(db) };
  };
  const withStore =
    <T>(action: (store: ReturnType<typeof sqlLeadStore>) => Promise<T>) =>
    async () => {
      const { db, store } = open();
      try {
        return await action(store);
      } finally {
        db.close();
      }
    };
  const leads = new Command('leads')
    .description(
      'list, export, forward again, approve, erase and prune the leads the endpoint kept (the SQLite file LEADS_DB)',
    )
    .exitOverride();

  leads
    .command('list')
    .description('print the leads, oldest first')
    .option('--json', 'one JSON object per line')
    .addOption(statusOption())
    .exitOverride()
    .action(async (flags: { json?: boolean; status?: LeadStatus }) =>
      withStore(async (store) => {
        for (const lead of await store.list(flags.status)) {
          console.log(
            flags.json
              ? JSON.stringify(leadRow(lead))
              : `${new Date(lead.createdAt).toISOString()}  ${lead.status.padEnd(10)}  ${lead.form.padEnd(12)}  ${lead.email}  ${lead.submissionId}${lead.reason ? `  (${lead.reason})` : ''}${lead.lastError ? `  last error: ${lead.lastError}` : ''}`,
          );
        }
      })(),
    );

  leads
    .command('export')
    .description('print every lead as CSV (a header row, then one row per lead) or as a JSON array')
    .addOption(new Option('--format <format>', 'csv or json').choices(['csv', 'json']).default('csv'))
    .addOption(statusOption())
    .exitOverride()
    .action(async (flags: { format: 'csv' | 'json'; status?: LeadStatus }) =>
      withStore(async (store) => {
        const all = await store.list(flags.status);
        console.log(flags.format === 'json' ? JSON.stringify(all.map(leadRow), null, 2) : csvOf(all));
      })(),
    );

  leads
    .command('replay')
    .description('forward each pending or failed lead to FORM_WEBHOOK_URL once, and mark it delivered or failed')
    .exitOverride()
    .action(async () =>
      withStore(async (store) => {
        const report = await replayLeads(store, leadSettings(tools.env, false).forward);
        for (const { submissionId, error } of report.failed) console.error(`failed  ${submissionId}  ${error ?? ''}`);
        console.log(
          `${report.delivered.length} delivered, ${report.failed.length} failed${report.held.length > 0 ? `, ${report.held.length} left alone (being forwarded by the server)` : ''}`,
        );
        if (report.failed.length > 0) process.exitCode = 1;
      })(),
    );

  leads
    .command('approve')
    .description('accept leads kept aside (spam or unverified) that a person has reviewed, and forward each once')
    .argument('<submissionId...>', 'the ids `list --status unverified` prints')
    .exitOverride()
    .action(async (ids: string[]) =>
      withStore(async (store) => {
        const settings = leadSettings(tools.env, false).forward;
        for (const id of ids) {
          if (!(await store.approve(id, Date.now()))) {
            console.error(`not kept aside  ${id}  (unknown, already accepted, or being verified)`);
            process.exitCode = 1;
            continue;
          }
          const outcome = await forwardLead(store, id, { ...settings, retryDelaysMs: [] });
          const error = outcome === 'failed' ? (await store.get(id))?.lastError : undefined;
          console.log(
            outcome === 'delivered'
              ? `delivered  ${id}`
              : `approved  ${id}  ${outcome === 'failed' ? `forward failed: ${error ?? ''}; \`replay\` sends it again` : 'being forwarded by the server'}`,
          );
          if (outcome === 'failed') process.exitCode = 1;
        }
      })(),
    );

  leads
    .command('erase')
    .description("remove every lead of an email address (a person's request to be forgotten)")
    .argument('<email>', 'the address, in any case')
    .exitOverride()
    .action(async (email: string) =>
      withStore(async (store) => {
        const removed = await store.erase(email);
        console.log(`${removed} lead${removed === 1 ? '' : 's'} of ${email} removed`);
      })(),
    );

  leads
    .command('prune')
    .description(
      'remove leads older than the site keeps them: accepted leads after 3 years, spam and unverified ones after 30 days',
    )
    .option('--days <n>', 'override every rule with this many days (for a test)', (value) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('--days must be a whole number of days.');
      return n;
    })
    .exitOverride()
    .action(async (flags: { days?: number }) =>
      withStore(async (store) => {
        const rules = flags.days === undefined ? retention : retention.map((rule) => ({ ...rule, days: flags.days! }));
        const removed = await store.prune(rules, Date.now());
        console.log(`${removed} lead${removed === 1 ? '' : 's'} removed`);
      })(),
    );
  return leads;
};

export default createLeadsCommand;
