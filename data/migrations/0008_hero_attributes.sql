-- Schema v8. A campaign hero's attributes, the ones the app's rolls use
-- (JSON of {"perception": 4, ...}; NULL when none were typed), so a new
-- game takes the party in one tap.
ALTER TABLE campaign_heroes ADD COLUMN attributes TEXT;
