-- The notes the tiny site's echo route keeps: one row per note.
CREATE TABLE notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  text TEXT NOT NULL,
  kept_by TEXT NOT NULL
);
