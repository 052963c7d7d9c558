import type { MarkdownWarning, RenderedMarkdown } from './render-markdown.ts';

/**
 * Which iframes written in a Markdown body the site shows. The engine records every iframe with
 * an https `src` as an embed and leaves a slot for it in the body's HTML (`RenderedMarkdown.embeds`
 * and `slots`); the site's template for a body fills each slot with what it shows (a
 * click-to-load player, say: `fillSlots` in cli/render/markdown/body-slots.ts). An iframe this
 * refuses is removed, with a warning at its line.
 */
export interface MarkdownEmbedSpec {
  /** Whether the site shows the iframe with this `src`. */
  accepts(src: string): boolean;
  /** What it shows, for the warning on any other iframe: "videos from YouTube and Wistia". */
  description: string;
}

/** An `<iframe>` written in a Markdown body, at its line and column: the site decides what it becomes. */
export interface MarkdownEmbed {
  /** Its `src`, as written (character references decoded). */
  src: string;
  /** Its `title`, when it has one. */
  title?: string;
  line: number;
  column: number;
}

/** The iframe's start tag as a warning names it: `<iframe src=https://evil.example/x>`. */
export function describeIframe(src: string | undefined): string {
  return src === undefined ? '<iframe>' : `<iframe src=${src.length > 80 ? `${src.slice(0, 80)}…` : src}>`;
}

/**
 * A body as the site shows it: each embed the site does not accept (the `embeds` of its `markdown` in its
 * definition; none without it) becomes `null`, so its slot is left empty (body-slots.ts), with a
 * warning at its line; each one it shows without a `title` is an accessibility finding
 * (`accessibility.embed-title`): a screen reader names a frame by its title. Run on every build, never
 * cached: the rule is the site's code, the body's render only records the iframes. The body's
 * `embeds` keep their indices.
 */
export function applyEmbedRule(
  body: RenderedMarkdown,
  rule: MarkdownEmbedSpec | undefined,
): { body: RenderedMarkdown; warnings: MarkdownWarning[] } {
  if (!body.embeds) return { body, warnings: [] };
  const warnings: MarkdownWarning[] = [];
  const embeds = body.embeds.map((embed) => {
    if (embed && rule?.accepts(embed.src) && embed.title === undefined) {
      warnings.push({
        code: 'accessibility.embed-title',
        message: `${describeIframe(embed.src)} has no title: a screen reader announces it as a frame, without saying what it plays`,
        hint: 'Name the video in a title attribute: <iframe src="…" title="Demo: filing a bug report with AI"></iframe>.',
        line: embed.line,
        column: embed.column,
      });
    }
    if (!embed || rule?.accepts(embed.src)) return embed;
    const only = rule ? `only ${rule.description} are embedded` : 'this site embeds no iframes';
    warnings.push({
      code: 'markdown.html-removed',
      message: `${describeIframe(embed.src)} removed: ${only}`,
      line: embed.line,
      column: embed.column,
    });
    return null;
  });
  if (embeds.every((embed, index) => embed === body.embeds![index])) return { body, warnings };
  return { body: { ...body, embeds }, warnings };
}
