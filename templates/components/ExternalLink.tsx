import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { usePage } from './page-context.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode };

/** A link that opens another site in a new tab and says so to screen readers. */
export default function ExternalLink({ href, children, ...rest }: Props) {
  const { model } = usePage();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="visually-hidden"> {model.data.ui.newTabNote}</span>
    </a>
  );
}
