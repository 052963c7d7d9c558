import type { IconName } from '../site/schemas/schemas.ts';
import Icon from './Icon.tsx';

/** A list of titled points, each with an icon (a check mark when none is given). */
export default function FeatureList({
  items,
  headingLevel = 3,
}: {
  items: { title: string; description: string; icon?: IconName }[];
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item.title}>
          <Icon name={item.icon ?? 'check'} className="checklist-icon" />
          <div>
            <Heading>{item.title}</Heading>
            <p>{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
