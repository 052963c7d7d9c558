import { packageVersion } from '../../cache/engine-identity.ts';
import { codeTheme } from './code-theme.ts';

/** Bump when the Markdown pipeline's output, or a highlighted block's markup, changes for the same input. */
const pipelineVersion = 18;

let salt: string | undefined;

/**
 * What every rendered body's and highlighted block's cache key holds besides its text: the
 * pipeline version, the code theme and the installed version of every package that shapes the
 * HTML, so an upgrade never serves markup made by another pipeline.
 */
export function pipelineSalt(theme = codeTheme()): string {
  const packages = [
    'shiki',
    'rehype-pretty-code',
    'unified',
    'remark-parse',
    'remark-rehype',
    'rehype-slug',
    'rehype-stringify',
    'hast-util-raw',
    'parse5',
    'hast-util-from-parse5',
    'hast-util-to-parse5',
    'hast-util-sanitize',
    'mdast-util-gfm',
    'micromark-core-commonmark',
    'micromark-extension-gfm-autolink-literal',
    'micromark-util-sanitize-uri',
    'micromark-extension-gfm-footnote',
    'micromark-extension-gfm-strikethrough',
    'micromark-extension-gfm-table',
    'micromark-extension-gfm-task-list-item',
  ];
  salt ??= [pipelineVersion, ...packages.map((name) => `${name}@${packageVersion(name)}`)].join(' ');
  return `${salt} ${theme}`;
}
