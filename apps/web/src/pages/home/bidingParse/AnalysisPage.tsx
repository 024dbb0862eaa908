import { Alert, Button, Empty, Progress, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, FileAddOutlined, FileWordOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { useBusyAction } from '../../../utils/useBusyAction.ts';
import { interpretationApi, useInterpretation } from '../../../features/interpretation/api.ts';
import { InterpretationReport } from '../../../features/interpretation/InterpretationReport.tsx';
import { InterpretationReview } from '../../../features/review/InterpretationReview.tsx';
import '../../../features/interpretation/interpretation.css';

/**
 * `/home/bidingParse/analysisPage?id=`: one interpretation: progress while it runs, then the report;
 * `&review=1`: the writer corrects the analysis (scoring items, ★/废标 clauses, the bid outline).
 */
export default function AnalysisPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const reviewing = params.get('review') === '1';
  const setReviewing = (on: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (on) next.set('review', '1');
        else next.delete('review');
        return next;
      },
      { replace: true },
    );
  const q = useInterpretation(id);
  const d = q.data;
  const exporting = useBusyAction<'export'>();
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/home/bidingParse')}>
      解读记录
    </Button>
  );

  if (!id || q.isError) {
    return (
      <PageFrame title="解读报告" extra={back}>
        <Panel>
          <Empty
            className="bs-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              id ? '这条解读记录不存在或已被删除。' : '还没有打开任何解读报告。请先上传一份招标文件。'
            }
          >
            <Button type="primary" onClick={() => navigate('/home/bidingParse')}>
              去上传招标文件
            </Button>
          </Empty>
        </Panel>
      </PageFrame>
    );
  }

  const done = d?.status === 'done' && d.analysis;
  return (
    <PageFrame
      title={d ? d.name : '解读报告'}
      description={
        d
          ? [d.analysis?.project.name, d.file ? `来自文件 ${d.file.name}` : '来自粘贴的文字']
              .filter(Boolean)
              .join(' · ')
          : undefined
      }
      extra={
        <Space>
          {back}
          {done && !reviewing ? (
            <>
              <Button
                icon={<EditOutlined />}
                onClick={() => setReviewing(true)}
                data-testid="interpretation-review"
              >
                核对修改
              </Button>
              <Button
                icon={<FileWordOutlined />}
                loading={exporting.busy === 'export'}
                onClick={() => void exporting.run('export', () => interpretationApi.exportDocx(d.id, d.name))}
                data-testid="interpretation-export"
              >
                导出 Word
              </Button>
              <Button
                type="primary"
                icon={<FileAddOutlined />}
                onClick={() => navigate(`/home/crtBidBook?interpretation=${encodeURIComponent(d.id)}`)}
                data-testid="interpretation-create-bid"
              >
                用此解读新建标书
              </Button>
            </>
          ) : null}
        </Space>
      }
    >
      <Panel>
        {!d ? (
          <div className="ip-loading">
            <Spin />
          </div>
        ) : d.status === 'running' ? (
          <div className="ip-running" data-testid="interpretation-progress" data-progress={d.progress}>
            <Typography.Title level={5}>正在解读招标文件</Typography.Title>
            <Progress percent={d.progress} status="active" />
            <Typography.Paragraph type="secondary">{d.stage ?? '排队等待解析'}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">
              解读在服务器上进行：可以离开此页，完成后在“解读记录”中打开。
            </Typography.Paragraph>
          </div>
        ) : d.status === 'error' || !d.analysis ? (
          <Alert
            type="error"
            showIcon
            title="解读失败"
            description={d.error ?? '解析失败，请重新上传招标文件'}
            action={
              <Button size="small" onClick={() => navigate('/home/bidingParse')}>
                重新上传
              </Button>
            }
          />
        ) : reviewing ? (
          <InterpretationReview detail={d} onDone={() => setReviewing(false)} />
        ) : (
          <InterpretationReport detail={d} />
        )}
      </Panel>
    </PageFrame>
  );
}
