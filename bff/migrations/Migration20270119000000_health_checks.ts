import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/** The readiness check's table (bff/entities/HealthCheck.ts): it proves the database accepts a write. */
export class Migration20270119000000_health_checks extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('health_checks', (table) => {
      table.string('id', 40).notNullable().primary();
      table.timestamp('checked_at', { useTz: true }).notNullable();
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('health_checks');
    addStatements(this, schema);
  }
}
