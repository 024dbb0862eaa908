import { Progress } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { StartButton } from '../../components/StartButton.tsx';

function ParseMock() {
  return (
    <div>
      <div className="bs-mock-field">
        <b>标书名称</b>某市智慧园区综合管理平台建设项目（技术标）
      </div>
      <div className="bs-mock-field">
        <b>识别到的评分项</b>
        <span className="bs-mock-tag">总体架构设计 · 8 分</span>
        <span className="bs-mock-tag">功能实现方案 · 15 分</span>
        <span className="bs-mock-tag">实施计划 · 6 分</span>
        <span className="bs-mock-tag">售后服务 · 5 分</span>
      </div>
      <div className="bs-mock-field">
        <b>需要重点响应的条款</b>
        <span className="bs-mock-tag bs-mock-tag--amber">★ 工期不超过 90 日历天</span>
        <span className="bs-mock-tag bs-mock-tag--red">废标：未提供项目负责人社保证明</span>
      </div>
    </div>
  );
}

function OutlineMock() {
  const rows = [
    ['第一章 项目理解与需求分析', '2,400 字'],
    ['　1.1 项目背景与建设目标', '800 字'],
    ['　1.2 需求分析', '1,600 字'],
    ['第二章 总体技术方案', '6,000 字'],
    ['　2.1 总体架构设计（评分项：8 分）', '2,000 字'],
    ['　2.2 功能实现方案（评分项：15 分）', '4,000 字'],
    ['第三章 项目实施计划', '3,000 字'],
    ['第四章 售后服务方案', '2,000 字'],
  ];
  return (
    <div>
      {rows.map(([t, w]) => (
        <div
          key={t}
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            padding: '7px 4px',
            borderBottom: '1px dashed #e5e9f2',
            fontSize: 14,
          }}
        >
          <span>{t}</span>
          <span style={{ color: '#64748b' }}>{w}</span>
        </div>
      ))}
    </div>
  );
}

function WritingMock() {
  const rows: Array<[string, number, 'success' | 'active' | 'normal']> = [
    ['1.1 项目背景与建设目标', 100, 'success'],
    ['1.2 需求分析', 100, 'success'],
    ['2.1 总体架构设计', 64, 'active'],
    ['2.2 功能实现方案', 38, 'active'],
    ['3 项目实施计划', 0, 'normal'],
  ];
  return (
    <div>
      <div style={{ marginBottom: 12, fontWeight: 600 }}>全文写作进度</div>
      {rows.map(([t, p, s]) => (
        <div key={t} style={{ marginBottom: 8 }}>
          <div style={{ fontSize: 13, color: '#334155' }}>{t}</div>
          <Progress percent={p} status={s} size="small" />
        </div>
      ))}
    </div>
  );
}

function CheckMock() {
  const rows: Array<[string, boolean]> = [
    ['总体架构设计 → 2.1', true],
    ['功能实现方案 → 2.2', true],
    ['实施计划 → 第三章', true],
    ['培训方案 → 尚无章节回应', false],
  ];
  return (
    <div>
      <div style={{ marginBottom: 12, fontWeight: 600 }}>评分点覆盖</div>
      {rows.map(([t, ok]) => (
        <div
          key={t}
          style={{
            display: 'flex',
            gap: 8,
            alignItems: 'center',
            padding: '8px 0',
            color: ok ? '#334155' : '#dc2626',
          }}
        >
          {ok ? <CheckCircleFilled style={{ color: '#16a34a' }} /> : <CloseCircleFilled />}
          {t}
        </div>
      ))}
    </div>
  );
}

function ExportMock() {
  return (
    <div>
      <div className="bs-mock-field">
        <b>排版模板</b>政府采购通用模板：正文宋体小四，1.5 倍行距
      </div>
      <div className="bs-mock-field">
        <b>标题编号</b>第一章 / 1.1 / 1.1.1
      </div>
      <div className="bs-mock-field">
        <b>包含</b>封面 · 目录 · 页眉 · 页码 · 图表
      </div>
    </div>
  );
}

const STEPS = [
  {
    title: '新建标书，解析招标文件',
    text: [
      '填写标书名称，上传招标文件或粘贴项目概况与评分标准。',
      '系统识别项目信息、评分项及分值、★号条款和废标条款，您可以在生成大纲前逐项核对。',
    ],
    media: <ParseMock />,
  },
  {
    title: '生成并编辑大纲',
    text: [
      '大纲沿用招标文件规定的章节顺序，每个技术、商务评分项都对应到章节，并按目标页数给每章分配字数。',
      '重命名、增删、拖动、升降级都可以；整份或单章重新生成时，旧版本会保留。',
    ],
    media: <OutlineMock />,
  },
  {
    title: '逐章写作，或一键全文写作',
    text: [
      '在写作页逐章生成、改写、扩写、润色，还能为章节生成表格、思维导图、流程图和甘特图。',
      '全文写作同时撰写多个章节，在后台运行，关闭页面也不会中断。',
    ],
    media: <WritingMock />,
  },
  {
    title: '提交前检查',
    text: [
      '评分覆盖标出没有章节回应的评分项，一键补写一节；★号与废标条款逐条标出回应它的原句；暗标检查提醒不应出现的单位名称、人名、电话和图片；未填写的【待填写】逐处列出。',
    ],
    media: <CheckMock />,
  },
  {
    title: '导出 Word',
    text: [
      '选择排版模板（暗标项目自动选暗标模板），导出前先预览整份文档，再下载带封面、目录、标题编号、页眉页码的 Word 文件；补全【待填写】后打印盖章。',
    ],
    media: <ExportMock />,
  },
];

/** `/demo`: a walkthrough of the main path, drawn with the product's own components. */
export default function DemoPage() {
  return (
    <>
      <PublicBanner
        title="产品演示"
        subtitle="五个步骤，看标书 AI 如何把一份招标文件变成可以投标的 Word 文件。"
        crumbs={[{ label: '产品演示' }]}
      />
      <div className="bs-container bs-content">
        <div className="bs-walk">
          {STEPS.map((s, i) => (
            <div className="bs-walk__item" key={s.title}>
              <div>
                <div className="bs-walk__no">STEP {String(i + 1).padStart(2, '0')}</div>
                <h3>{s.title}</h3>
                {s.text.map((t) => (
                  <p key={t}>{t}</p>
                ))}
              </div>
              <div className="bs-walk__media">{s.media}</div>
            </div>
          ))}
        </div>
        <div style={{ textAlign: 'center', marginTop: 64 }}>
          <StartButton type="primary" size="large">
            免费体验一份标书
          </StartButton>
        </div>
      </div>
    </>
  );
}
