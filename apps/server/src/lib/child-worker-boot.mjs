// Child-process bootstrap for ChildSandbox. Plain JavaScript so that it loads without a loader.
// argv: <entry module URL> [comma-separated packages to preload]. Heavy packages are imported
// BEFORE the TypeScript loader is registered: tsx would otherwise transform their megabytes of
// JavaScript on every start. A preload may be a module URL that sets a parser up (files/pdf-runtime.mjs).
const [entry, preload = ''] = process.argv.slice(2);
for (const spec of preload.split(',').filter(Boolean)) await import(spec);
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { handle } = await import(entry);

process.on('message', async (m) => {
  if (!m || typeof m !== 'object' || typeof m.id !== 'number') return;
  try {
    const result = await handle(m.payload);
    process.send({ id: m.id, ok: true, result });
  } catch (e) {
    process.send({
      id: m.id,
      ok: false,
      code: typeof e?.code === 'string' ? e.code : 'internal',
      detail: String(e?.message ?? e).slice(0, 500),
    });
  }
});
// The parent's pipe closing means the server is gone: nothing left to do.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
