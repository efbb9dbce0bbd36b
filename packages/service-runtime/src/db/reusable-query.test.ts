import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestInfra, type TestInfra } from '../testing/index.ts';
import { migrate } from './migrate.ts';
import { memberErasure } from './member-erasure.ts';
import { reusableQuery } from './reusable-query.ts';
import type { Database } from './database.ts';

/**
 * reusableQuery (a hot-path query compiled once per schema) and lockAll (several member locks in one statement), on
 * the real PostgreSQL when it runs here and on PGlite.
 */
interface Tables {
  notes: { id: number; owner: string; text: string | null };
}

const notesOf = reusableQuery((db: Kysely<Tables>, p: { owner: string; texts: string[] }) =>
  db
    .selectFrom('notes')
    .select(['id', 'text'])
    .where('owner', '=', p.owner)
    .where('text', '=', sql<string>`any(${p.texts}::text[])`)
    .orderBy('id'),
);

for (const force of ['real', 'embedded'] as const) {
  describe(`reusableQuery and lockAll (${force === 'real' ? 'PostgreSQL' : 'PGlite'})`, () => {
    let infra: TestInfra;
    let first: Database;
    let second: Database;
    beforeAll(async () => {
      infra = await createTestInfra(force === 'embedded' ? { force } : {});
      const migration = [
        {
          name: '0001_notes',
          sql: 'create table notes (id int primary key, owner text not null, text text)',
        },
      ];
      first = infra.databases.forSchema(infra.schemaFor('reusable_a'));
      second = infra.databases.forSchema(infra.schemaFor('reusable_b'));
      for (const database of [first, second]) await migrate(database, migration);
      await first.db
        .insertInto('notes')
        .values([
          { id: 1, owner: 'ann', text: 'one' },
          { id: 2, owner: 'ann', text: 'two' },
          { id: 3, owner: 'bob', text: 'one' },
        ])
        .execute();
      await second.db.insertInto('notes').values({ id: 9, owner: 'ann', text: 'one' }).execute();
    });
    afterAll(async () => {
      await infra?.close();
    });

    it('runs one compiled query with each call’s values, in each schema and inside transactions', async () => {
      const a = first.db as Kysely<Tables>;
      expect(await notesOf(a, { owner: 'ann', texts: ['one', 'two'] })).toEqual([
        { id: 1, text: 'one' },
        { id: 2, text: 'two' },
      ]);
      expect(await notesOf(a, { owner: 'bob', texts: ['one'] })).toEqual([{ id: 3, text: 'one' }]);
      expect(await notesOf(a, { owner: 'ann', texts: [] })).toEqual([]);
      // Another schema gets its own compiled form (the schema plugin qualifies the table).
      expect(await notesOf(second.db as Kysely<Tables>, { owner: 'ann', texts: ['one'] })).toEqual([
        { id: 9, text: 'one' },
      ]);
      const inTransaction = await a
        .transaction()
        .execute((trx) => notesOf(trx, { owner: 'ann', texts: ['two'] }));
      expect(inTransaction).toEqual([{ id: 2, text: 'two' }]);
    });

    it('runs as a prepared statement on PostgreSQL, and unprepared again once its table changed shape', async () => {
      const notesWithAll = reusableQuery((db: Kysely<Tables>, p: { owner: string }) =>
        db.selectFrom('notes').selectAll().where('owner', '=', p.owner).orderBy('id'),
      );
      const a = first.db as Kysely<Tables>;
      await a.transaction().execute(async (trx) => {
        expect(await notesWithAll(trx, { owner: 'bob' })).toEqual([{ id: 3, owner: 'bob', text: 'one' }]);
        if (first.kind === 'postgres') {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_prepared_statements
            where statement like 'select * from %"notes" where "owner"%'`.execute(trx);
          expect(rows[0]!.n).toBe(1);
        }
      });
      for (let i = 0; i < 8; i++) await notesWithAll(a, { owner: 'bob' });
      // A migration adds a column: the prepared `select *` would change its result type, so the connections that
      // prepared it run it unprepared from then on (a call inside a transaction fails once, as PostgreSQL aborts it).
      await sql`alter table ${sql.id(first.schema, 'notes')} add column pinned boolean not null default false`.execute(
        a,
      );
      try {
        for (let i = 0; i < 8; i++)
          expect(await notesWithAll(a, { owner: 'bob' })).toEqual([
            { id: 3, owner: 'bob', text: 'one', pinned: false },
          ]);
      } finally {
        await sql`alter table ${sql.id(first.schema, 'notes')} drop column pinned`.execute(a);
      }
      expect(await notesWithAll(a, { owner: 'bob' })).toEqual([{ id: 3, owner: 'bob', text: 'one' }]);
    });

    it('refuses a call that leaves a parameter without a value', async () => {
      await expect(notesOf(first.db as Kysely<Tables>, { owner: 'ann' } as never)).rejects.toThrow(/texts/);
    });

    it('takes several member locks in one statement, held until the transaction ends', async () => {
      await first.db.transaction().execute(async (trx) => {
        await memberErasure(trx, first.schema).lockAll(['m2', 'm1', 'm2']);
        if (first.kind === 'postgres') {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`.execute(
            trx,
          );
          expect(rows[0]!.n).toBe(2);
        }
      });
    });
  });
}
