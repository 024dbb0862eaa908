import { AlignmentType, Document, HeadingLevel, Packer, Paragraph } from 'docx';
import type { TestServer } from './helpers/test-server.ts';
import { clientHeaders } from './helpers/test-server.ts';

/** A past bid as Word would save it: headings and paragraphs about the team and quality. */
export async function pastBidDocx(): Promise<Buffer> {
  const h = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_1 });
  const p = (text: string) => new Paragraph({ text, alignment: AlignmentType.LEFT });
  const doc = new Document({
    sections: [
      {
        children: [
          h('第一章 项目管理机构及人员配置'),
          p(
            '本工程拟派项目经理王建国，持有一级建造师注册证书（市政公用工程），具有十五年城市道路施工管理经验，曾主持滨江大道改造工程并获评省级优质工程。',
          ),
          p('项目部下设工程技术部、质量安全部、物资设备部和综合办公室，技术负责人由高级工程师李明担任。'),
          h('第二章 质量保证体系'),
          p(
            '我公司通过 ISO9001 质量管理体系认证，实行三检制度和样板引路，关键工序旁站监督，确保一次验收合格率百分之百。',
          ),
          h('第三章 冬雨季施工措施'),
          p('雨季施工前疏通排水沟渠，储备抽水设备；冬季混凝土采用综合蓄热法养护，测温记录每两小时一次。'),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

/** Uploads through file/client/uploadTender (the safe parser) and answers the fileId. */
export async function uploadFile(s: TestServer, token: string, name: string, buf: Buffer): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(buf)]), name);
  const res = await fetch(`${s.baseUrl}/api/file/client/uploadTender`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${token}` },
    body: fd,
  });
  const body = (await res.json()) as { code: number; msg: string; data: { fileId: string } };
  if (body.code !== 200) throw new Error(`upload answered ${body.code} ${body.msg}`);
  return body.data.fileId;
}
