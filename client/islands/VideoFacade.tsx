import { useEffect, useRef, useState } from 'react';
import Picture from '../../templates/components/Picture.tsx';
import VideoTitleCard, { type VideoSpeaker } from '../../templates/components/VideoTitleCard.tsx';
import type { SizedImage } from './types.ts';

export interface VideoFacadeProps {
  /** The player's address, from `toEmbedUrl` (privacy-enhanced host, autoplay): loaded only once the visitor presses play. */
  src: string;
  /** The player frame's title. */
  title: string;
  /** The play button's accessible name. */
  playLabel: string;
  /** What the box shows until then: a still from the video. */
  poster?: SizedImage;
  /** Without a still, who speaks and what they say, drawn as the video's title card. */
  speaker?: VideoSpeaker;
}

/** The round play icon over a video's poster; decorative, its button carries the name. */
export function PlayIcon() {
  return (
    <span className="play-icon" aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor" focusable="false">
        <path d="M7 4l13 8-13 8z" />
      </svg>
    </span>
  );
}

/**
 * A video that costs the visitor nothing until asked for: a poster with a play button, which a
 * click, Enter or Space replaces with the player (autoplaying, so one press plays it). The
 * player takes the poster's place in the same 16:9 box, so nothing moves, and receives focus, so
 * a keyboard visitor stays where the button was. Before that no request leaves the site.
 */
export default function VideoFacade({ src, title, playLabel, poster, speaker }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  const pressed = useRef(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (playing && pressed.current) frame.current?.focus();
  }, [playing]);

  return (
    <div className="video-frame">
      {playing ? (
        <iframe
          ref={frame}
          src={src}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : (
        <button
          type="button"
          className="video-facade"
          aria-label={playLabel}
          onClick={() => {
            pressed.current = true;
            setPlaying(true);
          }}
        >
          {poster ? <Picture image={{ ...poster, alt: '' }} /> : speaker ? <VideoTitleCard speaker={speaker} /> : null}
          <PlayIcon />
        </button>
      )}
    </div>
  );
}
