import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Empty, Progress, Result, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, FileWordOutlined } from '@ant-design/icons';
import type { DiffDetail, DiffPair } from '@bid/shared';
import { saveBlob } from '../../../api/download.ts';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { diffApi, diffKeys } from '../../../features/diff/api.ts';
import { ScoreTag, scoreColor } from '../../../features/diff/DiffTags.tsx';
import { SideBySide } from '../../../features/diff/SideBySide.tsx';
import { useBusyAction } from '../../../utils/useBusyAction.ts';
import '../../../features/diff/diff.css';

function nameOf(d: DiffDetail, key: string): string {
  return d.documents.find((x) => x.key === key)?.name ?? key;
}

function PairCards({ d, pair, onPick }: { d: DiffDetail; pair: DiffPair; onPick(p: DiffPair): void }) {
  return (
    <div className="diff-pairs">
      {d.pairs.map((p) => (
        <button
          type="button"
          key={`${p.a}${p.b}`}
          className={['diff-pair', p.a === pair.a && p.b === pair.b ? 'diff-pair--active' : ''].join(' ')}
          onClick={() => onPick(p)}
          data-testid="diff-pair"
        >
          <div className="diff-pair__names">
            {p.a} 与 {p.b}
          </div>
          <div
            className="diff-pair__score"
            style={{ color: `var(--diff-${scoreColor(p.score, p.passages + p.images + p.metadata > 0)})` }}
          >
            {p.score}
            <small> 分</small>
          </div>
          <div className="diff-pair__counts">
            段落 {p.passages} · 图片 {p.images} · 属性 {p.metadata}
          </div>
        </button>
      ))}
    </div>
  );
}

function Report({ d }: { d: DiffDetail }) {
  const best = useMemo(
    () => [...d.pairs].sort((x, y) => y.score - x.score || y.passages - x.passages)[0],
    [d.pairs],
  );
  const [chosen, setChosen] = useState<DiffPair | null>(null);
  const pair = chosen ?? best;
  const passages = useMemo(
    () => d.passages.filter((p) => p.a.key === pair.a && p.b.key === pair.b),
    [d.passages, pair],
  );
  const images = d.images.filter((m) => m.a.key === pair.a && m.b.key === pair.b);
  const docA = d.documents.find((x) => x.key === pair.a)!;
  const docB = d.documents.find((x) => x.key === pair.b)!;
  return (
    <>
      <Panel title="比对文件">
        <div className="diff-docs">
          {d.documents.map((x) => (
            <Tag key={x.key} className="diff-doc">
              <strong>{x.key}</strong> {x.name}{' '}
              <Typography.Text type="secondary">
                （{x.source === 'bid' ? '我的标书' : '上传文件'}）
              </Typography.Text>
            </Tag>
          ))}
        </div>
        {d.tenderExcluded ? (
          <Typography.Paragraph type="secondary">已排除与招标文件相同的引用文字。</Typography.Paragraph>
        ) : null}
        <PairCards d={d} pair={pair} onPick={setChosen} />
      </Panel>
      <Panel title={`${pair.a}：${nameOf(d, pair.a)} 与 ${pair.b}：${nameOf(d, pair.b)}`}>
        <Tabs
          items={[
            {
              key: 'text',
              label: `相似段落（${passages.length}）`,
              children: <SideBySide key={`${pair.a}${pair.b}`} a={docA} b={docB} passages={passages} />,
            },
            {
              key: 'images',
              label: `相同图片（${images.length}）`,
              children: images.length ? (
                <div className="diff-images">
                  {images.map((m, i) => (
                    <div className="diff-image-pair" key={i} data-testid="diff-image-pair">
                      <figure>
                        <img src={m.a.thumb} alt={`${m.a.key} 第 ${m.a.index + 1} 张`} />
                        <figcaption>
                          {m.a.key} 第 {m.a.index + 1} 张
                        </figcaption>
                      </figure>
                      <figure>
                        <img src={m.b.thumb} alt={`${m.b.key} 第 ${m.b.index + 1} 张`} />
                        <figcaption>
                          {m.b.key} 第 {m.b.index + 1} 张
                        </figcaption>
                      </figure>
                      <Tag color={m.distance <= 4 ? 'red' : 'orange'}>
                        {m.distance <= 4 ? '几乎相同' : '高度相似'}
                      </Tag>
                    </div>
                  ))}
                </div>
              ) : (
                <Empty
                  className="bs-empty"
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="这两份文件之间没有发现相同或相似的图片。"
                />
              ),
            },
            {
              key: 'meta',
              label: `文档属性（${d.metadata.length}）`,
              children: d.metadata.length ? (
                <Table
                  rowKey={(m) => `${m.field}${m.value}${m.keys.join()}`}
                  pagination={false}
                  dataSource={d.metadata}
                  data-testid="diff-metadata"
                  columns={[
                    { title: '属性', dataIndex: 'field', width: 160 },
                    { title: '相同的值', dataIndex: 'value' },
                    {
                      title: '文件',
                      dataIndex: 'keys',
                      render: (keys: string[]) => keys.map((k) => `${k}：${nameOf(d, k)}`).join('、'),
                    },
                  ]}
                />
              ) : (
                <Empty
                  className="bs-empty"
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="没有发现相同的文档属性（只有上传的 Word 文件带有作者、修订标识等属性）。"
                />
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}

/** `/home/bidingDiff/detail?id=`: progress while comparing, then the result with passages highlighted on both sides. */
export default function BidingDiffDetailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { busy, run } = useBusyAction<'export'>();
  const detail = useQuery({
    queryKey: diffKeys.detail(id),
    queryFn: () => diffApi.detail(id),
    enabled: Boolean(id),
    retry: false,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running') ? 1000 : false,
  });
  const d = detail.data;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/home/bidingDiff')}>
      返回查重
    </Button>
  );
  const exportReport = () =>
    run('export', async () => {
      const { blob, fileName } = await diffApi.export(id);
      saveBlob(blob, fileName);
    });

  if (!id || detail.isError) {
    return (
      <PageFrame title="查重详情" description="并排查看两份文件中相同的段落与图片，逐处定位。">
        <Panel>
          <Empty
            className="bs-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              id ? '查重记录不存在或已删除。' : '还没有选择查重记录。请先在“标书查重”中发起一次比对。'
            }
          >
            <Button type="primary" onClick={() => navigate('/home/bidingDiff')}>
              去发起查重
            </Button>
          </Empty>
        </Panel>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={d ? d.name : '查重详情'}
      description={
        d?.status === 'done' ? (
          <>
            最高雷同度{' '}
            <ScoreTag
              score={d.score}
              findings={d.passages.length + d.images.length + d.metadata.length > 0}
            />
            （0–100，按重复文字占比及相似度计算；仅供投标前自查）
          </>
        ) : (
          '并排查看两份文件中相同的段落与图片，逐处定位。'
        )
      }
      extra={
        <>
          {back}
          {d?.status === 'done' ? (
            <Button
              type="primary"
              icon={<FileWordOutlined />}
              loading={busy === 'export'}
              onClick={() => void exportReport()}
              data-testid="diff-export"
            >
              导出 Word 报告
            </Button>
          ) : null}
        </>
      }
    >
      {!d ? (
        <Panel>
          <Spin />
        </Panel>
      ) : d.status === 'queued' || d.status === 'running' ? (
        <Panel title="正在比对">
          <Progress percent={d.progress} status="active" data-testid="diff-progress" />
          <Typography.Text type="secondary">
            {d.stage || '排队中'}…可以离开本页，比对会在后台继续。
          </Typography.Text>
        </Panel>
      ) : d.status === 'failed' ? (
        <Panel>
          <Result status="error" title="查重失败" subTitle={d.error ?? '请稍后重试'} extra={back} />
        </Panel>
      ) : (
        <>
          {d.score >= 30 ? (
            <Alert type="warning" showIcon title="发现较多雷同内容，请逐处核实并按实际情况修改后再投标。" />
          ) : null}
          <Report d={d} />
        </>
      )}
    </PageFrame>
  );
}
