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
-- Every entry moves its book's balance. A user book: its own row (locked by this UPDATE until the
-- commit; the CHECK refuses going below zero). A house book: a credit, or any amount of a book
-- that may go negative, goes to the shard of this database session, so two sessions never wait on
-- each other; a debit of a house book with a floor locks all its shards in order and takes from
-- them, and fails as the CHECK would when they do not hold enough.
CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_unit text;
  account_sharded boolean;
  account_may_go_negative boolean;
  remaining bigint;
  taken bigint;
  shard_row record;
BEGIN
  SELECT unit, sharded, may_go_negative INTO account_unit, account_sharded, account_may_go_negative
    FROM ledger_accounts WHERE id = NEW.account_id;
  IF account_unit IS DISTINCT FROM NEW.unit THEN
    RAISE EXCEPTION 'ledger entry unit % does not match account unit %', NEW.unit, account_unit
      USING ERRCODE = 'check_violation';
  END IF;
  IF NOT account_sharded THEN
    UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  ELSIF NEW.amount > 0 OR account_may_go_negative THEN
    INSERT INTO ledger_balance_shards AS s (account_id, shard, balance, may_go_negative)
      VALUES (NEW.account_id, pg_backend_pid() % 32, NEW.amount, account_may_go_negative)
      ON CONFLICT (account_id, shard) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
  ELSE
    remaining := -NEW.amount;
    FOR shard_row IN
      SELECT shard, balance FROM ledger_balance_shards WHERE account_id = NEW.account_id ORDER BY shard FOR UPDATE
    LOOP
      EXIT WHEN remaining = 0;
      taken := least(shard_row.balance, remaining);
      IF taken > 0 THEN
        UPDATE ledger_balance_shards SET balance = balance - taken
          WHERE account_id = NEW.account_id AND shard = shard_row.shard;
        remaining := remaining - taken;
      END IF;
    END LOOP;
    IF remaining > 0 THEN
      RAISE EXCEPTION 'ledger account % would go below zero', NEW.account_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_balance_shards_non_negative';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
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
