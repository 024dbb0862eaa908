import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { CaretRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { StartButton } from '../../components/StartButton.tsx';

const SAMPLE = `2.1 总体架构设计

本项目采用“感知层—平台层—应用层”三层架构。感知层统一接入园区内的视频监控、门禁、能耗计量与环境监测设备；平台层提供数据汇聚、设备管理、统一身份认证与开放接口；应用层面向园区管理方、入驻企业和公众提供综合态势、安防联动、能耗分析与便民服务等应用。

各层之间通过标准化接口解耦，新增设备与应用无需改动既有系统，满足招标文件“系统应具备良好的扩展性”的要求。`;

const CHARS_PER_TICK = 3;
const TICK_MS = 40;

/** A local replay of a chapter being written (no server call), so visitors see what streaming looks like. */
function StreamDemo() {
  const [shown, setShown] = useState(0);
  const [running, setRunning] = useState(true);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      setShown((n) => {
        const next = Math.min(SAMPLE.length, n + CHARS_PER_TICK);
        if (next >= SAMPLE.length) setRunning(false);
        return next;
      });
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  const done = shown >= SAMPLE.length;
  return (
    <div>
      <div className="bs-stream" aria-live="off" data-testid="stream-demo">
        {SAMPLE.slice(0, shown)}
        {!done ? <span className="bs-stream__cursor" /> : null}
      </div>
      <div style={{ marginTop: 12, display: 'flex', gap: 12, alignItems: 'center' }}>
        <Button
          icon={done ? <ReloadOutlined /> : <CaretRightOutlined />}
          onClick={() => {
            setShown(0);
            setRunning(true);
          }}
        >
          {done ? '再看一遍' : '从头播放'}
        </Button>
        <span style={{ color: '#64748b', fontSize: 13 }}>
          演示动画，实际写作速度取决于所选模型与章节篇幅。
        </span>
      </div>
    </div>
  );
}

const POINTS = [
  {
    title: '边写边看',
    text: 'AI 写出的每一句话会立刻出现在编辑器里，不必等整章写完；不满意可以随时停止并重写。',
  },
  {
    title: '后台写作不中断',
    text: '写作任务在服务器后台运行。关闭页面、刷新或网络中断后重新打开，会从当前进度继续显示。',
  },
  {
    title: '进度一目了然',
    text: '全文写作时，大纲上的每一章都显示状态：未开始、写作中、已完成或出错，并有整体进度条。',
  },
  { title: '内容不会丢失', text: '写入的内容随时保存；重新生成前的内容自动保留为历史版本，一键即可恢复。' },
];

/** `/sse`: explains live streaming of writing, with a replayed example. */
export default function SsePage() {
  return (
    <>
      <PublicBanner
        title="实时写作：文字边写边出现"
        subtitle="章节内容以流式方式实时推送到浏览器，写作过程看得见、停得下、丢不了。"
        crumbs={[{ label: '实时写作' }]}
      />
      <div className="bs-container bs-content bs-two-col">
        <div>
          <StreamDemo />
        </div>
        <aside className="bs-side-card">
          <h3>体验真实写作</h3>
          <p style={{ color: '#64748b', marginTop: 0 }}>
            登录后新建一份标书，在写作页点击“写本章”即可看到实时写作。
          </p>
          <StartButton type="primary" block>
            开始写标书
          </StartButton>
        </aside>
      </div>
      <div className="bs-container" style={{ paddingBottom: 80 }}>
        <div className="bs-card-grid">
          {POINTS.map((p) => (
            <div className="bs-tile" key={p.title}>
              <h3>{p.title}</h3>
              <p>{p.text}</p>
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
