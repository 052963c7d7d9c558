import type { Person } from '../site/model.ts';
import Avatar from './Avatar.tsx';
import CardGrid from './CardGrid.tsx';
import { useSizedImage } from './form-props.ts';
import { imageSizes } from './image-sizes.ts';
import SiteLink from './SiteLink.tsx';
import { blogAuthorPath } from '../site/urls.ts';

/**
 * People of content/data/people.json as cards in a balanced grid (CardGrid): portrait (or
 * initials), name, role and bio; the name links to their page on the blog when they have written for it.
 */
export default function PeopleGrid({
  heading,
  headingId,
  people,
  authors,
}: {
  heading: string;
  headingId: string;
  people: Person[];
  authors: ReadonlySet<string>;
}) {
  const sized = useSizedImage();
  return (
    <div className="people" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="people-heading">
        {heading}
      </h3>
      <CardGrid>
        {people.map((person) => (
          <div key={person.id} className="person">
            <Avatar
              person={{
                name: person.name,
                ...(person.photo ? { photo: sized(person.photo, '', imageSizes.avatarLarge) } : {}),
              }}
              size="xl"
            />
            <p className="person-name">
              {authors.has(person.id) ? (
                <SiteLink href={blogAuthorPath(person.id)}>{person.name}</SiteLink>
              ) : (
                person.name
              )}
            </p>
            <p className="person-role">{person.role}</p>
            <p className="person-bio">{person.bio}</p>
          </div>
        ))}
      </CardGrid>
    </div>
  );
}
