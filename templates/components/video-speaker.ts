import type { SiteModel } from '../site/model.ts';
import { openingOf } from '../site/sentences.ts';
import { useSizedImage } from './form-props.ts';
import { imageSizes } from './image-sizes.ts';
import type { VideoSpeaker } from './VideoTitleCard.tsx';

type Study = SiteModel['data']['case-studies']['studies'][number];

/** A case study's speaker as a video's title card shows them: the opening of their quote, name, title, company and portrait. */
export function useVideoSpeaker(): (study: Study) => VideoSpeaker {
  const sized = useSizedImage();
  return (study) => ({
    quote: openingOf(study),
    name: study.name,
    title: study.title,
    company: study.company,
    ...(study.photo ? { photo: sized(study.photo, '', imageSizes.avatar) } : {}),
  });
}
