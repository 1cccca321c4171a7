-- Schema v11. A campaign's party is its game module's document, which the
-- store keeps without reading it and has the module check (see
-- campaigns.go): campaigns carry their module and their party, and the
-- heroes leave the table of their own. Every campaign until now is DUN's;
-- its party becomes the JSON array of its heroes, in their order, as the
-- entries already kept theirs (attributes only when typed). The entries'
-- column is renamed to match.
ALTER TABLE campaigns ADD COLUMN module TEXT NOT NULL DEFAULT 'dun';
ALTER TABLE campaigns ADD COLUMN party TEXT NOT NULL DEFAULT '[]';

UPDATE campaigns SET party = (
    SELECT json_group_array(json(CASE
        WHEN h.attributes IS NOT NULL AND json_valid(h.attributes)
        THEN json_set(json_object('name', h.name, 'class', h.class, 'vp', h.vp, 'gold', h.gold, 'notes', h.notes),
                      '$.attributes', json(h.attributes))
        ELSE json_object('name', h.name, 'class', h.class, 'vp', h.vp, 'gold', h.gold, 'notes', h.notes)
    END) ORDER BY h.pos)
    FROM campaign_heroes h WHERE h.campaign_id = campaigns.id)
WHERE EXISTS (SELECT 1 FROM campaign_heroes h WHERE h.campaign_id = campaigns.id);

DROP TABLE campaign_heroes;

ALTER TABLE campaign_entries RENAME COLUMN heroes TO party;
