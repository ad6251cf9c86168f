-- Up Migration
-- The catalogue environment an import sends its rows to. Imports made before there were two environments have none:
-- they belong to the deployment's default environment.
ALTER TABLE import_jobs ADD COLUMN environment text;

-- Down Migration
ALTER TABLE import_jobs DROP COLUMN environment;
