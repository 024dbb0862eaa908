import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Empty,
  Progress,
  Result,
  Space,
  Spin,
  Tooltip,
  Typography,
} from 'antd';
import {
  AccountBookOutlined,
  ApartmentOutlined,
  ArrowLeftOutlined,
  CheckOutlined,
  FileSearchOutlined,
  FileWordOutlined,
  HistoryOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { checkSummary, type BidDetail, type CatalogNode, type UpdateContentResult } from '@bid/shared';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { confirmDialog, toastSuccess } from '../../../utils/feedback.ts';
import { countLeaves, FinishFindings, WrittenTag } from './progress.tsx';
import { ChecksPanel } from '../../checks/ChecksPanel.tsx';
import { checksApi, checksKeys, useBidChecks } from '../../checks/api.ts';
import { ExportDialog } from '../../export/ExportDialog.tsx';
import { useBusyAction } from '../../../utils/useBusyAction.ts';
import { bidKeys, useBidDetail, useCatalogTree } from '../api.ts';
import { AiPanel } from '../AiPanelSlot.tsx';
import { ChapterEditor, type ChapterHandle } from '../editor/ChapterEditor.tsx';
import { OutlineTree } from '../outline/OutlineTree.tsx';
import { ContentVersionsDrawer } from '../versions/ContentVersionsDrawer.tsx';
import { OutlineVersionsDrawer } from '../versions/OutlineVersionsDrawer.tsx';
import { BidAnalysisReview } from '../../review/BidAnalysisReview.tsx';
import { BidFormsPanel } from '../../forms/BidFormsPanel.tsx';
import { AmendmentsButton } from '../../amendment/BidAmendmentsPanel.tsx';
import { useAmendedChapters } from '../../amendment/api.ts';
import '../bid.css';

const AI_FOLDED_KEY = 'bs.workspace.aiFolded';

function findNode(tree: CatalogNode[], id: string | null): CatalogNode | null {
  if (!id) return null;
  for (const n of tree) {
    if (n.id === id) return n;
    const f = findNode(n.children, id);
    if (f) return f;
  }
  return null;
}

function firstLeaf(tree: CatalogNode[]): CatalogNode | null {
  const n = tree[0];
  if (!n) return null;
  return n.children.length ? firstLeaf(n.children) : n;
}

/**
 * `/home/book/BidingWrite?id=`: outline on the left, the chapter editor in the middle, the AI panel on
 * the right; progress and 完成标书 on top; read-only once the bid is finished.
 */
export function Workspace({ bidId }: { bidId: string | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const bid = useBidDetail(bidId);
  const tree = useCatalogTree(bidId);
  const [selected, setSelected] = useState<string | null>(null);
  const [handle, setHandle] = useState<ChapterHandle | null>(null);
  const handleRef = useRef<ChapterHandle | null>(null);
  const [contentVersionsOpen, setContentVersionsOpen] = useState(false);
  const [outlineVersionsOpen, setOutlineVersionsOpen] = useState(false);
  const [checksOpen, setChecksOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [formsOpen, setFormsOpen] = useState(false);
  // The AI column folds away to give the text the whole middle (remembered on this browser).
  const [aiFolded, setAiFolded] = useState(() => localStorage.getItem(AI_FOLDED_KEY) === '1');
  const foldAi = (folded: boolean) => {
    setAiFolded(folded);
    localStorage.setItem(AI_FOLDED_KEY, folded ? '1' : '0');
  };
  const [exportOpen, setExportOpen] = useState<{ intro?: string } | null>(null);
  const { busy: finishing, run } = useBusyAction();
  const checks = useBidChecks(bidId);
  const amendedChapters = useAmendedChapters(bidId);

  const readOnly = Boolean(bid.data?.readOnly);
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  // The tender's mandated outline: those chapters are marked in the tree and changed only after a warning.
  const mandatedTitles = useMemo(
    () => (bid.data?.analysis?.mandatedOutline ?? []).map((m) => m.title),
    [bid.data?.analysis],
  );
  // With nothing chosen yet, open the first chapter to write.
  const currentId = selected && findNode(nodes, selected) ? selected : (firstLeaf(nodes)?.id ?? null);
  const current = findNode(nodes, currentId);

  const onReady = useCallback((h: ChapterHandle | null) => {
    handleRef.current = h;
    setHandle(h);
  }, []);
  const flush = useCallback(async () => {
    await handleRef.current?.flush();
  }, []);

  // The checks follow the text: refreshed a moment after the writer stops typing, and on outline changes.
  const checksTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshChecks = useCallback(() => {
    if (!bidId) return;
    if (checksTimer.current) clearTimeout(checksTimer.current);
    checksTimer.current = setTimeout(
      () => void qc.invalidateQueries({ queryKey: checksKeys.bid(bidId) }),
      1500,
    );
  }, [bidId, qc]);
  useEffect(() => () => void (checksTimer.current && clearTimeout(checksTimer.current)), []);
  useEffect(() => {
    if (tree.dataUpdatedAt) refreshChecks();
  }, [tree.dataUpdatedAt, refreshChecks]);

  const onSaved = useCallback(
    (r: UpdateContentResult) => {
      if (!bidId) return;
      refreshChecks();
      // The progress bar follows every save; the tree's status icons follow when a leaf flips.
      qc.setQueryData(bidKeys.detail(bidId), (old: BidDetail | undefined) =>
        old ? { ...old, progress: r.bidProgress } : old,
      );
      const node = findNode(
        qc.getQueryData<CatalogNode[]>(bidKeys.tree(bidId)) ?? [],
        handleRef.current?.catalogId ?? null,
      );
      if (!node || node.status !== r.status || node.wordCount !== r.wordCount)
        void qc.invalidateQueries({ queryKey: bidKeys.tree(bidId) });
    },
    [bidId, qc, refreshChecks],
  );

  async function select(id: string | null) {
    if (id === currentId) return;
    await flush();
    setSelected(id);
  }

  async function finish() {
    if (!bidId) return;
    await flush();
    // The writer sees what is still open (blocking findings first) before finishing; a failed check
    // leaves the decision to the server, which answers 601 naming the first blocking finding.
    const found = await qc
      .fetchQuery({ queryKey: checksKeys.bid(bidId), queryFn: () => checksApi.get(bidId), staleTime: 0 })
      .catch(() => null);
    const summary = found ? checkSummary(found) : null;
    const findings = summary && !summary.clear ? summary : null;
    const progress = bid.data?.progress ?? 0;
    if (progress < 100) {
      // Refused here as the server would refuse it (SPEC: finishing needs 100 %), saying why.
      const short = countLeaves(nodes);
      await confirmDialog({
        title: '还不能完成标书',
        content: (
          <div data-testid="finish-refused">
            <Typography.Paragraph>
              还有 {short.total - short.written} 个章节未写够（正文未达到目标字数的{' '}
              {bid.data?.writtenShare ?? 60}%，也未标记「无需正文」），写作进度 {progress}%。
            </Typography.Paragraph>
            {findings ? <FinishFindings summary={findings} /> : null}
          </div>
        ),
        okText: '继续写作',
      });
      return;
    }
    const ok = await confirmDialog({
      title: findings ? '完成前请确认以下问题' : '完成标书',
      content: findings ? (
        <>
          <FinishFindings summary={findings} />
          <Typography.Paragraph type="secondary">完成后标书只能查看和导出，不能再修改。</Typography.Paragraph>
        </>
      ) : (
        '完成后标书只能查看和导出，不能再修改。确定完成吗？'
      ),
      okText: findings ? '仍然完成' : '完成标书',
      danger: Boolean(found?.blocking),
    });
    if (!ok) return;
    await run('finish', async () => {
      await checksApi.finish(bidId, Boolean(found?.blocking));
      toastSuccess('标书已完成');
      await Promise.all([
        qc.invalidateQueries({ queryKey: bidKeys.detail(bidId) }),
        qc.invalidateQueries({ queryKey: ['bid', 'list'] }),
      ]);
    });
  }

  async function jumpTo(id: string) {
    await select(id);
  }

  if (!bidId) {
    return (
      <PageFrame title="标书写作">
        <Result
          status="info"
          title="请先选择一份标书"
          extra={
            <Button type="primary" onClick={() => navigate('/home/book')}>
              打开我的标书
            </Button>
          }
        />
      </PageFrame>
    );
  }
  if (bid.isError) {
    return (
      <PageFrame title="标书写作">
        <Result
          status="404"
          title="标书不存在或无权查看"
          extra={<Button onClick={() => navigate('/home/book')}>返回我的标书</Button>}
        />
      </PageFrame>
    );
  }
  if (!bid.data) return <Spin className="bs-page-spin" />;

  const progress = bid.data.progress;
  const leafCount = countLeaves(nodes);
  return (
    <PageFrame
      className="bs-page--wide"
      title={
        <Space size={12}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="返回我的标书"
            onClick={() => navigate(bid.data.status === 'finished' ? '/home/historyBook' : '/home/book')}
          />
          <span data-testid="bid-name">{bid.data.name}</span>
        </Space>
      }
      extra={
        <Space size={16} wrap>
          <div className="bs-ws-progress" data-testid="bid-progress" data-progress={progress}>
            <Typography.Text type="secondary">写作进度</Typography.Text>
            <Progress
              percent={progress}
              size="small"
              style={{ width: 160, margin: 0 }}
              status={progress >= 100 ? 'success' : 'active'}
            />
            {!readOnly && leafCount.total > 0 ? (
              <Tooltip
                title={`正文（【待填写】、提示和照抄的招标要求不计）达到目标字数的 ${bid.data.writtenShare}%，或标记「无需正文」的末级章节才算写够；全部写够后可完成标书`}
              >
                <Typography.Text
                  type="secondary"
                  className="bs-ws-progress__hint"
                  data-testid="bid-progress-chapters"
                >
                  已写够 {leafCount.written}/{leafCount.total} 章
                </Typography.Text>
              </Tooltip>
            ) : null}
          </div>
          <Button
            icon={<FileSearchOutlined />}
            onClick={() => setReviewOpen(true)}
            data-testid="open-analysis-review"
          >
            招标解析
          </Button>
          <Button icon={<AccountBookOutlined />} onClick={() => setFormsOpen(true)} data-testid="open-forms">
            报价与格式
          </Button>
          <AmendmentsButton bidId={bidId} readOnly={readOnly} />
          <Button
            icon={<ApartmentOutlined />}
            onClick={() => setOutlineVersionsOpen(true)}
            data-testid="open-outline-versions"
          >
            目录版本
          </Button>
          <Badge count={checks.data?.blocking ?? 0} size="small" title="可能导致废标的问题">
            <Button
              icon={<SafetyCertificateOutlined />}
              onClick={() => setChecksOpen(true)}
              data-testid="open-checks"
            >
              提交前检查
            </Button>
          </Badge>
          {readOnly ? null : (
            <Tooltip
              title={
                progress < 100
                  ? `还有 ${leafCount.total - leafCount.written} 个章节未写够，写够后才能完成`
                  : '完成前会先列出检查发现的问题'
              }
            >
              <Button
                icon={<CheckOutlined />}
                loading={finishing !== null}
                onClick={() => void finish()}
                data-testid="finish-bid"
              >
                完成标书
              </Button>
            </Tooltip>
          )}
          <Button
            type="primary"
            icon={<FileWordOutlined />}
            onClick={() => setExportOpen({})}
            data-testid="export-word"
          >
            导出 Word
          </Button>
        </Space>
      }
    >
      {bid.data.status === 'finished' ? (
        <Alert
          type="success"
          showIcon
          title="标书已完成，只能查看，不能修改"
          description="导出 Word 后即可打印、签章和提交。"
          data-testid="finished-banner"
          action={
            <Button
              type="primary"
              icon={<FileWordOutlined />}
              onClick={() =>
                setExportOpen({ intro: '标书已完成。选择模板导出 Word，即可打印、签章和提交。' })
              }
              data-testid="finished-export"
            >
              导出 Word
            </Button>
          }
        />
      ) : bid.data.recycled ? (
        <Alert type="warning" showIcon title="标书在回收站中，恢复后才能修改" />
      ) : null}
      <div className={aiFolded ? 'bs-ws is-ai-collapsed' : 'bs-ws'}>
        <Panel title="目录" className="bs-ws__outline">
          {tree.isLoading ? (
            <Spin />
          ) : (
            <OutlineTree
              bidId={bidId}
              tree={nodes}
              readOnly={readOnly}
              selectedId={currentId}
              onSelect={(id) => void select(id)}
              beforeChange={flush}
              mandated={mandatedTitles}
              amended={amendedChapters}
            />
          )}
        </Panel>
        <Panel
          className="bs-ws__editor"
          title={<span data-testid="chapter-title">{current?.title ?? '正文'}</span>}
          extra={
            <Space size={8}>
              {current && !current.children.length ? <WrittenTag node={current} /> : null}
              {current ? (
                <Button
                  size="small"
                  icon={<HistoryOutlined />}
                  onClick={() => setContentVersionsOpen(true)}
                  data-testid="open-content-versions"
                >
                  历史版本
                </Button>
              ) : null}
              <Button
                size="small"
                icon={aiFolded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
                onClick={() => foldAi(!aiFolded)}
                data-testid="toggle-ai-panel"
              >
                {aiFolded ? '展开 AI 助手' : '收起 AI 助手'}
              </Button>
            </Space>
          }
        >
          {current ? (
            <ChapterEditor
              key={current.id}
              catalogId={current.id}
              readOnly={readOnly}
              onSaved={onSaved}
              onReady={onReady}
            />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={nodes.length ? '在左侧选择一个章节开始写作' : '先在左侧添加章节，再开始写作'}
            />
          )}
        </Panel>
        <Panel className="bs-ws__ai">
          <AiPanel
            bidId={bidId}
            catalog={current}
            chapter={handle}
            readOnly={readOnly}
            reloadOutline={() => qc.invalidateQueries({ queryKey: bidKeys.tree(bidId) })}
          />
        </Panel>
      </div>
      {current ? (
        <ContentVersionsDrawer
          open={contentVersionsOpen}
          bidId={bidId}
          catalogId={current.id}
          chapterTitle={current.title}
          readOnly={readOnly}
          handle={handle}
          onClose={() => setContentVersionsOpen(false)}
        />
      ) : null}
      <Drawer
        title="提交前检查"
        open={checksOpen}
        size={600}
        mask={false}
        onClose={() => setChecksOpen(false)}
        destroyOnHidden
        className="bs-checks-drawer"
      >
        <ChecksPanel
          bidId={bidId}
          tree={nodes}
          analysis={bid.data.analysis}
          readOnly={readOnly}
          onJump={(id) => void jumpTo(id)}
        />
      </Drawer>
      <Drawer
        title="招标文件解析：核对与修改"
        open={reviewOpen}
        size="min(1200px, 96vw)"
        onClose={() => setReviewOpen(false)}
        destroyOnHidden
      >
        <BidAnalysisReview
          bidId={bidId}
          readOnly={readOnly}
          onOutline={() => {
            setReviewOpen(false);
            void qc.invalidateQueries({ queryKey: bidKeys.detail(bidId) });
          }}
        />
      </Drawer>
      <Drawer
        title="报价与投标文件格式"
        open={formsOpen}
        size="min(960px, 96vw)"
        onClose={() => setFormsOpen(false)}
        destroyOnHidden
      >
        <BidFormsPanel bidId={bidId} readOnly={readOnly} />
      </Drawer>
      <ExportDialog
        bidId={bidId}
        bidName={bid.data.name}
        open={exportOpen !== null}
        intro={exportOpen?.intro}
        onClose={() => setExportOpen(null)}
      />
      <OutlineVersionsDrawer
        open={outlineVersionsOpen}
        bidId={bidId}
        readOnly={readOnly}
        onClose={() => setOutlineVersionsOpen(false)}
        beforeRestore={flush}
        onRestored={() => void handleRef.current?.reload()}
      />
    </PageFrame>
  );
}
