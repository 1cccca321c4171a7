-- Schema v12. Editor drafts: what an editor holds and has not saved (a quest,
-- a faction), kept as it changes so that a crash, a kill or a closed window
-- loses nothing. A draft is the editor's whole file as it is, valid or not,
-- under its kind and the key of what is being edited; it goes when that is
-- saved or the user discards it. The store never reads a body.
CREATE TABLE drafts (
    kind     TEXT NOT NULL,
    key      TEXT NOT NULL,
    body     BLOB NOT NULL,
    saved_at TEXT NOT NULL,
    PRIMARY KEY (kind, key)
);
