-- The share register's append inside PostgreSQL, at the commit (issue 39, ADR 0054). The API prepares
-- an entry's canonical JSON with its four place-dependent fields cut out (`registerEntryTemplate` in
-- packages/register). `register_append` takes the asset's head row (the log's lock), reads the two
-- holders' last entries, fills the fields in, hashes the text as the verifier does (RFC 6962 leaf
-- hash: SHA-256 of 0x00 and the text's UTF-8), writes the entry, the head and both positions, and
-- answers the entry's seq. Each statement of a PL/pgSQL function takes a fresh snapshot under READ
-- COMMITTED, so the positions are read as the transaction that held the lock before committed them.
-- An empty log (no head yet, or seq -1) is opened only when p_open: otherwise the head row is locked
-- (created at -1) and -1 is answered, and the caller writes the opening `issuance` entries first.
CREATE OR REPLACE FUNCTION register_append(
  p_asset_id text,
  p_kind text,
  p_from text,
  p_to text,
  p_from_user uuid,
  p_to_user uuid,
  p_shares bigint,
  p_parts text[],
  p_slots text[],
  p_open boolean
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  head_seq integer;
  head_hash text;
  next_seq integer;
  from_previous integer;
  to_previous integer;
  entry_text text;
  entry_hash text;
  slot_value text;
BEGIN
  IF coalesce(array_length(p_slots, 1), 0) + 1 <> coalesce(array_length(p_parts, 1), 0) THEN
    RAISE EXCEPTION 'register_append: % parts do not fit % slots', array_length(p_parts, 1), array_length(p_slots, 1);
  END IF;
  SELECT seq, hash INTO head_seq, head_hash FROM register_heads WHERE asset_id = p_asset_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO register_heads AS h (asset_id, seq, hash) VALUES (p_asset_id, -1, '')
      ON CONFLICT (asset_id) DO UPDATE SET seq = h.seq
      RETURNING seq, hash INTO head_seq, head_hash;
  END IF;
  IF head_seq < 0 AND NOT p_open THEN
    RETURN -1;
  END IF;
  next_seq := head_seq + 1;
  IF p_from_user IS NOT NULL THEN
    SELECT last_seq INTO from_previous FROM register_positions WHERE asset_id = p_asset_id AND pseudonym = p_from;
  END IF;
  IF p_to_user IS NOT NULL THEN
    SELECT last_seq INTO to_previous FROM register_positions WHERE asset_id = p_asset_id AND pseudonym = p_to;
  END IF;
  entry_text := p_parts[1];
  FOR i IN 1 .. coalesce(array_length(p_slots, 1), 0) LOOP
    slot_value := CASE p_slots[i]
      WHEN 'seq' THEN next_seq::text
      WHEN 'prev' THEN to_json(CASE WHEN next_seq = 0 THEN repeat('0', 64) ELSE head_hash END)::text
      WHEN 'fromPrevious' THEN coalesce(from_previous::text, 'null')
      WHEN 'toPrevious' THEN coalesce(to_previous::text, 'null')
    END;
    IF slot_value IS NULL THEN
      RAISE EXCEPTION 'register_append: unknown slot %', p_slots[i];
    END IF;
    entry_text := entry_text || slot_value || p_parts[i + 1];
  END LOOP;
  entry_hash := encode(sha256(decode('00', 'hex') || convert_to(entry_text, 'UTF8')), 'hex');
  INSERT INTO register_entries (asset_id, seq, entry, leaf_hash, kind)
    VALUES (p_asset_id, next_seq, entry_text, entry_hash, p_kind);
  UPDATE register_heads SET seq = next_seq, hash = entry_hash WHERE asset_id = p_asset_id;
  -- The giver's position exists (they hold the shares); the receiver's may be new. A CHECK keeps
  -- every position at zero or more, so a register that would disagree with the ledger refuses.
  IF p_from_user IS NOT NULL THEN
    UPDATE register_positions SET shares = shares - p_shares, last_seq = next_seq
      WHERE asset_id = p_asset_id AND pseudonym = p_from;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'register: % holds no shares of % to give', p_from_user, p_asset_id;
    END IF;
  END IF;
  IF p_to_user IS NOT NULL THEN
    INSERT INTO register_positions AS p (asset_id, pseudonym, user_id, last_seq, shares)
      VALUES (p_asset_id, p_to, p_to_user, next_seq, p_shares)
      ON CONFLICT (asset_id, pseudonym) DO UPDATE SET last_seq = EXCLUDED.last_seq, shares = p.shares + EXCLUDED.shares;
  END IF;
  RETURN next_seq;
END;
$$;
--> statement-breakpoint
-- An append asked for in a transaction (a row here, unlogged: it never outlives its transaction) is
-- made by a deferred constraint trigger while the transaction commits: the head's lock is taken inside
-- the COMMIT and held for the append and the commit record only, without a round trip to the API.
-- Only for a log that is already open (the API checks it before; a log never closes again).
CREATE UNLOGGED TABLE register_appends (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  asset_id text NOT NULL,
  kind text NOT NULL,
  from_party text NOT NULL,
  to_party text NOT NULL,
  from_user uuid,
  to_user uuid,
  shares bigint NOT NULL,
  parts text[] NOT NULL,
  slots text[] NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION register_append_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF register_append(NEW.asset_id, NEW.kind, NEW.from_party, NEW.to_party, NEW.from_user, NEW.to_user, NEW.shares,
      NEW.parts, NEW.slots, false) < 0 THEN
    RAISE EXCEPTION 'register: the log of % is not open', NEW.asset_id;
  END IF;
  DELETE FROM register_appends WHERE id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER register_appends_at_commit AFTER INSERT ON register_appends
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION register_append_at_commit();
