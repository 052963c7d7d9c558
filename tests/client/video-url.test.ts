import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseVideoUrl, sameVideo, toEmbedUrl, videoFrameSources } from '../../client/video-url.ts';
import { contentSecurityPolicy } from '../../cli/write/content-security-policy.ts';
import { contentRoot, validateSiteModel } from '../helpers/site-model.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { realSite } from '../helpers/real-site.ts';
import { mixedParameterForms, urlForms, wistiaForms, youtubeForms } from '../helpers/video-url-forms.ts';

// The SPEC's words (section 5), for videos of the site's and for any other video on the hosts:
// each form opens its embed player with autoplay=1 appended (tests/helpers/video-url-forms.ts).
const anyYoutube = 'Zz9Yy8Xx7Ww';
const anyWistia = 'zz9yy8xx7w';
const specForms = [
  ...youtubeForms(anyYoutube),
  ...wistiaForms(anyWistia),
  ...mixedParameterForms(anyYoutube, anyWistia),
];
for (const { form, url, player } of specForms) {
  test(`${form} (${url}) plays from ${player}`, () => assert.equal(toEmbedUrl(url), player));
}

const plays: [input: string, player: string][] = [
  ['https://youtube.com/embed/Qx7Lm2RtK9a', 'https://www.youtube-nocookie.com/embed/Qx7Lm2RtK9a?autoplay=1'],
  ['https://m.youtube.com/embed/Qx7Lm2RtK9a', 'https://www.youtube-nocookie.com/embed/Qx7Lm2RtK9a?autoplay=1'],
  [
    'https://www.youtube-nocookie.com/embed/Qx7Lm2RtK9a',
    'https://www.youtube-nocookie.com/embed/Qx7Lm2RtK9a?autoplay=1',
  ],
  [
    'https://www.youtube.com/embed/Qx7Lm2RtK9a?autoplay=0',
    'https://www.youtube-nocookie.com/embed/Qx7Lm2RtK9a?autoplay=1',
  ],
  [
    'https://www.youtube.com/watch?v=Qx7Lm2RtK9a&list=PL1',
    'https://www.youtube-nocookie.com/embed/Qx7Lm2RtK9a?autoplay=1',
  ],
  // The first of a repeated parameter counts; a start time wins over its alias.
  [
    'https://www.youtube.com/embed/Qx7Lm2RtK9a?start=5&start=50&t=7',
    'https://www.youtube-nocookie.com/embed/Qx7Lm2RtK9a?start=5&autoplay=1',
  ],
  [
    'https://fast.wistia.net/embed/iframe/k4x9q2mz7t?doNotTrack=false',
    'https://fast.wistia.net/embed/iframe/k4x9q2mz7t?autoplay=1&doNotTrack=true',
  ],
  [
    'https://fast.wistia.net/embed/iframe/k4x9q2mz7t?wtime=1m',
    'https://fast.wistia.net/embed/iframe/k4x9q2mz7t?time=60&autoplay=1&doNotTrack=true',
  ],
  [
    'https://acme.wistia.com/embed/iframe/k4x9q2mz7t',
    'https://fast.wistia.net/embed/iframe/k4x9q2mz7t?autoplay=1&doNotTrack=true',
  ],
  // Values a player does not take are dropped with their names.
  [
    'https://www.youtube.com/embed/Qx7Lm2RtK9a?rel=yes&hl=%3Cscript%3E&end=-3',
    'https://www.youtube-nocookie.com/embed/Qx7Lm2RtK9a?autoplay=1',
  ],
  [
    'https://fast.wistia.net/embed/iframe/k4x9q2mz7t?playerColor=red;x&volume=2&videoFoam=1',
    'https://fast.wistia.net/embed/iframe/k4x9q2mz7t?autoplay=1&doNotTrack=true',
  ],
];

for (const [input, player] of plays) {
  test(`${input} plays from ${player}`, () => assert.equal(toEmbedUrl(input), player));
}

const refused = [
  'javascript:alert(1)',
  'not a url',
  '',
  'http://www.youtube.com/embed/Qx7Lm2RtK9a',
  'https://user:pass@www.youtube.com/embed/Qx7Lm2RtK9a',
  'https://www.youtube.com:8443/embed/Qx7Lm2RtK9a',
  'https://www.youtube.com.evil.example/embed/Qx7Lm2RtK9a',
  'https://evil.example/embed/Qx7Lm2RtK9a',
  'https://www.youtube.com/embed/short',
  'https://www.youtube.com/embed/Qx7Lm2RtK9a/extra',
  'https://www.youtube.com/embed/Qx7Lm2RtK9a%22onload%3D',
  'https://www.youtube.com/watch?v=bad id here',
  'https://www.youtube.com/channel/Qx7Lm2RtK9a',
  'https://youtu.be/Qx7Lm2RtK9a/extra',
  'https://wistia.com.evil.example/embed/iframe/k4x9q2mz7t',
  'https://fast.wistia.net/embed/medias/k4x9q2mz7t',
  'http://fast.wistia.net/embed/iframe/k4x9q2mz7t',
  'https://wistia.net.evil.example/embed/iframe/k4x9q2mz7t',
  'https://vimeo.com/123456789',
];

for (const input of refused) {
  test(`refuses ${JSON.stringify(input)}`, () => assert.equal(toEmbedUrl(input), null));
}

test('every player address comes from an origin the frame-src sources list, and the list holds no other', () => {
  const origins = new Set(
    [...specForms.map(({ url }) => url), ...plays.map(([input]) => input)].map(
      (input) => new URL(toEmbedUrl(input)!).origin,
    ),
  );
  assert.deepEqual([...origins].sort(), [...videoFrameSources].sort());
});

test("the site's policy frames the video players and not YouTube's cookie-setting host", async () => {
  const model = validateSiteModel(await loadContent(contentRoot, realSite.definition.content), {
    env: { FORM_WEBHOOK_URL: 'https://hooks.example/x' },
  });
  const policy = contentSecurityPolicy({ additions: realSite.definition.csp!(model), inlineScripts: [] });
  const frameSrc = policy
    .split('; ')
    .find((directive) => directive.startsWith('frame-src '))!
    .split(' ');
  for (const source of videoFrameSources) assert.ok(frameSrc.includes(source), source);
  assert.ok(!frameSrc.some((source) => /\/\/(www\.|m\.)?youtube\.com/.test(source)), frameSrc.join(' '));
});

test("every video of the site's data is named by every accepted URL form, and by no other video's; it plays from its own player", async () => {
  const model = validateSiteModel(await loadContent(contentRoot, realSite.definition.content), {
    env: { FORM_WEBHOOK_URL: 'https://hooks.example/x' },
  });
  const videos = [
    ...new Set([...model.data['case-studies'].studies, ...model.data.testimonials].map((video) => video.videoUrl)),
  ];
  assert.ok(videos.length >= 2);
  // As the case-study gallery titles a `playVideo` value (client/islands/CaseStudyGallery.tsx).
  const known = videos.map((videoUrl) => ({ videoUrl, ref: parseVideoUrl(videoUrl)! }));
  for (const { videoUrl } of known) {
    for (const { form, url, player } of urlForms(videoUrl)) {
      const requested = parseVideoUrl(url);
      assert.ok(requested, `${form} of ${videoUrl}`);
      assert.deepEqual(
        known.filter((video) => sameVideo(video.ref, requested)).map((video) => video.videoUrl),
        [videoUrl],
        `${form} of ${videoUrl}`,
      );
      assert.equal(toEmbedUrl(url), player, `${form} of ${videoUrl}`);
    }
  }
});
