import type { ReactNode } from 'react';
import type { IconName } from '../site/schemas/schemas.ts';
import Icon from './Icon.tsx';
import SiteLink from './SiteLink.tsx';

interface CardProps {
  title: string;
  text: string;
  icon?: IconName;
  /** An image above the title, in a frame of the image's own shape (`ratio`, such as '5 / 3'). */
  media?: { element: ReactNode; ratio: string };
  /** Where the card leads: its title links there and covers the whole card. */
  href?: string;
  /** A visible cue after the text for a linked card, such as 'Get the guide'. */
  cue?: string;
  /** An action of its own instead of a linked title (its link covers the card: give it class card-stretch). */
  action?: ReactNode;
  /** Icon beside the text instead of above it, for rows of short cards. */
  compact?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * The site's one card: surface, padding, icon chip, title and text. A card that leads somewhere
 * has exactly one link, stretched over the whole card, and lifts on hover; others do not.
 */
export default function Card({
  title,
  text,
  icon,
  media,
  href,
  cue,
  action,
  compact = false,
  headingLevel = 3,
  className,
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const body = (
    <>
      <Heading className="card-title">{href ? <SiteLink href={href}>{title}</SiteLink> : title}</Heading>
      <p className="card-text">{text}</p>
      {href && cue ? (
        <p className="card-foot">
          <span className="card-cue" aria-hidden="true">
            {cue}
            <Icon name="arrow-right" size={16} />
          </span>
        </p>
      ) : null}
      {action ? <p className="card-foot">{action}</p> : null}
    </>
  );
  return (
    <div className={['card', compact ? 'card-compact' : '', className ?? ''].filter(Boolean).join(' ')}>
      {media ? (
        <div className="card-media" style={{ '--ratio': media.ratio } as Record<string, string>}>
          {media.element}
        </div>
      ) : null}
      {icon ? (
        <span className="card-icon">
          <Icon name={icon} />
        </span>
      ) : null}
      {compact ? <div className="card-body">{body}</div> : body}
    </div>
  );
}
