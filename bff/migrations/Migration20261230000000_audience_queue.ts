import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * Audience builds on the database-backed job queue: a job is claimed with a lease (locked_by,
 * locked_until) like a sync run, so replicas share the builds and a build whose process died runs
 * again. At most one queued or running build per company. Jobs a stopped server left unfinished
 * are closed first, as a restart closed them before.
 */
export class Migration20261230000000_audience_queue extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.raw(
      "update audience_jobs set status = 'failed', error = 'Interrupted: the server restarted during the job', finished_at = created_at where status in ('queued', 'running')",
    );
    schema.alterTable('audience_jobs', (table) => {
      table.string('locked_by', 100).nullable();
      table.timestamp('locked_until', { useTz: true }).nullable();
      table.index(['status', 'created_at']);
    });
    schema.raw("create unique index audience_jobs_one_active on audience_jobs (company_id) where status in ('queued', 'running')");
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.raw('drop index if exists audience_jobs_one_active');
    schema.alterTable('audience_jobs', (table) => {
      table.dropIndex(['status', 'created_at']);
      table.dropColumn('locked_until');
      table.dropColumn('locked_by');
    });
    addStatements(this, schema);
  }
}
