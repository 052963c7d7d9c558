import type { SiteModel } from '../../site/model.ts';
import BugReport from './BugReport.tsx';
import CiRun from './CiRun.tsx';
import ProofCard from './ProofCard.tsx';
import ReleaseCalendar from './ReleaseCalendar.tsx';

type Aside = NonNullable<SiteModel['data']['humans']['hero']['aside']>;

/** What a hero's `aside` in content names: an artefact of the work, or a case study's proof. */
export default function HeroAside({ aside }: { aside: Aside }) {
  if ('proof' in aside) return <ProofCard story={aside.proof} metric={aside.metric} />;
  switch (aside.artefact) {
    case 'bug-report':
      return <BugReport />;
    case 'ci-run':
      return <CiRun />;
    case 'release-calendar':
      return <ReleaseCalendar />;
  }
}
