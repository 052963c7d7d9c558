import path from 'node:path';

/** Changed files sorted by what they make the dev server redo. */
export interface ChangeSet {
  /** Files inside the content folder. */
  content: string[];
  /** Stylesheets (`.css`) inside the folder of the site's stylesheet. */
  styles: string[];
  /** Anything else watched: the site's code (templates, islands, its definition). */
  code: string[];
}

/**
 * Sorts watched paths into content, styles and code. Only stylesheets count as styles: the
 * stylesheet's folder may hold the site's templates too (a small site keeps both in
 * templates/), and an edited template must be compiled again, not only re-bundled.
 */
export function classifyChanges(contentDir: string, stylesDir: string, files: Iterable<string>): ChangeSet {
  const changes: ChangeSet = { content: [], styles: [], code: [] };
  for (const file of new Set(files)) {
    if (isInside(contentDir, file)) changes.content.push(file);
    else if (isInside(stylesDir, file) && /\.css$/i.test(file)) changes.styles.push(file);
    else changes.code.push(file);
  }
  return changes;
}

/** Whether `file` lies inside `folder` (a file named `..draft.md` in it does). */
function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** True when a change set holds nothing but styles. */
export function onlyStyles(changes: ChangeSet): boolean {
  return changes.styles.length > 0 && changes.content.length + changes.code.length === 0;
}
