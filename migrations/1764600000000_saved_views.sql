-- Up Migration
-- Saved views (issue 36, decision 037): a name for one page's address query, kept for one person or shared with
-- everyone. The owner is the username as text, as elsewhere (an SSO person has no users row), so removing an account
-- deletes its private views in `users remove` rather than by a foreign key, and its shared views stay.
CREATE TABLE saved_views (
  id uuid PRIMARY KEY,
  owner text NOT NULL,
  page text NOT NULL CHECK (page IN ('categories', 'history', 'compare')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80 AND name = btrim(name)),
  query text NOT NULL,
  shared boolean NOT NULL DEFAULT false,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
-- One name per person and page, ignoring case: "Cats" and "cats" would be two lines no one can tell apart in a menu.
CREATE UNIQUE INDEX saved_views_name ON saved_views (owner, page, lower(name));
CREATE INDEX saved_views_shared ON saved_views (page) WHERE shared;

-- Whether `owner` may keep one more view of `page`. The lock makes two saves at once count one after the other: each
-- query in a volatile function sees what committed before it ran, so the second counts the first.
CREATE FUNCTION saved_view_room(view_owner text, view_page text, most integer) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(34002, hashtext(view_owner || '/' || view_page));
  RETURN (SELECT count(*) FROM saved_views WHERE owner = view_owner AND page = view_page) < most;
END;
$$;

-- Down Migration
DROP FUNCTION saved_view_room(text, text, integer);
DROP TABLE saved_views;
