// A worker process for the BullMQ queue test: the same database file and Redis as the test, run
// until the test kills it (SIGKILL) in the middle of a job.
import { openDatabase } from '../../src/db/database.ts';
import { BullJobQueue } from '../../src/jobs/bull-queue.ts';
import { chapterJob, type ChapterPayload } from './chapter-job.ts';

const [dataDir, redisUrl, prefix, leaseMs] = process.argv.slice(2);
const h = openDatabase({ dataDir });
const q = new BullJobQueue(h.db, { redisUrl, prefix, leaseMs: Number(leaseMs) });
q.register<ChapterPayload>('chapters', chapterJob(q.events));
q.start();
process.stdout.write('ready\n');
