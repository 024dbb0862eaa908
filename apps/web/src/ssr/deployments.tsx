import { Button } from 'antd';
import { notify } from '../utils/feedback.ts';

/** How often an open tab asks whether its deployment is still the current one. */
const CHECK_EVERY_MS = 5 * 60_000;
export const BUILD_META_NAME = 'build-id';

/** The deployment this page was served by (a meta tag the server writes into every HTML page). */
export function currentBuildId(doc: Document = document): string | null {
  return doc.querySelector(`meta[name="${BUILD_META_NAME}"]`)?.getAttribute('content') || null;
}

/**
 * `builds/meta/{buildId}.json` answers 404 once a newer deployment replaced this one: the tab then
 * offers a reload (once), since its lazily loaded screens may no longer exist on the server.
 */
export async function isBuildReplaced(buildId: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetcher(`/builds/meta/${encodeURIComponent(buildId)}.json`, { cache: 'no-store' });
    return res.status === 404;
  } catch {
    // Offline or server restarting: not a new deployment.
    return false;
  }
}

export function watchDeployments(): void {
  const buildId = currentBuildId();
  if (!buildId) return;
  let offered = false;
  const check = async () => {
    if (offered || document.visibilityState !== 'visible') return;
    if (!(await isBuildReplaced(buildId))) return;
    offered = true;
    notify('info', '标书 AI 已发布新版本', {
      key: 'new-deployment',
      durationMs: 0,
      description: (
        <Button type="primary" size="small" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      ),
    });
  };
  window.setInterval(() => void check(), CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => void check());
}
