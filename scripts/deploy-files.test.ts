import { describe, expect, it } from 'vitest';
import { API_BASE, endpoints, LIMITS } from '@bid/shared';
import { configSchema, loadConfig } from '../apps/server/src/config/config.ts';
import {
  builtServices,
  documentedVariables,
  dockerEnvNames,
  dockerExposed,
  dockerHealthcheck,
  dockerStages,
  environmentOf,
  interpolate,
  nginxDirective,
  nginxSize,
  nginxUpstreams,
  parseCompose,
  readRepoFile,
} from './deploy-files.ts';

/** Every variable the server reads (config.ts's schema). */
const SERVER_VARIABLES = new Set(Object.keys(configSchema.shape));
const DEFAULT_PORT = configSchema.parse({}).PORT;
const HEALTH_PATH = `${API_BASE}${endpoints.health.path}`;

const compose = parseCompose(readRepoFile('deploy/compose.yaml'));
const apps = builtServices(compose);
const nginx = readRepoFile('deploy/nginx.conf');
const runtime = dockerStages(readRepoFile('Dockerfile')).at(-1)!;
const deployDoc = readRepoFile('docs/DEPLOY.md');

/** Names of `names` that `doc` does not list, and that the server does not read. */
function unlisted(names: string[], doc: string): string[] {
  const listed = documentedVariables(doc);
  return names.filter((n) => !listed.has(n));
}
const unknownToServer = (names: string[]) => names.filter((n) => !SERVER_VARIABLES.has(n));

describe('deployment files', () => {
  it('the checks can fail', () => {
    const c = parseCompose(`
x-app: &app
  build: { context: .. }
  environment: { STORAGE: s3, S3_BUCKET: b, NOT_A_SETTING: x }
services:
  a: { <<: *app }
  b: { image: redis:7, environment: [REDIS_ONLY=1] }
`);
    expect(builtServices(c)).toEqual(['a']);
    const names = [...environmentOf(c.services.a).keys()];
    expect(names).toEqual(['STORAGE', 'S3_BUCKET', 'NOT_A_SETTING']);
    expect([...environmentOf(c.services.b).keys()]).toEqual(['REDIS_ONLY']);
    expect(unknownToServer(names)).toEqual(['NOT_A_SETTING']);
    // Named once in prose only, or only through a wildcard: not listed.
    expect(
      unlisted(['STORAGE', 'S3_BUCKET', 'S3_REGION'], 'Set `STORAGE` and `S3_*`; S3_BUCKET too.'),
    ).toEqual(['S3_BUCKET', 'S3_REGION']);
    expect(unlisted(['S3_BUCKET'], '```sh\nS3_BUCKET=x npm start\n```')).toEqual([]);
    // The real DEPLOY.md without one of the variables compose sets.
    const withoutOne = deployDoc.replaceAll('`S3_FORCE_PATH_STYLE`', 'the path-style switch');
    expect(unlisted(['S3_FORCE_PATH_STYLE', 'S3_BUCKET'], withoutOne)).toEqual(['S3_FORCE_PATH_STYLE']);
    expect(nginxUpstreams('upstream u { server a:1; # server b:2;\n server c max_fails=1; }')).toEqual(
      new Map([
        [
          'u',
          [
            { host: 'a', port: 1 },
            { host: 'c', port: null },
          ],
        ],
      ]),
    );
    expect(nginxSize('60m')).toBe(60 * 1024 * 1024);
    expect(() => interpolate('${SECRET:?set it}', {})).toThrow('SECRET: set it');
    expect(interpolate('x${A:-d}y$${B}${C}', { C: 'c' })).toBe('xdy${B}c');
    const stage = dockerStages(
      'FROM n AS a\nEXPOSE 1\nFROM n AS b\n# EXPOSE 9\nENV A=1 \\\n    B=2\nEXPOSE 80/tcp\n',
    ).at(-1)!;
    expect([stage.name, dockerExposed(stage), dockerEnvNames(stage)]).toEqual(['b', [80], ['A', 'B']]);
  });

  it('compose runs two app instances from one build', () => {
    expect(apps).toEqual(['app1', 'app2']);
    const [a, b] = apps.map((n) => compose.services[n]);
    expect(b.build).toEqual(a.build);
    expect(b.image).toBe(a.image);
    expect(a.build).toMatchObject({ context: '..', dockerfile: 'Dockerfile' });
  });

  it('every variable compose and the image set is one the server reads and DEPLOY.md lists', () => {
    const names = new Set([
      ...apps.flatMap((n) => [...environmentOf(compose.services[n]).keys()]),
      ...dockerEnvNames(runtime),
    ]);
    for (const required of [
      'DATABASE_URL',
      'REDIS_URL',
      'STORAGE',
      'S3_ENDPOINT',
      'S3_BUCKET',
      'METRICS_PORT',
    ])
      expect(names).toContain(required);
    expect(unknownToServer([...names])).toEqual([]);
    expect(unlisted([...names], deployDoc)).toEqual([]);
  });

  it("the apps' settings, filled in as compose does, pass the server's production check", () => {
    const vars: Record<string, string> = {
      SECRET_KEY: 'k'.repeat(32),
      AUTH_CLIENT_SECRET: 'client-secret',
      POSTGRES_PASSWORD: 'pgpass',
      MINIO_ROOT_PASSWORD: 'miniopass',
      SMS_ACCESS_KEY_ID: 'id',
      SMS_ACCESS_KEY_SECRET: 'secret',
      SMS_SIGN_NAME: 'sign',
      SMS_TEMPLATE_CODE: 'SMS_1',
      WECHAT_APP_ID: 'wx',
      WECHAT_APP_SECRET: 'wxs',
      WECHAT_TOKEN: 'token',
    };
    for (const n of apps) {
      const env = Object.fromEntries(
        [...environmentOf(compose.services[n])].map(([k, v]) => [k, interpolate(v, vars)]),
      );
      const config = loadConfig({ ...env, DATA_DIR: '/app/data' });
      expect(config).toMatchObject({
        NODE_ENV: 'production',
        STORAGE: 's3',
        S3_FORCE_PATH_STYLE: true,
        REDIS_URL: 'redis://redis:6379/0',
        TRUST_PROXY: 1,
      });
      expect(config.METRICS_PORT).not.toBe(DEFAULT_PORT);
      // Without the secrets compose refuses to start rather than run with a default.
      expect(() => interpolate(environmentOf(compose.services[n]).get('SECRET_KEY')!, {})).toThrow();
    }
  });

  it('every dependency waits for a service that reports it is ready', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const deps = service.depends_on ?? {};
      expect(Array.isArray(deps), `${name}: depends_on with conditions`).toBe(false);
      for (const [dep, { condition }] of Object.entries(deps as Record<string, { condition?: string }>)) {
        expect(compose.services[dep], `${name} depends on ${dep}`).toBeDefined();
        if (condition === 'service_healthy')
          // The app services' health check is the image's HEALTHCHECK.
          expect(compose.services[dep].healthcheck ?? (apps.includes(dep) || undefined)).toBeTruthy();
        else expect(condition).toBe('service_completed_successfully');
      }
    }
  });

  it("nginx spreads over both apps on the server's port, streams events, takes an upload and sends the request id", () => {
    const upstreams = [...nginxUpstreams(nginx).values()];
    expect(upstreams).toHaveLength(1);
    expect(upstreams[0].map((s) => s.host).sort()).toEqual(apps);
    for (const s of upstreams[0]) expect(s.port).toBe(DEFAULT_PORT);
    expect(nginxDirective(nginx, 'proxy_buffering')).toEqual(['off']);
    const [bodyLimit] = nginxDirective(nginx, 'client_max_body_size');
    expect(nginxSize(bodyLimit)).toBeGreaterThan(LIMITS.uploadBytes);
    expect(nginxDirective(nginx, 'proxy_set_header')).toContain('X-Request-ID $request_id');
  });

  it("the image exposes the server's port and checks its health path", () => {
    expect(dockerExposed(runtime)).toEqual([DEFAULT_PORT]);
    const port = runtime.instructions.find((i) => i.op === 'ENV' && /\bPORT=(\d+)/.test(i.args));
    expect(Number(/\bPORT=(\d+)/.exec(port!.args)![1])).toBe(DEFAULT_PORT);
    const hc = dockerHealthcheck(runtime);
    expect(hc).toContain(HEALTH_PATH);
    expect(hc).toContain(`||${DEFAULT_PORT})`);
    expect(runtime.instructions.some((i) => i.op === 'USER' && i.args !== 'root')).toBe(true);
  });
});
