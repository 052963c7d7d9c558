import { z } from 'zod';
import { lineText, text } from './fields.ts';
import { personId } from './people.ts';

// The work shown as interface: artefacts of an engagement drawn in HTML and CSS (a bug report, a
// CI run, a release calendar), with example data that says it is an example. Each names the
// engineer who reviewed it (a person of people.json, by id). The pages that show one name it in
// their hero's `aside`, or show a proof card: a case study's figure and logo.

/** An artefact a hero can show. */
export const artefactNames = ['bug-report', 'ci-run', 'release-calendar'] as const;

/** What a hero shows beside its copy: an artefact, or a case study's figure (`metric`, by position) with its logo. */
export const heroAside = z.union([
  z.object({ artefact: z.enum(artefactNames) }).strict(),
  z.object({ proof: z.string(), metric: z.number().int().min(0).max(2).default(0) }).strict(),
]);

const short = lineText(80);
const review = z.object({ reviewer: personId, label: short, text: lineText(220), verdict: short }).strict();

/** A week of the release calendar: a release, a code freeze, or ordinary work. */
const week = z.enum(['release', 'freeze', 'work']);
const quarter = z.object({ label: short, summary: lineText(120), weeks: z.array(week).length(13) }).strict();

/** content/data/artefacts.json. */
export const artefactsSchema = z
  .object({
    /** Under every artefact: that its data is an example. */
    exampleNote: text,
    bugReport: z
      .object({
        caption: text,
        id: short,
        title: lineText(120),
        severity: z.object({ label: short, drafted: short, reviewed: short }).strict(),
        drafted: short,
        environment: z.array(short).min(1).max(4),
        stepsLabel: short,
        steps: z.array(lineText(100)).min(2).max(4),
        expected: z.object({ label: short, text: lineText(100) }).strict(),
        actual: z.object({ label: short, text: lineText(100) }).strict(),
        /** A field whose value is blacked out, as a customer's details are in a shared report. */
        redacted: z.object({ label: short, hidden: short }).strict(),
        review,
      })
      .strict(),
    ciRun: z
      .object({
        caption: text,
        pipeline: short,
        run: short,
        branch: short,
        steps: z
          .array(
            z.object({ name: lineText(60), status: z.enum(['passed', 'retried', 'failed']), duration: short }).strict(),
          )
          .min(3)
          .max(6),
        statusLabels: z.object({ passed: short, retried: short, failed: short }).strict(),
        review,
      })
      .strict(),
    releaseCalendar: z
      .object({
        caption: text,
        /** The weeks' names on the calendar's axis: "Week 1" … "Week 13". */
        weeksLabel: short,
        legend: z.object({ release: short, freeze: short, work: short }).strict(),
        before: quarter,
        after: quarter,
      })
      .strict(),
  })
  .strict();
