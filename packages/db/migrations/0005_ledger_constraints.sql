-- Ledger rules drizzle cannot express (ADR 0005): balances follow the entries, every posting
-- balances per unit at commit, postings and entries are immutable, a hold resolves once.

CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_unit text;
BEGIN
  SELECT unit INTO account_unit FROM ledger_accounts WHERE id = NEW.account_id;
  IF account_unit IS DISTINCT FROM NEW.unit THEN
    RAISE EXCEPTION 'ledger entry unit % does not match account unit %', NEW.unit, account_unit
      USING ERRCODE = 'check_violation';
  END IF;
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_posting_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT unit INTO unbalanced FROM ledger_entries WHERE posting_id = NEW.posting_id
    GROUP BY unit HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger posting % does not balance in unit %', NEW.posting_id, unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_posting_balanced();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_posting_has_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_entries WHERE posting_id = NEW.id) THEN
    RAISE EXCEPTION 'ledger posting % has no entries', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_have_entries AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_posting_has_entries();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_guard_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger_holds rows are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'ledger hold % is already %', OLD.id, OLD.status USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.amount <> OLD.amount OR NEW.unit <> OLD.unit OR NEW.source_account_id <> OLD.source_account_id
     OR NEW.held_account_id <> OLD.held_account_id OR NEW.hold_posting_id <> OLD.hold_posting_id THEN
    RAISE EXCEPTION 'ledger hold % may only change its resolution', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_holds_guard BEFORE UPDATE OR DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_hold();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_refuse_balance_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the entry trigger (nested) may move a balance; a direct UPDATE of balance is refused.
  IF NEW.balance <> OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger balances change only through entries' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_balance_write();
--> statement-breakpoint
INSERT INTO ledger_accounts (account_key, kind, unit, may_go_negative) VALUES
  ('psp_clearing', 'psp_clearing', 'EUR', true),
  ('platform_fees', 'platform_fees', 'EUR', false),
  ('bonuses', 'bonuses', 'EUR', false)
ON CONFLICT (account_key) DO NOTHING;
