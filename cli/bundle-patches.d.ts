import type { Plugin } from 'esbuild';

/** A replacement in one third-party file, applied only where `find` is found verbatim. */
export interface SourcePatch {
  file: RegExp;
  find: string;
  replace: string;
}

export const visitNamePatch: SourcePatch;
export const packagePatches: SourcePatch[];
export function applyPatch(patch: SourcePatch, source: string): string | undefined;
export function patchPlugin(patches: SourcePatch[]): Plugin;
