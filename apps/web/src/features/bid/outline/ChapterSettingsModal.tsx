import { Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { CATALOG_LIMITS, type CatalogNode } from '@bid/shared';
import { useBusyAction } from '../../../utils/useBusyAction.ts';
import { bidApi } from '../api.ts';

interface Values {
  targetWords: number | null;
  requirement: string;
  include: string[];
  noText: boolean;
}

/**
 * The gear of a chapter: its word budget, extra requirements for the AI, what it must include, and
 * 无需正文 (it counts toward progress without text).
 */
export function ChapterSettingsModal({
  chapter,
  onClose,
}: {
  chapter: CatalogNode;
  onClose(changed: boolean): void;
}) {
  const [form] = Form.useForm<Values>();
  const { busy: saving, run } = useBusyAction();

  async function submit() {
    // Invalid fields are marked in the form itself.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    // A refusal is shown by the request layer; the dialog stays open.
    await run('save', async () => {
      await bidApi.settings(chapter.id, {
        targetWords: v.targetWords ?? null,
        requirement: v.requirement?.trim() ? v.requirement.trim() : null,
        include: v.include?.length ? v.include : null,
        noText: v.noText,
      });
      onClose(true);
    });
  }

  return (
    <Modal
      open
      title={`章节设置：${chapter.title}`}
      okText="保存"
      confirmLoading={saving !== null}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          targetWords: chapter.targetWords ?? null,
          requirement: chapter.settings.requirement ?? '',
          include: chapter.settings.include ?? [],
          noText: Boolean(chapter.settings.noText),
        }}
      >
        <Form.Item
          label="目标字数"
          htmlFor="chapter-target-words"
          extra="AI 写作本章时按这个字数控制篇幅；留空则按标书目标页数自动分配。"
        >
          <Space.Compact style={{ width: 200 }}>
            <Form.Item name="targetWords" noStyle>
              <InputNumber
                id="chapter-target-words"
                min={0}
                max={CATALOG_LIMITS.targetWordsMax}
                step={100}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Space.Addon>字</Space.Addon>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="requirement"
          label="写作要求"
          rules={[
            {
              max: CATALOG_LIMITS.requirementMax,
              message: `写作要求不能超过 ${CATALOG_LIMITS.requirementMax} 个字`,
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder="例如：突出本地化服务团队和 2 小时响应承诺"
          />
        </Form.Item>
        <Form.Item name="include" label="必须包含" extra="输入后按回车添加，例如“服务承诺”“应急预案”。">
          <Select
            mode="tags"
            maxCount={CATALOG_LIMITS.includeMax}
            tokenSeparators={['，', ',']}
            placeholder="要在本章写到的要点"
            open={false}
          />
        </Form.Item>
        <Form.Item
          name="noText"
          valuePropName="checked"
          extra="表格、表单、证明材料等手工填写的章节：勾选后本章不需要正文也计入写作进度。"
        >
          <Checkbox data-testid="chapter-no-text">无需正文</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
