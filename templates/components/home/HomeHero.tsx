import ExternalLink from '../ExternalLink.tsx';
import Icon from '../Icon.tsx';
import BugReport from '../artefacts/BugReport.tsx';
import CiRun from '../artefacts/CiRun.tsx';
import SiteLink from '../SiteLink.tsx';
import { usePage } from '../page-context.ts';

/** The home hero: headline, calls to action, the work shown as interface, and the four feature tiles. */
export default function HomeHero() {
  const { model } = usePage();
  const { home, site } = model.data;
  return (
    <section className="home-hero">
      <div className="container home-hero-grid">
        <div className="home-hero-copy">
          <p className="eyebrow">{home.hero.eyebrow}</p>
          <h1>{home.hero.headline}</h1>
          <p className="lead">{home.hero.subheadline}</p>
          <p className="hero-claim">
            <Icon name="zap" size={18} />
            {home.hero.claim}
          </p>
          <div className="actions">
            <SiteLink link={home.hero.primaryCta} className="button button-primary button-large" />
            <ExternalLink href={site.chatPersonaUrl} className="button button-ghost button-large">
              <Icon name="message-circle" size={18} />
              {home.hero.askAiLabel}
            </ExternalLink>
          </div>
        </div>
        {/* The work as it looks: a CI run the engineer reviewed, and in front a bug report the AI
            drafted and the engineer corrected. */}
        <div className="home-hero-art">
          <CiRun />
          <BugReport />
        </div>
      </div>
      <div className="container" id={home.hero.featuresId}>
        <ul className="feature-tiles">
          {home.hero.features.map((feature) => (
            <li key={feature.href}>
              <SiteLink link={feature} className="feature-tile">
                <span className="card-icon">{feature.icon ? <Icon name={feature.icon} /> : null}</span>
                <span className="feature-title">{feature.title}</span>
                <span className="feature-text">{feature.description}</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
