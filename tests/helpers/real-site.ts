import path from 'node:path';
import realDefinition from '../../sitegen.config.ts';
import { projectRoot } from './content.ts';
import { loadedSite } from './sites.ts';

// The marketing site as the tests load it, in a module of its own: loading it compiles every
// template, schema and island of the site, which an engine test on the tiny site does not need.

/** The marketing site (sitegen.config.ts at the project root). */
export const realSite = loadedSite(realDefinition, path.join(projectRoot, 'sitegen.config.ts'));
