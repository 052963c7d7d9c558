import { useEffect, useRef } from 'react';

/** What the dialog plays: the player's address and title, and an id that is new each time it opens. */
export interface DialogVideo {
  id: number;
  /** The player's address, from `playerUrl` (privacy-enhanced host, autoplay). */
  src: string;
  title: string;
}

/**
 * A modal video player on the native <dialog>: showModal() makes the page behind it inert and
 * moves focus in; Escape, the close button and a click on the backdrop all close it, and focus
 * returns to where it was. The player exists only while the dialog is open, and plays at once:
 * the visitor asked for the video, by a click or by an address that names it.
 */
export default function VideoDialog({
  video,
  label,
  closeLabel,
  onClose,
}: {
  video: DialogVideo | null;
  label: string;
  closeLabel: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (video && !element.open) {
      returnFocus.current = document.activeElement;
      element.showModal();
    } else if (!video && element.open) {
      element.close();
    }
  }, [video]);

  const handleClose = () => {
    // The close event is dispatched after close() returns; if the address reopened the video in
    // between (history back then forward), this event belongs to the earlier viewing.
    if (dialog.current?.open) return;
    onClose();
    const target = returnFocus.current;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  };

  return (
    <dialog
      ref={dialog}
      className="video-dialog"
      aria-label={video?.title ?? label}
      onClose={handleClose}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="video-dialog-content">
        <button
          type="button"
          className="video-dialog-close"
          aria-label={closeLabel}
          onClick={() => dialog.current?.close()}
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M18 6L6 18M6 6l12 12" />
          </svg>
        </button>
        {video ? (
          <div className="video-frame">
            <iframe
              key={video.id}
              src={video.src}
              title={video.title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
