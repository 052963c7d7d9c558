import type { CSSProperties } from 'react';

// The picture social sites show for a shared page (1200×630): the brand, what kind of page it
// is and its title, in the site's colours. Drawn at build time by satori, which turns text into
// outlines with the fonts it is given and reads the CSS it supports (flexbox, inline styles, no
// custom properties).
//
// A card is two layers: the frame, the same on every card (drawn once per build), and the
// page's words, drawn into `textBox` and laid over the frame. Every card is then only its own
// words to lay out and rasterise, which keeps a blog of a thousand posts quick to build.

/** Bumped whenever the layout below changes in a way its source text does not show. */
export const shareCardTemplateVersion = 1;

/** The size of a card: what social sites ask for (1.91:1). */
export const cardSize = { width: 1200, height: 630 } as const;

/** Where a page's words sit on the frame; they keep to its bottom edge, above the host name. */
export const textBox = { left: 72, top: 150, width: 980, height: 330 } as const;

/** The brand colours a card uses, read from the site's stylesheet. */
export interface ShareCardColours {
  navy: string;
  navy2: string;
  indigo: string;
  violet: string;
  teal: string;
  lilac: string;
  onNavy: string;
}

export interface ShareCardFrameProps {
  brand: string;
  /** The site's host name, shown at the foot. */
  host: string;
  /** The brand mark as a picture (data URL), and a large faint copy of it for the background. */
  brandMark: string;
  watermark: string;
  colours: ShareCardColours;
}

export interface ShareCardTextProps {
  title: string;
  /** What the page is: a post's category, "Guide", "For Startups"… */
  kind: string;
  colours: ShareCardColours;
}

/** Longer titles get smaller type; anything beyond three lines ends in an ellipsis. */
export function titleSize(title: string): number {
  if (title.length <= 30) return 80;
  if (title.length <= 56) return 68;
  return 58;
}

const watermarkSize = 460;

/** What every card shares: the brand's navy with an indigo edge, a faint brand mark, the brand and the host. */
export function ShareCardFrame({ brand, host, brandMark, watermark, colours }: ShareCardFrameProps) {
  const picture = (src: string, size: number): CSSProperties => ({
    display: 'flex',
    width: size,
    height: size,
    backgroundImage: `url(${src})`,
    backgroundSize: `${size}px ${size}px`,
  });
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '60px 72px 56px',
        backgroundColor: colours.navy,
        color: '#fff',
        fontFamily: 'Inter',
      }}
    >
      <div style={{ ...picture(watermark, watermarkSize), position: 'absolute', right: -70, bottom: -40 }} />
      <div
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          bottom: 0,
          width: 12,
          display: 'flex',
          backgroundImage: `linear-gradient(180deg, ${colours.indigo}, ${colours.violet})`,
        }}
      />
      <div style={{ display: 'flex', alignItems: 'center' }}>
        <div style={picture(brandMark, 60)} />
        <span style={{ marginLeft: 18, fontSize: 34, fontWeight: 800, letterSpacing: -0.5 }}>{brand}</span>
      </div>
      <div style={{ display: 'flex', alignItems: 'center' }}>
        <div style={{ display: 'flex', width: 40, height: 6, borderRadius: 3, backgroundColor: colours.teal }} />
        <span style={{ marginLeft: 16, fontSize: 26, fontWeight: 600, color: colours.onNavy }}>{host}</span>
      </div>
    </div>
  );
}

/** A page's words, drawn into `textBox` on a clear background: its kind as a label, then its title. */
export default function ShareCardText({ title, kind, colours }: ShareCardTextProps) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        alignItems: 'flex-start',
        color: '#fff',
        fontFamily: 'Inter',
      }}
    >
      <span
        style={{
          display: 'flex',
          padding: '9px 20px',
          borderRadius: 999,
          backgroundColor: colours.navy2,
          color: colours.lilac,
          fontSize: 22,
          fontWeight: 600,
          letterSpacing: 2.5,
          textTransform: 'uppercase',
        }}
      >
        {kind}
      </span>
      <div
        style={
          {
            display: 'block',
            width: '100%',
            marginTop: 24,
            fontSize: titleSize(title),
            fontWeight: 800,
            lineHeight: 1.08,
            letterSpacing: -1.5,
            lineClamp: 3,
            wordBreak: 'break-word',
          } as CSSProperties
        }
      >
        {title}
      </div>
    </div>
  );
}
