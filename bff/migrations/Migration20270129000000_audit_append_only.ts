import { Migration } from '@mikro-orm/migrations';
import { onPostgres } from './schemaBuilder';

/**
 * The audit log is append-only in the database itself: an entry is never deleted, and is updated
 * only by the erasure of a person of its company (bff/modules/audit/rewrite.ts), which marks its
 * job's row `scrubbing` for the statements that replace the person's identifiers, inside their
 * transaction (no other transaction ever sees the mark), and then only in the columns that may hold
 * them: the actor's e-mail, the target's id and label, and the before and after.
 */
const REFUSAL = "Audit entries are append-only: only a person's erasure may replace their identifiers in them";

/** The columns no update may change (SQLite: `is not`, PostgreSQL: `is distinct from`). */
const FIXED = ['id', 'company_id', 'actor_kind', 'actor_id', 'address', 'action', 'target_type', 'code', 'created_at'];

export class Migration20270129000000_audit_append_only extends Migration {
  override up(): void {
    if (onPostgres(this)) {
      const changed = FIXED.map((column) => `new.${column} is distinct from old.${column}`).join(' or ');
      this.addSql(`create or replace function audit_entries_append_only() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and not (${changed})
             and exists (select 1 from privacy_erasures where status = 'scrubbing' and company_id = old.company_id) then
            return new;
          end if;
          raise exception using errcode = '42501', message = '${REFUSAL.replace(/'/g, "''")}';
        end $$`);
      this.addSql('create trigger audit_entries_append_only before update or delete on audit_entries for each row execute function audit_entries_append_only()');
      return;
    }
    const changed = FIXED.map((column) => `new.${column} is not old.${column}`).join(' or ');
    const refuse = `select raise(abort, '${REFUSAL.replace(/'/g, "''")}')`;
    this.addSql(`create trigger audit_entries_append_only_update before update on audit_entries
      when ${changed} or not exists (select 1 from privacy_erasures where status = 'scrubbing' and company_id = old.company_id)
      begin ${refuse}; end`);
    this.addSql(`create trigger audit_entries_append_only_delete before delete on audit_entries begin ${refuse}; end`);
  }

  override down(): void {
    if (onPostgres(this)) {
      this.addSql('drop trigger if exists audit_entries_append_only on audit_entries');
      this.addSql('drop function if exists audit_entries_append_only()');
      return;
    }
    this.addSql('drop trigger if exists audit_entries_append_only_update');
    this.addSql('drop trigger if exists audit_entries_append_only_delete');
  }
}
