/** A section's heading (with the id its section is labelled by) and its introduction. */
export default function SectionHeader({ id, heading, intro, eyebrow }: { id: string; heading: string; intro?: string; eyebrow?: string }) {
  return (
    <header className="section-header">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{heading}</h2>
      {intro ? <p className="lead">{intro}</p> : null}
    </header>
  );
}
