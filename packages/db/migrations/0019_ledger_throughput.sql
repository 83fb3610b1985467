-- Ledger throughput (issue 27, ADR 0017): house books (every kind that is not a user's) keep their
-- balance in counter rows, so concurrent postings no longer queue on one row such as
-- `platform_fees` or an issuer's books. User books stay one row each, locked by the UPDATE that
-- moves their balance, with the CHECK that keeps them at or above zero.
CREATE TABLE "ledger_balance_shards" (
	"account_id" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ledger_balance_shards_account_id_shard_pk" PRIMARY KEY("account_id","shard"),
	CONSTRAINT "ledger_balance_shards_non_negative" CHECK ("ledger_balance_shards"."balance" >= 0 OR "ledger_balance_shards"."may_go_negative"),
	CONSTRAINT "ledger_balance_shards_shard_range" CHECK ("ledger_balance_shards"."shard" >= 0 AND "ledger_balance_shards"."shard" < 32)
);
--> statement-breakpoint
ALTER TABLE "ledger_balance_shards" ADD CONSTRAINT "ledger_balance_shards_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "sharded" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_only_house_books_sharded" CHECK (NOT "ledger_accounts"."sharded" OR "ledger_accounts"."kind" NOT LIKE 'user_%');
--> statement-breakpoint
-- Existing house books move their balance to shard 0 (the balance guard allows only the entry
-- trigger to write balances, so it is off for this one statement).
INSERT INTO ledger_balance_shards (account_id, shard, balance, may_go_negative)
  SELECT id, 0, balance, may_go_negative FROM ledger_accounts WHERE kind NOT LIKE 'user_%';
--> statement-breakpoint
ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_balance_guard;
--> statement-breakpoint
UPDATE ledger_accounts SET sharded = true, balance = 0 WHERE kind NOT LIKE 'user_%';
--> statement-breakpoint
ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_balance_guard;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_sharded_balance_in_shards" CHECK (NOT "ledger_accounts"."sharded" OR "ledger_accounts"."balance" = 0);
--> statement-breakpoint
-- The entries of one INSERT move their books' balances in one trigger call (issue 27: one call per
-- posting instead of several per entry), book by book in id order, so two postings never lock
-- the same two user books in opposite order. Before that it checks that each entry's unit is its
-- book's and that every posting the statement wrote to sums to zero per unit (a posting's entries
-- are written by one statement). A user book: its own row (locked by this UPDATE until the commit;
-- the CHECK refuses going below zero). A house book: a credit, or any amount of a book that may go
-- negative, goes to the shard of this database session, so two sessions never wait on each
-- other; a debit of a house book with a floor locks all its shards in order and takes from them,
-- and fails as the CHECK would when they do not hold enough.
DROP TRIGGER ledger_entries_apply ON ledger_entries;
--> statement-breakpoint
DROP TRIGGER ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION ledger_apply_entry();
--> statement-breakpoint
DROP FUNCTION ledger_check_posting_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  problem text;
  book record;
  remaining bigint;
  taken bigint;
  shard_row record;
BEGIN
  SELECT format('ledger entry unit %s does not match account unit %s', e.unit, a.unit) INTO problem
    FROM new_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.unit IS DISTINCT FROM e.unit LIMIT 1;
  IF problem IS NOT NULL THEN
    RAISE EXCEPTION '%', problem USING ERRCODE = 'check_violation';
  END IF;
  SELECT format('ledger posting %s does not balance in unit %s', e.posting_id, e.unit) INTO problem
    FROM ledger_entries e WHERE e.posting_id IN (SELECT DISTINCT posting_id FROM new_entries)
    GROUP BY e.posting_id, e.unit HAVING sum(e.amount) <> 0 LIMIT 1;
  IF problem IS NOT NULL THEN
    RAISE EXCEPTION '%', problem USING ERRCODE = 'check_violation';
  END IF;
  FOR book IN
    SELECT e.account_id, sum(e.amount)::bigint AS amount, a.sharded, a.may_go_negative
    FROM new_entries e JOIN ledger_accounts a ON a.id = e.account_id
    GROUP BY e.account_id, a.sharded, a.may_go_negative
    ORDER BY e.account_id
  LOOP
    IF book.amount = 0 THEN
      CONTINUE;
    ELSIF NOT book.sharded THEN
      UPDATE ledger_accounts SET balance = balance + book.amount WHERE id = book.account_id;
    ELSIF book.amount > 0 OR book.may_go_negative THEN
      INSERT INTO ledger_balance_shards AS s (account_id, shard, balance, may_go_negative)
        VALUES (book.account_id, pg_backend_pid() % 32, book.amount, book.may_go_negative)
        ON CONFLICT (account_id, shard) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
    ELSE
      remaining := -book.amount;
      FOR shard_row IN
        SELECT shard, balance FROM ledger_balance_shards WHERE account_id = book.account_id ORDER BY shard FOR UPDATE
      LOOP
        EXIT WHEN remaining = 0;
        taken := least(shard_row.balance, remaining);
        IF taken > 0 THEN
          UPDATE ledger_balance_shards SET balance = balance - taken
            WHERE account_id = book.account_id AND shard = shard_row.shard;
          remaining := remaining - taken;
        END IF;
      END LOOP;
      IF remaining > 0 THEN
        RAISE EXCEPTION 'ledger account % would go below zero', book.account_id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_balance_shards_non_negative';
      END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_entries();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_refuse_shard_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the entry trigger (nested) writes shards; direct INSERT, UPDATE or DELETE is refused.
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger balances change only through entries' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger balance shards are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_balance_shards_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_balance_shards
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_shard_write();
--> statement-breakpoint
CREATE TRIGGER ledger_balance_shards_no_truncate BEFORE TRUNCATE ON ledger_balance_shards
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE VIEW ledger_account_balances AS
  SELECT a.id, a.account_key, a.kind, a.user_id, a.asset_id, a.unit, a.may_go_negative,
    CASE WHEN a.sharded
      THEN coalesce((SELECT sum(s.balance) FROM ledger_balance_shards s WHERE s.account_id = a.id), 0)::bigint
      ELSE a.balance
    END AS balance
  FROM ledger_accounts a;
--> statement-breakpoint
-- The marketplace map's tiles per partner (issue 27); null: the platform default (contracts).
ALTER TABLE "partners" ADD COLUMN "map" jsonb;
