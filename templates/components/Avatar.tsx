import Picture, { type PictureImage } from './Picture.tsx';

/** A person as an avatar shows them: a name, and a portrait when content has one. */
export interface AvatarPerson {
  name: string;
  /** The portrait, sized for the place it is shown in; without one, the person's initials. */
  photo?: PictureImage;
}

/** Sizes an avatar comes in: beside a card's byline, a post's byline, a quote, a profile. */
export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

/** How many tones a monogram may take (`data-tone` 0 … 5 in components.css). */
const toneCount = 6;

/** The initials of a name: its first and last words' first letters ("Maya Okafor" → "MO"; "Cher" → "C"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((word) => /\p{L}/u.test(word));
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return [first, last]
    .map((word) => [...word.replace(/^[^\p{L}]+/u, '')][0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** A tone for a name, the same on every page and build: a sum of its code points, so nothing random. */
export function toneOf(name: string): number {
  let sum = 0;
  for (const character of name) sum += character.codePointAt(0)!;
  return sum % toneCount;
}

/**
 * A person's portrait in a circle, or, without one, their initials on a quiet tone of the brand's
 * palette: a dignified stand-in, never a silhouette. It decorates a name written beside it, so
 * assistive technology skips it. No hooks: templates and islands render it alike.
 */
export default function Avatar({ person, size }: { person: AvatarPerson; size: AvatarSize }) {
  if (person.photo) {
    return (
      <span className={`avatar avatar-${size}`} aria-hidden="true">
        <Picture image={{ ...person.photo, alt: '' }} className="avatar-photo" />
      </span>
    );
  }
  return (
    <span className={`avatar avatar-${size} avatar-monogram`} data-tone={toneOf(person.name)} aria-hidden="true">
      {initialsOf(person.name)}
    </span>
  );
}
