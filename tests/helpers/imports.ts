import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every module specifier a TypeScript source imports, re-exports, imports dynamically or requires. */
export function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** Every .ts and .tsx file under `folder`. */
export function typeScriptSources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
