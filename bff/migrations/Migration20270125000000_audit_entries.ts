import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * The audit log: every security and administration action (sign-ins, users, roles, API keys,
 * credentials, exports...), one row each, never updated or deleted. Read newest first, per
 * company (its administrators) or across companies (the Navout team).
 */
export class Migration20270125000000_audit_entries extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('audit_entries', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).nullable();
      table.string('actor_kind', 20).notNullable();
      table.string('actor_id', 36).nullable();
      table.string('actor_email', 255).nullable();
      table.string('address', 64).nullable();
      table.string('action', 60).notNullable();
      table.string('target_type', 40).notNullable();
      table.string('target_id', 255).nullable();
      table.string('target_label', 255).nullable();
      table.string('code', 60).nullable();
      table.json('changes').nullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['company_id', 'created_at']);
      table.index(['created_at']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('audit_entries');
    addStatements(this, schema);
  }
}
