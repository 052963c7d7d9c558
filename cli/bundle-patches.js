// Patches applied to third-party code when esbuild compiles the CLI and its Markdown worker. Each one
// names the exact text it replaces: when an upgrade changes that text, the patch is not
// applied (the code is bundled as published) and its test fails, so it is looked at again.
import { readFile } from 'node:fs/promises';

/**
 * unist-util-visit-parents renames its visit function after every node it visits
 * (`Object.defineProperty(visit, 'name', …)`, with a string built per node) so that stack
 * traces read 'node (element<p>)'. Every tree walk of the pipeline goes through it (remark-rehype,
 * GFM autolinks, rehype-slug, rehype-pretty-code), and the renaming was about 7% of the
 * Markdown time of a post. The walk itself is unchanged.
 */
export const visitNamePatch = {
  file: /[\\/]node_modules[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/,
  find: `    if (typeof value.type === 'string') {
      const name =
        // \`hast\`
        typeof value.tagName === 'string'
          ? value.tagName
          : // \`xast\`
            typeof value.name === 'string'
            ? value.name
            : undefined

      Object.defineProperty(visit, 'name', {
        value:
          'node (' + color(node.type + (name ? '<' + name + '>' : '')) + ')'
      })
    }
`,
  replace: '',
};

export const packagePatches = [visitNamePatch];

/** Applies a patch to a module's source; returns undefined when its text is not there. */
export function applyPatch(patch, source) {
  const normalised = source.replace(/\r\n/g, '\n');
  return normalised.includes(patch.find) ? normalised.replace(patch.find, patch.replace) : undefined;
}

/** An esbuild plugin that applies `patches` to the files they name. */
export function patchPlugin(patches) {
  return {
    name: 'sitegen-patches',
    setup(build) {
      for (const patch of patches) {
        build.onLoad({ filter: patch.file }, async (args) => {
          const patched = applyPatch(patch, await readFile(args.path, 'utf8'));
          return patched === undefined ? undefined : { contents: patched, loader: 'js' };
        });
      }
    },
  };
}
