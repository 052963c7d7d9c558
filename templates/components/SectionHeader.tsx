/**
 * A section's heading (with the id its section is labelled by), eyebrow and introduction: every
 * section heading of the site, at one size, centred above the section's content or, beside it
 * in a two-column layout, at its start.
 */
export default function SectionHeader({
  id,
  heading,
  intro,
  eyebrow,
  align = 'center',
}: {
  id: string;
  heading: string;
  intro?: string;
  eyebrow?: string;
  align?: 'center' | 'start';
}) {
  return (
    <header className={`section-header${align === 'start' ? ' section-header-start' : ''}`}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{heading}</h2>
      {intro ? <p className="lead">{intro}</p> : null}
    </header>
  );
}
