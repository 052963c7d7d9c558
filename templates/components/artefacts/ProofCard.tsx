import Avatar from '../Avatar.tsx';
import { useSizedImage } from '../form-props.ts';
import { imageSizes } from '../image-sizes.ts';
import Picture from '../Picture.tsx';
import SiteLink from '../SiteLink.tsx';
import { usePage } from '../page-context.ts';
import { fillCompany } from '../../site/schemas/customer-stories.ts';
import { caseStudiesPath } from '../../site/urls.ts';

/** A case study's proof beside a hero: its logo, one figure set large, its outcome, who said so, and a link to the study. */
export default function ProofCard({ story, metric }: { story: string; metric: number }) {
  const { model } = usePage();
  const page = model.data['case-studies'];
  const sized = useSizedImage();
  // The site's model checks that the story and its figure exist.
  const study = page.studies.find((candidate) => candidate.id === story)!;
  const figure = study.metrics[metric]!;
  return (
    <figure className="proof-card" data-pagefind-ignore="">
      <Picture image={sized(study.logo, study.company, imageSizes.logo)} className="proof-logo" />
      <p className="proof-figure">
        <span className="proof-value">{figure.value}</span>
        <span className="proof-label">{figure.label}</span>
      </p>
      <p className="proof-outcome">{study.outcome}</p>
      <figcaption>
        <p className="byline">
          <Avatar
            person={{ name: study.name, ...(study.photo ? { photo: sized(study.photo, '', imageSizes.avatar) } : {}) }}
            size="md"
          />
          <span className="byline-text">
            <span className="byline-name">{study.name}</span>
            <span className="byline-role">
              {study.title}, {study.company}
            </span>
          </span>
        </p>
        <SiteLink href={`${caseStudiesPath}#${study.id}`} className="text-link proof-link">
          {fillCompany(page.storyLink, study.company)}
        </SiteLink>
      </figcaption>
    </figure>
  );
}
