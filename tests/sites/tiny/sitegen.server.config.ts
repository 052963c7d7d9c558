// The tiny site with a server route of its own (server/echo.ts) and a SQL database, built and
// previewed with `--config sitegen.server.config.ts`: the engine's server routes are tested on it.
import { defineSite } from 'sitegen/site';
import tiny from './sitegen.config.ts';

export default defineSite({
  ...tiny,
  server: {
    name: 'tiny-site',
    routes: { '/api/echo': 'server/echo.ts' },
    env: ['TINY_GREETING'],
    data: (model) => ({ title: model.site.title }),
    databases: {
      NOTES: {
        migrations: 'server/migrations',
        file: { variable: 'TINY_NOTES_DB', default: '.sitegen/tiny-notes.sqlite' },
        d1: { databaseName: 'tiny-notes' },
      },
    },
    bindings: { netlify: 'server/netlify-bindings.ts' },
  },
});
