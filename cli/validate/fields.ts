import { z } from 'zod';

// Field types any site's schemas use: text an author writes, and images the site publishes.

/** Text an author writes: never empty. */
export const text = z.string().trim().min(1, 'expected a non-empty string');
/**
 * Characters that have no place in one line of text: C0 and C1 controls (newline and tab
 * included), bidirectional overrides and isolates (they reorder what a reader sees), line and
 * paragraph separators, noncharacters, byte-order marks and lone surrogates.
 */
const unsafeInLine = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff\ufffe\uffff]|\p{Cs}/u;

/** One line of text an author writes, such as a title or a tag: never empty, at most `maxLength` characters. */
export function lineText(maxLength: number) {
  return text
    .max(maxLength, `expected at most ${maxLength} characters`)
    .refine(
      (value) => !unsafeInLine.test(value),
      'expected one line of text without control, line-break or bidirectional-override characters',
    );
}
/** An image shipped in content/images, referenced by its public path. */
export const imagePath = z
  .string()
  .regex(
    /^\/images\/(?!.*(?:\.\.|\/\/))[\w./-]+\.(svg|png|jpg|jpeg|webp|avif|gif)$/,
    'expected a path like /images/name.svg',
  );
/**
 * An image the site publishes, as front matter names it: from content/images by its public path,
 * or, in a page bundle, one beside the entry by its path there (`cover.png`, `./shots/run.png`),
 * which the build replaces with the address it publishes the file at.
 */
export const imageRef = z
  .string()
  .regex(
    /^(?:\/images\/(?!.*(?:\.\.|\/\/))[\w./-]+|(?:\.\/)?(?![./])(?!.*(?:\.\.|\/\/))[\w@+~./-]+)\.(svg|png|jpg|jpeg|webp|avif|gif)$/,
    'expected a path like /images/name.svg, or the name of an image beside the post in its folder, like cover.png',
  );
