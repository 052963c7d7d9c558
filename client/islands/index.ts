import type { ComponentProps, ComponentType } from 'react';
import BlogExplorer from './BlogExplorer.tsx';
import CaseStudyGallery from './CaseStudyGallery.tsx';
import ConsultationForm from './ConsultationForm.tsx';
import GuideForm from './GuideForm.tsx';
import SiteSearch from './SiteSearch.tsx';
import TestimonialCarousel from './TestimonialCarousel.tsx';
import ToolkitForm from './ToolkitForm.tsx';
import VideoFacade from './VideoFacade.tsx';

/** Every island by name; the server renders from this map, the client loads one file per name. */
export const islands = {
  BlogExplorer,
  CaseStudyGallery,
  ConsultationForm,
  GuideForm,
  SiteSearch,
  TestimonialCarousel,
  ToolkitForm,
  VideoFacade,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;
