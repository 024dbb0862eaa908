import { installDevtoolsBlocker } from './components/devtoolsBlocker.ts';
import { readPayload } from './ssr/payload.ts';
import { holdEarlyClicks } from './lib/earlyClicks.ts';
import { startIsland } from './landing/island.ts';
import './styles/global.css';
import './styles/shell.css';
import './styles/landing.css';

installDevtoolsBlocker(import.meta.env.PROD);

/**
 * Two ways in (issue 18, first-load JavaScript): a signed-out visitor's landing and article pages are
 * the island (server-rendered HTML with no React until the first click, which loads the whole app);
 * every other page loads the whole app at once.
 */
async function start() {
  const container = document.getElementById('root')!;
  const payload = readPayload();
  if (container.firstElementChild !== null) holdEarlyClicks(container);
  if (payload?.island && container.firstElementChild !== null) {
    startIsland(container, payload);
    return;
  }
  const { startApp } = await import('./fullApp.tsx');
  await startApp(container, payload);
}

void start();
