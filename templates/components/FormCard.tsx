import type { ReactNode } from 'react';

/**
 * The card around every lead form: its heading and introduction, then the form island. A form
 * that writes its own heading (the toolkit's changes once unlocked) leaves `heading` out; the
 * card styles an h2 inside it the same way (components.css). Site search leaves the form out.
 */
export default function FormCard({
  id,
  heading,
  intro,
  children,
}: {
  id?: string;
  heading?: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <div className="form-card" id={id} data-pagefind-ignore="">
      {heading ? <h2 className="form-card-title">{heading}</h2> : null}
      {heading && intro ? <p className="form-card-intro">{intro}</p> : null}
      {children}
    </div>
  );
}
