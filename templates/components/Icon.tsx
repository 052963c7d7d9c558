import type { IconName } from '../site/schemas/schemas.ts';

/** Stroke paths on a 24×24 grid, one entry per icon name the content may use. */
const paths: Record<
  | IconName
  | 'arrow-right'
  | 'arrow-left'
  | 'chevron-down'
  | 'menu'
  | 'close'
  | 'play'
  | 'message-circle'
  | 'external'
  | 'copy'
  | 'calendar'
  | 'chevron-left'
  | 'chevron-right'
  | 'mail'
  | 'rss',
  string[]
> = {
  bot: ['M12 8V4H8', 'M4 8h16v12H4z', 'M2 14h2', 'M20 14h2', 'M9 13v2', 'M15 13v2'],
  database: [
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3z',
    'M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6',
    'M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  ],
  cursor: ['M4 4l7 17 2.5-7.5L21 11z', 'M13.5 13.5L19 19'],
  bug: [
    'M8 6a4 4 0 0 1 8 0',
    'M6 10h12v5a6 6 0 0 1-12 0z',
    'M12 10v11',
    'M3 13h3',
    'M18 13h3',
    'M4 20l2.5-2',
    'M20 20l-2.5-2',
    'M4 7l2.5 2',
    'M20 7l-2.5 2',
  ],
  zap: ['M13 2L4 14h7l-1 8 9-12h-7z'],
  rocket: [
    'M5 15c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1z',
    'M12 15l-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2z',
    'M9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0',
    'M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5',
  ],
  layers: ['M12 2l10 5-10 5L2 7z', 'M2 12l10 5 10-5', 'M2 17l10 5 10-5'],
  puzzle: [
    'M19.4 14.6a2.5 2.5 0 1 0-3.4-3.4L14 9.2V6a2 2 0 0 0-2-2H9.6a2.5 2.5 0 1 0-4.2 0H4a2 2 0 0 0-2 2v3.4a2.5 2.5 0 1 1 0 4.2V18a2 2 0 0 0 2 2h4.4a2.5 2.5 0 1 1 4.2 0H18a2 2 0 0 0 2-2v-3.4z',
  ],
  building: ['M4 21V3h10v18', 'M14 9h6v12', 'M2 21h20', 'M8 7h2', 'M8 11h2', 'M8 15h2', 'M17 13h1', 'M17 17h1'],
  shield: ['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'M9 12l2 2 4-4'],
  clock: ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2'],
  chart: ['M3 3v18h18', 'M7 15l4-4 3 3 6-6'],
  users: [
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M22 21v-2a4 4 0 0 0-3-3.9',
    'M16 3.1a4 4 0 0 1 0 7.8',
  ],
  check: ['M20 6L9 17l-5-5'],
  target: [
    'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z',
    'M12 18a6 6 0 1 0 0-12 6 6 0 0 0 0 12z',
    'M12 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  ],
  code: ['M16 18l6-6-6-6', 'M8 6l-6 6 6 6'],
  search: ['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3'],
  brain: [
    'M12 5a3 3 0 0 0-5.9-.8A3.5 3.5 0 0 0 3.5 9 3.5 3.5 0 0 0 4 15.5 3.5 3.5 0 0 0 9 19.5a3 3 0 0 0 3-1.5',
    'M12 5a3 3 0 0 1 5.9-.8A3.5 3.5 0 0 1 20.5 9a3.5 3.5 0 0 1-.5 6.5 3.5 3.5 0 0 1-5 4 3 3 0 0 1-3-1.5',
    'M12 5v13',
  ],
  heart: [
    'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z',
  ],
  flag: ['M4 22V4', 'M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1'],
  compass: ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M16.2 7.8l-2.1 6.3-6.3 2.1 2.1-6.3z'],
  refresh: ['M3 12a9 9 0 0 1 15-6.7L21 8', 'M21 3v5h-5', 'M21 12a9 9 0 0 1-15 6.7L3 16', 'M8 16H3v5'],
  workflow: ['M3 3h6v6H3z', 'M15 15h6v6h-6z', 'M6 9v3a3 3 0 0 0 3 3h6'],
  book: ['M4 19.5A2.5 2.5 0 0 1 6.5 17H20', 'M6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2z'],
  message: ['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z'],
  star: ['M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z'],
  award: ['M12 15a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M8.2 13.9L7 23l5-3 5 3-1.2-9.1'],
  lock: ['M5 11h14v11H5z', 'M7 11V7a5 5 0 0 1 10 0v4'],
  globe: [
    'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z',
    'M2 12h20',
    'M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z',
  ],
  trending: ['M23 6l-9.5 9.5-5-5L1 18', 'M17 6h6v6'],
  'arrow-right': ['M5 12h14', 'M12 5l7 7-7 7'],
  'arrow-left': ['M19 12H5', 'M12 19l-7-7 7-7'],
  'chevron-down': ['M6 9l6 6 6-6'],
  'chevron-left': ['M15 18l-6-6 6-6'],
  'chevron-right': ['M9 18l6-6-6-6'],
  menu: ['M3 6h18', 'M3 12h18', 'M3 18h18'],
  close: ['M18 6L6 18', 'M6 6l12 12'],
  play: ['M6 3l14 9-14 9z'],
  'message-circle': [
    'M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.7a8.5 8.5 0 0 1-.9-3.8 8.5 8.5 0 0 1 8.5-8.5 8.4 8.4 0 0 1 8.5 8.5z',
  ],
  external: ['M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6', 'M15 3h6v6', 'M10 14L21 3'],
  copy: ['M9 9h13v13H9z', 'M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1'],
  calendar: ['M3 4h18v18H3z', 'M16 2v4', 'M8 2v4', 'M3 10h18'],
  rss: ['M4 11a9 9 0 0 1 9 9', 'M4 4a16 16 0 0 1 16 16', 'M5 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z'],
  mail: ['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'M22 6l-10 7L2 6'],
};

export type AnyIconName = keyof typeof paths;

/** A decorative line icon; hidden from assistive technology because text always sits beside it. */
export default function Icon({ name, size = 24, className }: { name: AnyIconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
