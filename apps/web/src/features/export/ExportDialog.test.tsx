import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { InternalAxiosRequestConfig } from 'axios';
import { BUILTIN_TEMPLATES } from '@bid/document/templates/builtin';
import { installFakeHttp, ok, recordFeedback, type FakeReply } from '../../api/testkit.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { TemplatePreview, templateFacts } from './TemplatePreview.tsx';

const renderAsync = vi.fn(async (_blob: Blob, el: HTMLElement) => {
  el.innerHTML = '<section class="bs-docx">第一章 项目理解</section>';
});
vi.mock('docx-preview', () => ({
  renderAsync: (...args: unknown[]) => renderAsync(...(args as [Blob, HTMLElement])),
}));

const templates = BUILTIN_TEMPLATES.map((t) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  sort: t.sort,
  isDefault: t.id === 'gov-standard',
  definition: t.definition,
}));

function path(c: InternalAxiosRequestConfig): string {
  return (c.url ?? '').replace(/^\/api/, '');
}

let http: ReturnType<typeof installFakeHttp>;
let feedback: ReturnType<typeof recordFeedback>;
let progressReplies: FakeReply[];
let detailReply: FakeReply | null;
let checksReply: FakeReply | null;
const checks = (blockers: string[]) =>
  ok({
    coverage: [],
    stars: [],
    disqualifications: [],
    anonymity: [],
    placeholders: [],
    pages: { estimated: 3, limit: null, target: null },
    blocking: blockers.length,
    blockers,
    anonymousParts: [],
  });
const docxBytes = new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]);

beforeEach(() => {
  feedback = recordFeedback();
  progressReplies = [];
  detailReply = null;
  checksReply = null;
  http = installFakeHttp((c) => {
    const p = path(c);
    if (p === '/bid/templateConfig/findAllTemplate') return ok(templates);
    if (p === '/bid/client/getBidDetail' && detailReply) return detailReply;
    if (p === '/bid/client/getBidChecks' && checksReply) return checksReply;
    if (p === '/bid/client/exportBidStart') return ok({ jobId: 'job-1' });
    if (p === '/bid/client/exportCapabilities') return ok({ pdf: false });
    if (p === '/bid/client/exportBidProgress')
      return (
        progressReplies.shift() ??
        ok({
          jobId: 'job-1',
          status: 'running',
          progress: 50,
          stage: '正在排版',
          message: null,
          fileName: '测试标书.docx',
          size: null,
        })
      );
    if (p === '/bid/client/exportBidFile') {
      return {
        data: new Blob([docxBytes], {
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        }),
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'content-disposition': `attachment; filename="bid.docx"; filename*=UTF-8''${encodeURIComponent('测试标书.docx')}`,
        },
      };
    }
    return { status: 404, data: { code: 404, success: false, msg: 'not found', data: null } };
  });
  (URL as unknown as { createObjectURL: unknown }).createObjectURL = vi.fn(() => 'blob:fake');
  (URL as unknown as { revokeObjectURL: unknown }).revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  http.restore();
  feedback.undo();
  renderAsync.mockClear();
});

/** Role queries walk the accessibility tree of the whole (large) dialog: text is much faster. */
function button(label: string): HTMLButtonElement {
  return screen.getByText(label).closest('button')!;
}

/** The dialog as the workspace and the bid list open it (their 导出 Word triggers are driven in tests/e2e). */
function renderDialog(templateId: string | undefined = 'engineering') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ExportDialog bidId="b1" bidName="测试标书" open defaultTemplateId={templateId} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('TemplatePreview', () => {
  it('draws the template: numbered headings in its fonts and sizes, header and page number', () => {
    const gov = BUILTIN_TEMPLATES[0].definition;
    const { container } = render(<TemplatePreview definition={gov} title="某项目" />);
    const heading = screen.getByText('第一章 总体技术方案');
    expect(heading.style.fontSize).toBe('16pt');
    expect(heading.style.fontFamily).toContain('SimHei');
    expect(screen.getByText('1.1 项目理解')).toBeTruthy();
    expect(container.textContent).toContain('第 1 页 共 86 页');
    expect(container.textContent).toContain('某项目');
    const body = container.querySelector('p')!;
    expect(body.style.fontSize).toBe('12pt');
    expect(body.style.textIndent).toBe('2em');
  });

  it('draws the anonymous template without a header, numbered 一、/（一）', () => {
    const anon = BUILTIN_TEMPLATES.find((t) => t.id === 'anonymous')!.definition;
    const { container } = render(<TemplatePreview definition={anon} title="某项目" />);
    expect(screen.getByText('一、总体技术方案')).toBeTruthy();
    expect(screen.getByText('（一）项目理解')).toBeTruthy();
    expect(container.textContent).not.toContain('某项目');
    expect(templateFacts(anon).join('|')).toContain('编号 一、 / （一） / 1. / （1）');
  });
});

describe('ExportDialog', () => {
  it(
    'lists the templates, exports with progress, previews the file and saves it',
    { timeout: 30_000 },
    async () => {
      renderDialog();
      await screen.findByText('政府采购标准格式');
      const group = document.querySelector('[role="radiogroup"][aria-label="Word 模板"]')!;
      const radios = [...group.querySelectorAll('[role="radio"]')];
      expect(radios).toHaveLength(4);
      // The bid's own template is preselected.
      await waitFor(() =>
        expect(group.querySelector('[aria-checked="true"]')?.textContent).toContain('工程类投标格式'),
      );
      expect(group.textContent).toContain('正文 宋体 小四，1.5 倍行距，首行缩进 2 字符');

      fireEvent.click(radios[3]);
      expect(radios[3].getAttribute('aria-checked')).toBe('true');
      progressReplies = [
        ok({
          jobId: 'job-1',
          status: 'running',
          progress: 40,
          stage: '正在排版',
          message: null,
          fileName: '测试标书.docx',
          size: null,
        }),
        ok({
          jobId: 'job-1',
          status: 'done',
          progress: 100,
          stage: '已完成',
          message: null,
          fileName: '测试标书.docx',
          size: 7,
        }),
      ];
      fireEvent.click(button('开始导出'));
      await screen.findByText('正在排版…');
      await screen.findByText(/测试标书\.docx 已生成/, undefined, { timeout: 5000 });

      const start = http.calls.find((c) => path(c) === '/bid/client/exportBidStart')!;
      expect(JSON.parse(String(start.data))).toEqual({ id: 'b1', templateId: 'anonymous' });
      const file = http.calls.find((c) => path(c) === '/bid/client/exportBidFile')!;
      expect(file.params).toEqual({ jobId: 'job-1' });
      await waitFor(() => expect(renderAsync).toHaveBeenCalledTimes(1));
      expect(screen.getByTestId('docx-preview').textContent).toContain('第一章 项目理解');

      fireEvent.click(button('下载 Word'));
      expect(URL.createObjectURL).toHaveBeenCalled();
    },
  );

  it('shows why an export failed and offers to run it again', { timeout: 30_000 }, async () => {
    renderDialog();
    await screen.findByText('政府采购标准格式');
    progressReplies = [
      ok({
        jobId: 'job-1',
        status: 'error',
        progress: 10,
        stage: '正在排版',
        message: '导出超时，请稍后重试或减少文档内容后再试',
        fileName: 'x.docx',
        size: null,
      }),
    ];
    fireEvent.click(button('开始导出'));
    expect(await screen.findByText('导出超时，请稍后重试或减少文档内容后再试')).toBeTruthy();
    expect(button('重新导出')).toBeTruthy();
  });

  it(
    'preselects the 暗标 template when the tender demands it and says why',
    { timeout: 30_000 },
    async () => {
      detailReply = ok({
        id: 'b1',
        name: '测试标书',
        templateId: 'gov-standard',
        analysis: { darkBid: true },
      });
      renderDialog(undefined);
      await screen.findByText(/招标文件要求暗标/);
      const group = document.querySelector('[role="radiogroup"][aria-label="Word 模板"]')!;
      await waitFor(() =>
        expect(group.querySelector('[aria-checked="true"]')?.textContent).toContain('暗标'),
      );
    },
  );

  it(
    "preselects the template whose fonts the tender's format rules name, and says why",
    { timeout: 30_000 },
    async () => {
      detailReply = ok({
        id: 'b1',
        name: '测试标书',
        templateId: 'gov-standard',
        analysis: { darkBid: false, formatRules: ['正文采用仿宋小四号字，固定行距 22 磅'] },
      });
      renderDialog(undefined);
      await screen.findByText(/按招标文件的格式要求（仿宋、小四）预选了“工程类投标格式”/);
      const group = document.querySelector('[role="radiogroup"][aria-label="Word 模板"]')!;
      await waitFor(() =>
        expect(group.querySelector('[aria-checked="true"]')?.textContent).toContain('工程类投标格式'),
      );
    },
  );

  it(
    'shows blocking findings first and exports only after the writer acknowledges them',
    { timeout: 30_000 },
    async () => {
      checksReply = checks([
        '★条款未响应：须承诺 30 分钟响应',
        '暗标部分出现单位名称：某某有限公司（运维方案）',
      ]);
      renderDialog();
      await screen.findByText('提交前检查发现 2 项可能导致废标的问题，共 2 项未处理');
      expect(screen.getByText('★条款未响应：须承诺 30 分钟响应')).toBeTruthy();
      await screen.findByText('政府采购标准格式');
      expect(button('开始导出').disabled).toBe(true);
      fireEvent.click(screen.getByText('我已了解以上问题，仍然导出'));
      await waitFor(() => expect(button('开始导出').disabled).toBe(false));
    },
  );

  it(
    'offers the tender’s volumes as a zip and says in Chinese when PDF cannot be written',
    { timeout: 30_000 },
    async () => {
      detailReply = ok({
        id: 'b1',
        name: '测试标书',
        templateId: 'gov-standard',
        analysis: {
          darkBid: true,
          volumes: [
            { key: 'open', name: '明标', parts: [], anonymous: false },
            { key: 'dark', name: '暗标', parts: ['technical'], anonymous: true },
          ],
        },
      });
      renderDialog(undefined);
      await screen.findByText(/招标文件要求分册递交：明标、暗标（暗标，不含投标人信息）/);
      await screen.findByText(/服务器未安装 LibreOffice，暂不能导出 PDF/);
      expect(button('导出分册（PDF，zip）').disabled).toBe(true);
      expect(button('导出分册（Word，zip）').disabled).toBe(false);
    },
  );
});
