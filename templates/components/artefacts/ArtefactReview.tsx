import Avatar from '../Avatar.tsx';
import { useSizedImage } from '../form-props.ts';
import Icon from '../Icon.tsx';
import { imageSizes } from '../image-sizes.ts';
import { usePage } from '../page-context.ts';
import type { SiteModel } from '../../site/model.ts';

type Review = SiteModel['data']['artefacts']['bugReport']['review'];

/** The engineer's review under an artefact: who (portrait or initials, name, role), what they found, their verdict. */
export default function ArtefactReview({ review }: { review: Review }) {
  const { model } = usePage();
  const sized = useSizedImage();
  // The site's model checks that `reviewer` names a person of people.json.
  const person = model.people.get(review.reviewer)!;
  return (
    <div className="artefact-review">
      <p className="byline">
        <Avatar
          person={{ name: person.name, ...(person.photo ? { photo: sized(person.photo, '', imageSizes.avatar) } : {}) }}
          size="md"
        />
        <span className="byline-text">
          <span className="byline-name">
            {review.label}: {person.name}
          </span>
          <span className="byline-role">{person.role}</span>
        </span>
      </p>
      <p className="artefact-review-text">{review.text}</p>
      <p className="artefact-verdict">
        <Icon name="check" size={16} />
        {review.verdict}
      </p>
    </div>
  );
}
