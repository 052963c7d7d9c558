// Sentences of the site's quotes: what a case-study card shows of a quote, and what a video's
// title card quotes. No imports: islands use it too.

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

/** The sentences of a text, as Unicode's sentence boundaries (the browser's and Node's ICU) find them. */
export function sentencesOf(value: string): string[] {
  return [...sentences.segment(value)].map((part) => part.segment.trim()).filter(Boolean);
}

/** The quote a case-study card shows: `pullQuote` when the study gives one, else the quote's first two sentences. */
export function pullQuoteOf(study: { quote: string; pullQuote?: string }): string {
  return study.pullQuote ?? sentencesOf(study.quote).slice(0, 2).join(' ');
}

/**
 * What a video's title card quotes: the first sentence of the quote the card's own quote leaves
 * out (the speaker setting the scene, where the card gives the result), so a card never shows
 * one sentence twice; the quote's first sentence when the card quotes all of it.
 */
export function openingOf(study: { quote: string; pullQuote?: string }): string {
  const quoted = new Set(sentencesOf(pullQuoteOf(study)));
  const sentences = sentencesOf(study.quote);
  return sentences.find((sentence) => !quoted.has(sentence)) ?? sentences[0] ?? study.quote;
}
