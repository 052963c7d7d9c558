import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { caseStudiesSchema, fillCompany, testimonialsSchema } from '../../templates/site/schemas/customer-stories.ts';
import { homeSchema } from '../../templates/site/schemas/home.ts';
import { pullQuoteOf, sentencesOf } from '../../templates/site/sentences.ts';
import { projectRoot } from '../helpers/content.ts';

const read = (name: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, 'content', 'data', `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
type Studies = Record<string, unknown> & { studies: Record<string, unknown>[] };
const caseStudies = read('case-studies') as Studies;
const home = read('home') as Record<string, unknown> & { customerVideo: Record<string, unknown> };

/** The paths and messages of what `schema` refuses in `data`. */
function problems(
  schema: typeof caseStudiesSchema | typeof homeSchema | typeof testimonialsSchema,
  data: unknown,
): [string, string][] {
  const result = schema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const withStudy = (changes: Record<string, unknown>): Studies => ({
  ...caseStudies,
  studies: caseStudies.studies.map((study, index) => (index === 1 ? { ...study, ...changes } : study)),
});

test('accepts the site content', () => {
  assert.deepEqual(problems(caseStudiesSchema, caseStudies), []);
  assert.deepEqual(problems(homeSchema, home), []);
  assert.deepEqual(problems(testimonialsSchema, read('testimonials')), []);
});

test('refuses a video URL the players cannot play, naming the kinds they can', () => {
  for (const videoUrl of [
    'https://vimeo.com/123456789',
    'https://evil.example/embed/Qx7Lm2RtK9a',
    'https://www.youtube.com/channel/Qx7Lm2RtK9a',
  ]) {
    const found = problems(caseStudiesSchema, withStudy({ videoUrl }));
    assert.equal(found.length, 1, videoUrl);
    assert.equal(found[0]![0], 'studies.1.videoUrl');
    assert.match(found[0]![1], /YouTube .* Wistia/);
  }
  const [problem] = problems(homeSchema, {
    ...home,
    customerVideo: { ...home.customerVideo, videoUrl: 'https://vimeo.com/1' },
  });
  assert.equal(problem![0], 'customerVideo.videoUrl');
});

test('refuses a video URL that is no https URL with one message, as any external URL', () => {
  const found = problems(caseStudiesSchema, withStudy({ videoUrl: 'javascript:alert(1)' }));
  assert.deepEqual(
    found.map(([at]) => at),
    ['studies.1.videoUrl'],
  );
  assert.doesNotMatch(found[0]![1], /Wistia/);
});

test("needs {company} in the thumbnail's play label, and no other placeholder", () => {
  assert.deepEqual(problems(caseStudiesSchema, { ...caseStudies, playLabel: 'Play video' }), [
    ['playLabel', 'expected the placeholder {company}'],
  ]);
  assert.deepEqual(problems(caseStudiesSchema, { ...caseStudies, playLabel: 'Play {name}: {company}' }), [
    ['playLabel', 'unknown placeholder {name}: only {company} is filled in here'],
  ]);
});

test('fills {company} with the name as written, wherever it appears', () => {
  assert.equal(fillCompany('Play video: {company}', 'Larkfield Health'), 'Play video: Larkfield Health');
  assert.equal(fillCompany('{company} ({company})', 'A$&B'), 'A$&B (A$&B)');
});

test("needs the home video's play label and the story it shows; a poster, when given, is an image of content/images", () => {
  const { story: _story, playLabel: _label, ...video } = home.customerVideo;
  assert.deepEqual(
    problems(homeSchema, { ...home, customerVideo: video })
      .map(([at]) => at)
      .sort(),
    ['customerVideo.playLabel', 'customerVideo.story'],
  );
  assert.deepEqual(
    problems(homeSchema, {
      ...home,
      customerVideo: { ...home.customerVideo, poster: 'https://cdn.example/p.png' },
    }).map(([at]) => at),
    ['customerVideo.poster'],
  );
  assert.deepEqual(
    problems(homeSchema, { ...home, customerVideo: { ...home.customerVideo, poster: '/images/thumbnails/still.jpg' } }),
    [],
  );
});

test('a case study needs an outcome and two or three figures', () => {
  assert.deepEqual(
    problems(caseStudiesSchema, withStudy({ outcome: undefined })).map(([at]) => at),
    ['studies.1.outcome'],
  );
  const figure = { value: '2×', label: 'releases a week' };
  assert.deepEqual(
    problems(caseStudiesSchema, withStudy({ metrics: [figure] })).map(([at]) => at),
    ['studies.1.metrics'],
  );
  assert.deepEqual(
    problems(caseStudiesSchema, withStudy({ metrics: [figure, figure, figure, figure] })).map(([at]) => at),
    ['studies.1.metrics'],
  );
});

test("a card's quote is at most two sentences, each the speaker's own: a cut of the quote, not new words", () => {
  const study = caseStudies.studies[1] as { quote: string };
  const [first, second, third] = sentencesOf(study.quote);
  assert.deepEqual(problems(caseStudiesSchema, withStudy({ pullQuote: `${first} ${third}` })), []);
  const tooLong = problems(caseStudiesSchema, withStudy({ pullQuote: `${first} ${second} ${third}` }));
  assert.ok(
    tooLong.some(([at, message]) => at === 'studies.1.pullQuote' && /at most two sentences/.test(message)),
    JSON.stringify(tooLong),
  );
  const [[at, message]] = problems(
    caseStudiesSchema,
    withStudy({ pullQuote: `${first} Best vendor we ever hired.` }),
  ) as [[string, string]];
  assert.equal(at, 'studies.1.pullQuote');
  assert.match(message, /does not say "Best vendor we ever hired\."/);
  // By default a card quotes the first two sentences.
  assert.equal(pullQuoteOf({ quote: study.quote }), `${first} ${second}`);
});
