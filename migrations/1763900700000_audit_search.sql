-- Up Migration
-- The History page finds a category's events by its id, and any text in its name. Neither index is partial: the planner
-- reads the statistics of an indexed expression only from an index without a WHERE, and needs them to choose between
-- walking the time index (text found in many events) and these (text found in few). pg_trgm is a trusted extension
-- (PostgreSQL 13+): the owner of the database may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX audit_events_category_id ON audit_events ((details ->> 'categoryId'), time, id);
CREATE INDEX audit_events_category_name ON audit_events USING gin (lower(details ->> 'name') gin_trgm_ops);

-- Down Migration
DROP INDEX audit_events_category_name;
DROP INDEX audit_events_category_id;
