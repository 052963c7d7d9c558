// What an author is told to do about an image without alt text, by where it is written. No
// imports: the Markdown workers read it.

/** The hint of every missing alt text, by where it is written. */
export const altHints = {
  dataset:
    'Describe what the image shows in "alt"; for an image that only decorates, write "alt": "" and "decorative": true.',
  frontMatter:
    "Describe what the post's image shows in imageAlt: it is read out in place of the image, and shown where it cannot load.",
  markdown:
    'Write what the image shows between the brackets: ![A test run with two failures](/images/...); for an image that only decorates, write ![](/images/... "decorative").',
};
