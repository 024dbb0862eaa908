import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPublicPath, SESSION_COOKIE } from '@bid/shared';
import type { ClientConfig, PackageItem } from '@bid/shared';
import type { ContentReader } from '../modules/content/service.ts';

/**
 * What the pages are rendered from, read in-process: help, FAQ and news, the packages on sale and the
 * client configuration — the same answers the content calls, indexShow and getClientConfig give.
 */
export interface SiteReader extends ContentReader {
  packages(): Promise<PackageItem[]>;
  clientConfig(): Promise<ClientConfig>;
}

/** What apps/web/src/ssr/entry-server.tsx exports (built to {dist}/ssr/entry-server.js). */
interface RendererModule {
  render(input: {
    url: string;
    origin: string;
    buildId: string;
    userAgent: string;
    token: string | null;
    content: SiteReader;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | {
        kind: 'page';
        status: number;
        head: string;
        html: string;
        styles: string;
        payload: { status: number } & Record<string, unknown>;
      }
  >;
  sitemapPaths(content: SiteReader): Promise<string[]>;
  jsonForHtml(value: unknown): string;
  PAYLOAD_ELEMENT_ID: string;
  BUILD_META_NAME: string;
}

export const SSR_DIR = 'ssr';
const ENTRY = 'entry-server.js';

/** Public pages are rendered on the server; /home, /admin and the rest stay the client-rendered shell. */
export function isServerRenderedPath(urlPath: string): boolean {
  return isPublicPath(urlPath) || urlPath === '/indexOld';
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === encodeURIComponent(name) && rest.length) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The built web app's server side: the HTML template and its build id, the server renderer, and the
 * files built from them (pages, sitemap.xml, robots.txt, build metadata, page payloads).
 */
export class WebRenderer {
  private loaded: { key: string; mod: Promise<RendererModule> } | null = null;

  constructor(
    private readonly dist: string,
    private readonly content: SiteReader,
  ) {}

  /** index.html of the current build and its id (a hash of it: it names every hashed asset). */
  async template(): Promise<{ html: string; buildId: string }> {
    const html = await fs.promises.readFile(path.join(this.dist, 'index.html'), 'utf8');
    return { html, buildId: crypto.createHash('sha256').update(html).digest('hex').slice(0, 16) };
  }

  /** The renderer of the current build; a rebuild while the server runs is picked up (keyed by mtime). */
  private async renderer(): Promise<RendererModule | null> {
    const file = path.join(this.dist, SSR_DIR, ENTRY);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      return null;
    }
    const key = `${file}:${stat.mtimeMs}`;
    if (this.loaded?.key !== key) {
      const url = `${pathToFileURL(file).href}?v=${stat.mtimeMs}`;
      this.loaded = { key, mod: import(url) as Promise<RendererModule> };
    }
    return this.loaded.mod;
  }

  /**
   * Loads the renderer and renders the landing page once, so that the first visitor after a start does
   * not wait for the bundle to be read and compiled.
   */
  async warm(): Promise<void> {
    const mod = await this.renderer();
    if (!mod) return;
    const { buildId } = await this.template();
    await mod.render({
      url: '/',
      origin: 'http://localhost',
      buildId,
      userAgent: '',
      token: null,
      content: this.content,
    });
  }

  private origin(req: FastifyRequest): string {
    return `${req.protocol}://${req.host}`;
  }

  /** Builds' index.html with the build id; null when the web app has no server renderer (not built yet). */
  async shell(): Promise<string> {
    const { html, buildId } = await this.template();
    return html.replace('</head>', `  <meta name="build-id" content="${buildId}" />\n  </head>`);
  }

  /**
   * A public page rendered on the server, or null when there is no renderer (the caller serves the
   * shell). Replies with the page's status (404 for a missing article) or the route's redirect.
   */
  async page(req: FastifyRequest, reply: FastifyReply, urlPath: string, search: string): Promise<boolean> {
    const mod = await this.renderer();
    if (!mod) return false;
    const { html: template, buildId } = await this.template();
    const out = await mod.render({
      url: `${urlPath}${search}`,
      origin: this.origin(req),
      buildId,
      userAgent: req.headers['user-agent'] ?? '',
      // The readable session marker, as the browser's store starts from it (not the token).
      token: cookieValue(req.headers.cookie, SESSION_COOKIE),
      content: this.content,
    });
    if (out.kind === 'redirect') {
      await reply.redirect(out.location, out.status);
      return true;
    }
    const payload = `<script type="application/json" id="${mod.PAYLOAD_ELEMENT_ID}">${mod.jsonForHtml(out.payload)}</script>`;
    const html = template
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace(
        '</head>',
        `  ${out.head}\n    <meta name="${mod.BUILD_META_NAME}" content="${buildId}" />\n    ${out.styles}\n  </head>`,
      )
      .replace('<div id="root"></div>', `<div id="root">${out.html}</div>\n    ${payload}`);
    // Personal (the header differs for a signed-in visitor): revalidated every time, never shared.
    await reply
      .status(out.status)
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(html);
    return true;
  }

  /** `{path}/_payload.json`: the data the page at {path} was rendered from. */
  async payload(
    req: FastifyRequest,
    reply: FastifyReply,
    pagePath: string,
    search: string,
  ): Promise<boolean> {
    const mod = await this.renderer();
    if (!mod) return false;
    const { buildId } = await this.template();
    const out = await mod.render({
      url: `${pagePath}${search}`,
      origin: this.origin(req),
      buildId,
      userAgent: '',
      token: null,
      content: this.content,
    });
    if (out.kind === 'redirect') {
      await reply.redirect(`${out.location.replace(/\/$/, '')}/_payload.json`, out.status);
      return true;
    }
    await reply.status(out.status).header('cache-control', 'no-cache').send(out.payload);
    return true;
  }

  async sitemap(req: FastifyRequest): Promise<string | null> {
    const mod = await this.renderer();
    if (!mod) return null;
    const origin = this.origin(req);
    const urls = (await mod.sitemapPaths(this.content)).map(
      (p) => `  <url><loc>${escapeXml(`${origin}${p}`)}</loc></url>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  robots(req: FastifyRequest): string {
    // The workbench, the console and the API are private; everything else is the public site.
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /home',
      'Disallow: /admin',
      'Disallow: /api/',
      `Sitemap: ${this.origin(req)}/sitemap.xml`,
      '',
    ].join('\n');
  }
}
