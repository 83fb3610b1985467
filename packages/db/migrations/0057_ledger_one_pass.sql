-- Ledger posting in one pass (issue 37, ADR 0048). The entries' statement trigger proves that each
-- posting balances per unit from the rows the statement just wrote (its transition table), not by
-- reading ledger_entries again: a posting's entries are written by one statement, and entries added
-- to a posting by any later statement must balance on their own, so the sum over all of a posting's
-- statements is zero whenever each statement's part is. The unit check joins each book once, in
-- the same query that groups the entries by book. A house book's credit goes to the shard of the
-- transaction's id (ids of concurrent transactions follow each other, so up to 32 concurrent
-- transactions land on 32 different shards) instead of the shard of the database session, which two
-- pool connections could share. Every posting of one transaction uses the same shard: a shard per
-- posting let two transactions that post twice (a settlement, a savings plan) take two shards in
-- opposite orders and deadlock.
CREATE OR REPLACE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  problem text;
  book record;
  remaining bigint;
  taken bigint;
  shard_row record;
BEGIN
  SELECT format('ledger posting %s does not balance in unit %s', posting_id, unit) INTO problem
    FROM new_entries GROUP BY posting_id, unit HAVING sum(amount) <> 0 LIMIT 1;
  IF problem IS NOT NULL THEN
    RAISE EXCEPTION '%', problem USING ERRCODE = 'check_violation';
  END IF;
  FOR book IN
    SELECT e.account_id, sum(e.amount)::bigint AS amount, min(e.posting_id) AS posting_id, a.sharded,
      a.may_go_negative, a.unit, min(e.unit) FILTER (WHERE e.unit IS DISTINCT FROM a.unit) AS wrong_unit
    FROM new_entries e JOIN ledger_accounts a ON a.id = e.account_id
    GROUP BY e.account_id, a.sharded, a.may_go_negative, a.unit
    ORDER BY e.account_id
  LOOP
    IF book.wrong_unit IS NOT NULL THEN
      RAISE EXCEPTION 'ledger entry unit % does not match account unit %', book.wrong_unit, book.unit
        USING ERRCODE = 'check_violation';
    ELSIF book.amount = 0 THEN
      CONTINUE;
    ELSIF NOT book.sharded THEN
      UPDATE ledger_accounts SET balance = balance + book.amount WHERE id = book.account_id;
    ELSIF book.amount > 0 OR book.may_go_negative THEN
      INSERT INTO ledger_balance_shards AS s (account_id, shard, balance, may_go_negative)
        VALUES (book.account_id, (txid_current() % 32)::int, book.amount, book.may_go_negative)
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
-- The guards on book rows decide in the trigger's WHEN clause (ADR 0048): a write from inside a
-- trigger (pg_trigger_depth() >= 1 where WHEN is evaluated, i.e. the entries' trigger) passes
-- without a function call; a direct write calls the refusing function. A new book starts at zero.
DROP TRIGGER ledger_accounts_balance_guard ON ledger_accounts;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (pg_trigger_depth() < 1 AND NEW.balance IS DISTINCT FROM OLD.balance)
  EXECUTE FUNCTION ledger_refuse_balance_write();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_starts_at_zero BEFORE INSERT ON ledger_accounts
  FOR EACH ROW WHEN (NEW.balance <> 0)
  EXECUTE FUNCTION ledger_refuse_balance_write();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_refuse_balance_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Called only when the trigger's WHEN found a direct write of a balance (ADR 0048).
  RAISE EXCEPTION 'ledger balances change only through entries' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DROP TRIGGER ledger_balance_shards_guard ON ledger_balance_shards;
--> statement-breakpoint
CREATE TRIGGER ledger_balance_shards_guard BEFORE INSERT OR UPDATE ON ledger_balance_shards
  FOR EACH ROW WHEN (pg_trigger_depth() < 1)
  EXECUTE FUNCTION ledger_refuse_shard_write();
--> statement-breakpoint
CREATE TRIGGER ledger_balance_shards_no_delete BEFORE DELETE ON ledger_balance_shards
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_shard_write();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_refuse_shard_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Called for a direct INSERT or UPDATE (the WHEN of the guard) and for every DELETE (ADR 0048).
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger balance shards are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'ledger balances change only through entries' USING ERRCODE = 'insufficient_privilege';
END;
$$;
