import { clientHeaders, type TestServer } from './helpers/test-server.ts';
import { flatten, newBid, type Client } from './catalog-helpers.ts';

/** Set-up for 查重 tests (API and browser): uploads and bids with chosen text and pictures. */

async function multipart<T>(s: TestServer, c: Client, path: string, name: string, buf: Buffer): Promise<T> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(buf)]), name);
  const res = await fetch(`${s.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${c.user.token}` },
    body: fd,
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${path} ${name}: ${body.msg}`);
  return body.data;
}

/** An uploaded DOCX/PDF (the tender upload): its fileId. */
export async function uploadFile(s: TestServer, c: Client, name: string, buf: Buffer): Promise<string> {
  return (await multipart<{ fileId: string }>(s, c, '/file/client/uploadTender', name, buf)).fileId;
}

/** A picture in the library: the URL chapters refer to. */
export async function uploadPicture(s: TestServer, c: Client, name: string, buf: Buffer): Promise<string> {
  return (await multipart<{ url: string }>(s, c, '/picture/client/upload', name, buf)).url;
}

/** A bid with one chapter holding the paragraphs and then the pictures. */
export async function bidWith(
  c: Client,
  name: string,
  paragraphs: string[],
  images: string[],
): Promise<string> {
  const bidId = await newBid(c, name);
  await c.data('/catalog/client/bidCatalogSave', { bidId, catalogs: [{ title: '技术方案' }] });
  const [node] = flatten(await c.data('/catalog/client/getBidCatalogList', { bidId }));
  const content = {
    type: 'doc',
    content: [
      ...paragraphs.map((t) => ({ type: 'paragraph', content: [{ type: 'text', text: t }] })),
      ...images.map((src) => ({ type: 'image', attrs: { src, caption: '现场布置图' } })),
    ],
  };
  await c.data('/catalog/client/updateBidCatalogContent', {
    id: node.id,
    content,
    baseVersion: node.version,
  });
  return bidId;
}
