import Avatar, { type AvatarPerson } from './Avatar.tsx';

/** Who speaks in a video, and what they say, for a poster drawn without a still from it. */
export interface VideoSpeaker extends AvatarPerson {
  /** Their words: one sentence. */
  quote: string;
  title: string;
  company: string;
}

/**
 * The poster of a video that has no still from it: the speaker's first sentence in large type on
 * the dark of a player, and their portrait (or initials), name and title beneath, as a video's
 * title card would show them. Inside a play button, which names the video: hidden from assistive
 * technology. No hooks: templates and islands render it alike.
 */
export default function VideoTitleCard({ speaker }: { speaker: VideoSpeaker }) {
  return (
    <span className="video-title-card" aria-hidden="true">
      <span className="video-title-card-quote">“{speaker.quote.replace(/[.!]$/u, '')}”</span>
      <span className="video-title-card-person">
        <Avatar person={speaker} size="md" />
        <span className="video-title-card-name">
          <span>{speaker.name}</span>
          <span>
            {speaker.title}, {speaker.company}
          </span>
        </span>
      </span>
    </span>
  );
}
