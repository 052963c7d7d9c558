import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toEmbedUrl } from '../../client/video-url.ts';
import { wistiaForms, youtubeForms } from '../helpers/video-url-forms.ts';

// A `?playVideo=` link is written by anyone: of its query, a parameter that would load code or
// pictures from elsewhere into the player, open it to the framing page's scripts, play another
// thing or name the viewer never reaches the player, in whatever form the link is written, and
// the player always autoplays (client/video-url.ts, docs/security.md).

const hostile: Record<'youtube' | 'wistia', [name: string, value: string][]> = {
  youtube: [
    ['list', 'PL1'],
    ['enablejsapi', '1'],
    ['origin', 'https://evil.example'],
    ['widget_referrer', 'https://evil.example'],
    ['playlist', 'abcdefghijk'],
    ['autoplay', '0'],
    ['v', 'Other123456'],
    ['plugin[x][src]', 'https://evil.example/p.js'],
  ],
  wistia: [
    ['plugin[x][src]', 'https://evil.example/p.js'],
    ['plugin%5Bx%5D%5Bsrc%5D', 'https://evil.example/p.js'],
    ['stillUrl', 'https://evil.example/s.jpg'],
    ['email', 'visitor@example.com'],
    ['googleAnalytics', 'true'],
    ['doNotTrack', 'false'],
    ['autoPlay', 'false'],
    ['playlistLinks', 'auto'],
  ],
};

for (const [host, forms] of [
  ['youtube', youtubeForms('Zz9Yy8Xx7Ww')],
  ['wistia', wistiaForms('zz9yy8xx7w')],
] as const) {
  for (const [name, value] of hostile[host]) {
    test(`${host}: ${name}=${value} never reaches the player, in any form of link`, () => {
      for (const { form, url, player } of forms) {
        const written = `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
        assert.equal(toEmbedUrl(written), player, form);
      }
    });
  }
}
