-- The planner prices array overlap (tags && …) and ILIKE like a plain comparison, but on the
-- embedded database (PGlite, WebAssembly) each costs about ten times that per row: it then scans
-- the whole profiles table for a tag or a proxy-host filter and tests every row, where the GIN
-- indexes (tags, trigrams) answer in a tenth of the time. Their true price lets it choose the index.
-- Built-in functions belong to the superuser: PGlite runs as one; a Postgres role that is not
-- keeps the default prices (there these operators are cheaper and the choice matters less).
DO $$
BEGIN
  ALTER FUNCTION pg_catalog.arrayoverlap(anyarray, anyarray) COST 10;
  ALTER FUNCTION pg_catalog.texticlike(text, text) COST 10;
EXCEPTION WHEN insufficient_privilege THEN
  NULL;
END $$;
