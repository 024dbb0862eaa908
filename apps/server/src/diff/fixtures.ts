import { zip } from '@bid/document/docx/zip';

/** A minimal DOCX for tests: paragraphs, pictures in word/media and chosen properties. */
export interface DocxFixture {
  paragraphs: string[];
  images?: Array<{ name: string; data: Uint8Array }>;
  creator?: string;
  lastModifiedBy?: string;
  company?: string;
  application?: string;
  template?: string;
  created?: string;
  rsids?: string[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function makeDocx(f: DocxFixture): Buffer {
  const enc = (s: string) => new TextEncoder().encode(s);
  const body = f.paragraphs
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`)
    .join('');
  const entries = [
    {
      name: '[Content_Types].xml',
      data: enc(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Default Extension="png" ContentType="image/png"/><Default Extension="jpeg" ContentType="image/jpeg"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: enc(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: enc(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ),
    },
    {
      name: 'docProps/core.xml',
      data: enc(
        '<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
          (f.creator ? `<dc:creator>${esc(f.creator)}</dc:creator>` : '') +
          (f.lastModifiedBy ? `<cp:lastModifiedBy>${esc(f.lastModifiedBy)}</cp:lastModifiedBy>` : '') +
          (f.created ? `<dcterms:created xsi:type="dcterms:W3CDTF">${f.created}</dcterms:created>` : '') +
          '</cp:coreProperties>',
      ),
    },
    {
      name: 'docProps/app.xml',
      data: enc(
        '<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
          (f.application ? `<Application>${esc(f.application)}</Application>` : '') +
          (f.template ? `<Template>${esc(f.template)}</Template>` : '') +
          (f.company ? `<Company>${esc(f.company)}</Company>` : '') +
          '</Properties>',
      ),
    },
    {
      name: 'word/settings.xml',
      data: enc(
        `<?xml version="1.0" encoding="UTF-8"?><w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:rsids>${(
          f.rsids ?? []
        )
          .map((r, i) =>
            i === 0 ? `<w:rsidRoot w:val="${r}"/><w:rsid w:val="${r}"/>` : `<w:rsid w:val="${r}"/>`,
          )
          .join('')}</w:rsids></w:settings>`,
      ),
    },
    ...(f.images ?? []).map((i) => ({ name: `word/media/${i.name}`, data: i.data })),
  ];
  return zip(entries.map((e) => ({ ...e, level: 6 })));
}
