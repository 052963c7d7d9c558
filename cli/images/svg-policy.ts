// What a published SVG may hold: the sanitizer's profile, and our own rules for its elements, attributes and prolog.
import type { Config } from 'dompurify';

/** Raise when the rules below change, so that the verdicts remembered by earlier builds are dropped. */
export const policyVersion = 1;

/**
 * The SVG profile, plus:
 * - `use`, which the profile leaves out: the site's SVGs may reuse a shape by `href="#id"`
 *   (the attribute rules below keep it from pointing anywhere else);
 * - comments (exporters sign their files with one); DOMPurify still drops one holding markup;
 * - `role` (the site's SVGs say `role="img"` to assistive technology), and attributes editors
 *   write that only describe the drawing: `focusable`, `enable-background`, `baseProfile`, `xml:lang`;
 * - `script`, `foreignObject` (HTML inside SVG), `animate` and `set` forbidden by name, so a
 *   later profile that allowed them would not change what is published;
 * - ids kept whatever their name (DOMPurify drops ids such as `title` or `images`, which could
 *   shadow properties of an HTML document the markup is inserted into: these files are
 *   documents of their own, and a gradient's id is what its shapes refer to);
 * - a forbidden element goes with its content: browsers do not draw what is inside an element
 *   they do not know, so hoisting it out would change the picture.
 */
export const config: Config & { IN_PLACE: true } = {
  IN_PLACE: true,
  USE_PROFILES: { svg: true, svgFilters: true },
  ADD_TAGS: ['use', '#comment'],
  ADD_ATTR: ['role', 'focusable', 'enable-background', 'baseProfile', 'xml:lang'],
  FORBID_TAGS: ['script', 'foreignObject', 'animate', 'set'],
  SANITIZE_DOM: false,
  KEEP_CONTENT: false,
};

/** Elements that animate an attribute of another: one that targets `href` turns a link into any URL. */
const animationElements = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'animatecolor']);

/** Why an element (one the profile may allow) must go, or undefined. */
export function elementProblem(element: Element, tagName: string): string | undefined {
  if (animationElements.has(tagName)) {
    const target = (element.getAttribute('attributeName') ?? '').trim();
    const local = target.slice(target.indexOf(':') + 1).toLowerCase();
    if (local === 'href') return `animates ${target}`;
    if (local.startsWith('on')) return `animates the event handler ${target}`;
  }
  if (tagName === 'style') return cssProblem(element.textContent ?? '');
  return undefined;
}

/**
 * Why an attribute must go, or undefined: event handlers; a link (`href`, `xlink:href`, in any
 * namespace prefix) to anything but an element of the same file; a CSS reference to another file
 * (a `style` attribute, or a presentation attribute such as `fill="url(…)"`); a `javascript:`,
 * `vbscript:` or `data:` URL anywhere, such as in an animation's `values`.
 */
export function attributeProblem(name: string, value: string): string | undefined {
  const local = name.slice(name.indexOf(':') + 1).toLowerCase();
  if (local.startsWith('on')) return 'event handler';
  // Trimmed as a URL parser trims (not as String.trim, which also drops a no-break space).
  if (local === 'href' && !value.replace(/^[\u0000-\u0020]+/, '').startsWith('#')) return 'link out of the file';
  // Text for people and data for scripts (none run here) is neither CSS nor a URL.
  if (/^(aria|data)-/.test(local)) return undefined;
  return cssProblem(value) ?? schemeProblem(value);
}

/**
 * Why a piece of CSS (a `<style>` element, a `style` attribute, a presentation attribute) must go:
 * it loads another file. Comments are dropped and escapes decoded first, as a CSS parser would,
 * so `u\72l(` and `@im\70ort` are caught.
 */
function cssProblem(css: string): string | undefined {
  const text = decodeCss(css);
  if (/@import/i.test(text)) return '@import';
  const url = /url\(\s*(['"]?)\s*([^'")\s]*)/gi;
  for (const match of text.matchAll(url)) {
    if (!match[2]!.startsWith('#')) return `url(${shorten(match[2]!)})`;
  }
  if (/image-set\(|\bsrc\(/i.test(text)) return 'image-set() or src()';
  return undefined;
}

/**
 * `javascript:`, `vbscript:` or `data:` as a URL scheme anywhere in the value (browsers drop tabs
 * and newlines from URLs).
 */
function schemeProblem(value: string): string | undefined {
  const compact = value.replace(/[\s\u0000-\u001f]+/g, '');
  const scheme = /(?:^|[^a-z0-9+.-])(javascript|vbscript|data):/i.exec(compact);
  return scheme ? `${scheme[1]!.toLowerCase()}: URL` : undefined;
}

function decodeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(
      /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\r\n|[\n\r\f]|([\s\S]))/g,
      (_match, hex: string | undefined, char: string | undefined) => {
        if (hex) {
          const code = Number.parseInt(hex, 16);
          return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
            ? String.fromCodePoint(code)
            : '\ufffd';
        }
        return char ?? '';
      },
    );
}

/**
 * What outside the root element must go: processing instructions (`<?xml-stylesheet?>` loads a
 * stylesheet) and a DOCTYPE with an internal subset, whose default attributes browsers apply and
 * jsdom's parser does not, and whose entities the two need not expand alike: the document checked
 * would not be the one a browser builds from the file. (Publishing the sanitized serialisation,
 * without the DOCTYPE, makes them one again.)
 */
export function removeFromProlog(document: Document, text: string): string[] {
  const removed: string[] = [];
  for (const node of [...document.childNodes]) {
    if (node.nodeType === node.PROCESSING_INSTRUCTION_NODE) {
      removed.push(`<?${(node as ProcessingInstruction).target}?>`);
      node.remove();
    } else if (node.nodeType === node.DOCUMENT_TYPE_NODE && hasInternalSubset(text)) {
      removed.push('<!DOCTYPE> with an internal subset');
      node.remove();
    }
  }
  return removed;
}

function hasInternalSubset(text: string): boolean {
  return /<!DOCTYPE[^>[]*\[/i.test(text) || /<!(ENTITY|ATTLIST|ELEMENT|NOTATION)\b/.test(text);
}

/**
 * The XML declaration is not a node of the document: an encoding other than UTF-8 is noted here,
 * since the file is read, checked and published as UTF-8 (a browser would decode it otherwise).
 */
export function declarationProblems(text: string): string[] {
  const encoding = /^\ufeff?<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
  return encoding && !/^(utf-?8|us-ascii)$/i.test(encoding)
    ? [`encoding="${encoding}" (the file is published as UTF-8)`]
    : [];
}

/** A value as a warning quotes it: one line, at most 60 characters. */
export function shorten(value: string): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
