/**
 * Readers of the deployment files (Dockerfile, deploy/compose.yaml, deploy/nginx.conf, docs/DEPLOY.md)
 * for scripts/deploy-files.test.ts. No Docker daemon runs in CI, so the image and the compose file
 * are never started there: these checks keep their text in step with the server instead (the
 * variables it reads, its port and health path, its upload limit).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const ROOT = path.resolve(import.meta.dirname, '..');

export function readRepoFile(rel: string): string {
  return fs.readFileSync(path.join(ROOT, rel), 'utf8');
}

export interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: unknown;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** compose.yaml as compose reads it: YAML merge keys (`<<: *app`) are expanded. */
export function parseCompose(text: string): ComposeFile {
  const doc: unknown = parse(text, { merge: true });
  if (!doc || typeof doc !== 'object' || !('services' in doc) || !doc.services)
    throw new Error('compose file without services');
  return doc as ComposeFile;
}

/** The services built from this repository (the app instances). */
export function builtServices(compose: ComposeFile): string[] {
  return Object.entries(compose.services)
    .filter(([, s]) => s.build !== undefined)
    .map(([name]) => name);
}

/** A service's environment as name → raw value (compose's map and `NAME=value` list forms). */
export function environmentOf(service: ComposeService): Map<string, string> {
  const env = service.environment ?? {};
  const entries: [string, string][] = Array.isArray(env)
    ? env.map((line) => {
        const eq = line.indexOf('=');
        return eq < 0 ? [line, ''] : [line.slice(0, eq), line.slice(eq + 1)];
      })
    : Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]);
  return new Map(entries);
}

/**
 * Compose's interpolation of one value: `${NAME}`, `${NAME:-default}`, `${NAME:?message}` (throws
 * when NAME is unset or empty, as compose refuses to start) and `$$` for a literal `$`.
 */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g,
    (whole, name?: string, op?: string, arg?: string) => {
      if (whole === '$$') return '$';
      const v = vars[name!];
      if (v !== undefined && v !== '') return v;
      if (op === ':?') throw new Error(`${name}: ${arg}`);
      return op === ':-' ? arg! : '';
    },
  );
}

/**
 * The configuration variables DEPLOY.md names: upper-case identifiers in its inline code and code
 * blocks (`S3_BUCKET`, `STORAGE=s3 npm run …`). Wildcards (`AI_STANDARD_*`) name no variable.
 */
export function documentedVariables(markdown: string): Set<string> {
  const code = [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((m) => m[1] ?? m[2]);
  const names = new Set<string>();
  for (const span of code)
    for (const m of span.matchAll(/(?<![\w*])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w*])|\b[A-Z]{4,}\b(?!\*)/g))
      names.add(m[0]);
  return names;
}

/** The `server` hosts of each `upstream` block of an nginx configuration (comments dropped). */
export function nginxUpstreams(conf: string): Map<string, { host: string; port: number | null }[]> {
  const text = conf.replace(/#[^\n]*/g, '');
  const out = new Map<string, { host: string; port: number | null }[]>();
  for (const m of text.matchAll(/\bupstream\s+(\S+)\s*\{([^}]*)\}/g)) {
    const servers = [...m[2].matchAll(/^\s*server\s+([^\s;:]+)(?::(\d+))?[^;]*;/gm)].map((s) => ({
      host: s[1],
      port: s[2] ? Number(s[2]) : null,
    }));
    out.set(m[1], servers);
  }
  return out;
}

/** The values of one nginx directive, in order (comments dropped). */
export function nginxDirective(conf: string, name: string): string[] {
  const text = conf.replace(/#[^\n]*/g, '');
  return [...text.matchAll(new RegExp(`(?:^|[;{}\\s])${name}\\s+([^;]+);`, 'g'))].map((m) => m[1].trim());
}

/** nginx's size syntax (`60m`, `512k`, `1g`, bytes) in bytes. */
export function nginxSize(value: string): number {
  const m = /^(\d+)([kKmMgG]?)$/.exec(value.trim());
  if (!m) throw new Error(`not an nginx size: ${value}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
}

export interface DockerStage {
  name: string | null;
  /** Instructions with their continuation lines joined, comments dropped. */
  instructions: { op: string; args: string }[];
}

/** A Dockerfile's stages (the last one is the image that runs). */
export function dockerStages(text: string): DockerStage[] {
  const lines = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const stages: DockerStage[] = [];
  for (const line of lines) {
    const [, op, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!op) continue;
    if (op.toUpperCase() === 'FROM') {
      stages.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1] ?? null, instructions: [] });
      continue;
    }
    stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args });
  }
  return stages;
}

/** Names set by a stage's ENV instructions (`ENV A=1 B=2` and the old `ENV A 1`). */
export function dockerEnvNames(stage: DockerStage): string[] {
  return stage.instructions
    .filter((i) => i.op === 'ENV')
    .flatMap((i) =>
      i.args.includes('=')
        ? [...i.args.matchAll(/(?:^|\s)(\w+)=/g)].map((m) => m[1])
        : [i.args.split(/\s+/)[0]],
    );
}

/** Ports of a stage's EXPOSE instructions. */
export function dockerExposed(stage: DockerStage): number[] {
  return stage.instructions
    .filter((i) => i.op === 'EXPOSE')
    .flatMap((i) => i.args.split(/\s+/))
    .map((p) => Number(p.split('/')[0]));
}

/** A stage's HEALTHCHECK command, or null. */
export function dockerHealthcheck(stage: DockerStage): string | null {
  const hc = stage.instructions.filter((i) => i.op === 'HEALTHCHECK').at(-1);
  return hc ? (/\bCMD\b([\s\S]*)$/.exec(hc.args)?.[1].trim() ?? null) : null;
}
