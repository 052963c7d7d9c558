-- The leads the site's endpoint keeps (server/leads/): one row per submission id, stored before
-- the visitor is answered. Applied by `sitegen dev` and `preview` to the SQLite file LEADS_DB,
-- and by `wrangler d1 migrations apply` to the D1 database on Cloudflare.
CREATE TABLE leads (
  submission_id TEXT PRIMARY KEY,
  form TEXT NOT NULL,
  email TEXT NOT NULL,
  -- The fields the automation receives, as JSON.
  fields TEXT NOT NULL,
  -- A hash of the form and its fields: a retry with the same id must carry the same.
  fingerprint TEXT NOT NULL,
  -- delivered, pending, failed (accepted); spam, unverified (kept aside, never forwarded).
  status TEXT NOT NULL,
  reason TEXT,
  -- The first answer to an accepted lead, given again to a retry of it.
  answer TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  -- Until when (ms since 1970) one worker holds the row: while verifying, or while forwarding.
  claimed_until INTEGER,
  test INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered_at INTEGER
);
CREATE INDEX leads_status ON leads (status);
CREATE INDEX leads_email ON leads (email);

-- Posts per client address and minute, for the rate limit; old minutes are deleted as new ones come.
CREATE TABLE lead_posts (
  address TEXT NOT NULL,
  minute INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (address, minute)
);
