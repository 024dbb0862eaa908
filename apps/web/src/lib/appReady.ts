const waiting: Array<() => void> = [];

function isReady(): boolean {
  return document.documentElement.dataset.app === 'ready';
}

/** Runs `fn` once the page is interactive (at once if it already is). No React here: the 2 KB entry uses it. */
export function onAppReady(fn: () => void): void {
  if (isReady()) fn();
  else waiting.push(fn);
}

/** `<html data-app="ready">`, then whatever waited for it (ReadyMark calls this after React's first commit). */
export function markAppReady(): void {
  document.documentElement.dataset.app = 'ready';
  for (const fn of waiting.splice(0)) fn();
}
