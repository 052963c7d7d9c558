// The tiny site's own server route: it proves the engine's extension point, not any site's
// feature. A POST keeps its text as a note in the NOTES database, answers with what the route was
// handed (its variable, the build's facts, the client's address, the notes so far), and keeps a
// second note after answering, through `waitUntil`.
import type { FetchHandler, SqlDatabase } from 'sitegen/site';

interface EchoEnv {
  TINY_GREETING?: string;
  NOTES: SqlDatabase;
  NETLIFY_MARK?: string;
}

const echo: FetchHandler<EchoEnv> = async (request, env, context) => {
  // Anything but a POST is told what the route was handed, without touching the database.
  if (request.method !== 'POST')
    return Response.json({ bound: Object.keys(env).sort() }, { status: 405, headers: { allow: 'POST' } });
  const text = await request.text();
  await env.NOTES.prepare('INSERT INTO notes (text, kept_by) VALUES (?, ?)').bind(text, 'request').run();
  const notes = await env.NOTES.prepare('SELECT text, kept_by FROM notes ORDER BY id').all<{
    text: string;
    kept_by: string;
  }>();
  context.waitUntil(env.NOTES.prepare('INSERT INTO notes (text, kept_by) VALUES (?, ?)').bind(text, 'after').run());
  return Response.json(
    {
      greeting: env.TINY_GREETING ?? null,
      site: context.site,
      clientAddress: context.clientAddress ?? null,
      notes: notes.results,
    },
    { status: 201 },
  );
};

export default echo;
