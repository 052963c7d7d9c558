import path from 'node:path';

/** Changed files sorted by what they make the dev server redo. */
export interface ChangeSet {
  content: string[];
  templates: string[];
  styles: string[];
  client: string[];
}

/** Sorts watched paths into content, templates, styles and client code. */
export function classifyChanges(root: string, contentDir: string, files: Iterable<string>): ChangeSet {
  const changes: ChangeSet = { content: [], templates: [], styles: [], client: [] };
  for (const file of new Set(files)) {
    const relative = path.relative(root, file);
    if (isInside(contentDir, file)) changes.content.push(file);
    else if (relative.startsWith(`templates${path.sep}styles${path.sep}`)) changes.styles.push(file);
    else if (relative.startsWith(`templates${path.sep}`)) changes.templates.push(file);
    else if (relative.startsWith(`client${path.sep}`)) changes.client.push(file);
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
  return changes.styles.length > 0 && changes.content.length + changes.templates.length + changes.client.length === 0;
}
