import { startConsumer, type Subscription } from '@mer/service-runtime';
import { clearReadModel, startRebuild } from '../db/documents.repository.ts';
import type { SearchDeps } from '../deps.ts';
import { readModelConsumers } from '../events/consumers.ts';

/**
 * Rebuilds the read model from scratch (it is derived data): clears the index and replays every stream it is built
 * from with fresh durable consumers, `search-rebuild-<generation>-<handler>`, which start at the beginning of each
 * stream. The live consumers go on meanwhile; both apply the same idempotent, time-checked handlers, so they
 * converge. Erased members stay erased (the runtime's tombstones are kept) and deleted items are deleted again by
 * their replayed deletion events. The replay stops once no event arrived for SEARCH_REBUILD_IDLE_MS. What it can
 * bring back is what the streams still hold (NATS keeps 7 days; the embedded bus keeps everything).
 */
export async function rebuildIndex(deps: SearchDeps): Promise<{ generation: number; startedAt: string }> {
  const started = await deps.transaction(async (tx) => {
    await clearReadModel(tx.trx);
    return startRebuild(tx.trx);
  });
  const { bus, database, log, service } = deps.replay;
  let lastActivity = Date.now();
  const subscriptions: Subscription[] = await Promise.all(
    readModelConsumers.map((consumer) =>
      startConsumer({
        service,
        database,
        bus,
        consumer: { ...consumer, name: `rebuild-${started.generation}-${consumer.name}` },
        deps,
        logger: log,
        onHandled: () => {
          lastActivity = Date.now();
        },
      }),
    ),
  );
  log.info({ generation: started.generation }, 'search index rebuild started');
  const idleCheck = setInterval(() => {
    if (Date.now() - lastActivity < deps.config.SEARCH_REBUILD_IDLE_MS) return;
    clearInterval(idleCheck);
    void Promise.all(subscriptions.map((s) => s.stop())).then(() =>
      log.info({ generation: started.generation }, 'search index rebuild replayed every stream'),
    );
  }, 500);
  idleCheck.unref();
  return { generation: started.generation, startedAt: started.startedAt.toISOString() };
}
