/** Whether a URL is relative to its document: not absolute, not root-relative, not a fragment or query of the document itself. */
export function isRelativeReference(url: string): boolean {
  return url !== '' && !/^(?:[a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(url);
}
