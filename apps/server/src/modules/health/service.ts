import { sql } from 'kysely';
import { Code, type Ready } from '@bid/shared';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../../db/db.ts';

/** What readiness asks of the job queue: Redis answers (BullMQ) or nothing beyond the database. */
export interface QueuePing {
  readonly backend: 'database' | 'redis';
  ping(): Promise<void>;
}

/** The health check's one query (live), and readiness: the database, the storage, the queue. */
export class HealthService {
  constructor(
    private readonly db: Db,
    private readonly storage?: Storage,
    private readonly queue?: QueuePing,
  ) {}

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async ready(): Promise<Ready> {
    const step = async (what: string, work: () => Promise<void>) => {
      try {
        await work();
      } catch {
        throw new AppError(Code.SERVER_ERROR, `服务未就绪：${what}不可用`);
      }
    };
    await step('数据库', () => this.ping());
    await step('文件存储', async () => this.storage?.check());
    await step('任务队列', async () => this.queue?.ping());
    return {
      status: 'ready',
      database: 'ok',
      storage: this.storage?.kind ?? 'local',
      queue: this.queue?.backend ?? 'database',
    };
  }
}
