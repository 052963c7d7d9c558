import Img from './Img.tsx';
import SiteLink from './SiteLink.tsx';
import { usePage } from './page-context.ts';

/** The brand mark and name, linking home. */
export default function Brand() {
  const { model } = usePage();
  return (
    <SiteLink href="/" className="brand">
      <Img src="/images/brand-mark.svg" alt="" decorative loading="eager" />
      <span>{model.data.site.brand}</span>
    </SiteLink>
  );
}
