import { useEffect, useState } from 'react';
import {
  Button,
  Empty,
  Form,
  Input,
  Pagination,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ItemList, ListItem } from '../../../components/ItemList.tsx';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BID_LIMITS, formatTime, PICTURE_LIMITS, type FeedbackItem } from '@bid/shared';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { toastError, toastSuccess } from '../../../utils/feedback.ts';
import { pictureApi } from '../../../features/elements/api.ts';
import { FEEDBACK_TYPES, feedbackApi, feedbackKeys, screenshotUrl } from '../../../features/feedback/api.ts';

const PAGE_SIZE = 10;

interface FormValues {
  type: string;
  content: string;
  contact?: string;
}

/** `/home/feedback`: send feedback with up to 3 screenshots; see one's feedback and the operators' replies. */
export default function FeedbackPage() {
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [shots, setShots] = useState<UploadFile[]>([]);
  const [sending, setSending] = useState(false);
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: [...feedbackKeys.mine, current],
    queryFn: () => feedbackApi.list({ current, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const unreadShown = (list.data?.records ?? []).some((r) => r.status === 'replied' && !r.replyRead);

  // The replies on screen are seen: mark them read (their 新回复 tag stays until the next visit).
  useEffect(() => {
    if (!unreadShown) return;
    void feedbackApi
      .markRead()
      .then(() => qc.invalidateQueries({ queryKey: feedbackKeys.unread }))
      .catch(() => undefined);
  }, [unreadShown, qc]);

  const submit = async (v: FormValues) => {
    if (shots.some((f) => f.status === 'uploading')) {
      toastError('截图还在上传，请稍候');
      return;
    }
    setSending(true);
    try {
      const images = shots
        .filter((f) => f.status === 'done' && f.response?.id)
        .map((f) => String(f.response.id));
      await feedbackApi.save({ type: v.type, content: v.content, contact: v.contact || null, images });
      toastSuccess('反馈已提交，运营人员回复后会显示在下方');
      form.resetFields();
      setShots([]);
      setCurrent(1);
      await qc.invalidateQueries({ queryKey: feedbackKeys.mine });
    } finally {
      setSending(false);
    }
  };

  return (
    <PageFrame
      title="意见反馈"
      description="告诉我们您遇到的问题或建议，可附最多 3 张截图；运营人员的回复会显示在“我的反馈”里。"
    >
      <Panel title="提交反馈">
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ type: '建议' }}
          onFinish={(v) => void submit(v)}
          style={{ maxWidth: 640 }}
        >
          <Form.Item label="反馈类型" name="type">
            <Select
              options={FEEDBACK_TYPES.map((t) => ({ label: t, value: t }))}
              style={{ width: 160 }}
              aria-label="反馈类型"
            />
          </Form.Item>
          <Form.Item
            label="反馈内容"
            name="content"
            rules={[{ required: true, whitespace: true, message: '请填写反馈内容' }]}
          >
            <Input.TextArea
              rows={5}
              maxLength={BID_LIMITS.feedbackContentMax}
              showCount
              placeholder="请描述您遇到的问题或希望改进的地方"
            />
          </Form.Item>
          <Form.Item
            label={`截图（选填，最多 ${BID_LIMITS.feedbackImagesMax} 张，每张不超过 ${PICTURE_LIMITS.maxBytes / 1024 / 1024} MB）`}
          >
            <Upload
              listType="picture-card"
              accept="image/png,image/jpeg,image/gif,image/webp"
              fileList={shots}
              maxCount={BID_LIMITS.feedbackImagesMax}
              onChange={({ fileList }) => setShots(fileList)}
              customRequest={({ file, onSuccess, onError, onProgress }) => {
                pictureApi
                  .upload(
                    file as File,
                    { tags: '意见反馈' },
                    { onProgress: (p) => onProgress?.({ percent: p }) },
                  )
                  .then((pic) => onSuccess?.({ id: pic.id, url: pic.thumbUrl }))
                  .catch((err: Error) => onError?.(err));
              }}
            >
              {shots.length >= BID_LIMITS.feedbackImagesMax ? null : (
                <button type="button" style={{ border: 0, background: 'none' }} aria-label="上传截图">
                  <PlusOutlined />
                  <div style={{ marginTop: 8 }}>上传截图</div>
                </button>
              )}
            </Upload>
            <Typography.Text type="secondary">截图会同时保存到您的图片库（标签“意见反馈”）。</Typography.Text>
          </Form.Item>
          <Form.Item label="联系方式（选填）" name="contact">
            <Input maxLength={100} placeholder="手机号或邮箱，方便我们联系您" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={sending}>
            提交反馈
          </Button>
        </Form>
      </Panel>
      <Panel title="我的反馈">
        <div data-testid="my-feedback">
          {list.isPending ? (
            <Spin />
          ) : !list.data?.records.length ? (
            <Empty description="还没有提交过反馈" />
          ) : (
            <ItemList<FeedbackItem>
              items={list.data.records}
              renderItem={(f) => (
                <ListItem key={f.id}>
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    <Space wrap>
                      <Tag>{f.type}</Tag>
                      {f.status === 'replied' ? (
                        <Tag color="green">已回复</Tag>
                      ) : (
                        <Tag color="gold">待回复</Tag>
                      )}
                      <Typography.Text type="secondary">{formatTime(f.createTime)}</Typography.Text>
                    </Space>
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                      {f.content}
                    </Typography.Paragraph>
                    {f.images.length ? (
                      <Space>
                        {f.images.map((id) => (
                          <img
                            key={id}
                            src={screenshotUrl(id)}
                            alt="反馈截图"
                            style={{ height: 64, borderRadius: 4, border: '1px solid #e5e7eb' }}
                          />
                        ))}
                      </Space>
                    ) : null}
                    {f.reply ? (
                      <div
                        className="bs-feedback-reply"
                        data-testid="feedback-reply"
                        style={{ background: '#f0f5ff', borderRadius: 6, padding: '8px 12px' }}
                      >
                        <Space wrap>
                          <strong>运营回复</strong>
                          {f.replyRead ? null : <Tag color="red">新回复</Tag>}
                          <Typography.Text type="secondary">
                            {f.replyTime ? formatTime(f.replyTime) : ''}
                          </Typography.Text>
                        </Space>
                        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
                          {f.reply}
                        </Typography.Paragraph>
                      </div>
                    ) : null}
                  </Space>
                </ListItem>
              )}
            />
          )}
          {list.data && list.data.total > PAGE_SIZE ? (
            <Pagination
              style={{ marginTop: 16, textAlign: 'right' }}
              current={current}
              pageSize={PAGE_SIZE}
              total={list.data.total}
              onChange={setCurrent}
            />
          ) : null}
        </div>
      </Panel>
    </PageFrame>
  );
}
