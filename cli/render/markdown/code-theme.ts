/**
 * The Shiki theme of every highlighted code block on the site. Its own module so that the
 * Markdown cache can name it in its key without loading the Markdown pipeline.
 */
export const codeTheme = 'github-dark-default';
