import { PeriodicRunner, type PeriodicWork } from './jobs/periodic.ts';
import { FULLTEXT_JOB } from './modules/ai/service.ts';
import { INTERPRETATION_JOB } from './modules/analysis/interpretation.ts';
import { DIFF_JOB } from './modules/diff/service.ts';
import { EXPORT_JOB } from './modules/export/service.ts';
import type { CoreDeps, Services } from './services.ts';

/** How soon a provider switched on another server sharing the database takes effect on this one. */
const AI_PROVIDER_REFRESH_MS = 15_000;
const EXPORT_SWEEP_MS = 10 * 60_000;
/** An analysis still "running" without a job after this long belongs to a process that died. */
const STALE_ANALYSIS_MS = 10 * 60_000;
const TMP_SWEEP_MS = 60 * 60_000;

/**
 * What the server does with its services besides answering requests, in one place: the work that
 * must be done before it listens, the durable job kinds, and the periodic work. services.ts only
 * builds the services.
 */

/**
 * Before the server listens: the AI engine follows the active provider; built-in templates and the
 * content search index follow the code.
 */
export async function prepareServices(s: Services, core: CoreDeps): Promise<void> {
  await s.aiProviders.apply();
  await s.export.syncBuiltins();
  await s.content.reindex();
  // Tests start many servers: only a production server pays for workers before they are needed.
  if (core.config.NODE_ENV === 'production') {
    s.aiSetup.prewarm();
    s.export.prewarm();
    s.file.parser.warm();
  }
}

/** The durable job kinds and their handlers. */
function registerJobs(s: Services): void {
  // Whole-bid writing runs for minutes to hours: it never takes the last slot from analyses and exports.
  s.jobs.register(FULLTEXT_JOB, s.fulltext.handler(), { long: true });
  s.jobs.register(INTERPRETATION_JOB, s.interpretations.handler());
  s.jobs.register(EXPORT_JOB, s.export.handler());
  s.jobs.register(DIFF_JOB, s.diff.handler());
}

/** Sweeps and refreshes (jobs/periodic.ts says what `cluster` and `instance` mean). */
export function periodicWork(s: Services): PeriodicWork[] {
  return [
    {
      name: 'export.sweep',
      everyMs: EXPORT_SWEEP_MS,
      scope: 'cluster',
      run: () => s.export.sweep(),
    },
    {
      name: 'analysis.fail-stale',
      everyMs: STALE_ANALYSIS_MS,
      scope: 'cluster',
      run: () => s.interpretations.failStale(new Date(Date.now() - STALE_ANALYSIS_MS)),
    },
    {
      name: 'files.clean-tmp',
      everyMs: TMP_SWEEP_MS,
      scope: 'instance',
      run: () => s.file.cleanTmp(),
    },
    {
      name: 'ai-providers.refresh',
      everyMs: AI_PROVIDER_REFRESH_MS,
      scope: 'instance',
      doneAtStart: true,
      run: () => s.aiProviders.apply(),
    },
  ];
}

/** Once the server is ready: job workers and clocks start (both give their work back on close). */
export function startServices(s: Services, core: CoreDeps): void {
  registerJobs(s);
  const periodic = new PeriodicRunner(s.jobs, periodicWork(s), core.log);
  periodic.start();
  s.jobs.start();
  core.onClose(() => periodic.stop());
}
